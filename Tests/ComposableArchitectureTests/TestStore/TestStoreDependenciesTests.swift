import ComposableArchitecture
import Testing

private struct TSNumberClient: Sendable {
  var fetch: @Sendable () -> Int
}

extension TSNumberClient: DependencyKey {
  static let liveValue = TSNumberClient { 0 }
  static let testValue = TSNumberClient { 1 }
}

extension DependencyValues {
  fileprivate var tsNumber: TSNumberClient {
    get { self[TSNumberClient.self] }
    set { self[TSNumberClient.self] = newValue }
  }
}

private struct TSDepsError: Error {}

private struct TSDepsFeature: Reducer {
  struct State: Equatable {
    var number = 0
  }

  @CasePathable
  enum Action: Equatable {
    case readNow
    case fetch
    case fetchAfterDelay
    case fetched(Int)
  }

  @Dependency(\.tsNumber) var tsNumber
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .readNow:
        state.number = self.tsNumber.fetch()
        return .none
      case .fetch:
        return .run { send in await send(.fetched(self.tsNumber.fetch())) }
      case .fetchAfterDelay:
        return .run { send in
          try await self.clock.sleep(for: .seconds(1))
          await send(.fetched(self.tsNumber.fetch()))
        }
      case let .fetched(number):
        state.number = number
        return .none
      }
    }
  }
}

@MainActor
struct TestStoreDependenciesTests {
  private func makeStore(number: Int = 42) -> TestStoreOf<TSDepsFeature> {
    TestStore(initialState: TSDepsFeature.State()) {
      TSDepsFeature()
    } withDependencies: {
      $0.tsNumber.fetch = { number }
    }
  }

  @Test func reducerUsesTheTestValueWithoutOverride() async {
    let store = TestStore(initialState: TSDepsFeature.State()) { TSDepsFeature() }
    await store.send(.readNow) { $0.number = 1 }
  }

  @Test func initOverrideReachesTheReducer() async {
    let store = makeStore(number: 42)
    await store.send(.readNow) { $0.number = 42 }
  }

  @Test func initOverrideReachesEffects() async {
    let store = makeStore(number: 42)
    await store.send(.fetch)
    await store.receive(.fetched(42)) { $0.number = 42 }
  }

  @Test func dependenciesPropertyReadsTheOverride() {
    let store = makeStore(number: 42)
    #expect(store.dependencies.tsNumber.fetch() == 42)
  }

  @Test func modifyingDependenciesMidTestAffectsLaterEffects() async {
    let store = makeStore(number: 42)
    await store.send(.fetch)
    await store.receive(.fetched(42)) { $0.number = 42 }
    store.dependencies.tsNumber.fetch = { 7 }
    await store.send(.fetch)
    await store.receive(.fetched(7)) { $0.number = 7 }
  }

  @Test func modifyingDependenciesMidTestAffectsLaterActions() async {
    let store = makeStore(number: 42)
    store.dependencies.tsNumber.fetch = { 7 }
    await store.send(.readNow) { $0.number = 7 }
  }

  @Test func runningEffectKeepsTheDependenciesItStartedWith() async {
    let clock = TestClock()
    let store = makeStore(number: 42)
    store.dependencies.continuousClock = clock
    await store.send(.fetchAfterDelay)
    store.dependencies.tsNumber.fetch = { 7 }
    await clock.advance(by: .seconds(1))
    await store.receive(.fetched(42)) { $0.number = 42 }
  }

  @Test func synchronousWithDependenciesOverridesOnlyDuringTheOperation() {
    let store = makeStore(number: 42)
    let inside = store.withDependencies {
      $0.tsNumber.fetch = { 99 }
    } operation: {
      store.dependencies.tsNumber.fetch()
    }
    #expect(inside == 99)
    #expect(store.dependencies.tsNumber.fetch() == 42)
  }

  @Test func synchronousWithDependenciesRestoresWhenTheOperationThrows() {
    let store = makeStore(number: 42)
    #expect(throws: TSDepsError.self) {
      try store.withDependencies {
        $0.tsNumber.fetch = { 99 }
      } operation: {
        throw TSDepsError()
      }
    }
    #expect(store.dependencies.tsNumber.fetch() == 42)
  }

  @Test func asyncWithDependenciesReachesEffectsThenRestores() async {
    let store = makeStore(number: 42)
    await store.withDependencies {
      $0.tsNumber.fetch = { 99 }
    } operation: {
      await store.send(.fetch)
      await store.receive(.fetched(99)) { $0.number = 99 }
    }
    await store.send(.fetch)
    await store.receive(.fetched(42)) { $0.number = 42 }
  }

  @Test func assertionClosureRunsWithTheStoreDependencies() async {
    let store = makeStore(number: 42)
    await store.send(.readNow) {
      @Dependency(\.tsNumber) var tsNumber
      $0.number = tsNumber.fetch()
    }
    #expect(store.state.number == 42)
  }

  @Test func testClockDependencyControlsWhenTheEffectFinishes() async {
    let clock = TestClock()
    let store = makeStore(number: 42)
    store.dependencies.continuousClock = clock
    await store.send(.fetchAfterDelay)
    await clock.advance(by: .milliseconds(999))
    await withKnownIssue {
      await store.receive(.fetched(42), timeout: .milliseconds(50))
    } matching: { $0.description.contains("Effects are still running.") }
    await clock.advance(by: .milliseconds(1))
    await store.receive(.fetched(42)) { $0.number = 42 }
  }

  @Test func immediateClockLetsTheEffectFinishAtOnce() async {
    let store = makeStore(number: 42)
    store.dependencies.continuousClock = ImmediateClock()
    await store.send(.fetchAfterDelay)
    await store.receive(.fetched(42)) { $0.number = 42 }
  }

  @Test func storeTurnsOnTheMainSerialExecutorWhileAlive() {
    let store = makeStore()
    #expect(store.useMainSerialExecutor)
  }
}
