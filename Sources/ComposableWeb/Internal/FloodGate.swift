#if Web
/// A token bucket: admits `burst` messages at once, refilled at `rate` per second.
struct FloodGate {
  let rate: Double
  let burst: Double
  private var tokens: Double
  private var last: Duration?

  init(rate: Double, burst: Int) {
    // A negative rate would drain the bucket for good.
    self.rate = max(0, rate)
    self.burst = Double(max(1, burst))
    self.tokens = Double(max(1, burst))
  }

  /// Whether a message arriving at `now` is admitted.
  mutating func admit(at now: Duration) -> Bool {
    if let last {
      let elapsed = now - last
      let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      tokens = min(burst, tokens + max(0, seconds) * rate)
    }
    last = now
    guard tokens >= 1 else { return false }
    tokens -= 1
    return true
  }
}
#endif  // Web
