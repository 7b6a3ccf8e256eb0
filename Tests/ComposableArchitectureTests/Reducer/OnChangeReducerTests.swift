import ComposableArchitecture
import Testing

struct SearchFeature: Reducer {
  struct State: Equatable {
    var query = ""
    var results: [String] = []
    var changes: [String] = []
  }
  @CasePathable
  enum Action: Equatable {
    case setQuery(String)
    case search
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .setQuery(query):
        state.query = query
        return .none
      case .search:
        state.results = [state.query.uppercased()]
        return .none
      }
    }
    .onChange(of: \.query) { oldQuery, state in
      state.changes.append("\(oldQuery)→\(state.query)")
      state.results = []
      return .send(.search)
    }
  }
}

struct LegacyOnChangeFeature: Reducer {
  struct State: Equatable {
    var count = 0
    var log: [String] = []
  }
  @CasePathable
  enum Action: Equatable {
    case set(Int)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .set(count):
        state.count = count
        return .none
      }
    }
    .onChange(of: \.count) { oldValue, newValue in
      Reduce { state, _ in
        state.log.append("\(oldValue)→\(newValue)")
        return .none
      }
    }
  }
}

@MainActor
@Suite("onChange")
struct OnChangeReducerTests {
  @Test func runsWhenTheValueChanges() async {
    let store = TestStore(initialState: SearchFeature.State()) { SearchFeature() }
    await store.send(.setQuery("tca")) {
      $0.query = "tca"
      $0.changes = ["→tca"]
    }
    await store.receive(.search) {
      $0.results = ["TCA"]
    }
  }

  @Test func doesNotRunWhenTheValueStaysTheSame() async {
    let store = TestStore(initialState: SearchFeature.State(query: "a")) { SearchFeature() }
    await store.send(.setQuery("a"))
  }

  @Test func builderFormGetsOldAndNewValues() async {
    let store = TestStore(initialState: LegacyOnChangeFeature.State()) { LegacyOnChangeFeature() }
    await store.send(.set(2)) {
      $0.count = 2
      $0.log = ["0→2"]
    }
    await store.send(.set(2))
  }
}
