#if Web
/// The clock the web engine reads and sleeps on: an endpoint's (see ``LiveEndpoint``), handed
/// to its registry and sessions, so that tests of expiry, debounce and rate limits advance a
/// test clock instead of waiting. Its instants are the time since the clock was wrapped.
///
/// ```swift
/// let clock = EngineClock(ContinuousClock())
/// let start = clock.now()
/// try await clock.sleep(.seconds(1))
/// clock.now() - start  // about a second
/// ```
struct EngineClock: Sendable {
  /// The time since the clock was wrapped.
  let now: @Sendable () -> Duration
  /// Waits `duration` on the clock; throws when cancelled.
  let sleep: @Sendable (Duration) async throws -> Void

  init(_ clock: any Clock<Duration>) {
    self = Self.wrapping(clock)
  }

  private init(
    now: @escaping @Sendable () -> Duration, sleep: @escaping @Sendable (Duration) async throws -> Void
  ) {
    self.now = now
    self.sleep = sleep
  }

  private static func wrapping<C: Clock<Duration>>(_ clock: C) -> EngineClock {
    let origin = clock.now
    return EngineClock(
      now: { origin.duration(to: clock.now) },
      sleep: { try await clock.sleep(for: $0) })
  }

  /// Waits until the clock reads `deadline` (see ``now``): a deadline fixed when the wait was
  /// asked for holds however late the waiting task starts.
  func sleep(until deadline: Duration) async throws {
    try await sleep(max(.zero, deadline - now()))
  }

  /// The wall clock's time, as a server reads it.
  static let continuous = EngineClock(ContinuousClock())
}
#endif  // Web
