import ComposableArchitecture
import Testing

// Seed 002: the philosophy of TCA with `ReducerProtocol`: a counter reducer with
// `reduce(into:action:) -> EffectTask<Action>`, `Store(initialState:reducer:)`, `StoreOf<R>`,
// `store.scope(state:action:)` of an app state holding two counters, `ViewStore` sends and
// reads, `_printChanges()`, and `TestStore(initialState:reducer:)` with synchronous and async
// sends.

public struct Seed002CounterReducer: ReducerProtocol {
  public struct State: Equatable {
    var count = 0
  }

  public enum Action: Equatable, Sendable {
    case increment
    case decrement
  }

  public func reduce(into state: inout State, action: Action) -> EffectTask<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .decrement:
      state.count -= 1
      return .none
    }
  }
}

/// The article's variant that feeds an action back with `.send(_:)`.
struct Seed002ColorCounterReducer: ReducerProtocol {
  enum Color: Equatable, Sendable {
    case black
    case red
  }

  struct State: Equatable {
    var count = 0
    var color = Color.black
  }

  enum Action: Equatable, Sendable {
    case increment
    case decrement
    case changeCountColor(Int)
  }

  func reduce(into state: inout State, action: Action) -> EffectTask<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .send(.changeCountColor(state.count))
    case .decrement:
      state.count -= 1
      return .send(.changeCountColor(state.count))
    case let .changeCountColor(count):
      state.color = count < 0 ? .red : .black
      return .none
    }
  }
}

struct Seed002AppState: Equatable {
  var counter1 = Seed002CounterReducer.State()
  var counter2 = Seed002CounterReducer.State()
}

@CasePathable
enum Seed002AppAction: Equatable, Sendable {
  case counter1(Seed002CounterReducer.Action)
  case counter2(Seed002CounterReducer.Action)
}

struct Seed002AppReducer: ReducerProtocol {
  typealias State = Seed002AppState
  typealias Action = Seed002AppAction

  var body: some ReducerProtocolOf<Self> {
    Scope(state: \.counter1, action: \.counter1) {
      Seed002CounterReducer()
    }
    Scope(state: \.counter2, action: \.counter2) {
      Seed002CounterReducer()
    }
  }
}

/// The same app as a closure reducer with no environment, for `Store(initialState:reducer:)`.
let seed002AppReducer: AnyReducer<Seed002AppState, Seed002AppAction, Void> =
  .combine(
    AnyReducer<Seed002CounterReducer.State, Seed002CounterReducer.Action, Void> { _ in
      Seed002CounterReducer()
    }
    .pullback(state: \.counter1, action: /Seed002AppAction.counter1, environment: { _ in () }),
    AnyReducer<Seed002CounterReducer.State, Seed002CounterReducer.Action, Void> { _ in
      Seed002CounterReducer()
    }
    .pullback(state: \.counter2, action: /Seed002AppAction.counter2, environment: { _ in () })
  )

@MainActor
@Suite("Seed 002: ReducerProtocol, Store, ViewStore, TestStore")
struct Seed002ReducerProtocolTests {
  @Test func testCounterIncrement() throws {
    let store = TestStore(initialState: Seed002CounterReducer.State(), reducer: Seed002CounterReducer())
    store.send(.increment) { state in
      state.count += 1
    }
    store.send(.increment) { state in
      state.count += 1
    }
    store.send(.decrement) { state in
      state.count -= 1
    }
    #expect(store.state.count == 1)
  }

  @Test func counterIncrementsAndDecrements() async {
    let store = TestStore(initialState: Seed002CounterReducer.State(), reducer: Seed002CounterReducer())
    await store.send(.increment) { $0.count += 1 }
    await store.send(.decrement) { $0.count -= 1 }
    await store.send(.decrement) { $0.count = -1 }
    #expect(store.state.count == -1)
  }

  @Test func sendEffectFeedsTheColorChangeBack() async {
    let store = TestStore(
      initialState: Seed002ColorCounterReducer.State(), reducer: Seed002ColorCounterReducer()
    )
    await store.send(.decrement) { $0.count = -1 }
    await store.receive(.changeCountColor(-1)) { $0.color = .red }
    await store.send(.increment) { $0.count = 0 }
    await store.receive(.changeCountColor(0)) { $0.color = .black }
  }

  @Test func storeAndViewStoreAreIndependentOfTheUI() {
    let store: StoreOf<Seed002CounterReducer> = .init(
      initialState: .init(), reducer: Seed002CounterReducer()
    )
    let viewStore = ViewStore(store, observe: { $0 })
    viewStore.send(.increment)
    viewStore.send(.increment)
    #expect(viewStore.count == 2)
    viewStore.send(.decrement)
    #expect(viewStore.count == 1)
    #expect(store.withState(\.count) == 1)
  }

  @Test func scopingSlicesTheAppStateForEachCounter() {
    let store: Store<Seed002AppState, Seed002AppAction> = Store(
      initialState: Seed002AppState(), reducer: Seed002AppReducer()
    )
    let counter1Store = store.scope(state: \.counter1, action: Seed002AppAction.counter1)
    let counter1 = ViewStore(counter1Store, observe: { $0 })
    let counter2 = ViewStore(
      store.scope(state: \.counter2, action: \.counter2), observe: { $0 }
    )

    counter1.send(.increment)
    counter1.send(.increment)
    counter2.send(.decrement)

    #expect(counter1.count == 2)
    #expect(counter2.count == -1)
    #expect(store.withState(\.counter1.count) == 2)
    #expect(store.withState(\.counter2.count) == -1)
  }

  @Test func closureAppReducerRunsInAStoreWithoutAnEnvironment() {
    let store = Store(initialState: Seed002AppState(), reducer: seed002AppReducer)
    let counter2 = ViewStore(
      store.scope(state: \.counter2, action: Seed002AppAction.counter2), observe: { $0 }
    )
    counter2.send(.increment)
    store.send(.counter1(.decrement))
    #expect(counter2.count == 1)
    #expect(store.withState(\.counter1.count) == -1)
    #expect(store.withState(\.counter2.count) == 1)
  }

  @Test func printChangesKeepsTheReducersBehaviour() async {
    let store = Store(
      initialState: Seed002CounterReducer.State(),
      reducer: Seed002CounterReducer()._printChanges()
    )
    store.send(.increment)
    store.send(.increment)
    #expect(store.withState(\.count) == 2)

    let testStore = TestStore(
      initialState: Seed002CounterReducer.State(), reducer: Seed002CounterReducer()._printChanges()
    )
    await testStore.send(.decrement) { $0.count = -1 }
  }
}
