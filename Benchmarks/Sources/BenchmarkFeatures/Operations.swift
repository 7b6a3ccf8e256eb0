import CallgrindMarkers
import ComposableArchitecture

/// One measured operation, shared by the two harnesses: `StoreBenchmarks` times it and
/// `InstructionCounts` counts its instructions under callgrind.
///
/// `prepare(count)` does everything that is not measured (making stores, warming them up) and
/// returns the run that performs the operation `count` times.
package struct MeasuredOperation: Sendable {
  package let name: String
  /// How many times `InstructionCounts` performs it by default.
  package let count: Int
  /// Whether one run is long enough (milliseconds) to be timed alone rather than in thousands.
  package let isLong: Bool
  package let prepare: @Sendable @MainActor (_ count: Int) -> MeasuredRun

  package init(
    _ name: String,
    count: Int,
    isLong: Bool = false,
    prepare: @escaping @Sendable @MainActor (_ count: Int) -> MeasuredRun
  ) {
    self.name = name
    self.count = count
    self.isLong = isLong
    self.prepare = prepare
  }
}

/// The measured part of an operation.
package enum MeasuredRun {
  case sync(@MainActor () -> Void)
  case async(@MainActor () async -> Void)

  @MainActor
  package func callAsFunction() async {
    switch self {
    case .sync(let run): run()
    case .async(let run): await run()
    }
  }
}

/// An operation of the library and the hand-written baseline doing the same work.
package struct Comparison: Sendable {
  package let measured: MeasuredOperation
  package let baseline: MeasuredOperation
}

/// Hands a value to a function the optimizer cannot see into, so that computing it is not
/// optimized away.
@inlinable
@inline(__always)
package func keep<T>(_ value: T) {
  withUnsafePointer(to: value) { callgrind_markers_keep($0) }
}

/// The operations of the instruction-count table, each with its baseline. The `Fresh.*` ones
/// follow TCA's own store benchmarks: a new store for each operation, made before the
/// measurement, with the nested `ifLet` feature (`ObservedNested`) and `depth` levels of it for
/// the nested ones.
package let comparisons: [Comparison] = [
  Comparison(measured: storeSend, baseline: baselineSend),
  Comparison(measured: freshStoreSend, baseline: baselineFreshStoreSend),
  Comparison(measured: freshStoreScope, baseline: baselineFreshStoreScope),
  Comparison(measured: bodyKeyPathsAlone, baseline: baselineFreshStoreScope),
  Comparison(measured: storeScope, baseline: baselineScope),
  Comparison(measured: scopeKeyPathsAlone, baseline: baselineScope),
  Comparison(measured: storeState, baseline: baselineState),
  Comparison(measured: freshStoreAccess, baseline: baselineFreshStoreAccess),
  Comparison(measured: freshNestedStoreScope, baseline: baselineFreshNestedStoreScope),
  Comparison(measured: nestedScopeKeyPathsAlone, baseline: baselineFreshNestedStoreScope),
  Comparison(measured: nestedStateAlone, baseline: baselineFreshNestedStoreScope),
  Comparison(measured: freshNestedStoreSend, baseline: baselineFreshNestedStoreSend),
  Comparison(measured: freshNestedStoreRootSend, baseline: baselineFreshNestedStoreRootSend),
  Comparison(measured: freshNestedStoreNestedSend, baseline: baselineFreshNestedStoreNestedSend),
  Comparison(measured: freshNestedStoreAccess, baseline: baselineFreshNestedStoreAccess),
  Comparison(measured: observedSend, baseline: baselineObservedSend),
  Comparison(measured: observationAloneSend, baseline: baselineObservedSend),
  Comparison(measured: combineReducersSend, baseline: baselineCombineReducersSend),
  Comparison(measured: effectRoundTrip, baseline: baselineEffectRoundTrip),
  Comparison(measured: forEachSendToOneRow(100), baseline: baselineForEachSendToOneRow(100)),
  Comparison(measured: forEachSendToOneRow(1_000), baseline: baselineForEachSendToOneRow(1_000)),
  Comparison(measured: forEachSendToOneRow(10_000), baseline: baselineForEachSendToOneRow(10_000)),
  Comparison(measured: stackSendToOneElement(100), baseline: baselineStackSendToOneElement(100)),
  Comparison(measured: stackSendToOneElement(1_000), baseline: baselineStackSendToOneElement(1_000)),
]

// MARK: - Warm stores

/// A send to a store that has already handled actions.
package let storeSend = MeasuredOperation("Store.Send", count: 10_000) { count in
  let store = Store(initialState: CounterFeature.State()) { CounterFeature() }
  for _ in 0..<10 { store.send(.increment) }
  return .sync {
    for _ in 0..<count { store.send(.increment) }
  }
}
package let baselineSend = MeasuredOperation("Baseline.Send", count: 10_000) { count in
  let store = BaselineStore<CounterFeature.State, Void>(state: CounterFeature.State()) { state, _ in
    state.count += 1
  }
  return .sync {
    for _ in 0..<count { store.send(()) }
  }
}

/// A scope to a child the store has scoped to before (the cached child store).
package let storeScope = MeasuredOperation("Store.Scope", count: 10_000) { count in
  let store = Store(initialState: ParentFeature.State()) { ParentFeature() }
  keep(store.scope(state: \.child, action: \.child))
  return .sync {
    for _ in 0..<count { keep(store.scope(state: \.child, action: \.child)) }
  }
}
/// Only the two key path literals Store.Scope's call site makes before it calls `scope`: what
/// the call costs whatever the store does (a reference row).
package let scopeKeyPathsAlone = MeasuredOperation("KeyPathsAlone.Scope", count: 10_000) { count in
  .sync {
    for _ in 0..<count {
      let state: KeyPath<ParentFeature.State, CounterFeature.State> = \.child
      let action: CaseKeyPath<ParentFeature.Action, CounterFeature.Action> = \.child
      keep((state, action))
    }
  }
}
package let baselineScope = MeasuredOperation("Baseline.Scope", count: 10_000) { count in
  let store = BaselineStore<ParentFeature.State, Void>(state: ParentFeature.State()) { _, _ in }
  return .sync {
    for _ in 0..<count { keep(store.state.child) }
  }
}

/// `store.state` of an `@ObservableState` feature, outside an observation scope.
package let storeState = MeasuredOperation("Store.State", count: 10_000) { count in
  let store = Store(initialState: ObservedCounter.State()) { ObservedCounter() }
  keep(store.state)
  return .sync {
    for _ in 0..<count { keep(store.state) }
  }
}
package let baselineState = MeasuredOperation("Baseline.State", count: 10_000) { count in
  let store = BaselineStore<ObservedCounter.State, Void>(state: ObservedCounter.State()) { _, _ in }
  return .sync {
    for _ in 0..<count { keep(store.state) }
  }
}

/// A read of the count inside an observation scope, then a send, as a view and a button would.
package let observedSend = MeasuredOperation("Observed.Send", count: 10_000) { count in
  let store = Store(initialState: ObservedCounter.State()) { ObservedCounter() }
  store.send(.increment)
  return .sync {
    for _ in 0..<count {
      keep(observed { store.count })
      store.send(.increment)
    }
  }
}
package let baselineObservedSend = MeasuredOperation("Baseline.ObservedSend", count: 10_000) {
  count in
  let store = BaselineStore<ObservedCounter.State, Void>(state: ObservedCounter.State()) {
    state, _ in
    state.count += 1
  }
  return .sync {
    for _ in 0..<count {
      keep(store.state.count)
      store.send(())
    }
  }
}

/// What Swift's Observation costs alone for the work of `Observed.Send`: a read of an
/// `@Observable` class's property inside an observation scope, then a write to it, with no store.
/// It is the floor of `Observed.Send`, which does the same through a store.
package let observationAloneSend = MeasuredOperation("ObservationAlone.Send", count: 10_000) {
  count in
  let model = ObservableCounterModel()
  return .sync {
    for _ in 0..<count {
      keep(observed { model.count })
      model.increment()
    }
  }
}

/// One send through five reducers combined with `CombineReducers`; the instruction count makes
/// 100,000 of them.
package let combineReducersSend = MeasuredOperation("CombineReducers.Send", count: 100_000) {
  count in
  let store = Store(initialState: FiveReducers.State()) { FiveReducers() }
  store.send(.tick)
  return .sync {
    for _ in 0..<count { store.send(.tick) }
  }
}
package let baselineCombineReducersSend = MeasuredOperation(
  "Baseline.CombineReducers.Send", count: 100_000
) {
  count in
  let store = BaselineStore<FiveReducers.State, Void>(state: FiveReducers.State()) { state, _ in
    state.a += 1
    state.b += 1
    state.c += 1
    state.d += 1
    state.e += 1
  }
  return .sync {
    for _ in 0..<count { store.send(()) }
  }
}

/// A `.run` effect that sends 1,000 actions back, awaited with `finish()`.
package let effectRoundTrip = MeasuredOperation("Effect.RoundTrip1000", count: 5, isLong: true) {
  count in
  let store = Store(initialState: CounterFeature.State()) { CounterFeature() }
  return .async {
    for _ in 0..<count { await store.send(.sendMany(1_000)).finish() }
  }
}
package let baselineEffectRoundTrip = MeasuredOperation(
  "Baseline.RoundTrip1000", count: 5, isLong: true
) {
  count in
  let store = BaselineStore<CounterFeature.State, Void>(state: CounterFeature.State()) { state, _ in
    state.count += 1
  }
  return .async {
    for _ in 0..<count {
      // The same hops as the effect: a task that sends 1,000 actions back to the main actor.
      await Task { @MainActor in
        for _ in 0..<1_000 {
          await MainActor.run { store.send(()) }
        }
      }.value
    }
  }
}

/// A send to the middle row of a `forEach` over `rows` identified rows.
package func forEachSendToOneRow(_ rowCount: Int) -> MeasuredOperation {
  MeasuredOperation("ForEach.SendToOneRow.\(rowCount)", count: 1_000) { count in
    let store = Store(initialState: BenchmarkList.State(rows: rows(rowCount))) { BenchmarkList() }
    let middle = rowCount / 2
    store.send(.rows(.element(id: middle, action: .increment)))
    return .sync {
      for _ in 0..<count { store.send(.rows(.element(id: middle, action: .increment))) }
    }
  }
}
package func baselineForEachSendToOneRow(_ rowCount: Int) -> MeasuredOperation {
  MeasuredOperation("Baseline.ForEachSendToOneRow.\(rowCount)", count: 1_000) { count in
    let store = BaselineStore<IdentifiedArrayOf<BenchmarkRow.State>, Int>(state: rows(rowCount)) {
      rows, id in rows[id: id]?.count += 1
    }
    let middle = rowCount / 2
    return .sync {
      for _ in 0..<count { store.send(middle) }
    }
  }
}

/// A send to the middle element of a navigation stack of `elementCount` elements.
package func stackSendToOneElement(_ elementCount: Int) -> MeasuredOperation {
  MeasuredOperation("Stack.SendToOneElement.\(elementCount)", count: 1_000) { count in
    let path = StackState((0..<elementCount).map { BenchmarkRow.State(id: $0) })
    let store = Store(initialState: BenchmarkStack.State(path: path)) { BenchmarkStack() }
    let middle = store.withState { $0.path.ids[elementCount / 2] }
    store.send(.path(.element(id: middle, action: .increment)))
    return .sync {
      for _ in 0..<count { store.send(.path(.element(id: middle, action: .increment))) }
    }
  }
}
package func baselineStackSendToOneElement(_ elementCount: Int) -> MeasuredOperation {
  MeasuredOperation("Baseline.StackSendToOneElement.\(elementCount)", count: 1_000) { count in
    let store = BaselineStore<[BenchmarkRow.State], Int>(
      state: (0..<elementCount).map { BenchmarkRow.State(id: $0) }
    ) { elements, index in
      elements[index].count += 1
    }
    let middle = elementCount / 2
    return .sync {
      for _ in 0..<count { store.send(middle) }
    }
  }
}

// MARK: - Fresh stores, as TCA's benchmarks measure them

/// The first send to a store of one feature.
package let freshStoreSend = MeasuredOperation("Fresh.Store.Send", count: 1_000) { count in
  let stores = (0..<count).map { _ in nestedRoot(levels: 1) }
  return .sync {
    for store in stores { store.send(.increment) }
  }
}
package let baselineFreshStoreSend = MeasuredOperation("Baseline.Fresh.Store.Send", count: 1_000) {
  count in
  let stores = (0..<count).map { _ in
    BaselineStore(state: PlainNested(depth: 0), reduce: plainNestedReduce)
  }
  return .sync {
    for store in stores { store.send(.increment) }
  }
}

/// Making a store of one feature (TCA's `Store.Scope` with one level: no scope at all).
package let freshStoreScope = MeasuredOperation("Fresh.Store.Scope", count: 1_000) { count in
  var stores: [StoreOf<ObservedNested>] = []
  stores.reserveCapacity(count)
  return .sync {
    for _ in 0..<count { stores.append(nestedRoot(levels: 1)) }
  }
}
/// Only the key path literals `ObservedNested`'s body makes when a new store builds it
/// (`.ifLet(\.$child, action: \.child)`): what Fresh.Store.Scope costs for them whatever the
/// store does (a reference row).
package let bodyKeyPathsAlone = MeasuredOperation("KeyPathsAlone.StoreBody", count: 1_000) {
  count in
  .sync {
    for _ in 0..<count {
      let state: WritableKeyPath<ObservedNested.State, PresentationState<ObservedNested.State>> =
        \.$child
      let action: CaseKeyPath<ObservedNested.Action, PresentationAction<ObservedNested.Action>> =
        \.child
      keep((state, action))
    }
  }
}
package let baselineFreshStoreScope = MeasuredOperation("Baseline.Fresh.Store.Scope", count: 1_000)
{ count in
  var stores: [BaselineStore<PlainNested, ObservedNested.Action>] = []
  stores.reserveCapacity(count)
  return .sync {
    for _ in 0..<count {
      stores.append(BaselineStore(state: PlainNested(depth: 0), reduce: plainNestedReduce))
    }
  }
}

/// The first `store.state` read of a store of one feature.
package let freshStoreAccess = MeasuredOperation("Fresh.Store.Access", count: 1_000) { count in
  let stores = (0..<count).map { _ in nestedRoot(levels: 1) }
  return .sync {
    for store in stores { keep(store.state) }
  }
}
package let baselineFreshStoreAccess = MeasuredOperation(
  "Baseline.Fresh.Store.Access", count: 1_000
) { count in
  let stores = (0..<count).map { _ in
    BaselineStore(state: PlainNested(depth: 0), reduce: plainNestedReduce)
  }
  return .sync {
    for store in stores { keep(store.state) }
  }
}

/// Making a store of `depth` nested features and scoping from it down to the deepest one.
package let freshNestedStoreScope = MeasuredOperation("Fresh.NestedStore.Scope", count: 200) {
  count in
  var stores: [StoreOf<ObservedNested>] = []
  stores.reserveCapacity(count)
  return .sync {
    for _ in 0..<count { stores.append(nestedLeaf(of: nestedRoot(levels: depth), levels: depth)) }
  }
}
/// Only the key path literals Fresh.NestedStore.Scope's call sites make (`nestedLeaf`'s nine
/// scopes): what scoping ten levels down costs whatever the stores do (a reference row).
package let nestedScopeKeyPathsAlone = MeasuredOperation(
  "KeyPathsAlone.NestedScope", count: 200
) { count in
  .sync {
    for _ in 0..<count {
      for _ in 1..<depth {
        let state: KeyPath<ObservedNested.State, ObservedNested.State?> = \.child
        let action: CaseKeyPath<ObservedNested.Action, ObservedNested.Action> = \.child.presented
        keep((state, action))
      }
    }
  }
}
/// Only the state Fresh.NestedStore.Scope's new store starts with (ten levels of
/// `ObservedNested.State`): made by the benchmark, whatever the store does (a reference row).
package let nestedStateAlone = MeasuredOperation("StateAlone.NestedScope", count: 200) { count in
  var states: [ObservedNested.State] = []
  states.reserveCapacity(count)
  return .sync {
    for _ in 0..<count { states.append(ObservedNested.State(depth: depth - 1)) }
  }
}
package let baselineFreshNestedStoreScope = MeasuredOperation(
  "Baseline.Fresh.NestedStore.Scope", count: 200
) {
  count in
  var stores: [BaselineStore<PlainNested, ObservedNested.Action>] = []
  stores.reserveCapacity(count)
  return .sync {
    for _ in 0..<count {
      let store = BaselineStore(state: PlainNested(depth: depth - 1), reduce: plainNestedReduce)
      var state = store.state
      for _ in 1..<depth { state = state.child!.value }
      keep(state)
      stores.append(store)
    }
  }
}

/// Fresh stores of `depth` nested features with the deepest one scoped, for the nested sends.
@MainActor
private func freshNestedStores(_ count: Int) -> [(
  root: StoreOf<ObservedNested>, leaf: StoreOf<ObservedNested>
)] {
  (0..<count).map { _ in
    let root = nestedRoot(levels: depth)
    return (root, nestedLeaf(of: root, levels: depth))
  }
}
@MainActor
private func freshBaselineNestedStores(_ count: Int) -> [BaselineStore<
  PlainNested, ObservedNested.Action
>] {
  (0..<count).map { _ in
    BaselineStore(state: PlainNested(depth: depth - 1), reduce: plainNestedReduce)
  }
}

/// The first send to the deepest of `depth` nested stores.
package let freshNestedStoreSend = MeasuredOperation("Fresh.NestedStore.Send", count: 500) {
  count in
  let stores = freshNestedStores(count)
  return .sync {
    for store in stores { store.leaf.send(.increment) }
  }
}
package let baselineFreshNestedStoreSend = MeasuredOperation(
  "Baseline.Fresh.NestedStore.Send", count: 500
) {
  count in
  let stores = freshBaselineNestedStores(count)
  let action = ObservedNested.Action.nested(depth: depth - 1)
  return .sync {
    for store in stores { store.send(action) }
  }
}

/// The first send to the root of `depth` nested stores, for the root's own counter.
package let freshNestedStoreRootSend = MeasuredOperation("Fresh.NestedStore.RootSend", count: 500) {
  count in
  let stores = freshNestedStores(count)
  return .sync {
    for store in stores { store.root.send(.increment) }
  }
}
package let baselineFreshNestedStoreRootSend = MeasuredOperation(
  "Baseline.Fresh.NestedStore.RootSend", count: 500
) { count in
  let stores = freshBaselineNestedStores(count)
  return .sync {
    for store in stores { store.send(.increment) }
  }
}

/// The first send to the root of `depth` nested stores, for its first child.
package let freshNestedStoreNestedSend = MeasuredOperation(
  "Fresh.NestedStore.NestedSend", count: 500
) { count in
  let stores = freshNestedStores(count)
  return .sync {
    for store in stores { store.root.send(.child(.presented(.increment))) }
  }
}
package let baselineFreshNestedStoreNestedSend = MeasuredOperation(
  "Baseline.Fresh.NestedStore.NestedSend", count: 500
) { count in
  let stores = freshBaselineNestedStores(count)
  let action = ObservedNested.Action.nested(depth: 1)
  return .sync {
    for store in stores { store.send(action) }
  }
}

/// The first `store.state` read of the deepest of `depth` nested stores.
package let freshNestedStoreAccess = MeasuredOperation("Fresh.NestedStore.Access", count: 500) {
  count in
  let stores = freshNestedStores(count)
  return .sync {
    for store in stores { keep(store.leaf.state) }
  }
}
package let baselineFreshNestedStoreAccess = MeasuredOperation(
  "Baseline.Fresh.NestedStore.Access", count: 500
) {
  count in
  let stores = freshBaselineNestedStores(count)
  return .sync {
    for store in stores {
      var state = store.state
      for _ in 1..<depth { state = state.child!.value }
      keep(state)
    }
  }
}
