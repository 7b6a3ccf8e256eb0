import ComposableArchitecture
import Foundation
import Testing

/// A parent that presents and dismisses its sheet in reducers before and after the `ifLet`.
private struct AroundSheetParent: Reducer {
  struct State: Equatable {
    @PresentationState var sheet: SheetChild.State?
  }
  @CasePathable
  enum Action: Equatable {
    case sheet(PresentationAction<SheetChild.Action>)
    case closeBeforeIfLet
    case closeAfterIfLet
    case openBeforeIfLet
    case openAfterIfLet
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .closeBeforeIfLet:
        state.sheet = nil
      case .openBeforeIfLet:
        state.sheet = SheetChild.State()
      default:
        break
      }
      return .none
    }
    .ifLet(\.$sheet, action: \.sheet) {
      SheetChild()
    }
    Reduce { state, action in
      switch action {
      case .closeAfterIfLet:
        state.sheet = nil
      case .openAfterIfLet:
        state.sheet = SheetChild.State()
      default:
        break
      }
      return .none
    }
  }
}

/// A destination whose identity (its `id`) can change while it stays presented.
private struct RenewableSheet: Reducer {
  struct State: Equatable, Identifiable {
    var id: Int
    var loaded = false
  }
  @CasePathable
  enum Action: Equatable {
    case load
    case loaded
    case renew
  }
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .load:
        return .run { send in
          try await self.clock.sleep(for: .seconds(1))
          await send(.loaded)
        }
      case .loaded:
        state.loaded = true
        return .none
      case .renew:
        state.id += 1
        return .none
      }
    }
  }
}

private struct RenewableDestination: Reducer {
  @CasePathable
  enum State: Equatable {
    case inbox(RenewableSheet.State)
    case archive(RenewableSheet.State)
  }
  @CasePathable
  enum Action: Equatable {
    case inbox(RenewableSheet.Action)
    case archive(RenewableSheet.Action)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.inbox, action: \.inbox) { RenewableSheet() }
    Scope(state: \.archive, action: \.archive) { RenewableSheet() }
  }
}

private struct RenewableParent: Reducer {
  struct State: Equatable {
    @PresentationState var destination: RenewableDestination.State?
  }
  @CasePathable
  enum Action: Equatable {
    case destination(PresentationAction<RenewableDestination.Action>)
  }
  var body: some ReducerOf<Self> {
    EmptyReducer()
      .ifLet(\.$destination, action: \.destination) {
        RenewableDestination()
      }
  }
}

/// A parent that empties its stack in reducers before and after the `forEach`.
private struct AroundStackParent: Reducer {
  struct State: Equatable {
    var path = StackState<StackDetail.State>()
  }
  @CasePathable
  enum Action: Equatable {
    case path(StackActionOf<StackDetail>)
    case clearBeforeForEach
    case clearAfterForEach
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .clearBeforeForEach = action {
        state.path.removeAll()
      }
      return .none
    }
    .forEach(\.path, action: \.path) {
      StackDetail()
    }
    Reduce { state, action in
      if case .clearAfterForEach = action {
        state.path.removeAll()
      }
      return .none
    }
  }
}

/// `ifLet` and `forEach` judge what changed against the destinations they last saw, not against
/// the state before the current action, so changes other reducers make are not missed. (The test
/// stores here are exhaustive: an effect left running would fail the test when the store ends.)
@MainActor
@Suite("Navigation changes made around ifLet and forEach")
struct NavigationChangesAroundIfLetAndForEachTests {
  @Test func sheetClosedBeforeIfLetHasItsEffectsCancelled() async {
    let store = TestStore(initialState: AroundSheetParent.State()) { AroundSheetParent() }
    await store.send(.openBeforeIfLet) {
      $0.sheet = SheetChild.State()
    }
    let timer = await store.send(\.sheet.startTimer)
    await store.send(.closeBeforeIfLet) {
      $0.sheet = nil
    }
    await timer.finish()
  }

  @Test func sheetClosedAfterIfLetHasItsEffectsCancelledByTheNextAction() async {
    let store = TestStore(initialState: AroundSheetParent.State()) { AroundSheetParent() }
    await store.send(.openBeforeIfLet) {
      $0.sheet = SheetChild.State()
    }
    let timer = await store.send(\.sheet.startTimer)
    await store.send(.closeAfterIfLet) {
      $0.sheet = nil
    }
    // The `ifLet` ran before the sheet went away; it notices on the next action through it.
    await store.send(.closeAfterIfLet)
    await timer.finish()
  }

  @Test func sheetInTheInitialStateCanDismissItself() async {
    let store = TestStore(initialState: SheetParent.State(sheet: SheetChild.State())) {
      SheetParent()
    }
    await store.send(\.sheet.closeButtonTapped)
    await store.receive(\.sheet.dismiss) {
      $0.sheet = nil
    }
  }

  @Test func sheetOpenedAfterIfLetCanDismissItselfEveryTime() async {
    let store = TestStore(initialState: AroundSheetParent.State()) { AroundSheetParent() }
    for _ in 1...2 {
      await store.send(.openAfterIfLet) {
        $0.sheet = SheetChild.State()
      }
      await store.send(\.sheet.closeButtonTapped)
      await store.receive(\.sheet.dismiss) {
        $0.sheet = nil
      }
    }
  }

  @Test func enumDestinationWhoseChildChangesIdentityHasItsEarlierEffectsCancelled() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: RenewableParent.State(destination: .inbox(RenewableSheet.State(id: 1)))
    ) {
      RenewableParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(\.destination.inbox.load)
    await store.send(\.destination.inbox.renew) {
      $0.destination = .inbox(RenewableSheet.State(id: 2))
    }
    // The load belonged to the inbox with id 1, which is gone: nothing arrives.
    await clock.advance(by: .seconds(1))
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
  }

  @Test func enumDestinationThatKeepsItsIdentityKeepsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: RenewableParent.State(destination: .inbox(RenewableSheet.State(id: 1)))
    ) {
      RenewableParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(\.destination.inbox.load)
    await clock.advance(by: .seconds(1))
    await store.receive(\.destination.inbox.loaded) {
      $0.destination = .inbox(RenewableSheet.State(id: 1, loaded: true))
    }
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
  }

  @Test func stackClearedBeforeForEachHasItsElementsEffectsCancelled() async {
    let store = TestStore(initialState: AroundStackParent.State()) { AroundStackParent() }
    await store.send(.path(.push(id: 0, state: StackDetail.State(title: "Inbox")))) {
      $0.path[id: 0] = StackDetail.State(title: "Inbox")
    }
    let polling = await store.send(\.path[id: 0].startPolling)
    await store.send(.clearBeforeForEach) {
      $0.path.removeAll()
    }
    await polling.finish()
  }

  @Test func stackClearedAfterForEachHasItsElementsEffectsCancelledByTheNextAction() async {
    let store = TestStore(initialState: AroundStackParent.State()) { AroundStackParent() }
    await store.send(.path(.push(id: 0, state: StackDetail.State(title: "Inbox")))) {
      $0.path[id: 0] = StackDetail.State(title: "Inbox")
    }
    let polling = await store.send(\.path[id: 0].startPolling)
    await store.send(.clearAfterForEach) {
      $0.path.removeAll()
    }
    await store.send(.clearAfterForEach)
    await polling.finish()
  }
}
