/// Runs `apply`, tracking the perceptible properties it reads, and calls `onChange` once, the
/// first time one of them is about to change.
///
/// It is `withObservationTracking(_:onChange:)` under the name swift-perception gives it, so code
/// written for TCA's Perception re-export runs unchanged:
///
/// ```swift
/// let store = Store(initialState: Counter.State()) { Counter() }
/// withPerceptionTracking {
///   _ = store.count
/// } onChange: {
///   print("count will change")
/// }
/// store.send(.incrementButtonTapped)  // prints "count will change"
/// ```
///
/// > Important: `onChange` runs before the new value is stored, on the thread that makes the
/// > change, and at most once. To keep perceiving, track again, for example from `onChange`.
///
/// While `apply` runs, ``_PerceptionLocals/isInPerceptionTracking`` is `true`.
///
/// - Parameters:
///   - apply: A closure whose reads of perceptible properties are tracked.
///   - onChange: Called once when a tracked property is about to change.
/// - Returns: What `apply` returns.
@available(iOS, deprecated: 17, renamed: "withObservationTracking(_:onChange:)")
@available(macOS, deprecated: 14, renamed: "withObservationTracking(_:onChange:)")
@available(tvOS, deprecated: 17, renamed: "withObservationTracking(_:onChange:)")
@available(watchOS, deprecated: 10, renamed: "withObservationTracking(_:onChange:)")
public func withPerceptionTracking<T>(
  _ apply: () -> T,
  onChange: @autoclosure () -> @Sendable () -> Void
) -> T {
  withObservationTracking(
    { _PerceptionLocals.$isInPerceptionTracking.withValue(true, operation: apply) },
    onChange: onChange()
  )
}
