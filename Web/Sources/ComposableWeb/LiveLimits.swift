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

/// The bounded queue of a page's messages between the socket and its session.
///
/// ```swift
/// let queue = InboundQueue(limit: 64)
/// if !queue.offer(text) { /* logged and dropped */ }
/// for await text in queue.messages { await session.receive(text) }
/// ```
struct InboundQueue: Sendable {
  enum Message: Sendable {
    case text(String)
    case binary(Int)
  }

  let messages: AsyncStream<Message>
  private let continuation: AsyncStream<Message>.Continuation

  init(limit: Int) {
    (messages, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingOldest(max(1, limit)))
  }

  /// Queues a message; `false` when the queue is full and the message was dropped.
  func offer(_ message: Message) -> Bool {
    if case .dropped = continuation.yield(message) { return false }
    return true
  }

  /// Ends the queue once the messages in it are handled.
  func finish() { continuation.finish() }
}
