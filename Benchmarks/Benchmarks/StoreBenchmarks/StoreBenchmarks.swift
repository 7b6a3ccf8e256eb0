import Benchmark
import ComposableArchitecture

// Each measured operation has a "Baseline" twin that does the same work with `BaselineStore`,
// measured in the same run, so that results are read as ratios.

let depth = 10

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal],
    scalingFactor: .kilo,
    maxDuration: .seconds(2),
    maxIterations: 1_000
  )

  Benchmark("Store.Send") { @MainActor benchmark async in
    do {
      let store = Store(initialState: CounterFeature.State()) { CounterFeature() }
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        store.send(.increment)
      }
      benchmark.stopMeasurement()
      blackHole(store.withState(\.count))
    }
  }
  Benchmark("Baseline.Send") { @MainActor benchmark async in
    do {
      let store = BaselineStore<CounterFeature.State, Void>(state: CounterFeature.State()) { state, _ in state.count += 1 }
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        store.send(())
      }
      benchmark.stopMeasurement()
      blackHole(store.state.count)
    }
  }

  Benchmark("Store.Scope") { @MainActor benchmark async in
    do {
      let store = Store(initialState: ParentFeature.State()) { ParentFeature() }
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        blackHole(store.scope(state: \.child, action: \.child))
      }
      benchmark.stopMeasurement()
    }
  }
  Benchmark("Baseline.Scope") { @MainActor benchmark async in
    do {
      let store = BaselineStore<ParentFeature.State, Void>(state: ParentFeature.State()) { _, _ in }
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        blackHole(store.state.child)
      }
      benchmark.stopMeasurement()
    }
  }

  Benchmark("Store.Access") { @MainActor benchmark async in
    do {
      let store = Store(initialState: CounterFeature.State()) { CounterFeature() }
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        blackHole(store.withState(\.count))
      }
      benchmark.stopMeasurement()
    }
  }
  Benchmark("Baseline.Access") { @MainActor benchmark async in
    do {
      let store = BaselineStore<CounterFeature.State, Void>(state: CounterFeature.State()) { _, _ in }
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        blackHole(store.state.count)
      }
      benchmark.stopMeasurement()
    }
  }

  Benchmark("NestedStore.Scope") { @MainActor benchmark async in
    do {
      let root = Store(initialState: NestedState(depth: depth)) { NestedFeature() }
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        var store = root
        for _ in 0..<depth {
          store = store.scope(state: \.children[0], action: \.child)
        }
        blackHole(store)
      }
      benchmark.stopMeasurement()
    }
  }
  Benchmark("Baseline.NestedScope") { @MainActor benchmark async in
    do {
      let root = BaselineStore(state: NestedState(depth: depth), reduce: baselineNestedReduce)
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        var state = root.state
        for _ in 0..<depth {
          state = state.children[0]
        }
        blackHole(state)
      }
      benchmark.stopMeasurement()
    }
  }

  Benchmark("NestedStore.Send") { @MainActor benchmark async in
    do {
      let root = Store(initialState: NestedState(depth: depth)) { NestedFeature() }
      var leaf = root
      for _ in 0..<depth {
        leaf = leaf.scope(state: \.children[0], action: \.child)
      }
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        leaf.send(.increment)
      }
      benchmark.stopMeasurement()
      blackHole(leaf.withState(\.count))
    }
  }
  Benchmark("NestedStore.RootSend") { @MainActor benchmark async in
    do {
      let root = Store(initialState: NestedState(depth: depth)) { NestedFeature() }
      let action = NestedAction.nested(depth: depth)
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        root.send(action)
      }
      benchmark.stopMeasurement()
    }
  }
  Benchmark("Baseline.NestedSend") { @MainActor benchmark async in
    do {
      let root = BaselineStore(state: NestedState(depth: depth), reduce: baselineNestedReduce)
      let action = NestedAction.nested(depth: depth)
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        root.send(action)
      }
      benchmark.stopMeasurement()
    }
  }

  Benchmark("NestedStore.Access") { @MainActor benchmark async in
    do {
      let root = Store(initialState: NestedState(depth: depth)) { NestedFeature() }
      var leaf = root
      for _ in 0..<depth {
        leaf = leaf.scope(state: \.children[0], action: \.child)
      }
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        blackHole(leaf.withState(\.count))
      }
      benchmark.stopMeasurement()
    }
  }
  Benchmark("Baseline.NestedAccess") { @MainActor benchmark async in
    do {
      let root = BaselineStore(state: NestedState(depth: depth), reduce: baselineNestedReduce)
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        var state = root.state
        for _ in 0..<depth { state = state.children[0] }
        blackHole(state.count)
      }
      benchmark.stopMeasurement()
    }
  }

  Benchmark(
    "Effect.RoundTrip1000",
    configuration: .init(metrics: [.wallClock], scalingFactor: .one, maxDuration: .seconds(3), maxIterations: 200)
  ) { @MainActor benchmark async in
    let store = Store(initialState: CounterFeature.State()) { CounterFeature() }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      await store.send(.sendMany(1_000)).finish()
    }
    benchmark.stopMeasurement()
    blackHole(store.withState(\.count))
  }
  Benchmark(
    "Baseline.RoundTrip1000",
    configuration: .init(metrics: [.wallClock], scalingFactor: .one, maxDuration: .seconds(3), maxIterations: 200)
  ) { @MainActor benchmark async in
    let store = BaselineStore<CounterFeature.State, Void>(state: CounterFeature.State()) { state, _ in state.count += 1 }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      // The same hops as an effect: a task that sends 1,000 actions back to the main actor.
      await Task { @MainActor in
        for _ in 0..<1_000 {
          await MainActor.run { store.send(()) }
        }
      }.value
    }
    benchmark.stopMeasurement()
    blackHole(store.state.count)
  }

  Benchmark(
    "CombineReducers.100kSends",
    configuration: .init(metrics: [.wallClock], scalingFactor: .one, maxDuration: .seconds(3), maxIterations: 50)
  ) { @MainActor benchmark async in
    do {
      let store = Store(initialState: FiveReducers.State()) { FiveReducers() }
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        for _ in 0..<100_000 {
          store.send(.tick)
        }
      }
      benchmark.stopMeasurement()
      blackHole(store.withState(\.a))
    }
  }
  Benchmark(
    "Baseline.Five100kSends",
    configuration: .init(metrics: [.wallClock], scalingFactor: .one, maxDuration: .seconds(3), maxIterations: 50)
  ) { @MainActor benchmark async in
    do {
      let store = BaselineStore<FiveReducers.State, Void>(state: FiveReducers.State()) { state, _ in
        state.a += 1
        state.b += 1
        state.c += 1
        state.d += 1
        state.e += 1
      }
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        for _ in 0..<100_000 {
          store.send(())
        }
      }
      benchmark.stopMeasurement()
      blackHole(store.state.a)
    }
  }

  registerObservationBenchmarks()
  registerNavigationBenchmarks()
  registerSharedBenchmarks()
}
