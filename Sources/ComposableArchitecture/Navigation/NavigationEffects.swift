import ConcurrencyExtras
import Dependencies

/// The cancellation ID under which a presented child's effects run, so that the parent can
/// cancel all of them when the child goes away.
public struct _PresentedID: Hashable, Sendable {
  /// The ID.
  public init() {}
}

extension Effect {
  /// This effect, cancellable as a whole by ``_cancel(id:navigationIDPath:)`` with the same path.
  @inlinable
  func _cancellable(
    id: some Hashable & Sendable = _PresentedID(),
    navigationIDPath: NavigationIDPath
  ) -> Self {
    guard !self.isNone else { return self }
    return self.cancellable(
      CancellationRegistration(id: id, navigationIDPath: navigationIDPath), cancelInFlight: false
    )
  }

  /// Cancels the effects that ``_cancellable(id:navigationIDPath:)`` registered under the path,
  /// including those of the features presented below it.
  @inlinable
  static func _cancel(
    id: some Hashable & Sendable = _PresentedID(),
    navigationIDPath: NavigationIDPath
  ) -> Self {
    ._cancel(CancellationRegistration(id: id, navigationIDPath: navigationIDPath))
  }
}

extension Effect {
  /// A run that lasts as long as a presented feature or stack element is shown: when the feature
  /// dismisses itself, its `dismiss()` cancels the wait registered under `dismissID` and the
  /// store is sent `action`; when the parent removes the feature, the whole run is cancelled
  /// under `navigationIDPath` and sends nothing.
  ///
  /// The run takes no task: the store starting it only registers it (a task would wait for the
  /// whole life of the feature). Test stores don't wait for it: it only ends with its feature.
  @inlinable
  static func _waitForDismissal(
    navigationIDPath path: NavigationIDPath,
    dismissID: some Hashable & Sendable,
    then action: @escaping @Sendable () -> Action
  ) -> Self {
    // Registered now, while the reducer runs, so that a `dismiss()` made before the store has
    // started the run is not lost: the token remembers it and ends the wait once it starts.
    let dismissal = CancellationRegistration(id: dismissID, navigationIDPath: path)
    let token = CancelToken()
    dismissal.register(token)
    return Self(
      runs: [
        Run(
          name: nil,
          priority: nil,
          cancellations: [CancellationRegistration(id: _PresentedID(), navigationIDPath: path)],
          body: .signal(Run.Signal(token: token, registration: dismissal, action: action))
        )
      ]
    )
  }
}
