import ComposableArchitecture
import Testing

@Reducer
struct Scoreboard {
  @ObservableState
  struct State: Equatable {
    var home = 0
    var away = 0
    var period = Period()
  }

  @ObservableState
  struct Period: Equatable {
    var number = 1
  }

  enum Action {
    case homeScored
    case awayScored
    case nextPeriod
    case newGame
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .homeScored:
        state.home += 1
        return .none
      case .awayScored:
        state.away += 1
        return .none
      case .nextPeriod:
        state.period.number += 1
        return .none
      case .newGame:
        state = State()
        return .none
      }
    }
  }
}

@MainActor
@Suite("withPerceptionTracking")
struct PerceptionTrackingTests {
  /// Tracks `apply` once and counts the notifications it gets.
  private func perceive(_ apply: () -> Void) -> LockIsolated<Int> {
    let changes = LockIsolated(0)
    withPerceptionTracking(apply) {
      changes.withValue { $0 += 1 }
    }
    return changes
  }

  @Test func aStoreReaderIsNotifiedWhenWhatItReadChanges() {
    let store = Store(initialState: Scoreboard.State()) { Scoreboard() }
    let home = perceive { _ = store.home }
    store.send(.homeScored)
    #expect(home.value == 1)
    #expect(store.home == 1)
  }

  @Test func aStoreReaderIsNotNotifiedWhenSomethingElseChanges() {
    let store = Store(initialState: Scoreboard.State()) { Scoreboard() }
    let home = perceive { _ = store.home }
    store.send(.awayScored)
    store.send(.nextPeriod)
    #expect(home.value == 0)
    #expect(store.away == 1)
  }

  @Test func nestedStateIsPerceivedThroughTheStore() {
    let store = Store(initialState: Scoreboard.State()) { Scoreboard() }
    let period = perceive { _ = store.period.number }
    store.send(.nextPeriod)
    #expect(period.value == 1)
  }

  @Test func replacingTheWholeStateNotifiesEveryReader() {
    let store = Store(initialState: Scoreboard.State()) { Scoreboard() }
    let away = perceive { _ = store.away }
    store.send(.newGame)
    #expect(away.value == 1)
  }

  @Test func stateValuesArePerceivedOutsideAStore() {
    var state = Scoreboard.State()
    let home = perceive { _ = state.home }
    state.away += 1
    #expect(home.value == 0)
    state.home += 1
    #expect(home.value == 1)
  }

  @Test func returnsWhatApplyReturns() {
    let store = Store(initialState: Scoreboard.State(home: 3)) { Scoreboard() }
    let home = withPerceptionTracking {
      store.home
    } onChange: {
    }
    #expect(home == 3)
  }

  @Test func applyRunsInsidePerceptionTracking() {
    #expect(!_PerceptionLocals.isInPerceptionTracking)
    let inside = withPerceptionTracking {
      _PerceptionLocals.isInPerceptionTracking
    } onChange: {
    }
    #expect(inside)
    #expect(!_PerceptionLocals.isInPerceptionTracking)
  }

  @Test func skipPerceptionCheckingIsATaskLocal() {
    #expect(!_PerceptionLocals.skipPerceptionChecking)
    _PerceptionLocals.$skipPerceptionChecking.withValue(true) {
      #expect(_PerceptionLocals.skipPerceptionChecking)
    }
    #expect(!_PerceptionLocals.skipPerceptionChecking)
  }

  @Test func storesAndObservableStateArePerceptible() {
    func perceptible<T: Perceptible>(_: T.Type) -> Bool { true }
    #expect(perceptible(StoreOf<Scoreboard>.self))
    #expect(perceptible(Scoreboard.State.self))
  }

  @Test func qualifiedNamesResolveAsInTCA() {
    func perceptible<T: Perception.Perceptible>(_: T.Type) -> Bool { true }
    #expect(perceptible(Scoreboard.State.self))
    let registrar = Perception.PerceptionRegistrar()
    #expect(registrar == PerceptionRegistrar())
  }
}
