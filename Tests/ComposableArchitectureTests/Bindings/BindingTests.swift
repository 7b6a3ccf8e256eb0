import ComposableArchitecture
import CustomDump
import Foundation
import Testing

@Reducer
struct BindingSettings {
  @ObservableState
  struct State: Equatable {
    var displayName = ""
    var protectMyPosts = false
    var sendNotifications = false
    var log: [String] = []
  }
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case notificationsAuthorized(Bool)
    case resetTapped
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.displayName):
        // Runs after BindingReducer wrote the value.
        state.displayName = String(state.displayName.prefix(16))
        return .none
      case .binding(\.sendNotifications):
        guard state.sendNotifications else { return .none }
        return .run { send in await send(.notificationsAuthorized(false)) }
      case .binding:
        return .none
      case let .notificationsAuthorized(granted):
        state.sendNotifications = granted
        return .none
      case .resetTapped:
        return .send(.binding(.set(\.protectMyPosts, false)))
      }
    }
  }
}

@Reducer
struct UnhandledBindings {
  @ObservableState
  struct State: Equatable {
    var name = ""
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
  }
  var body: some ReducerOf<Self> {
    EmptyReducer()
  }
}

@Reducer
struct UnhandledViewBindings {
  @ObservableState
  struct State: Equatable {
    var query = ""
  }
  enum Action: ViewAction {
    case view(View)
    enum View: BindableAction {
      case binding(BindingAction<State>)
    }
  }
  var body: some ReducerOf<Self> {
    EmptyReducer()
  }
}

@Reducer
struct ViewBindings {
  @ObservableState
  struct State: Equatable {
    var query = ""
  }
  enum Action: ViewAction {
    case view(View)
    enum View: BindableAction {
      case binding(BindingAction<State>)
    }
  }
  var body: some ReducerOf<Self> {
    BindingReducer(action: \.view)
  }
}

struct LegacyForm: Reducer {
  struct State: Equatable {
    @BindingState var nickname = ""
    @BindingState var stepCount = 0
    var touched = 0
  }
  @CasePathable
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.$nickname):
        state.touched += 1
        return .none
      case .binding:
        return .none
      }
    }
  }
}

@MainActor
@Suite("BindingAction, BindableAction, BindingReducer")
struct BindingTests {
  @Test func bindingActionsAreEqualWhenTheyWriteAnEqualValueAtTheSameKeyPath() {
    typealias Action = BindingAction<BindingSettings.State>
    #expect(Action.set(\.displayName, "Blob") == Action.set(\.displayName, "Blob"))
    #expect(Action.set(\.displayName, "Blob") != Action.set(\.displayName, "Blob Jr"))
    #expect(Action.set(\.protectMyPosts, true) != Action.set(\.sendNotifications, true))
  }

  @Test func keyPathPatternsMatchInASwitch() {
    func field(_ action: BindingSettings.Action) -> String {
      switch action {
      case .binding(\.displayName): return "displayName"
      case .binding(\.protectMyPosts): return "protectMyPosts"
      case .binding: return "other binding"
      default: return "not a binding"
      }
    }
    #expect(field(.binding(.set(\.displayName, "x"))) == "displayName")
    #expect(field(.set(\.protectMyPosts, true)) == "protectMyPosts")
    #expect(field(.set(\.sendNotifications, true)) == "other binding")
    #expect(field(.resetTapped) == "not a binding")
  }

  @Test func bindableActionsExposeTheirBindingAction() {
    let action = BindingSettings.Action.set(\.displayName, "Blob")
    #expect(action == .binding(.set(\.displayName, "Blob")))
    #expect(action.binding == .set(\.displayName, "Blob"))
    #expect(BindingSettings.Action.resetTapped.binding == nil)
  }

  @Test func bindingReducerWritesBeforeTheRestOfTheBodyReacts() async {
    let store = TestStore(initialState: BindingSettings.State()) { BindingSettings() }
    await store.send(.binding(.set(\.displayName, "Blob McBlob the Third"))) {
      $0.displayName = "Blob McBlob the "
    }
    await store.send(\.binding.protectMyPosts, true) {
      $0.protectMyPosts = true
    }
  }

  @Test func bindingCasePathsSendAndReceive() async {
    let store = TestStore(initialState: BindingSettings.State(protectMyPosts: true)) {
      BindingSettings()
    }
    await store.send(\.binding.sendNotifications, true) {
      $0.sendNotifications = true
    }
    await store.receive(\.notificationsAuthorized, false) {
      $0.sendNotifications = false
    }
    await store.send(.resetTapped)
    await store.receive(\.binding.protectMyPosts, false) {
      $0.protectMyPosts = false
    }
  }

  @Test func bindingCasePathsExtractOnlyTheirField() {
    let paths = BindingAction<BindingSettings.State>.allCasePaths
    let action = BindingAction<BindingSettings.State>.set(\.displayName, "Blob")
    #expect(paths.displayName.extract(from: action) == "Blob")
    #expect(paths.protectMyPosts.extract(from: action) == nil)
    #expect(paths.protectMyPosts.embed(true) == .set(\.protectMyPosts, true))
  }

  @Test func bindingActionsDumpAsSet() {
    struct Plain: Equatable { var name = "" }
    let action = BindingAction<Plain>.set(\.name, "Blob")
    #expect(
      String(customDumping: action) == """
        BindingAction.set(
          \\Plain.name,
          "Blob"
        )
        """
    )
    #expect(action.debugDescription == #".set(\Plain.name, "Blob")"#)
    // Tracked properties of @ObservableState are computed, yet named.
    let observed = BindingAction<BindingSettings.State>.set(\.displayName, "Blob")
    #expect(observed.debugDescription == #".set(\State.displayName, "Blob")"#)
    #expect(String(customDumping: observed).contains(#"\State.displayName,"#))
  }

  @Test func pullbackWritesThroughTheEnclosingKeyPath() {
    struct Parent: Equatable { var settings = BindingSettings.State() }
    enum ParentAction: BindableAction { case binding(BindingAction<Parent>) }
    let action = BindingAction<BindingSettings.State>.set(\.displayName, "Blob")
      .pullback(\Parent.settings)
    var parent = Parent()
    BindingReducer<Parent, ParentAction, ParentAction>()
      .reduceIgnoringEffects(into: &parent, action: .binding(action))
    #expect(parent.settings.displayName == "Blob")
  }

  @Test func storeWritesSendBindingActions() {
    let store = Store(initialState: BindingSettings.State()) { BindingSettings() }
    store.displayName = "A very long display name"
    #expect(store.displayName == "A very long disp")
    store.protectMyPosts = true
    #expect(store.withState(\.protectMyPosts))
  }

  @Test func storeWritesSendViewBindingActions() {
    let store = Store(initialState: ViewBindings.State()) { ViewBindings() }
    store.query = "blob"
    #expect(store.query == "blob")
  }

  @Test func aBindingActionNoReducerAppliesIsReported() {
    let store = Store(initialState: UnhandledBindings.State()) { UnhandledBindings() }
    withKnownIssue {
      store.name = "Blob"
    } matching: { issue in
      issue.description.contains("A binding action sent from a store was not handled")
        && issue.description.contains("UnhandledBindings.Action.binding(.set(_, \"Blob\"))")
        && issue.description.contains(#"invoke "BindingReducer()""#)
    }
    #expect(store.name == "")
  }

  @Test func anUnhandledViewBindingNamesTheWholeAction() {
    let store = Store(initialState: UnhandledViewBindings.State()) { UnhandledViewBindings() }
    withKnownIssue {
      store.query = "blob"
    } matching: { issue in
      issue.description.contains(
        #"UnhandledViewBindings.Action.view(.binding(.set(_, "blob")))"#
      )
    }
  }

  @Test func anUnexpectedBindingActionIsReportedWithItsField() async {
    let store = TestStore(initialState: BindingSettings.State()) { BindingSettings() }
    await store.send(.resetTapped)
    await withKnownIssue {
      await store.receive(\.binding.displayName)
    } matching: { issue in
      issue.description.contains("protectMyPosts")
    }
  }

  @Test func legacyBindingStateIsWrittenAndMatchedThroughItsProjection() async {
    let store = TestStore(initialState: LegacyForm.State()) { LegacyForm() }
    await store.send(.binding(.set(\.$nickname, "Blob"))) {
      $0.nickname = "Blob"
      $0.touched = 1
    }
    await store.send(\.binding.$stepCount, 3) {
      $0.stepCount = 3
    }
    #expect(BindingState(wrappedValue: 1) == BindingState(wrappedValue: 1))
    #expect(String(customDumping: BindingState(wrappedValue: "x")) == "\"x\"")
  }
}

extension Reducer {
  /// Runs the reducer once outside a store, for tests that only look at the state.
  func reduceIgnoringEffects(into state: inout State, action: Action) {
    _ = self.reduce(into: &state, action: action)
  }
}

@Reducer
struct BindingChildHost {
  @ObservableState
  struct State: Equatable {
    var child: BindingSettings.State?
  }
  enum Action {
    case child(BindingSettings.Action)
    case dismiss
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .dismiss = action { state.child = nil }
      return .none
    }
    .ifLet(\.child, action: \.child) { BindingSettings() }
  }
}

@MainActor
@Suite("Binding writes to a child store whose state is gone")
struct BindingToDismissedChildTests {
  @Test func areDroppedWithoutWarnings() throws {
    let store = Store(initialState: BindingChildHost.State(child: BindingSettings.State())) {
      BindingChildHost()
    }
    let child = try #require(store.scope(state: \.child, action: \.child))
    child.displayName = "Blob"
    #expect(store.withState(\.child?.displayName) == "Blob")
    store.send(.dismiss)
    // A text field committing as its sheet goes away: no "ifLet" or "not handled" warning.
    child.displayName = "Late"
    #expect(store.withState(\.child) == nil)
  }

  @Test func otherActionsToAGoneChildAreStillReported() throws {
    let store = Store(initialState: BindingChildHost.State(child: BindingSettings.State())) {
      BindingChildHost()
    }
    let child = try #require(store.scope(state: \.child, action: \.child))
    store.send(.dismiss)
    withKnownIssue {
      child.send(.resetTapped)
    } matching: { issue in
      issue.description.contains(#"An "ifLet" at"#)
    }
  }
}
