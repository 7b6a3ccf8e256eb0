#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif
import CombineSchedulers
import Dependencies

extension Effect {
  /// Delays the effect by `duration` on the clock and cancels any in-flight effect with the same
  /// ID, so that only the last of a burst of effects runs.
  ///
  /// ```swift
  /// case let .queryChanged(query):
  ///   state.query = query
  ///   return .run { send in
  ///     await send(.results(try await self.api.search(query)))
  ///   }
  ///   .debounce(id: CancelID.search, for: .milliseconds(300), clock: self.clock)
  /// ```
  public func debounce<C: Clock<Duration>>(
    id: some Hashable & Sendable,
    for duration: Duration,
    clock: C
  ) -> Self {
    self.delayed { try await clock.sleep(for: duration) }
      .cancellable(id: id, cancelInFlight: true)
  }

  /// Delays the effect by `dueTime` on the scheduler and cancels any in-flight effect with the
  /// same ID, so that only the last of a burst of effects runs.
  ///
  /// ```swift
  /// return .send(.search).debounce(id: CancelID.search, for: 0.3, scheduler: self.mainQueue)
  /// ```
  public func debounce<S: Scheduler>(
    id: some Hashable & Sendable,
    for dueTime: S.SchedulerTimeType.Stride,
    scheduler: S,
    options: S.SchedulerOptions? = nil
  ) -> Self {
    let scheduler = UncheckedSendable(scheduler)
    let options = UncheckedSendable(options)
    let dueTime = UncheckedSendable(dueTime)
    return self.delayed {
      try await scheduler.value.sleep(for: dueTime.value, options: options.value)
    }
    .cancellable(id: id, cancelInFlight: true)
  }

  /// The whole effect, started after `wait` returns; nothing happens if `wait` throws.
  func delayed(_ wait: @escaping @Sendable () async throws -> Void) -> Self {
    guard !self.isNone else { return self }
    let effect = self
    return Self(
      runs: [
        Run(name: self.runs.first?.name, priority: self.runs.first?.priority, cancellations: []) {
          send in
          do {
            try await wait()
          } catch {
            return
          }
          await effect.execute(send: send)
        }
      ]
    )
  }
}
