import ComposableArchitecture

@Reducer
package struct BenchmarkRow {
  @ObservableState
  package struct State: Equatable, Identifiable {
    package let id: Int
    package var count = 0
    package init(id: Int) { self.id = id }
  }
  package enum Action {
    case increment
  }
  package init() {}
  package var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

@Reducer
package struct BenchmarkList {
  @ObservableState
  package struct State: Equatable {
    package var rows: IdentifiedArrayOf<BenchmarkRow.State>
    package init(rows: IdentifiedArrayOf<BenchmarkRow.State>) { self.rows = rows }
  }
  package enum Action {
    case rows(IdentifiedActionOf<BenchmarkRow>)
  }
  package init() {}
  package var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.rows, action: \.rows) {
        BenchmarkRow()
      }
  }
}

package func rows(_ count: Int) -> IdentifiedArrayOf<BenchmarkRow.State> {
  IdentifiedArray(uniqueElements: (0..<count).map { BenchmarkRow.State(id: $0) })
}

/// A stack of `BenchmarkRow`s, as a navigation stack holds its screens.
@Reducer
package struct BenchmarkStack {
  @ObservableState
  package struct State: Equatable {
    package var path: StackState<BenchmarkRow.State>
    package init(path: StackState<BenchmarkRow.State>) { self.path = path }
  }
  package enum Action {
    case path(StackActionOf<BenchmarkRow>)
  }
  package init() {}
  package var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.path, action: \.path) {
        BenchmarkRow()
      }
  }
}
