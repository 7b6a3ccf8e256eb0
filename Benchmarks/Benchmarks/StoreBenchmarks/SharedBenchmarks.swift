import Benchmark
import ComposableArchitecture

// A `@Shared` field read and written through a store, beside the same store with the count in a
// plain stored field (`ObservedCounter`), in the same run.

/// `ObservedCounter` with its count in shared state.
@Reducer
struct SharedCounter {
  @ObservableState
  struct State: Equatable {
    @Shared var count: Int
  }

  enum Action {
    case increment
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.$count.withLock { $0 += 1 }
        return .none
      }
    }
  }
}

func registerSharedBenchmarks() {
  Benchmark("SharedField.Send") { @MainActor benchmark async in
    let store = Store(initialState: SharedCounter.State(count: Shared(value: 0))) {
      SharedCounter()
    }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      store.send(.increment)
    }
    benchmark.stopMeasurement()
    blackHole(store.count)
  }
  Benchmark("PlainField.Send") { @MainActor benchmark async in
    let store = Store(initialState: ObservedCounter.State()) { ObservedCounter() }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      store.send(.increment)
    }
    benchmark.stopMeasurement()
    blackHole(store.count)
  }

  Benchmark("SharedField.ObservedAccess") { @MainActor benchmark async in
    let store = Store(initialState: SharedCounter.State(count: Shared(value: 0))) {
      SharedCounter()
    }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(observed { store.count })
    }
    benchmark.stopMeasurement()
  }
  Benchmark("PlainField.ObservedAccess") { @MainActor benchmark async in
    let store = Store(initialState: ObservedCounter.State()) { ObservedCounter() }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(observed { store.count })
    }
    benchmark.stopMeasurement()
  }
}
