#if Web
import ComposableArchitecture
import Sharing

/// Bounds that keep one page, or many, from overwhelming the server.
///
/// ```swift
/// LiveServer(title: "Case studies", features: caseStudies,
///            limits: LiveLimits(maximumSessions: 2_000, messagesPerSecond: 30), logger: logger)
/// ```
public struct LiveLimits: Sendable {
  /// The most sessions the server keeps at once (attached or waiting for their page). A page
  /// that would start one more makes room by ending the oldest disconnected session (of its
  /// own address, or else of the address holding the most); when every session has its page,
  /// it is told the server is busy. Resuming a session is always allowed.
  public var maximumSessions: Int
  /// The most messages from one page waiting to be handled; more are logged and dropped.
  public var inboundQueueSize: Int
  /// The steady number of messages per second a page may send; faster ones are logged and
  /// dropped once the burst allowance is spent.
  public var messagesPerSecond: Double
  /// How many messages a page may send at once above the steady rate.
  public var burst: Int
  /// The most sessions one client address may hold. When it holds that many, its oldest
  /// disconnected session ends to make room; if none is disconnected, it is refused.
  public var maximumSessionsPerAddress: Int
  /// How many new sessions one client address may start per second, steadily.
  public var newSessionsPerSecondPerAddress: Double
  /// How many new sessions one client address may start at once above the steady rate.
  public var newSessionBurstPerAddress: Int
  /// How long a connection may wait before sending a whole request (or the next one): one
  /// that sends nothing, or dribbles its headers, is closed after it. A page's WebSocket is not
  /// subject to it.
  public var idleTimeout: Duration
  /// How long the server waits for a page to answer its closing of a WebSocket before it drops
  /// the connection.
  public var closeTimeout: Duration
  /// The most bytes of messages a page's socket may hold unsent once it stops taking more (the
  /// page stopped reading, or reads slower than its session changes); past it the socket is
  /// closed, with a log line. A page that comes back resumes its session with a full render.
  public var maximumUnsentBytes: Int
  /// How long a session started by a page's `GET` waits for that page's socket; past it the
  /// session ends (a crawler, or a browser without JavaScript, never opens one). Once attached,
  /// a session whose page goes away waits the server's disconnected lifetime instead.
  public var unattachedSessionLifetime: Duration
  /// The most bytes of a form a browser without JavaScript may post to a page (see
  /// ``PageForms``); a larger one is refused with 413.
  public var maximumFormBytes: Int
  /// How long the response to a posted form waits for the effects of its submission (a
  /// sign-in's request) before it renders the page as it then is.
  public var formEffectsWait: Duration
  /// How long a stop waits for the sessions to save their snapshots and close, each on its
  /// actor: a session whose actor does not answer (its event loop stuck in a reducer, or shut
  /// down) does not hold the stop; how many did not close is logged.
  public var stopWait: Duration

  /// Creates limits; the defaults suit a small server.
  public init(
    maximumSessions: Int = 10_000,
    inboundQueueSize: Int = 64,
    messagesPerSecond: Double = 50,
    burst: Int = 100,
    maximumUnsentBytes: Int = 1 << 20,
    maximumSessionsPerAddress: Int = 500,
    newSessionsPerSecondPerAddress: Double = 10,
    newSessionBurstPerAddress: Int = 50,
    idleTimeout: Duration = .seconds(30),
    closeTimeout: Duration = .seconds(5),
    unattachedSessionLifetime: Duration = .seconds(30),
    maximumFormBytes: Int = 64 * 1024,
    formEffectsWait: Duration = .seconds(2),
    stopWait: Duration = .seconds(5)
  ) {
    self.stopWait = stopWait
    self.maximumFormBytes = maximumFormBytes
    self.formEffectsWait = formEffectsWait
    self.unattachedSessionLifetime = unattachedSessionLifetime
    self.maximumSessionsPerAddress = maximumSessionsPerAddress
    self.newSessionsPerSecondPerAddress = newSessionsPerSecondPerAddress
    self.newSessionBurstPerAddress = newSessionBurstPerAddress
    self.idleTimeout = idleTimeout
    self.closeTimeout = closeTimeout
    self.maximumSessions = maximumSessions
    self.inboundQueueSize = inboundQueueSize
    self.messagesPerSecond = messagesPerSecond
    self.burst = burst
    self.maximumUnsentBytes = maximumUnsentBytes
  }
}

/// A token bucket: admits `burst` messages at once, refilled at `rate` per second.
struct FloodGate {
  let rate: Double
  let burst: Double
  private var tokens: Double
  private var last: ContinuousClock.Instant?

  init(rate: Double, burst: Int) {
    // A negative rate would drain the bucket for good.
    self.rate = max(0, rate)
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
