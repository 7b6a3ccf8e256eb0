import Benchmark
import BenchmarkFeatures
import ComposableArchitecture

// A `@Shared` field read and written through a store, beside the same store with the count in a
// plain stored field (`ObservedCounter`), in the same run.

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
