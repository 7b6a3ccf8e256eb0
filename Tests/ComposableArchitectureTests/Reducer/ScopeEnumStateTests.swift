import ComposableArchitecture
import Testing

// An app whose root state is an enum, with a child scoped to one case by a case key path, as
// TCA 1.4–1.7 code wrote before `@Reducer enum`.
@Reducer
struct EnumScopedTimer {
  @ObservableState
  struct State: Equatable {
    var seconds = 0
  }
  enum Action: Equatable {
    case tick
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      state.seconds += 1
      return .none
    }
  }
}

@Reducer
struct EnumScopedApp {
  @ObservableState
  @CasePathable
  @dynamicMemberLookup
  enum State: Equatable {
    case running(EnumScopedTimer.State)
    case stopped
  }
  enum Action: Equatable {
    case running(EnumScopedTimer.Action)
    case stop
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.running, action: \.running) {
      EnumScopedTimer()
    }
    Reduce { state, action in
      if case .stop = action {
        state = .stopped
      }
      return .none
    }
  }
}

// The same without observation or dynamic member lookup on the state.
@Reducer
struct EnumScopedPlainApp {
  @CasePathable
  enum State: Equatable {
    case running(EnumScopedTimer.State)
    case stopped
  }
  enum Action: Equatable {
    case running(EnumScopedTimer.Action)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.running, action: \.running) {
      EnumScopedTimer()
    }
  }
}

@MainActor
@Suite("Scope(state:action:) into a case of enum state")
struct ScopeEnumStateTests {
  @Test func runsTheChildInItsCaseAndEmbedsItBack() async {
    let store = TestStore(initialState: EnumScopedApp.State.running(.init())) { EnumScopedApp() }
    await store.send(.running(.tick)) { $0 = .running(.init(seconds: 1)) }
    await store.send(.stop) { $0 = .stopped }
  }

  @Test func reportsAChildActionInAnotherCase() async {
    let store = TestStore(initialState: EnumScopedApp.State.stopped) { EnumScopedApp() }
    await withKnownIssue {
      await store.send(.running(.tick))
    } matching: {
      $0.description.contains(#"A "Scope" at "#)
    }
  }

  @Test func worksForEnumStateWithoutObservation() async {
    let store = TestStore(initialState: EnumScopedPlainApp.State.running(.init(seconds: 3))) {
      EnumScopedPlainApp()
    }
    await store.send(.running(.tick)) { $0 = .running(.init(seconds: 4)) }
  }
}
