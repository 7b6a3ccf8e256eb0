import ComposableArchitecture

@Reducer
public struct Counter {
  @ObservableState
  public struct State: Equatable {
    public var count = 0
  }

  public enum Action {
    case incrementButtonTapped
  }

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
