import ComposableArchitecture
import Testing
@_spi(Testing) import ComposableArchitectureTestSupport

// MARK: - Fixtures

struct StoreLifetimeFeature: Reducer {
  struct State: Equatable {
    var child = StoreLifetimeChild.State()
    var count = 0
  }
  @CasePathable
  enum Action: Equatable {
    case child(StoreLifetimeChild.Action)
    case increment
    case startLongEffect
    case longEffectFinished
  }

  let clock: TestClock<Duration>
  let started: LockIsolated<Bool>
  let cancelled: LockIsolated<Bool>

  init(
    clock: TestClock<Duration> = TestClock(),
    started: LockIsolated<Bool> = LockIsolated(false),
    cancelled: LockIsolated<Bool> = LockIsolated(false)
  ) {
    self.clock = clock
    self.started = started
    self.cancelled = cancelled
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { StoreLifetimeChild() }
    Reduce { state, action in
      switch action {
      case .child:
        return .none
      case .increment:
        state.count += 1
        return .none
      case .startLongEffect:
        return .run { [clock, started, cancelled] send in
          started.setValue(true)
          await withTaskCancellationHandler {
            do {
              try await clock.sleep(for: .seconds(60))
              await send(.longEffectFinished)
            } catch {}
          } onCancel: {
            cancelled.setValue(true)
          }
        }
      case .longEffectFinished:
        state.count = -1
        return .none
      }
    }
  }
}

struct StoreLifetimeChild: Reducer {
  struct State: Equatable {
    var count = 0
  }
  @CasePathable
  enum Action: Equatable {
    case increment
  }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

// MARK: - Tests

@MainActor
struct StoreLifetimeTests {
  @Test func rootStoreIsDeallocatedWhenReleased() {
    weak var weakStore: StoreOf<StoreLifetimeFeature>?
    do {
      let store = Store(initialState: StoreLifetimeFeature.State()) { StoreLifetimeFeature() }
      store.send(.increment)
      weakStore = store
      #expect(weakStore != nil)
    }
    #expect(weakStore == nil)
  }

  @Test func scopedStoresAreDeallocatedWithTheRoot() {
    weak var weakStore: StoreOf<StoreLifetimeFeature>?
    weak var weakChild: StoreOf<StoreLifetimeChild>?
    do {
      let store = Store(initialState: StoreLifetimeFeature.State()) { StoreLifetimeFeature() }
      let child = store.scope(state: \.child, action: \.child)
      child.send(.increment)
      weakStore = store
      weakChild = child
      #expect(weakChild != nil)
    }
    #expect(weakStore == nil)
    #expect(weakChild == nil)
  }

  @Test func inFlightEffectDoesNotKeepTheStoreAlive() async {
    let started = LockIsolated(false)
    weak var weakStore: StoreOf<StoreLifetimeFeature>?
    let task: StoreTask
    do {
      let store = Store(initialState: StoreLifetimeFeature.State()) {
        StoreLifetimeFeature(started: started)
      }
      task = store.send(.startLongEffect)
      await eventually { started.value }
      #expect(started.value)
      weakStore = store
    }
    #expect(weakStore == nil)
    task.cancel()
    await task.finish()
  }

  @Test func releasingTheRootStoreCancelsItsInFlightEffects() async {
    let started = LockIsolated(false)
    let cancelled = LockIsolated(false)
    let task: StoreTask
    do {
      let store = Store(initialState: StoreLifetimeFeature.State()) {
        StoreLifetimeFeature(started: started, cancelled: cancelled)
      }
      task = store.send(.startLongEffect)
      await eventually { started.value }
      #expect(started.value)
      #expect(!cancelled.value)
      withExtendedLifetime(store) {}
    }
    await task.finish()
    #expect(cancelled.value)
  }

  @Test func releasingTheRootStoreCancelsEffectsThatHaveNotStartedYet() async {
    let started = LockIsolated(false)
    let cancelled = LockIsolated(false)
    let task: StoreTask
    do {
      let store = Store(initialState: StoreLifetimeFeature.State()) {
        StoreLifetimeFeature(started: started, cancelled: cancelled)
      }
      task = store.send(.startLongEffect)
    }
    await task.finish()
    #expect(cancelled.value)
  }

  @Test func childStoreKeepsWorkingAfterTheRootStoreIsReleased() {
    let child: StoreOf<StoreLifetimeChild>
    do {
      let store = Store(initialState: StoreLifetimeFeature.State()) { StoreLifetimeFeature() }
      child = store.scope(state: \.child, action: \.child)
    }
    child.send(.increment)
    #expect(child.withState(\.count) == 1)
  }
}
