import ComposableArchitecture
import Testing

// Features written as TCA 1.0–1.3 code wrote them: actions reached with closure case paths
// (`/Action.child`), no `@CasePathable`, no `IdentifiedAction`.

// MARK: - A stopwatch presented optionally, with an alert

struct LegacyStopwatch: Reducer {
  struct State: Equatable {
    var laps = 0
  }
  enum Action: Equatable {
    case lapTapped
    case startTapped
    case tick
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .lapTapped:
        state.laps += 1
        return .none
      case .startTapped:
        return .run { send in
          try await Task.never()
          await send(.tick)
        }
      case .tick:
        return .none
      }
    }
  }
}

struct LegacyWorkout: Reducer {
  struct State: Equatable {
    var stopwatch: LegacyStopwatch.State?
    var alert: AlertState<Action.Alert>?
    var lapsSeenByParent: Int?
    var resetCount = 0
  }
  enum Action: Equatable {
    case stopwatch(LegacyStopwatch.Action)
    case alert(Alert)
    case showStopwatch
    case hideStopwatch
    case resetTapped
    enum Alert: Equatable {
      case confirmReset
    }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .stopwatch(.lapTapped):
        state.lapsSeenByParent = state.stopwatch?.laps
        return .none
      case .stopwatch:
        return .none
      case .alert(.confirmReset):
        state.resetCount += 1
        return .none
      case .showStopwatch:
        state.stopwatch = LegacyStopwatch.State()
        return .none
      case .hideStopwatch:
        state.stopwatch = nil
        return .none
      case .resetTapped:
        state.alert = AlertState { TextState("Reset?") } actions: {
          ButtonState(role: .destructive, action: .confirmReset) { TextState("Reset") }
        }
        return .none
      }
    }
    .ifLet(\.stopwatch, action: /Action.stopwatch) {
      LegacyStopwatch()
    }
    .ifLet(\.alert, action: /Action.alert)
  }
}

// MARK: - A sheet and an alert presented with `@PresentationState`

struct LegacyEditor: Reducer {
  struct State: Equatable {
    @PresentationState var sheet: LegacyStopwatch.State?
    @PresentationState var alert: AlertState<Action.Alert>?
    var deleted = false
  }
  enum Action: Equatable {
    case sheet(PresentationAction<LegacyStopwatch.Action>)
    case alert(PresentationAction<Alert>)
    case openSheet
    case deleteTapped
    enum Alert: Equatable {
      case confirmDelete
    }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .sheet:
        return .none
      case .alert(.presented(.confirmDelete)):
        state.deleted = true
        return .none
      case .alert:
        return .none
      case .openSheet:
        state.sheet = LegacyStopwatch.State()
        return .none
      case .deleteTapped:
        state.alert = AlertState { TextState("Delete?") } actions: {
          ButtonState(role: .destructive, action: .confirmDelete) { TextState("Delete") }
        }
        return .none
      }
    }
    .ifLet(\.$sheet, action: /Action.sheet) {
      LegacyStopwatch()
    }
    .ifLet(\.$alert, action: /Action.alert)
  }
}

// MARK: - An enum reducer as destination

@Reducer
enum LegacyDestination {
  case stopwatch(LegacyStopwatch)
}
extension LegacyDestination.State: Equatable {}
extension LegacyDestination.Action: Equatable {}

struct LegacyRouter: Reducer {
  struct State: Equatable {
    @PresentationState var destination: LegacyDestination.State?
  }
  enum Action: Equatable {
    case destination(PresentationAction<LegacyDestination.Action>)
    case openStopwatch
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .destination:
        return .none
      case .openStopwatch:
        state.destination = .stopwatch(LegacyStopwatch.State())
        return .none
      }
    }
    .ifLet(\.$destination, action: /Action.destination)
  }
}

// MARK: - Enum state: logged in or out

struct LegacySession: Reducer {
  enum State: Equatable {
    case loggedOut
    case loggedIn(LegacyStopwatch.State)
  }
  enum Action: Equatable {
    case loggedIn(LegacyStopwatch.Action)
    case logInTapped
    case logOutTapped
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .loggedIn:
        return .none
      case .logInTapped:
        state = .loggedIn(LegacyStopwatch.State())
        return .none
      case .logOutTapped:
        state = .loggedOut
        return .none
      }
    }
    .ifCaseLet(/State.loggedIn, action: /Action.loggedIn) {
      LegacyStopwatch()
    }
  }
}

// MARK: - A list whose rows are addressed with `(ID, Action)`

struct LegacyCounterRow: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var count = 0
  }
  enum Action: Equatable {
    case incrementTapped
    case startTapped
    case tick
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementTapped:
        state.count += 1
        return .none
      case .startTapped:
        return .run { send in
          try await Task.never()
          await send(.tick)
        }
      case .tick:
        return .none
      }
    }
  }
}

struct LegacyCounterList: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<LegacyCounterRow.State> = []
    var total = 0
  }
  enum Action: Equatable {
    case row(id: LegacyCounterRow.State.ID, action: LegacyCounterRow.Action)
    case removeRow(id: LegacyCounterRow.State.ID)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .row(id: _, action: .incrementTapped):
        state.total = state.rows.map(\.count).reduce(0, +)
        return .none
      case .row:
        return .none
      case let .removeRow(id):
        state.rows.remove(id: id)
        return .none
      }
    }
    .forEach(\.rows, action: /Action.row(id:action:)) {
      LegacyCounterRow()
    }
  }
}

// MARK: - A navigation stack

struct LegacyNavigator: Reducer {
  struct State: Equatable {
    var path = StackState<Path.State>()
  }
  enum Action: Equatable {
    case path(StackAction<Path.State, Path.Action>)
  }
  struct Path: Reducer {
    enum State: Equatable {
      case stopwatch(LegacyStopwatch.State)
      case counter(LegacyCounterRow.State)
    }
    enum Action: Equatable {
      case stopwatch(LegacyStopwatch.Action)
      case counter(LegacyCounterRow.Action)
    }
    var body: some ReducerOf<Self> {
      Scope(state: /State.stopwatch, action: /Action.stopwatch) {
        LegacyStopwatch()
      }
      Scope(state: /State.counter, action: /Action.counter) {
        LegacyCounterRow()
      }
    }
  }
  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
      .forEach(\.path, action: /Action.path) {
        Path()
      }
  }
}

// MARK: - Scope with a key path and a case path

struct LegacyDashboard: Reducer {
  struct State: Equatable {
    var stopwatch = LegacyStopwatch.State()
    var lapsSeenByParent = 0
  }
  enum Action: Equatable {
    case stopwatch(LegacyStopwatch.Action)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.stopwatch, action: /Action.stopwatch) {
      LegacyStopwatch()
    }
    Reduce { state, action in
      state.lapsSeenByParent = state.stopwatch.laps
      return .none
    }
  }
}

// MARK: - A form with nested bindable view actions

struct LegacyProfileForm: Reducer {
  struct State: Equatable {
    @BindingState var nickname = ""
    var saved = false
  }
  enum Action: Equatable {
    case view(View)
    case saved
    enum View: Equatable, BindableAction {
      case binding(BindingAction<State>)
      case saveTapped
    }
  }
  var body: some ReducerOf<Self> {
    BindingReducer(action: /Action.view)
    Reduce { state, action in
      switch action {
      case .view(.saveTapped):
        return .send(.saved)
      case .view(.binding):
        return .none
      case .saved:
        state.saved = true
        return .none
      }
    }
  }
}

// MARK: - Tests

@MainActor
@Suite("Closure case path (AnyCasePath) overloads")
struct AnyCasePathOverloadTests {
  @Test func ifLetRunsTheOptionalChildBeforeTheParent() async {
    let store = TestStore(initialState: LegacyWorkout.State()) { LegacyWorkout() }
    await store.send(.showStopwatch) { $0.stopwatch = LegacyStopwatch.State() }
    await store.send(.stopwatch(.lapTapped)) {
      $0.stopwatch?.laps = 1
      $0.lapsSeenByParent = 1
    }
  }

  @Test func ifLetCancelsTheChildsEffectsWhenTheChildGoesAway() async {
    let store = TestStore(initialState: LegacyWorkout.State()) { LegacyWorkout() }
    await store.send(.showStopwatch) { $0.stopwatch = LegacyStopwatch.State() }
    await store.send(.stopwatch(.startTapped))
    // The never-ending effect is cancelled here; otherwise the test store would report it.
    await store.send(.hideStopwatch) { $0.stopwatch = nil }
  }

  @Test func ifLetReportsAChildActionWhileTheChildIsAbsent() async {
    let store = TestStore(initialState: LegacyWorkout.State()) { LegacyWorkout() }
    await withKnownIssue {
      await store.send(.stopwatch(.lapTapped))
    } matching: {
      $0.description.contains(#"received a child action when child state was "nil""#)
    }
  }

  @Test func ifLetDismissesOptionalAlertStateAfterItsAction() async {
    let store = TestStore(initialState: LegacyWorkout.State()) { LegacyWorkout() }
    await store.send(.resetTapped) {
      $0.alert = AlertState { TextState("Reset?") } actions: {
        ButtonState(role: .destructive, action: .confirmReset) { TextState("Reset") }
      }
    }
    await store.send(.alert(.confirmReset)) {
      $0.alert = nil
      $0.resetCount = 1
    }
  }

  @Test func ifLetPresentsADestinationAndCancelsItsEffectsOnDismiss() async {
    let store = TestStore(initialState: LegacyEditor.State()) { LegacyEditor() }
    await store.send(.openSheet) { $0.sheet = LegacyStopwatch.State() }
    await store.send(.sheet(.presented(.lapTapped))) { $0.sheet?.laps = 1 }
    await store.send(.sheet(.presented(.startTapped)))
    await store.send(.sheet(.dismiss)) { $0.sheet = nil }
  }

  @Test func ifLetDismissesAPresentedAlertAfterItsAction() async {
    let store = TestStore(initialState: LegacyEditor.State()) { LegacyEditor() }
    await store.send(.deleteTapped) {
      $0.alert = AlertState { TextState("Delete?") } actions: {
        ButtonState(role: .destructive, action: .confirmDelete) { TextState("Delete") }
      }
    }
    await store.send(.alert(.presented(.confirmDelete))) {
      $0.alert = nil
      $0.deleted = true
    }
  }

  @Test func ifLetRunsAnEnumReducersDestinations() async {
    let store = TestStore(initialState: LegacyRouter.State()) { LegacyRouter() }
    await store.send(.openStopwatch) { $0.destination = .stopwatch(LegacyStopwatch.State()) }
    await store.send(.destination(.presented(.stopwatch(.lapTapped)))) {
      $0.destination = .stopwatch(LegacyStopwatch.State(laps: 1))
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }

  @Test func ifCaseLetRunsTheChildOnItsCase() async {
    let store = TestStore(initialState: LegacySession.State.loggedOut) { LegacySession() }
    await store.send(.logInTapped) { $0 = .loggedIn(LegacyStopwatch.State()) }
    await store.send(.loggedIn(.lapTapped)) { $0 = .loggedIn(LegacyStopwatch.State(laps: 1)) }
  }

  @Test func ifCaseLetCancelsTheChildsEffectsWhenTheCaseChanges() async {
    let store = TestStore(initialState: LegacySession.State.loggedOut) { LegacySession() }
    await store.send(.logInTapped) { $0 = .loggedIn(LegacyStopwatch.State()) }
    await store.send(.loggedIn(.startTapped))
    await store.send(.logOutTapped) { $0 = .loggedOut }
  }

  @Test func ifCaseLetReportsAChildActionInAnotherCase() async {
    let store = TestStore(initialState: LegacySession.State.loggedOut) { LegacySession() }
    await withKnownIssue {
      await store.send(.loggedIn(.lapTapped))
    } matching: {
      $0.description.contains(#"An "ifCaseLet" at "#)
    }
  }

  @Test func forEachWithAnIDActionTupleRunsTheRowThenTheParent() async {
    let store = TestStore(
      initialState: LegacyCounterList.State(rows: [.init(id: 1), .init(id: 2, count: 5)])
    ) {
      LegacyCounterList()
    }
    await store.send(.row(id: 1, action: .incrementTapped)) {
      $0.rows[id: 1]?.count = 1
      $0.total = 6
    }
  }

  @Test func forEachWithAnIDActionTupleCancelsARemovedRowsEffects() async {
    let store = TestStore(initialState: LegacyCounterList.State(rows: [.init(id: 1)])) {
      LegacyCounterList()
    }
    await store.send(.row(id: 1, action: .startTapped))
    await store.send(.removeRow(id: 1)) { $0.rows = [] }
  }

  @Test func forEachWithAnIDActionTupleReportsAMissingRow() async {
    let store = TestStore(initialState: LegacyCounterList.State()) { LegacyCounterList() }
    await withKnownIssue {
      await store.send(.row(id: 7, action: .incrementTapped))
    } matching: {
      $0.description.contains("received an action for a missing element")
    }
  }

  @Test func forEachRunsStackElementsAndPops() async {
    let store = TestStore(initialState: LegacyNavigator.State()) { LegacyNavigator() }
    await store.send(.path(.push(id: 0, state: .stopwatch(LegacyStopwatch.State())))) {
      $0.path[id: 0] = .stopwatch(LegacyStopwatch.State())
    }
    await store.send(.path(.element(id: 0, action: .stopwatch(.lapTapped)))) {
      $0.path[id: 0, case: /LegacyNavigator.Path.State.stopwatch]?.laps = 1
    }
    await store.send(.path(.element(id: 0, action: .stopwatch(.startTapped))))
    await store.send(.path(.popFrom(id: 0))) { $0.path = StackState() }
  }

  @Test func stackSubscriptWithACasePathReadsAndWritesOneCase() {
    var path = withDependencies {
      $0.context = .test
    } operation: {
      StackState<LegacyNavigator.Path.State>([
        .stopwatch(LegacyStopwatch.State()),
        .counter(LegacyCounterRow.State(id: 3)),
      ])
    }
    let stopwatchID = path.ids[0]
    let counterID = path.ids[1]
    #expect(path[id: stopwatchID, case: /LegacyNavigator.Path.State.stopwatch]?.laps == 0)
    #expect(path[id: counterID, case: /LegacyNavigator.Path.State.stopwatch] == nil)
    path[id: counterID, case: /LegacyNavigator.Path.State.counter]?.count = 4
    #expect(path[id: counterID] == .counter(LegacyCounterRow.State(id: 3, count: 4)))
  }

  @Test func stackSubscriptWithACasePathReportsWritingAnotherCase() {
    var path = withDependencies {
      $0.context = .test
    } operation: {
      StackState<LegacyNavigator.Path.State>([.counter(LegacyCounterRow.State(id: 3))])
    }
    let id = path.ids[0]
    withKnownIssue {
      path[id: id, case: /LegacyNavigator.Path.State.stopwatch] = LegacyStopwatch.State(laps: 9)
    } matching: {
      $0.description.contains("Can't modify unrelated case")
    }
    #expect(path[id: id] == .counter(LegacyCounterRow.State(id: 3)))
  }

  @Test func scopeWithAKeyPathAndACasePathRunsTheChild() async {
    let store = TestStore(initialState: LegacyDashboard.State()) { LegacyDashboard() }
    await store.send(.stopwatch(.lapTapped)) {
      $0.stopwatch.laps = 1
      $0.lapsSeenByParent = 1
    }
  }

  @Test func scopeWithTwoCasePathsReportsAnActionForAnotherCase() async {
    let store = TestStore(initialState: LegacyNavigator.Path.State.counter(.init(id: 1))) {
      LegacyNavigator.Path()
    }
    await store.send(.counter(.incrementTapped)) { $0 = .counter(.init(id: 1, count: 1)) }
    await withKnownIssue {
      await store.send(.stopwatch(.lapTapped))
    } matching: {
      $0.description.contains(#"A "Scope" at "#)
    }
  }

  @Test func bindingsWithACasePathBuildsViewStateFromNestedBindableActions() async {
    let store = TestStore(initialState: LegacyProfileForm.State(nickname: "Blob")) {
      LegacyProfileForm()
    }
    let bindings = store.bindings(action: /LegacyProfileForm.Action.view)
    #expect(bindings.$nickname.wrappedValue == "Blob")
    await store.send(.view(.set(\.$nickname, "Blob Jr."))) { $0.nickname = "Blob Jr." }
    #expect(store.bindings(action: /LegacyProfileForm.Action.view).$nickname.wrappedValue == "Blob Jr.")
  }

  @Test func receiveWithACasePathMatchesTheCase() async {
    let store = TestStore(initialState: LegacyProfileForm.State()) { LegacyProfileForm() }
    await store.send(.view(.saveTapped))
    await store.receive(/LegacyProfileForm.Action.saved) { $0.saved = true }
  }
}
