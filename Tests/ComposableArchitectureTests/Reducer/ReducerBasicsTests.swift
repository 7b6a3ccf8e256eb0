import ComposableArchitecture
import Testing

// MARK: - Fixtures

struct RBasicState: Equatable {
  var log: [String] = []
  var count = 0
}

@CasePathable
enum RBasicAction: Equatable {
  case tap
  case echo
  case fromEffect(Int)
}

/// A reducer that implements both `body` and `reduce(into:action:)`.
private struct RBasicBothImplemented: Reducer {
  typealias State = RBasicState
  typealias Action = RBasicAction
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.log.append("body")
      return .none
    }
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.log.append("reduce")
    return .none
  }
}

/// A reducer that only implements `reduce(into:action:)`.
private struct RBasicReduceOnly: Reducer {
  typealias State = RBasicState
  typealias Action = RBasicAction
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.log.append("reduceOnly:\(action)")
    return action == .tap ? .send(.echo) : .none
  }
}

/// A reducer that only implements `body`.
private struct RBasicBodyOnly: Reducer {
  typealias State = RBasicState
  typealias Action = RBasicAction
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      state.log.append("bodyOnly:\(action)")
      return .none
    }
  }
}

/// A counter with a synchronous and an asynchronous effect, used to compare wrappers with the
/// base.
private struct RBasicCounter: Reducer {
  typealias State = RBasicState
  typealias Action = RBasicAction
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      state.log.append("\(action)")
      switch action {
      case .tap:
        state.count += 1
        return .merge(
          .send(.echo),
          .run { [count = state.count] send in await send(.fromEffect(count * 100)) }
        )
      case .echo:
        return .none
      case let .fromEffect(value):
        state.count += value
        return .none
      }
    }
  }
}

// MARK: - Tests

@MainActor
struct ReducerBasicsTests {
  @Test func reduceImplementationWinsOverBody() {
    let store = Store(initialState: RBasicState()) { RBasicBothImplemented() }
    store.send(.tap)
    #expect(store.withState(\.log) == ["reduce"])
  }

  @Test func reduceOnlyReducerRunsItsLogicAndEffects() {
    let store = Store(initialState: RBasicState()) { RBasicReduceOnly() }
    store.send(.tap)
    #expect(store.withState(\.log) == ["reduceOnly:tap", "reduceOnly:echo"])
  }

  @Test func bodyOnlyReducerRunsItsBody() {
    var state = RBasicState()
    _ = RBasicBodyOnly().reduce(into: &state, action: .tap)
    #expect(state.log == ["bodyOnly:tap"])
  }

  @Test func reduceClosureMutatesStateAndReturnsItsEffect() {
    let store = Store(initialState: RBasicState()) {
      Reduce<RBasicState, RBasicAction> { state, action in
        state.log.append("\(action)")
        return action == .tap ? .send(.echo) : .none
      }
    }
    store.send(.tap)
    #expect(store.withState(\.log) == ["tap", "echo"])
  }

  @Test func reduceErasingAnotherReducerBehavesLikeIt() {
    var erasedState = RBasicState()
    var baseState = RBasicState()
    _ = Reduce(RBasicBothImplemented()).reduce(into: &erasedState, action: .tap)
    _ = RBasicBothImplemented().reduce(into: &baseState, action: .tap)
    #expect(erasedState.log == ["reduce"])
    #expect(erasedState == baseState)
  }

  @Test func reduceErasingAnotherReducerKeepsItsEffects() async {
    let store = Store(initialState: RBasicState()) { Reduce(RBasicCounter()) }
    await store.send(.tap).finish()
    #expect(store.withState(\.log) == ["tap", "echo", "fromEffect(100)"])
    #expect(store.withState(\.count) == 101)
  }

  @Test func combineReducersRunsChildrenInOrderOnTheSameState() {
    var state = RBasicState()
    let reducer = CombineReducers {
      Reduce<RBasicState, RBasicAction> { state, _ in
        state.count += 1
        state.log.append("first:\(state.count)")
        return .none
      }
      Reduce<RBasicState, RBasicAction> { state, _ in
        state.count += 1
        state.log.append("second:\(state.count)")
        return .none
      }
    }
    _ = reducer.reduce(into: &state, action: .tap)
    #expect(state.log == ["first:1", "second:2"])
  }

  @Test func combineReducersMergesEffects() {
    let store = Store(initialState: RBasicState()) {
      CombineReducers {
        Reduce<RBasicState, RBasicAction> { state, action in
          state.log.append("a:\(action)")
          return action == .tap ? .send(.echo) : .none
        }
        Reduce<RBasicState, RBasicAction> { state, action in
          state.log.append("b:\(action)")
          return action == .tap ? .send(.fromEffect(1)) : .none
        }
      }
    }
    store.send(.tap)
    #expect(
      store.withState(\.log) == [
        "a:tap", "b:tap", "a:echo", "b:echo", "a:fromEffect(1)", "b:fromEffect(1)",
      ]
    )
  }

  @Test func emptyReducerLeavesStateUnchanged() {
    var state = RBasicState(log: ["initial"], count: 7)
    _ = EmptyReducer<RBasicState, RBasicAction>().reduce(into: &state, action: .tap)
    #expect(state == RBasicState(log: ["initial"], count: 7))
  }

  @Test func emptyReducerStartsNoEffects() {
    let store = Store(initialState: RBasicState()) { EmptyReducer<RBasicState, RBasicAction>() }
    #expect(store.send(.tap).isCancelled)
    #expect(store.withState { $0 } == RBasicState())
  }

  @Test func nilOptionalReducerDoesNothing() {
    let reducer: RBasicReduceOnly? = nil
    let store = Store(initialState: RBasicState(count: 3)) { reducer }
    store.send(.tap)
    #expect(store.withState { $0 } == RBasicState(count: 3))
  }

  @Test func nonNilOptionalReducerRunsTheWrappedReducer() {
    let reducer: RBasicReduceOnly? = RBasicReduceOnly()
    let store = Store(initialState: RBasicState()) { reducer }
    store.send(.tap)
    #expect(store.withState(\.log) == ["reduceOnly:tap", "reduceOnly:echo"])
  }

  @Test func signpostBehavesExactlyLikeItsBase() async {
    let base = Store(initialState: RBasicState()) { RBasicCounter() }
    let signposted = Store(initialState: RBasicState()) { RBasicCounter().signpost("Counter") }
    await base.send(.tap).finish()
    await signposted.send(.tap).finish()
    #expect(signposted.withState { $0 } == base.withState { $0 })
    #expect(signposted.withState(\.log) == ["tap", "echo", "fromEffect(100)"])
  }
}
