/// Groups reducers so that one operator can be applied to all of them.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   CombineReducers {
///     Scope(state: \.profile, action: \.profile) { Profile() }
///     Scope(state: \.settings, action: \.settings) { Settings() }
///   }
///   .dependency(\.apiClient, .mock)
/// }
/// ```
public struct CombineReducers<State, Action, Reducers: Reducer<State, Action>>: Reducer {
  @usableFromInline
  let reducers: Reducers

  /// Creates a reducer that runs the built reducers in order on the same state.
  @inlinable
  public init(
    @ReducerBuilder<State, Action> _ build: () -> Reducers
  ) {
    self.reducers = build()
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    self.reducers.reduce(into: &state, action: action)
  }
}
