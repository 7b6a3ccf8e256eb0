import Benchmark
import ComposableArchitecture

// `forEach` over identified rows: sending to one row should cost the same whatever the number of
// rows. Each size is measured against a baseline that mutates the row in a plain identified
// array, in the same run.

@Reducer
struct BenchmarkRow {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var count = 0
  }
  enum Action {
    case increment
  }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

@Reducer
struct BenchmarkList {
  @ObservableState
  struct State: Equatable {
    var rows: IdentifiedArrayOf<BenchmarkRow.State>
  }
  enum Action {
    case rows(IdentifiedActionOf<BenchmarkRow>)
  }
  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.rows, action: \.rows) {
        BenchmarkRow()
      }
  }
}

func rows(_ count: Int) -> IdentifiedArrayOf<BenchmarkRow.State> {
  IdentifiedArray(uniqueElements: (0..<count).map { BenchmarkRow.State(id: $0) })
}

func registerNavigationBenchmarks() {
  for count in [100, 1_000, 10_000] {
    Benchmark("ForEach.SendToOneRow.\(count)") { @MainActor benchmark async in
      let store = Store(initialState: BenchmarkList.State(rows: rows(count))) { BenchmarkList() }
      let middle = count / 2
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        store.send(.rows(.element(id: middle, action: .increment)))
      }
      benchmark.stopMeasurement()
    }
    Benchmark("Baseline.ForEachSendToOneRow.\(count)") { @MainActor benchmark async in
      let store = BaselineStore<IdentifiedArrayOf<BenchmarkRow.State>, Int>(state: rows(count)) {
        rows, id in rows[id: id]?.count += 1
      }
      let middle = count / 2
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        store.send(middle)
      }
      benchmark.stopMeasurement()
    }
  }
}
