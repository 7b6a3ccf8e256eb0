import Benchmark
import BenchmarkFeatures
import ComposableArchitecture

// Each measured operation has a "Baseline" twin that does the same work with `BaselineStore`,
// measured in the same run, so that results are read as ratios.

/// Times an operation of the shared table: `prepare` outside the measurement, the run inside.
func register(_ operation: MeasuredOperation) {
  let configuration =
    operation.isLong
    ? Benchmark.Configuration(
      metrics: [.wallClock], scalingFactor: .one, maxDuration: .seconds(3), maxIterations: 200)
    : Benchmark.defaultConfiguration
  Benchmark(operation.name, configuration: configuration) { @MainActor benchmark async in
    let run = operation.prepare(benchmark.scaledIterations.count)
    benchmark.startMeasurement()
    await run()
    benchmark.stopMeasurement()
  }
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal],
    scalingFactor: .kilo,
    maxDuration: .seconds(2),
    maxIterations: 1_000
  )

  // The operations of the instruction-count table (`BenchmarkFeatures/Operations.swift`), each
  // followed by its baseline.
  for comparison in comparisons {
    register(comparison.measured)
    register(comparison.baseline)
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

  registerObservationBenchmarks()
  registerNavigationBenchmarks()
  registerSharedBenchmarks()
}
