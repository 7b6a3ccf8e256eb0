#if Web
import ComposableArchitecture
import Sharing

/// The bounded queue of a page's messages between the socket and its session, handled in order
/// on the session's actor.
///
/// No task waits on it, so an idle page costs no task: the first message queued while none is
/// being handled starts a job on the session's actor, and each message handled while more wait
/// starts another for the next one, so that other pages' work runs between two of a page's
/// messages.
///
/// ```swift
/// let queue = InboundQueue(limit: 64, dropped: { count in logger.warning("Dropped \(count)") }) {
///   message in
///   if case let .text(text) = message { session.receive(text) }
/// }
/// queue.offer(.text(text))      // `false` when full: dropped, and counted
/// ```
final class InboundQueue: Sendable {
  typealias Message = LiveMessage

  private struct State {
    var pending: [Message] = []
    var next = 0
    var isHandling = false
    var isFinished = false
    var dropped = 0
  }

  /// The most messages the queue holds.
  let limit: Int
  // The package's `Locked`, whose inlinable `withLock` is specialized here (a lock behind a
  // generic call would look up the closure's tuple result's type metadata on every call).
  private let state = Locked(State())
  private let handle: @Sendable (Message) -> Void
  private let schedule: @Sendable (@escaping @Sendable () -> Void) -> Void
  private let dropped: @Sendable (Int) -> Void

  /// A queue of at most `limit` messages waiting to be handled by `handle`, each in a job that
  /// `schedule` starts on the session's actor. `dropped` is told the count of messages dropped
  /// so far at the first drop and every hundredth.
  init(
    limit: Int,
    dropped: @escaping @Sendable (Int) -> Void = { _ in },
    schedule: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void,
    handle: @escaping @Sendable (Message) -> Void
  ) {
    self.limit = max(1, limit)
    self.dropped = dropped
    self.schedule = schedule
    self.handle = handle
  }

  /// A queue whose messages are handled on the main actor.
  convenience init(
    limit: Int,
    dropped: @escaping @Sendable (Int) -> Void = { _ in },
    handle: @escaping @MainActor @Sendable (Message) -> Void
  ) {
    self.init(
      limit: limit, dropped: dropped,
      schedule: { work in Task.detached { @MainActor in work() } },
      handle: { message in MainActor.assumeIsolated { handle(message) } })
  }

  /// Queues a message; `false` when the queue is full (or finished) and the message was dropped.
  @discardableResult
  func offer(_ message: Message) -> Bool {
    enum Outcome { case queued(start: Bool), dropped(count: Int), refused }
    let outcome = state.withLock { state -> Outcome in
      guard !state.isFinished else { return .refused }
      guard state.pending.count - state.next < limit else {
        state.dropped += 1
        return .dropped(count: state.dropped)
      }
      state.pending.append(message)
      guard !state.isHandling else { return .queued(start: false) }
      state.isHandling = true
      return .queued(start: true)
    }
    switch outcome {
    case let .queued(start):
      if start { schedule { self.handleNext() } }
      return true
    case let .dropped(count):
      report(dropped: count)
      return false
    case .refused:
      return false
    }
  }

  /// Counts a message dropped for want of room by whoever holds messages for the queue.
  func drop() {
    report(dropped: state.withLock { state in
      state.dropped += 1
      return state.dropped
    })
  }

  /// Tells `dropped` the count so far, at the first drop and every hundredth.
  private func report(dropped count: Int) {
    if count == 1 || count.isMultiple(of: 100) { dropped(count) }
  }

  /// Drops what is still queued and refuses what comes later.
  func finish() {
    state.withLock { state in
      state.isFinished = true
      state.pending = []
      state.next = 0
    }
  }

  /// How many messages the queue holds, handled ones not yet dropped included.
  var storedCount: Int { state.withLock { $0.pending.count } }

  /// Handles the next queued message; if more are waiting, the next one is handled in a job of
  /// its own, behind the actor's other work (other pages).
  private func handleNext() {
    guard let message = takeNext() else { return }
    handle(message)
    if hasMore() {
      schedule { self.handleNext() }
    }
  }

  private func takeNext() -> Message? {
    state.withLock { state in
      guard state.next < state.pending.count else { return nil }
      // Handled messages are dropped from the front now and then, so that a page that keeps
      // the queue from ever emptying does not keep them all.
      if state.next >= 32, state.next * 2 >= state.pending.count {
        state.pending.removeFirst(state.next)
        state.next = 0
      }
      defer { state.next += 1 }
      return state.pending[state.next]
    }
  }

  /// Whether messages are waiting; when none is, the queue is emptied and the next offer starts
  /// handling again.
  private func hasMore() -> Bool {
    state.withLock { state in
      guard state.next >= state.pending.count else { return true }
      state.pending.removeAll(keepingCapacity: false)
      state.next = 0
      state.isHandling = false
      return false
    }
  }
}
#endif  // Web
