/// A reducer that does nothing: it leaves state unchanged and returns no effects.
///
/// Useful as a placeholder, and as the result of an empty builder:
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   EmptyReducer()
/// }
/// ```
public struct EmptyReducer<State, Action>: Reducer {
  @inlinable
  public init() {}

  @inlinable
  public func reduce(into _: inout State, action _: Action) -> Effect<Action> {
    .none
  }
}
