import ComposableArchitecture
import Synchronization

/// Bounds that keep one page, or many, from overwhelming the server.
///
/// ```swift
/// LiveServer(title: "Case studies", features: caseStudies,
///            limits: LiveLimits(maximumSessions: 2_000, messagesPerSecond: 30), logger: logger)
/// ```
public struct LiveLimits: Sendable {
  /// The most sessions the server keeps at once (attached or waiting for their page). A page
  /// that would start one more is told the server is busy; resuming a session is still allowed.
  public var maximumSessions: Int
  /// The most messages from one page waiting to be handled; more are logged and dropped.
  public var inboundQueueSize: Int
  /// The steady number of messages per second a page may send; faster ones are logged and
  /// dropped once the burst allowance is spent.
  public var messagesPerSecond: Double
  /// How many messages a page may send at once above the steady rate.
  public var burst: Int

  /// Creates limits; the defaults suit a small server.
  public init(
    maximumSessions: Int = 10_000,
    inboundQueueSize: Int = 64,
    messagesPerSecond: Double = 50,
    burst: Int = 100
  ) {
    self.maximumSessions = maximumSessions
    self.inboundQueueSize = inboundQueueSize
    self.messagesPerSecond = messagesPerSecond
    self.burst = burst
  }
}

/// A token bucket: admits `burst` messages at once, refilled at `rate` per second.
struct FloodGate {
  let rate: Double
  let burst: Double
  private var tokens: Double
  private var last: ContinuousClock.Instant?

  init(rate: Double, burst: Int) {
    self.rate = rate
    self.burst = Double(max(1, burst))
    self.tokens = Double(max(1, burst))
  }

  /// Whether a message arriving at `now` is admitted.
  mutating func admit(at now: ContinuousClock.Instant) -> Bool {
    if let last {
      let elapsed = last.duration(to: now)
      let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      tokens = min(burst, tokens + max(0, seconds) * rate)
    }
    last = now
    guard tokens >= 1 else { return false }
    tokens -= 1
    return true
  }
}

/// The bounded queue of a page's messages between the socket and its session, handled in order
/// on the main actor.
///
/// No task waits on it, so an idle page costs no task: the first message queued while none is
/// being handled starts a main-actor task, and each message handled while more wait starts
/// another for the next one, so that other pages' work runs between two of a page's messages.
///
/// ```swift
/// let queue = InboundQueue(limit: 64) { message in
///   if case let .text(text) = message { session.receive(text) }
/// }
/// if !queue.offer(.text(text)) { /* logged and dropped */ }
/// ```
final class InboundQueue: Sendable {
  enum Message: Sendable {
    case text(String)
    case binary(Int)
  }

  private struct State {
    var pending: [Message] = []
    var next = 0
    var isHandling = false
    var isFinished = false
  }

  private let limit: Int
  // The standard library's `Mutex`, whose `withLock` is specialized here (a generic lock's
  // closure returning a tuple looks up the tuple's type metadata on every call).
  private let state = Mutex(State())
  private let handle: @MainActor @Sendable (Message) -> Void

  /// A queue of at most `limit` messages waiting to be handled by `handle`.
  init(limit: Int, handle: @escaping @MainActor @Sendable (Message) -> Void) {
    self.limit = max(1, limit)
    self.handle = handle
  }

  /// Queues a message; `false` when the queue is full (or finished) and the message was dropped.
  func offer(_ message: Message) -> Bool {
    let (queued, start) = state.withLock { state -> (Bool, Bool) in
      guard !state.isFinished, state.pending.count - state.next < limit else { return (false, false) }
      state.pending.append(message)
      guard !state.isHandling else { return (true, false) }
      state.isHandling = true
      return (true, true)
    }
    if start {
      Task.detached { @MainActor in self.handleNext() }
    }
    return queued
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
  /// its own, behind the main actor's other work (other pages).
  @MainActor
  private func handleNext() {
    guard let message = takeNext() else { return }
    handle(message)
    if hasMore() {
      Task.detached { @MainActor in self.handleNext() }
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

/// The messages for a page's socket, written in order.
///
/// No task waits on it either: the first message sent while none is being written starts a task
/// that writes until the queue is empty. A write that fails (the socket went away) drops the rest.
///
/// ```swift
/// let queue = OutboundQueue(executor: executor) { message in try await outbound.write(.text(message)) }
/// queue.send(#"{"type":"render",…}"#)
/// ```
final class OutboundQueue: Sendable {
  private struct State {
    var pending: [String] = []
    var isWriting = false
    var isFinished = false
    var drained: [CheckedContinuation<Void, Never>] = []
  }

  // A `Mutex`, as in `InboundQueue`.
  private let state = Mutex(State())
  private let executor: (any TaskExecutor)?
  private let write: @Sendable (String) async throws -> Void

  /// A queue whose writing task prefers `executor` (the socket's event loop), if given.
  init(
    executor: (any TaskExecutor)? = nil,
    write: @escaping @Sendable (String) async throws -> Void
  ) {
    self.executor = executor
    self.write = write
  }

  /// Queues `message` for the socket.
  func send(_ message: String) {
    let start = state.withLock { state -> Bool in
      guard !state.isFinished else { return false }
      state.pending.append(message)
      guard !state.isWriting else { return false }
      state.isWriting = true
      return true
    }
    if start {
      Task.detached(executorPreference: executor) { await self.writeQueued() }
    }
  }

  /// Waits until every message queued so far is written (or dropped).
  func drain() async {
    await withCheckedContinuation { continuation in
      let isIdle = state.withLock { state -> Bool in
        guard state.isWriting else { return true }
        state.drained.append(continuation)
        return false
      }
      if isIdle { continuation.resume() }
    }
  }

  /// Drops what is still queued and refuses what comes later.
  func finish() {
    state.withLock { state in
      state.isFinished = true
      state.pending = []
    }
  }

  private func writeQueued() async {
    while true {
      let (batch, drained) = state.withLock { state -> ([String], [CheckedContinuation<Void, Never>]) in
        guard state.pending.isEmpty else {
          defer { state.pending = [] }
          return (state.pending, [])
        }
        state.isWriting = false
        defer { state.drained = [] }
        return ([], state.drained)
      }
      if batch.isEmpty {
        for continuation in drained { continuation.resume() }
        return
      }
      for message in batch {
        do {
          try await write(message)
        } catch {
          finish()
          break
        }
      }
    }
  }
}
