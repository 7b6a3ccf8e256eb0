#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif
import CombineSchedulers
import ConcurrencyExtras

extension Effect {
  /// Lets at most one effect with the ID run per `interval` of the clock.
  ///
  /// The first effect runs at once. Effects arriving before the interval has passed are held
  /// until it ends: with `latest`, the most recent one then runs; otherwise the first one held.
  ///
  /// ```swift
  /// case .scrolled:
  ///   return .send(.loadMore)
  ///     .throttle(id: CancelID.paging, for: .seconds(1), clock: self.clock, latest: true)
  /// ```
  public func throttle<C: Clock<Duration>>(
    id: some Hashable & Sendable,
    for interval: Duration,
    clock: C,
    latest: Bool
  ) -> Self {
    self.throttled(
      id: id,
      latest: latest,
      now: { clock.now },
      remaining: { last, now in
        let elapsed = last.duration(to: now)
        return elapsed < interval ? last.advanced(by: interval) : nil
      },
      sleep: { deadline in try await clock.sleep(until: deadline, tolerance: nil) }
    )
  }

  /// Lets at most one effect with the ID run per `interval` of the scheduler.
  ///
  /// The first effect runs at once. Effects arriving before the interval has passed are held
  /// until it ends: with `latest`, the most recent one then runs; otherwise the first one held.
  public func throttle<S: Scheduler>(
    id: some Hashable & Sendable,
    for interval: S.SchedulerTimeType.Stride,
    scheduler: S,
    latest: Bool
  ) -> Self {
    let scheduler = UncheckedSendable(scheduler)
    let interval = UncheckedSendable(interval)
    return self.throttled(
      id: id,
      latest: latest,
      now: { UncheckedSendable(scheduler.value.now) },
      remaining: { last, now in
        last.value.distance(to: now.value) < interval.value
          ? UncheckedSendable(last.value.advanced(by: interval.value)) : nil
      },
      sleep: { deadline in try await scheduler.value.sleep(until: deadline.value) }
    )
  }

  /// Throttling over any notion of time: `remaining` says, from the last time an effect ran and
  /// now, until when the next one must wait (`nil` when it can run at once).
  private func throttled<Instant: Sendable>(
    id: some Hashable & Sendable,
    latest: Bool,
    now: @escaping @Sendable () -> Instant,
    remaining: @escaping @Sendable (_ last: Instant, _ now: Instant) -> Instant?,
    sleep: @escaping @Sendable (_ deadline: Instant) async throws -> Void
  ) -> Self {
    guard !self.isNone else { return self }
    let key = ThrottleKey(CancellationRegistration(id: id).key)
    let effect = self
    let pendingID = ThrottlePendingID(key: key)
    let immediate = Self(
      runs: [
        Run(name: nil, priority: nil, cancellations: []) { send in
          await effect.execute(send: send)
        }
      ]
    )
    return Self(
      runs: [
        Run(name: self.runs.first?.name, priority: self.runs.first?.priority, cancellations: []) {
          send in
          defer { forgetClosedThrottleWindows() }
          let current = now()
          let decision = throttleStates.withValue { states -> ThrottleDecision<Instant> in
            var state = states[key] ?? ThrottleState()
            defer { states[key] = state }
            guard let last = state.lastRun?.value as? Instant,
              let deadline = remaining(last, current)
            else {
              state.ran(at: current, remaining: remaining, now: now)
              return .runNow
            }
            if state.isHolding && !latest { return .drop }
            state.isHolding = true
            return .wait(until: deadline)
          }
          switch decision {
          case .runNow:
            await immediate.execute(send: send)
          case .drop:
            return
          case let .wait(deadline):
            let held = Self(
              runs: [
                Run(name: nil, priority: nil, cancellations: []) { send in
                  do {
                    try await sleep(deadline)
                  } catch {
                    // With `latest`, a newer held effect replaced this one and holds the slot.
                    if !latest { throttleStates.withValue { $0[key]?.isHolding = false } }
                    return
                  }
                  throttleStates.withValue {
                    $0[key]?.ran(at: now(), remaining: remaining, now: now)
                    $0[key]?.isHolding = false
                  }
                  await effect.execute(send: send)
                }
              ]
            )
            .cancellable(id: pendingID, cancelInFlight: latest)
            await held.execute(send: send)
          }
        }
      ]
    )
    .cancellable(id: id)
  }
}

private enum ThrottleDecision<Instant: Sendable>: Sendable {
  case runNow
  case drop
  case wait(until: Instant)
}

struct ThrottleKey: Hashable, Sendable {
  let id: _CancelID
  init(_ id: _CancelID) { self.id = id }
}

private struct ThrottlePendingID: Hashable, Sendable {
  let key: ThrottleKey
}

struct ThrottleState: Sendable {
  var lastRun: UncheckedSendable<Any>?
  var isHolding = false
  /// Whether the window the last run opened has closed, so that this state decides as no state
  /// would: the next effect runs at once.
  var hasWindowClosed: @Sendable () -> Bool = { true }

  mutating func ran<Instant: Sendable>(
    at instant: Instant,
    remaining: @escaping @Sendable (_ last: Instant, _ now: Instant) -> Instant?,
    now: @escaping @Sendable () -> Instant
  ) {
    self.lastRun = UncheckedSendable(instant)
    self.hasWindowClosed = { remaining(instant, now()) == nil }
  }
}

/// The throttles in use, by ID. An entry lasts while its window is open or an effect is held,
/// and is forgotten when a throttled effect ends after that.
let throttleStates = LockIsolated<[ThrottleKey: ThrottleState]>([:])

/// Forgets the throttles that hold no effect and whose window has closed: they decide as a
/// missing entry would.
private func forgetClosedThrottleWindows() {
  throttleStates.withValue { states in
    for (key, state) in states where !state.isHolding && state.hasWindowClosed() {
      states[key] = nil
    }
  }
}
