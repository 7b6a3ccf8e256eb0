/// The handle an ``Effect/run(priority:name:operation:catch:fileID:filePath:line:column:)``
/// effect uses to feed actions back into the store.
///
/// ```swift
/// return .run { send in
///   for await event in await self.events() {
///     await send(.event(event))
///   }
/// }
/// ```
///
/// > Note: Sending from a cancelled task does nothing, so an effect that is torn down mid-flight
/// > never delivers stale actions.
@MainActor
public struct Send<Action>: Sendable {
  let send: @MainActor @Sendable (Action) -> Void

  public nonisolated init(send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
  }

  /// Sends an action back into the system from an effect.
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    self.send(action)
  }
}

/// A convenience for the `Send` of a reducer's action type.
public typealias SendOf<R: Reducer> = Send<R.Action>
