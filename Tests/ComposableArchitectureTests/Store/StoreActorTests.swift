import ComposableArchitecture
import Foundation
import Testing

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

/// An actor of the tests' own, standing for a server's session or a service.
@globalActor
private actor Worker {
  static let shared = Worker()
}

@Reducer
private struct Tally {
  @ObservableState
  struct State: Equatable {
    var log: [Int] = []
    /// A fold of the log that depends on its order.
    var digest = 17
    var child = Child.State()
    @Presents var detail: Child.State?
  }

  enum Action {
    case append(Int)
    case appendLater(Int)
    case appendFromPublisher([Int])
    case appendMany(Int)
    case child(Child.Action)
    case detail(PresentationAction<Child.Action>)
    case present
    case replace
    case startLongLiving
    case stopLongLiving
  }

  enum CancelID { case longLiving }

  /// The actor the reducer must run on, when the test knows it.
  let isolation: (any Actor)?
  /// Told when the long-living effect is cancelled.
  let cancellations: LockIsolated<Int>

  init(isolation: (any Actor)? = nil, cancellations: LockIsolated<Int> = LockIsolated(0)) {
    self.isolation = isolation
    self.cancellations = cancellations
  }

  static func digest(_ digest: Int, appending value: Int) -> Int {
    (digest &* 31 &+ value) % 1_000_003
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Child() }
    Reduce { state, action in
      self.isolation?.preconditionIsolated()
      switch action {
      case let .append(value):
        state.log.append(value)
        state.digest = Self.digest(state.digest, appending: value)
        return .none
      case let .appendLater(value):
        return .run { send in await send(.append(value)) }
      case let .appendFromPublisher(values):
        return .publisher { values.publisher.map(Action.append) }
      case let .appendMany(count):
        return .run { send in
          for value in 0..<count { await send(.append(value)) }
        }
      case .child, .detail:
        return .none
      case .present:
        state.detail = Child.State()
        return .none
      case .replace:
        state = State()
        return .none
      case .startLongLiving:
        let cancellations = self.cancellations
        return .run { _ in
          do {
            try await Task.sleep(for: .seconds(3600))
          } catch {
            cancellations.withValue { $0 += 1 }
          }
        }
        .cancellable(id: CancelID.longLiving)
      case .stopLongLiving:
        return .cancel(id: CancelID.longLiving)
      }
    }
    .ifLet(\.$detail, action: \.detail) { Child() }
  }
}

@Reducer
private struct Child {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }

  enum Action {
    case close
    case increment
  }

  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .close:
        return .run { _ in await self.dismiss() }
      case .increment:
        state.count += 1
        return .none
      }
    }
  }
}

/// Rows of tallies, to scope one store per row.
@Reducer
private struct Roster {
  @ObservableState
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row.State> = [Row.State(id: 1), Row.State(id: 2), Row.State(id: 3)]
  }

  enum Action {
    case removeFirst
    case rows(IdentifiedActionOf<Row>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .removeFirst = action { state.rows.removeFirst() }
      return .none
    }
    .forEach(\.rows, action: \.rows) { Row() }
  }
}

@Reducer
private struct Row {
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

@Suite struct StoreActorTests {
  @Test func theReducerRunsOnTheActorThatMadeTheStore() async {
    let store = await Worker.shared.makeStore()
    await store.send(.append(1))
    await store.send(.appendLater(2)).finish()
    #expect(await store.state.log == [1, 2])
    #expect(await store.withState { $0.log.count } == 2)
  }

  @Test func codeOnTheStoresActorSendsAndReadsWithoutWaiting() async {
    let log = await Worker.shared.sendAndRead()
    #expect(log == [[1], [1, 2]])
  }

  @Test func anActionSentWhileTheStoreIsReducingIsReportedAndProcessedAfter() async {
    var log: [Int] = []
    await withKnownIssue {
      log = await Worker.shared.sendFromAnObserver()
    } matching: { issue in
      issue.description.contains("sent to a store while it was still processing another")
    }
    #expect(log == [1, 2])
  }

  @Test func aStoreMadeWhereNoActorIsRunsOnAnActorOfItsOwn() async {
    let store = await makeNonisolatedStore()
    await store.send(.append(7))
    #expect(await store.log == [7])
  }

  @Test func effectsSendTheirActionsBackInTheOrderTheySentThem() async {
    let store = await makeNonisolatedStore()
    await store.send(.appendMany(200)).finish()
    #expect(await store.state.log == Array(0..<200))
  }

  @Test func publishersSendEveryActionBackInOrderBeforeTheyComplete() async {
    // The publisher completes right after its values: none may be lost as arriving after the
    // end, whichever of the hops to the store's actor comes first.
    for _ in 0..<100 {
      let store = await makeNonisolatedStore()
      await store.send(.appendFromPublisher([3, 1, 2])).finish()
      let log = await store.state.log
      #expect(log == [3, 1, 2])
      if log != [3, 1, 2] { break }
    }
  }

  @Test func cancellingAnIDCancelsTheEffect() async {
    let cancellations = LockIsolated(0)
    let store = await makeNonisolatedStore(cancellations: cancellations)
    let task = await store.send(.startLongLiving)
    #expect(cancellations.value == 0)
    await store.send(.stopLongLiving)
    await task.finish()
    #expect(cancellations.value == 1)
  }

  @Test func aStoreThatGoesAwayCancelsItsEffects() async throws {
    let cancellations = LockIsolated(0)
    var store: StoreActor<Tally.State, Tally.Action>? = await makeNonisolatedStore(
      cancellations: cancellations
    )
    await store?.send(.startLongLiving)
    weak let weakStore = store
    store = nil
    #expect(weakStore == nil)
    for _ in 0..<500 where cancellations.value == 0 {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(cancellations.value == 1)
  }

  @Test func scopedStoresRunTheirParentsFeatureAndAreCached() async {
    let store = await makeNonisolatedStore()
    let child = await store.scope(state: \.child, action: \.child)
    let again = await store.scope(state: \.child, action: \.child)
    #expect(child === again)
    await child.send(.increment)
    await child.send(.increment)
    #expect(await child.state.count == 2)
    #expect(await store.state.child.count == 2)
  }

  @Test func anOptionalChildsStoreExistsWhileItsStateDoesAndDismissesItself() async throws {
    let store = await makeNonisolatedStore()
    #expect(await store.scope(state: \.detail, action: \.detail.presented) == nil)
    await store.send(.present)
    let detail = try #require(await store.scope(state: \.detail, action: \.detail.presented))
    await detail.send(.increment)
    #expect(await store.state.detail?.count == 1)
    await detail.send(.close).finish()
    for _ in 0..<500 where await store.state.detail != nil {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(await store.state.detail == nil)
    #expect(await store.scope(state: \.detail, action: \.detail.presented) == nil)
  }

  @Test func anIdentifiedArraysElementsEachGetACachedStoreOnTheSameActor() async {
    let store = StoreActor(initialState: Roster.State()) { Roster() }
    let rows = await store.scope(state: \.rows, action: \.rows)
    #expect(rows.count == 3)
    let second = rows[1]
    #expect(second === (await store.scope(state: \.rows, action: \.rows))[1])
    await second.send(.increment)
    await second.send(.increment)
    #expect(await second.state.count == 2)
    #expect(await store.state.rows.map(\.count) == [0, 2, 0])
    await store.send(.removeFirst)
    let remaining = await store.scope(state: \.rows, action: \.rows)
    #expect(remaining.count == 2)
    // The row keeps its store, by ID, wherever it now is.
    #expect(remaining[0] === second)
  }

  @Test func readersOfAPropertyHearOfItsChangeAndOfAReplacedState() async {
    let changes = await Worker.shared.observe()
    #expect(changes == ["log changed", "state replaced"])
  }

  @Test func tenThousandSendsFromManyTasksFoldAsTheStoreTookThem() async {
    let store = await makeNonisolatedStore()
    let tasks = 10
    let sendsPerTask = 1_000
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<tasks {
        group.addTask {
          for index in 0..<sendsPerTask {
            await store.send(.append(task * sendsPerTask + index))
          }
        }
      }
    }
    let state = await store.state
    #expect(state.log.count == tasks * sendsPerTask)
    #expect(Set(state.log).count == tasks * sendsPerTask)
    #expect(state.digest == state.log.reduce(17, Tally.digest(_:appending:)))
    // Each task's sends were taken in the order it made them.
    for task in 0..<tasks {
      let sent = state.log.filter { $0 / sendsPerTask == task }
      #expect(sent == sent.sorted())
    }
  }

  @Test @MainActor func aStoreMadeOnTheMainActorRunsThere() async {
    let store = StoreActor(initialState: Tally.State()) {
      Tally(isolation: MainActor.shared)
    }
    await store.send(.appendLater(5)).finish()
    #expect(await store.state.log == [5])
  }
}

extension Worker {
  fileprivate func makeStore() -> StoreActor<Tally.State, Tally.Action> {
    let tally = Tally(isolation: self)
    return StoreActor(initialState: Tally.State()) { tally }
  }

  fileprivate func sendAndRead() -> [[Int]] {
    let store = self.makeStore()
    return store.assumeIsolated { store in
      var seen: [[Int]] = []
      store.send(.append(1))
      seen.append(store.log)
      store.send(.append(2))
      seen.append(store.state.log)
      return seen
    }
  }

  /// Sends from an observer the store tells of its change, while the store is still reducing.
  fileprivate func sendFromAnObserver() -> [Int] {
    let actorStore = self.makeStore()
    return actorStore.assumeIsolated { store in
      withObservationTracking {
        _ = store.log
      } onChange: {
        // Called as the log changes, inside the store's send.
        actorStore.assumeIsolated { _ = $0.send(.append(2)) }
      }
      store.send(.append(1))
      return store.log
    }
  }

  fileprivate func observe() -> [String] {
    let store = self.makeStore()
    let changes = LockIsolated<[String]>([])
    store.assumeIsolated { store in
      withObservationTracking {
        _ = store.log
      } onChange: {
        changes.withValue { $0.append("log changed") }
      }
      store.send(.append(1))
      withObservationTracking {
        _ = store.state
      } onChange: {
        changes.withValue { $0.append("state replaced") }
      }
      store.send(.replace)
    }
    return changes.value
  }
}

private func makeNonisolatedStore(
  cancellations: LockIsolated<Int> = LockIsolated(0)
) async -> StoreActor<Tally.State, Tally.Action> {
  StoreActor(initialState: Tally.State()) {
    Tally(cancellations: cancellations)
  }
}

// MARK: - Stores on executors of their own

/// A serial executor that runs its jobs on a dispatch queue of its own, as an event loop runs a
/// server's connections.
private final class QueueExecutor: SerialExecutor {
  let queue: DispatchQueue
  private let key = DispatchSpecificKey<Bool>()

  init(label: String) {
    self.queue = DispatchQueue(label: label)
    self.queue.setSpecific(key: self.key, value: true)
  }

  var isCurrent: Bool { DispatchQueue.getSpecific(key: self.key) == true }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = self.asUnownedSerialExecutor()
    self.queue.async { job.runSynchronously(on: executor) }
  }
}

/// An actor whose executor is a `QueueExecutor`: a session's, say.
private actor QueueActor {
  let executor: QueueExecutor

  init(label: String) {
    self.executor = QueueExecutor(label: label)
  }

  nonisolated var unownedExecutor: UnownedSerialExecutor {
    self.executor.asUnownedSerialExecutor()
  }

  func makeStore(
    _ reducer: @escaping @Sendable (inout Int, Int) -> Void
  ) -> StoreActor<Int, Int> {
    StoreActor(initialState: 0, isolation: self) {
      Reduce { state, action in
        reducer(&state, action)
        return .none
      }
    }
  }
}

@Suite struct StoreActorExecutorTests {
  @Test func aStoreMadeOnAnActorWithAnExecutorOfItsOwnReducesOnThatExecutor() async {
    let actor = QueueActor(label: "session")
    let executor = actor.executor
    let onExecutor = LockIsolated<[Bool]>([])
    let store = await actor.makeStore { state, action in
      onExecutor.withValue { $0.append(executor.isCurrent) }
      state += action
    }
    await store.send(1)
    await store.send(2)
    #expect(await store.state == 3)
    #expect(onExecutor.value == [true, true])
  }

  @Test func storesOnDifferentExecutorsReduceAtTheSameTime() async {
    // Each reducer waits inside its reduce for the other to be inside its own: only stores that
    // run in parallel get through without timing out.
    let first = QueueActor(label: "first")
    let second = QueueActor(label: "second")
    let firstEntered = DispatchSemaphore(value: 0)
    let secondEntered = DispatchSemaphore(value: 0)
    let timedOut = LockIsolated(false)
    let firstStore = await first.makeStore { state, _ in
      firstEntered.signal()
      if secondEntered.wait(timeout: .now() + 5) == .timedOut { timedOut.setValue(true) }
      state += 1
    }
    let secondStore = await second.makeStore { state, _ in
      secondEntered.signal()
      if firstEntered.wait(timeout: .now() + 5) == .timedOut { timedOut.setValue(true) }
      state += 1
    }
    async let a: Void = { _ = await firstStore.send(1) }()
    async let b: Void = { _ = await secondStore.send(1) }()
    _ = await (a, b)
    #expect(!timedOut.value)
    #expect(await firstStore.state == 1)
    #expect(await secondStore.state == 1)
  }
}

// MARK: - Shared state between stores on different executors

@Reducer
private struct SharedTally {
  @ObservableState
  struct State: Equatable {
    @Shared(.inMemory("storeActorSharedTally")) var count = 0
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

extension QueueActor {
  fileprivate func makeSharedTally() -> StoreActor<SharedTally.State, SharedTally.Action> {
    StoreActor(initialState: SharedTally.State(), isolation: self) { SharedTally() }
  }

  /// Starts observing `count` through `store` (on this actor), telling `changed` of a change.
  fileprivate func observeCount(
    of store: StoreActor<SharedTally.State, SharedTally.Action>,
    changed: LockIsolated<Int>
  ) {
    store.assumeIsolated { store in
      withObservationTracking {
        _ = store.count
      } onChange: {
        changed.withValue { $0 += 1 }
      }
    }
  }
}

extension StoreActorExecutorTests {
  @Test func sharedStateStaysConsistentBetweenStoresOnDifferentExecutors() async {
    let first = QueueActor(label: "first")
    let second = QueueActor(label: "second")
    let firstStore = await first.makeSharedTally()
    let secondStore = await second.makeSharedTally()
    let changed = LockIsolated(0)
    await first.observeCount(of: firstStore, changed: changed)

    await withTaskGroup(of: Void.self) { group in
      for store in [firstStore, secondStore] {
        group.addTask {
          for _ in 0..<1_000 { await store.send(.increment) }
        }
      }
    }
    #expect(await firstStore.count == 2_000)
    #expect(await secondStore.count == 2_000)
    // The first store's reader heard of a change, whichever store made it.
    #expect(changed.value == 1)
  }

  @Test func aReaderThroughOneStoreHearsOfAChangeMadeThroughAnother() async {
    let first = QueueActor(label: "first")
    let second = QueueActor(label: "second")
    let firstStore = await first.makeSharedTally()
    let secondStore = await second.makeSharedTally()
    let changed = LockIsolated(0)
    await first.observeCount(of: firstStore, changed: changed)
    await secondStore.send(.increment)
    #expect(changed.value == 1)
    let counts = (await firstStore.count, await secondStore.count)
    #expect(counts.0 == 1)
    #expect(counts.1 == 1)
  }
}
