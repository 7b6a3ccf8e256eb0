import ComposableArchitecture
import Testing

// The in-memory shared-state case study, in the shape TCA's case studies use: two tabs that each
// declare `@Shared(.tally)` and so see one tally; the counter tab changes it, the summary tab
// resets it.

struct TabTally: Codable, Equatable {
  private(set) var count = 0
  private(set) var highest = 0
  private(set) var lowest = 0
  private(set) var changes = 0

  mutating func increment() {
    self.count += 1
    self.changes += 1
    self.highest = max(self.highest, self.count)
  }

  mutating func decrement() {
    self.count -= 1
    self.changes += 1
    self.lowest = min(self.lowest, self.count)
  }
}

extension SharedKey where Self == InMemoryKey<TabTally> {
  fileprivate static var tally: Self {
    inMemory("tally")
  }
}

@Reducer
struct TallyTabs {
  enum Tab { case counter, summary }

  @ObservableState
  struct State: Equatable {
    var currentTab = Tab.counter
    var counter = CounterTab.State()
    var summary = SummaryTab.State()
  }

  enum Action {
    case counter(CounterTab.Action)
    case summary(SummaryTab.Action)
    case tabSelected(Tab)
  }

  var body: some ReducerOf<Self> {
    Scope(\.counter, action: \.counter) {
      CounterTab()
    }
    Scope(\.summary, action: \.summary) {
      SummaryTab()
    }
    Reduce { state, action in
      switch action {
      case .counter, .summary:
        return .none
      case let .tabSelected(tab):
        state.currentTab = tab
        return .none
      }
    }
  }

  @Reducer
  struct CounterTab {
    @ObservableState
    struct State: Equatable {
      @Presents var alert: AlertState<Action.Alert>?
      @Shared(.tally) var tally = TabTally()
    }

    enum Action {
      case alert(PresentationAction<Alert>)
      case decrementButtonTapped
      case incrementButtonTapped
      case isEvenButtonTapped

      enum Alert: Equatable {}
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .alert:
          return .none
        case .decrementButtonTapped:
          state.$tally.withLock { $0.decrement() }
          return .none
        case .incrementButtonTapped:
          state.$tally.withLock { $0.increment() }
          return .none
        case .isEvenButtonTapped:
          let count = state.tally.count
          state.alert = AlertState {
            TextState(count.isMultiple(of: 2) ? "\(count) is even." : "\(count) is odd.")
          }
          return .none
        }
      }
      .ifLet(\.$alert, action: \.alert)
    }
  }

  @Reducer
  struct SummaryTab {
    @ObservableState
    struct State: Equatable {
      @Shared(.tally) var tally = TabTally()
    }

    enum Action {
      case resetButtonTapped
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .resetButtonTapped:
          state.$tally.withLock { $0 = TabTally() }
          return .none
        }
      }
    }
  }
}

@MainActor
struct InMemoryCaseStudyTests {
  @Test func selectingTabs() async {
    let store = TestStore(initialState: TallyTabs.State()) {
      TallyTabs()
    }
    await store.send(.tabSelected(.summary)) {
      $0.currentTab = .summary
    }
    await store.send(.tabSelected(.counter)) {
      $0.currentTab = .counter
    }
  }

  @Test func bothTabsShareTheTally() async {
    let store = TestStore(initialState: TallyTabs.State()) {
      TallyTabs()
    }
    await store.send(.counter(.incrementButtonTapped)) {
      $0.counter.$tally.withLock { $0.increment() }
    }
    #expect(store.state.summary.tally.count == 1)
    await store.send(.counter(.decrementButtonTapped)) {
      $0.counter.$tally.withLock { $0.decrement() }
    }
    await store.send(.summary(.resetButtonTapped)) {
      $0.summary.$tally.withLock { $0 = TabTally() }
    }
    #expect(store.state.counter.tally == TabTally())
  }

  @Test func alertShowsTheSharedCount() async {
    let store = TestStore(initialState: TallyTabs.State()) {
      TallyTabs()
    }
    await store.send(.counter(.isEvenButtonTapped)) {
      $0.counter.alert = AlertState {
        TextState("0 is even.")
      }
    }
  }

  @Test func assertingTheChangeThroughTheOtherTabAlsoPasses() async {
    let store = TestStore(initialState: TallyTabs.State()) {
      TallyTabs()
    }
    await store.send(.counter(.incrementButtonTapped)) {
      $0.summary.$tally.withLock { $0.increment() }
    }
  }
}
