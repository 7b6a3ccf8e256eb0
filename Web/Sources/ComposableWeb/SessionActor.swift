import ComposableArchitecture
import NIOCore

/// An actor whose work runs on one event loop: the actor a server adapter gives the sessions it
/// starts, so that a session's store, views and page messages run on the thread of the
/// connection that started it, beside other sessions on other loops.
///
/// The adapters set one on every request they hand the endpoint (``LiveRequest/sessionActor``);
/// a server of your own does the same with its connection's loop.
///
/// ```swift
/// var request = LiveRequest(path: "/counter", headers: headers)
/// request.sessionActor = SessionActor(eventLoop: channel.eventLoop)
/// let response = await endpoint.respond(to: request)
/// ```
public final actor SessionActor {
  /// The loop the actor's work runs on.
  public nonisolated let eventLoop: any EventLoop
  /// The loop's executor, kept: a loop without one of its own makes a new one each time it is
  /// asked, and the actor's unowned executor must stay alive.
  private nonisolated let executor: any SerialExecutor

  /// An actor whose executor is `eventLoop`.
  public init(eventLoop: any EventLoop) {
    self.eventLoop = eventLoop
    self.executor = eventLoop.executor
  }

  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  /// Runs `body` on the actor, in a job of the loop's own (no task is made).
  nonisolated func execute(_ body: @escaping @Sendable (isolated SessionActor) -> Void) {
    eventLoop.execute { self.assumeIsolated { body($0) } }
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
