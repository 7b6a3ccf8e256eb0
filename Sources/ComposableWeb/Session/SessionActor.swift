#if Web
import ComposableArchitecture
import NIOCore
import Sharing

/// An actor whose work runs on an event loop: the actor a server adapter gives the sessions it
/// starts, so that a session's store, views and page messages run on the thread of the
/// connection it serves, beside other sessions on other loops.
///
/// The adapters set a new one on every request they hand the endpoint
/// (``LiveRequest/sessionActor``); a server of your own does the same with its connection's loop.
/// Make one per request rather than sharing one: the session started for the request keeps it,
/// and moving it moves everything on it.
///
/// ```swift
/// var request = LiveRequest(path: "/counter", headers: headers)
/// request.sessionActor = SessionActor(eventLoop: channel.eventLoop)
/// let response = await endpoint.respond(to: request)
/// ```
///
/// A session follows its page: when a page's socket attaches to a session started on another
/// loop (a page rendered over HTTP on one connection, its socket on another), the registry moves
/// the session's actor to the socket's loop (``move(to:)``), so that the page's clicks are
/// handled on the thread that reads and writes its socket.
public final actor SessionActor {
  private nonisolated let executor: LoopExecutor

  /// An actor whose work runs on `eventLoop`, until it is moved.
  public init(eventLoop: any EventLoop) {
    self.executor = LoopExecutor(loop: eventLoop)
  }

  /// The loop the actor's work runs on now; it changes when the actor moves (``move(to:)``), so
  /// don't tie loop-bound values to it.
  public nonisolated var eventLoop: any EventLoop { executor.loop }

  /// The executor of the event loop the actor runs on now.
  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  /// Moves the actor's work to `eventLoop`, from anywhere: a job running now finishes where it
  /// is, and every later one (those already waiting included) runs on `eventLoop`, one at a
  /// time as before.
  ///
  /// ```swift
  /// sessionActor.move(to: socketChannel.eventLoop)
  /// ```
  public nonisolated func move(to eventLoop: any EventLoop) {
    executor.move(to: eventLoop)
  }

  /// Runs `body` on the actor, in a job of its own behind the actor's other work (no task is
  /// made).
  nonisolated func execute(_ body: @escaping @Sendable (isolated SessionActor) -> Void) {
    executor.execute { self.assumeIsolated { body($0) } }
  }
}

/// The executor of a ``SessionActor``: a queue of the actor's jobs, run in order on one event
/// loop at a time, in batches that are each a job of the loop's (between which the loop does
/// its I/O). The loop can change; a batch that finds it changed hands the rest to the new one.
/// On a loop that has shut down, nothing more runs (NIO drops the batch, as it drops any job),
/// so the server ends its sessions before it shuts its loops down.
final class LoopExecutor: SerialExecutor, Sendable {
  private enum Work {
    case job(UnownedJob)
    case closure(@Sendable () -> Void)
  }

  private struct State {
    var loop: any EventLoop
    var waiting: [Work] = []
    var next = 0
    /// Whether a batch is scheduled or running (only one is, which makes the jobs serial).
    var scheduled = false
    /// The loop of the batch running a piece of work now, while one is.
    var runningOn: (any EventLoop)?
  }

  /// How many pieces of work a batch runs before letting the loop do other things.
  private static let batchSize = 32

  private let state: Locked<State>

  init(loop: any EventLoop) {
    state = Locked(State(loop: loop))
  }

  var loop: any EventLoop { state.withLock { $0.loop } }

  func move(to loop: any EventLoop) {
    state.withLock { $0.loop = loop }
  }

  func enqueue(_ job: consuming ExecutorJob) {
    add(.job(UnownedJob(job)))
  }

  /// Runs `body` as a piece of the executor's work, in order with its jobs.
  func execute(_ body: @escaping @Sendable () -> Void) {
    add(.closure(body))
  }

  private func add(_ work: Work) {
    let start: (any EventLoop)? = state.withLock { state in
      state.waiting.append(work)
      guard !state.scheduled else { return nil }
      state.scheduled = true
      return state.loop
    }
    start?.execute { self.runBatch() }
  }

  /// Runs waiting work on the current loop, until none is left, the batch is full, or the
  /// executor moved to another loop (then the rest runs there).
  private func runBatch() {
    for _ in 0..<Self.batchSize {
      let next: Work? = state.withLock { state in
        guard state.loop.inEventLoop, state.next < state.waiting.count else { return nil }
        let work = state.waiting[state.next]
        state.next += 1
        if state.next == state.waiting.count {
          state.waiting.removeAll(keepingCapacity: state.waiting.count <= 64)
          state.next = 0
        } else if state.next >= 64, state.next * 2 >= state.waiting.count {
          state.waiting.removeFirst(state.next)
          state.next = 0
        }
        state.runningOn = state.loop
        return work
      }
      guard let next else { break }
      switch next {
      case let .job(job): job.runSynchronously(on: asUnownedSerialExecutor())
      case let .closure(body): body()
      }
      state.withLock { $0.runningOn = nil }
    }
    // More to do (on this loop after its other work, or on the one moved to), or done.
    let again: (any EventLoop)? = state.withLock { state in
      guard state.next < state.waiting.count else {
        state.scheduled = false
        return nil
      }
      return state.loop
    }
    again?.execute { self.runBatch() }
  }

  func checkIsolated() {
    let isolated = state.withLock { $0.runningOn?.inEventLoop ?? false }
    precondition(isolated, "Expected to run on a session's actor, on its event loop.")
  }
}

/// A session and the actor it runs on, usable from anywhere: work on the session is run on its
/// actor, where the session was made.
final class SessionHost: Sendable {
  /// The actor the session runs on.
  let isolation: any Actor
  // Unchecked: the session is used only on `isolation` (by `run` and `schedule`, which go
  // there), where it was made.
  nonisolated(unsafe) private let session: LiveSession
  /// The session's id.
  let id: String
  /// How the log names the session.
  let logName: String
  /// The session's ``LiveSession/attachedPage``, which the registry sets from its own actor.
  let attachedPage: LockIsolated<Int>

  /// Wraps `session`, which was made on `isolation` (the caller's).
  init(session: LiveSession, isolation: isolated any Actor) {
    self.session = session
    self.isolation = isolation
    self.id = session.id
    self.logName = session.logName
    self.attachedPage = session.attachedPage
  }

  /// Runs `body` with the session on its actor.
  func run<T: Sendable>(_ body: @Sendable (LiveSession) -> T) async -> T {
    await Self.perform(on: isolation, host: self, body)
  }

  private static func perform<T: Sendable>(
    on isolation: isolated any Actor, host: SessionHost, _ body: @Sendable (LiveSession) -> T
  ) -> T {
    body(host.session)
  }

  /// The session, for code on the main actor when the session runs there (checked).
  @MainActor var sessionOnMainActor: LiveSession? {
    isolation === MainActor.shared ? session : nil
  }

  /// Runs `body` with the session now: the caller is on the session's actor, e.g. in a job
  /// ``schedule(_:)`` started (checked in debug builds).
  func withSessionOnActor(_ body: (LiveSession) -> Void) {
    #if DEBUG
      isolation.preconditionIsolated("A session was used off its actor.")
    #endif
    body(session)
  }

  /// Runs `body` on the session's actor later, in a job of its own behind the actor's other
  /// work. On a ``SessionActor`` the job is the event loop's own, so that work arriving on the
  /// session's loop (the page's messages) stays on that thread.
  func schedule(_ body: @escaping @Sendable () -> Void) {
    if let actor = isolation as? SessionActor {
      actor.execute { _ in body() }
    } else if isolation === MainActor.shared {
      Task.detached { @MainActor in body() }
    } else {
      Task.detached { [isolation] in await Self.run(on: isolation, body) }
    }
  }

  private static func run(on isolation: isolated any Actor, _ body: @Sendable () -> Void) {
    body()
  }
}
#endif  // Web
