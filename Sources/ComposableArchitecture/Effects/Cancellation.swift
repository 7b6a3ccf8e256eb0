import Dependencies
import Foundation

extension Effect {
  /// Makes the effect cancellable by ID, so that a later ``cancel(id:)`` stops it.
  ///
  /// ```swift
  /// enum CancelID { case timer }
  ///
  /// case .startButtonTapped:
  ///   return .run { send in
  ///     for await _ in self.clock.timer(interval: .seconds(1)) { await send(.tick) }
  ///   }
  ///   .cancellable(id: CancelID.timer, cancelInFlight: true)
  /// case .stopButtonTapped:
  ///   return .cancel(id: CancelID.timer)
  /// ```
  ///
  /// IDs are scoped to the feature that returns the effect: a parent feature can cancel the
  /// effects of its children with the same ID, but a child cannot cancel its parent's or a
  /// sibling's effects.
  ///
  /// - Parameters:
  ///   - id: The effect's identifier.
  ///   - cancelInFlight: Whether to cancel in-flight effects with the same ID before starting
  ///     this one.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    if self.isNone && !cancelInFlight { return self }
    return self.cancellable(CancellationRegistration(id: id), cancelInFlight: cancelInFlight)
  }

  /// This effect, registered under `registration` when it starts.
  @inlinable
  func cancellable(_ registration: CancellationRegistration, cancelInFlight: Bool) -> Self {
    // Cancelling an ID at a step of a navigation path reaches the work registered below it, so a
    // registration a run already has for the same ID deeper down the same path makes this one
    // redundant: a parent wrapping its child's effects doesn't register them again at every
    // level of nesting.
    var runs = self.runs
    var isChanged = false
    for index in runs.indices
    where !runs[index].cancellations.contains(where: { $0.covers(registration) }) {
      runs[index].cancellations.append(registration)
      isChanged = true
    }
    guard isChanged || cancelInFlight else { return self }
    var steps = self.steps
    if cancelInFlight {
      steps.insert(.perform { registration.cancelInFlight() }, at: 0)
    }
    return Self(steps: steps, runs: runs)
  }

  /// An effect that cancels every in-flight effect registered under the ID, including those of
  /// child features.
  ///
  /// ```swift
  /// case .onDisappear:
  ///   return .cancel(id: CancelID.timer)
  /// ```
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self._cancel(CancellationRegistration(id: id))
  }

  /// Cancels the work registered under `registration`, when the effect starts.
  @inlinable
  static func _cancel(_ registration: CancellationRegistration) -> Self {
    Self(steps: [.perform { registration.cancelInFlight() }])
  }
}

/// Runs an asynchronous operation so that it can be cancelled by ID, with ``Effect/cancel(id:)``
/// or ``_Concurrency/Task/cancel(id:)``.
///
/// With `cancelInFlight` it is the building block of debouncing:
///
/// ```swift
/// return .run { send in
///   try await withTaskCancellation(id: CancelID.search, cancelInFlight: true) {
///     try await self.clock.sleep(for: .milliseconds(300))
///     await send(.searchResponse(try await self.api.search(query)))
///   }
/// }
/// ```
public func withTaskCancellation<T: Sendable, E: Error>(
  id: some Hashable & Sendable,
  cancelInFlight: Bool = false,
  isolation: isolated (any Actor)? = #isolation,
  operation: @escaping @Sendable () async throws(E) -> T
) async throws(E) -> T {
  let registration = CancellationRegistration(id: id)
  if cancelInFlight {
    registration.cancelInFlight()
  }
  return try await registration.withTaskCancellation(operation: operation)
}

extension Task where Success == Never, Failure == Never {
  /// Cancels every in-flight effect or ``withTaskCancellation(id:cancelInFlight:isolation:operation:)``
  /// block registered under the ID.
  public static func cancel(id: some Hashable & Sendable) {
    CancellationRegistration(id: id).cancelInFlight()
  }
}
