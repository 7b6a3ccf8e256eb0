/// A handle to the effects started by one ``Store/send(_:)``.
///
/// ```swift
/// await store.send(.refresh).finish()
/// ```
public struct StoreTask: Hashable, Sendable {
  let rawValue: Task<Void, Never>?

  init(rawValue: Task<Void, Never>?) {
    self.rawValue = rawValue
  }

  /// Cancels the effects, and the effects of the actions they sent.
  public func cancel() {
    self.rawValue?.cancel()
  }

  /// Waits for the effects, and the effects of the actions they sent, to finish.
  public func finish() async {
    await self.rawValue?.cancellableValue
  }

  /// Whether the effects were cancelled. A send that started no effects counts as cancelled.
  public var isCancelled: Bool {
    self.rawValue?.isCancelled ?? true
  }
}
