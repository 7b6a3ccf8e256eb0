import ComposableArchitecture
import Testing

/// How many times the bodies below were built, per reducer.
private let bodyBuilds = LockIsolated<[String: Int]>([:])

@Reducer
private struct BodyCountingThermostat {
  @ObservableState
  struct State: Equatable {
    var degrees = 18
  }

  enum Action {
    case warmer
    case cooler
  }

  let label: String

  var body: some ReducerOf<Self> {
    let _ = bodyBuilds.withValue { $0[self.label, default: 0] += 1 }
    Reduce { state, action in
      switch action {
      case .warmer:
        state.degrees += 1
      case .cooler:
        state.degrees -= 1
      }
      return .none
    }
  }
}

/// A reducer written without the macro that has both a `reduce(into:action:)` and a `body`: its
/// own `reduce` is what runs, as the protocol promises.
private struct HandWrittenBodyCountingThermostat: Reducer {
  typealias State = Int
  typealias Action = Bool

  let label: String

  func reduce(into state: inout Int, action: Bool) -> Effect<Bool> {
    state += action ? 10 : -10
    return .none
  }

  var body: some ReducerOf<Self> {
    let _ = bodyBuilds.withValue { $0[self.label, default: 0] += 1 }
    Reduce { state, action in
      state += action ? 1 : -1
      return .none
    }
  }
}

@MainActor
struct StoreReducerBodyTests {
  @Test func aStoreBuildsTheBodyOfAMacroReducerOnceForAllItsActions() {
    let store = Store(initialState: BodyCountingThermostat.State()) {
      BodyCountingThermostat(label: "once")
    }
    store.send(.warmer)
    store.send(.warmer)
    store.send(.cooler)
    #expect(store.degrees == 19)
    #expect(bodyBuilds.value["once"] == 1)
  }

  @Test func eachStoreBuildsItsOwnBody() {
    let first = Store(initialState: BodyCountingThermostat.State()) { BodyCountingThermostat(label: "each") }
    let second = Store(initialState: BodyCountingThermostat.State()) { BodyCountingThermostat(label: "each") }
    first.send(.warmer)
    second.send(.cooler)
    #expect(first.degrees == 19)
    #expect(second.degrees == 17)
    #expect(bodyBuilds.value["each"] == 2)
  }

  @Test func aReducerWithItsOwnReduceRunsItAndNeverBuildsItsBody() {
    let store = Store(initialState: 0) { HandWrittenBodyCountingThermostat(label: "hand-written") }
    store.send(true)
    store.send(true)
    #expect(store.withState { $0 } == 20)
    #expect(bodyBuilds.value["hand-written"] == nil)
  }
}
