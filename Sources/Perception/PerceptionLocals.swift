/// Task-local flags that tell perceptible types how they are being read.
///
/// swift-perception uses them to decide whether a read of a perceptible property from a SwiftUI
/// view body is missing a `WithPerceptionTracking`. Libraries that read state on behalf of a view
/// (TCA's store, for instance) set them so that their own reads aren't reported:
///
/// ```swift
/// let count = _PerceptionLocals.$skipPerceptionChecking.withValue(true) {
///   model.count
/// }
/// ```
///
/// Observation needs no such check, and none is made here; the flags keep their meaning for code
/// that reads them.
public enum _PerceptionLocals {
  /// Whether reads in the current task should be exempt from perception checks.
  @TaskLocal public static var skipPerceptionChecking = false

  /// Whether the current task is inside ``withPerceptionTracking(_:onChange:)``'s `apply`
  /// closure.
  @TaskLocal public static var isInPerceptionTracking = false
}
