import Benchmark
import BenchmarkFeatures
import ComposableArchitecture

// The store benchmarks again, with features written with `@Reducer`, `@ObservableState` and
// `@Presents`, and with every state read made inside an observation scope, as a view would.
// Each has a "Baseline" twin measured in the same run.

func registerObservationBenchmarks() {
  Benchmark("Observed.Access") { @MainActor benchmark async in
    let store = Store(initialState: ObservedCounter.State()) { ObservedCounter() }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(observed { store.count })
    }
    benchmark.stopMeasurement()
  }
  Benchmark("Baseline.ObservedAccess") { @MainActor benchmark async in
    let store = BaselineStore<ObservedCounter.State, Void>(state: ObservedCounter.State()) { _, _ in }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(store.state.count)
    }
    benchmark.stopMeasurement()
  }

  Benchmark("ObservedNested.Scope") { @MainActor benchmark async in
    let root = Store(initialState: ObservedNested.State(depth: depth)) { ObservedNested() }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      var store = root
      for _ in 0..<depth {
        store = observed { store.scope(state: \.child, action: \.child.presented) }!
      }
      blackHole(store)
    }
    benchmark.stopMeasurement()
  }
  Benchmark("Baseline.ObservedNestedScope") { @MainActor benchmark async in
    let root = BaselineStore(state: PlainNested(depth: depth), reduce: plainNestedReduce)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      var state = root.state
      for _ in 0..<depth {
        state = state.child!.value
      }
      blackHole(state)
    }
    benchmark.stopMeasurement()
  }

  Benchmark("ObservedNested.Send") { @MainActor benchmark async in
    let root = Store(initialState: ObservedNested.State(depth: depth)) { ObservedNested() }
    var leaf = root
    for _ in 0..<depth {
      leaf = leaf.scope(state: \.child, action: \.child.presented)!
    }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(observed { leaf.count })
      leaf.send(.increment)
    }
    benchmark.stopMeasurement()
  }
  Benchmark("ObservedNested.RootSend") { @MainActor benchmark async in
    let root = Store(initialState: ObservedNested.State(depth: depth)) { ObservedNested() }
    let action = ObservedNested.Action.nested(depth: depth)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      root.send(action)
    }
    benchmark.stopMeasurement()
  }
  Benchmark("Baseline.ObservedNestedSend") { @MainActor benchmark async in
    let root = BaselineStore(state: PlainNested(depth: depth), reduce: plainNestedReduce)
    let action = ObservedNested.Action.nested(depth: depth)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      root.send(action)
    }
    benchmark.stopMeasurement()
  }

  Benchmark("ObservedNested.Access") { @MainActor benchmark async in
    let root = Store(initialState: ObservedNested.State(depth: depth)) { ObservedNested() }
    var leaf = root
    for _ in 0..<depth {
      leaf = leaf.scope(state: \.child, action: \.child.presented)!
    }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(observed { leaf.count })
    }
    benchmark.stopMeasurement()
  }
  Benchmark("Baseline.ObservedNestedAccess") { @MainActor benchmark async in
    let root = BaselineStore(state: PlainNested(depth: depth), reduce: plainNestedReduce)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      var state = root.state
      for _ in 0..<depth { state = state.child!.value }
      blackHole(state.count)
    }
    benchmark.stopMeasurement()
  }

  Benchmark(
    "Presentation.RoundTrip",
    configuration: .init(metrics: [.wallClock, .mallocCountTotal], scalingFactor: .one)
  ) { @MainActor benchmark async in
    let store = Store(initialState: ObservedNested.State(depth: 0)) { ObservedNested() }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      store.send(.present)
      blackHole(observed { store.scope(state: \.child, action: \.child.presented) })
      store.send(.child(.presented(.increment)))
      store.send(.child(.dismiss))
      // Let the dismissed child's tasks end, as a run loop would between interactions.
      await Task.yield()
    }
    benchmark.stopMeasurement()
  }
  Benchmark(
    "Baseline.PresentationRoundTrip",
    configuration: .init(metrics: [.wallClock, .mallocCountTotal], scalingFactor: .one)
  ) { @MainActor benchmark async in
    let store = BaselineStore(state: PlainNested(depth: 0), reduce: plainNestedReduce)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      store.send(.present)
      blackHole(store.state.child)
      store.send(.child(.presented(.increment)))
      store.send(.child(.dismiss))
      await Task.yield()
    }
    benchmark.stopMeasurement()
  }
}
