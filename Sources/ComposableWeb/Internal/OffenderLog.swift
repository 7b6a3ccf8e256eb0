#if Web
import Sharing

/// Remembers who has been logged for what, so that a limit is logged once per offender (a host,
/// a client address) rather than once per request or frame. It forgets everything once it holds
/// `capacity` offenders, so that it stays bounded; those met again are logged again.
///
/// ```swift
/// if offenders.isFirst("host", host) { logger.warning("Refused a host", …) }
/// ```
final class OffenderLog: Sendable {
  private let seen = Locked(Set<String>())
  let capacity: Int

  init(capacity: Int = 4096) {
    self.capacity = capacity
  }

  /// `true` the first time `offender` is met for `kind`.
  func isFirst(_ kind: String, _ offender: String) -> Bool {
    seen.withLock { seen in
      if seen.count >= capacity { seen.removeAll() }
      return seen.insert(kind + "\u{0}" + offender).inserted
    }
  }
}
#endif  // Web
