import ComposableArchitecture

/// A feature of the library alone: a count and a button.
@Reducer
public struct Counter {
  @ObservableState
  public struct State: Equatable {
    /// How many times the button was tapped.
    public var count = 0
  }

  /// What the page can do.
  public enum Action {
    case incrementButtonTapped
  }

  /// Counts each tap.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementButtonTapped:
        state.count += 1
        return .none
      }
    }
  }
}
