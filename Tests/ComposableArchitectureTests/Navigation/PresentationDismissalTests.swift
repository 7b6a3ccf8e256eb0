import ComposableArchitecture
import Testing
@_spi(Testing) import ComposableArchitectureTestSupport

/// A parent that runs `SheetParent` and, after every action, sends `.finished` once all of the
/// effects `SheetParent` returned are over: the presentation's wait for a dismissal is then run
/// inside the concatenation's task rather than by the store.
private struct WaitingSheetParent: Reducer {
  struct State: Equatable {
    var sheetParent = SheetParent.State()
    var finished = 0
  }

  @CasePathable
  enum Action: Equatable {
    case sheetParent(SheetParent.Action)
    case finished
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .sheetParent(action):
        let effects = SheetParent().reduce(into: &state.sheetParent, action: action)
        guard action == .openButtonTapped else { return effects.map(Action.sheetParent) }
        return .concatenate(effects.map(Action.sheetParent), .send(.finished))
      case .finished:
        state.finished += 1
        return .none
      }
    }
  }
}

/// A folder that presents a folder of its own, for dismissals at several levels.
@Reducer
private struct DismissingFolder {
  @ObservableState
  struct State: Equatable {
    var level = 0
    @Presents var subfolder: DismissingFolder.State?
  }

  enum Action {
    case closeButtonTapped
    case look
    indirect case subfolder(PresentationAction<Action>)
  }

  var body: some ReducerOf<Self> {
    Reduce { _, action in
      switch action {
      case .closeButtonTapped:
        @Dependency(\.dismiss) var dismiss
        return .run { _ in await dismiss() }
      case .look, .subfolder:
        return .none
      }
    }
    .ifLet(\.$subfolder, action: \.subfolder) {
      DismissingFolder()
    }
  }
}

@MainActor
struct PresentationDismissalTests {
  @Test(.timeLimit(.minutes(1)))
  func theTaskOfASendThatPresentsDoesNotWaitForTheDismissal() async {
    let store = Store(initialState: SheetParent.State()) { SheetParent() }
    // The wait for the sheet's dismissal lasts as long as the sheet: the send's task, which waits
    // for the effects the send started, ends without it.
    await store.send(.openButtonTapped).finish()
    #expect(store.withState(\.sheet) != nil)

    store.send(.sheet(.presented(.closeButtonTapped)))
    await eventually { store.withState(\.sheet) == nil }
    #expect(store.withState(\.sheet) == nil)
  }

  @Test func aFeatureThatDismissesItselfDismissesNothingItPresents() async {
    var state = DismissingFolder.State(level: 0)
    state.subfolder = DismissingFolder.State(level: 1)
    state.subfolder?.subfolder = DismissingFolder.State(level: 2)
    state.subfolder?.subfolder?.subfolder = DismissingFolder.State(level: 3)
    let store = Store(initialState: state) { DismissingFolder() }
    // An action reaching the deepest level sets up the wait of every presented level.
    store.send(.subfolder(.presented(.subfolder(.presented(.subfolder(.presented(.look)))))))

    // Dismissing level 1 ends its wait and the waits of the levels below it, but only level 1's
    // parent is told: telling level 1 that level 2 dismissed itself, once level 1 is gone, would
    // be reported as an action for a missing destination.
    store.send(.subfolder(.presented(.closeButtonTapped)))
    await eventually { store.withState(\.subfolder) == nil }
    #expect(store.withState(\.subfolder) == nil)
    #expect(store.withState(\.level) == 0)
  }

  @Test func aWaitRunInsideAnotherEffectsTaskEndsWithTheDismissal() async {
    let store = TestStore(initialState: WaitingSheetParent.State()) { WaitingSheetParent() }
    await store.send(.sheetParent(.openButtonTapped)) {
      $0.sheetParent.sheet = SheetChild.State()
    }
    // The concatenation waits for the sheet's dismissal before it sends `.finished`.
    await store.send(.sheetParent(.sheet(.presented(.closeButtonTapped))))
    await store.receive(.sheetParent(.sheet(.dismiss))) {
      $0.sheetParent.sheet = nil
    }
    await store.receive(.finished) {
      $0.finished = 1
    }
  }
}
