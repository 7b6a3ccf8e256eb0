/// An optional reducer runs when it is present and does nothing when it is `nil`, which lets a
/// builder hold an `if` without an `else`:
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   if self.isAnalyticsEnabled {
///     Analytics()
///   }
///   Core()
/// }
/// ```
extension Optional: Reducer where Wrapped: Reducer {
  public typealias State = Wrapped.State
  public typealias Action = Wrapped.Action

  @inlinable
  public func reduce(into state: inout Wrapped.State, action: Wrapped.Action) -> Effect<
    Wrapped.Action
  > {
    switch self {
    case let .some(wrapped):
      return wrapped._reduce(into: &state, action: action)
    case .none:
      return .none
    }
  }
}
