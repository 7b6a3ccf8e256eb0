import ComposableArchitecture

/// `ObservedCounter` with its count in shared state.
@Reducer
package struct SharedCounter {
  @ObservableState
  package struct State: Equatable {
    @Shared package var count: Int
    package init(count: Shared<Int>) { self._count = count }
  }

  package enum Action {
    case increment
  }

  package init() {}

  package var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.$count.withLock { $0 += 1 }
        return .none
      }
    }
  }
}
