#if Web
import Logging

/// What a session admits of its page's messages, and how it reports the rest: messages beyond
/// its rate limit are dropped (a log line for the first of each page, the count at its end),
/// and ignored messages (malformed, oversized, stale) are logged a few times per kind, then
/// only counted.
///
/// ```swift
/// var limits = PageMessageLimits(limits: LiveLimits(), logger: logger, logName: "#3")
/// if limits.admit(at: clock.now()) { … } else { /* dropped */ }
/// limits.ignore("Ignored a malformed message")
/// limits.summary  // ["ignored messages": "1"]
/// ```
struct PageMessageLimits {
  /// How many of each kind of ignored message are logged; later ones are only counted.
  static let loggedIgnoredMessages = 10

  private var floodGate: FloodGate
  private var droppedByRate = 0
  /// How many messages of each kind were ignored, by the log's message.
  private var ignoredCounts: [String: Int] = [:]
  private let logger: Logger
  private let logName: String

  init(limits: LiveLimits, logger: Logger, logName: String) {
    self.floodGate = FloodGate(rate: limits.messagesPerSecond, burst: limits.burst)
    self.logger = logger
    self.logName = logName
  }

  /// Whether a message arriving at `now` is within the rate limit.
  mutating func admit(at now: Duration) -> Bool {
    guard floodGate.admit(at: now) else {
      droppedByRate += 1
      if droppedByRate == 1 {
        logger.warning(
          "Dropped messages over the session's rate limit (logged once per page; the session's end counts them)",
          metadata: ["session": "\(logName)"])
      }
      return false
    }
    return true
  }

  /// Logs an ignored message, unless this page already had ``loggedIgnoredMessages`` of its
  /// kind logged: a page that keeps sending bad messages is logged a few times, not per frame.
  mutating func ignore(_ message: String, metadata: Logger.Metadata = [:]) {
    let count = (ignoredCounts[message] ?? 0) + 1
    ignoredCounts[message] = count
    guard count <= Self.loggedIgnoredMessages else { return }
    var metadata = metadata
    metadata["session"] = "\(logName)"
    if count == Self.loggedIgnoredMessages { metadata["note"] = "later ones from this page are not logged" }
    logger.warning("\(message)", metadata: metadata)
  }

  /// What was dropped or ignored, for the log line of the session's end: messages over the
  /// rate limit, and ignored messages.
  var summary: Logger.Metadata {
    var summary: Logger.Metadata = [:]
    if droppedByRate > 0 { summary["dropped over the rate limit"] = "\(droppedByRate)" }
    let ignored = ignoredCounts.values.reduce(0, +)
    if ignored > 0 { summary["ignored messages"] = "\(ignored)" }
    return summary
  }
}
#endif  // Web
