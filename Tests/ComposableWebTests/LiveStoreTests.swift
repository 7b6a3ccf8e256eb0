#if Hummingbird
import ComposableArchitecture
import ComposableWeb
import Foundation
import Testing
@_spi(Testing) import ComposableArchitectureTestSupport

/// A feature with a bound name, a count, a delayed bump, and an optional detail.
@Reducer
struct Badge {
  @ObservableState
  struct State: Equatable {
    var name = ""
    var count = 0
    var detail: Tally.State?
    var tallies: IdentifiedArrayOf<Chore.State> = []
  }

  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case bumpLaterTapped
    case bumped
    case detail(Tally.Action)
    case detailToggled
    case tallies(IdentifiedActionOf<Chore>)
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding, .detail, .tallies:
        return .none
      case .bumpLaterTapped:
        return .run { send in await send(.bumped) }
      case .bumped:
        state.count += 1
        return .none
      case .detailToggled:
        state.detail = state.detail == nil ? Tally.State(label: "Detail") : nil
        return .none
      }
    }
    .ifLet(\.detail, action: \.detail) { Tally() }
    .forEach(\.tallies, action: \.tallies) { Chore() }
  }
}

func liveTallyView(_ store: LiveStoreOf<Tally>) -> Node<Tally.Action> {
  div {
    span(store.label)
    button("\(store.value)", send: .bumped)
  }
}

func liveChoreView(_ store: LiveStoreOf<Chore>) -> Node<Chore.Action> {
  li { button(store.isDone ? "✓" : "○", send: .toggled) }
}

func badgeView(_ store: LiveStoreOf<Badge>) -> Node<Badge.Action> {
  @Bindable var store = store
  return div {
    textField($store.name)
    p("\(store.name) has \(store.count)")
    button("Bump later", send: .bumpLaterTapped)
    button("Detail", send: .detailToggled)
    if let detail = store.scope(\.detail, action: \.detail) {
      component(detail, key: "detail", liveTallyView)
    }
    ul { forEach(store.scope(\.tallies, action: \.tallies), liveChoreView) }
  }
}

/// A bindable feature that forgot its `BindingReducer`.
@Reducer
struct Forgetful {
  @ObservableState
  struct State: Equatable {
    var name = ""
  }

  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
  }
}

/// A bindable child presented by its parent, to write to after it is dismissed.
@Reducer
struct Host {
  @ObservableState
  struct State: Equatable {
    var child: Forgetful.State? = Forgetful.State()
  }

  enum Action: Equatable {
    case child(Forgetful.Action)
    case dismissed
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .dismissed = action { state.child = nil }
      return .none
    }
    .ifLet(\.child, action: \.child) { BindingReducer() }
  }
}

@MainActor
@Suite struct LiveStoreTests {
  func makeSession() throws -> (LiveSession, String, LiveStoreOf<Badge>) {
    let (logger, _) = recordingLogger()
    var state = Badge.State()
    state.tallies = [Chore.State(id: 1, title: "One"), Chore.State(id: 2, title: "Two")]
    let store = LiveStore(initialState: state) { Badge() }
    let session = LiveSession(id: "badge", store: store, view: badgeView, logger: logger)
    let html = try #require(try ServerMessage(session.start()).html)
    return (session, html, store)
  }

  @Test func aLiveStoreRunsOnTheActorThatMadeIt() async {
    let store = LiveStore(initialState: Tally.State()) { Tally() }
    // Its actor is the main actor: it is used from there without `await` (elsewhere it would
    // stop the program).
    store.send(.bumped)
    #expect(store.value == 1)
    #expect(await store.storeActor.value == 1)
  }

  @Test func aBindingWritesThroughTheBindingReducerAndRendersWhatChanged() throws {
    let (session, html, store) = try makeSession()
    let input = try #require(handlerIDs(in: html, event: "input").first)
    session.receive(#"{"handler":"\#(input)","value":"Blob"}"#)
    #expect(store.name == "Blob")
    let patch = try ServerMessage(try #require(session.flush()))
    #expect(patch.patches?.map(\.id) == ["c"])
    #expect(patch.patches?.first?.html.contains("<p>Blob has 0</p>") == true)
  }

  @Test func aBindingNoReducerAppliesIsReportedAsAStoresIs() {
    let store = LiveStore(initialState: Forgetful.State()) { Forgetful() }
    withKnownIssue {
      store.name = "Blob"
    } matching: { issue in
      issue.description.contains("A binding action sent from a store was not handled")
        && issue.description.contains(#"Forgetful.Action.binding(.set(_, "Blob"))"#)
        && issue.description.contains("BindingReducer()")
    }
    #expect(store.name == "")
  }

  @Test func aBindingWrittenToAChildThatIsGoneIsDroppedSilently() throws {
    let host = LiveStore(initialState: Host.State()) { Host() }
    let child = try #require(host.scope(\.child, action: \.child))
    child.name = "Blob"
    #expect(host.child?.name == "Blob")
    host.send(.dismissed)
    // A text field committing as its sheet closes: no report of an action for absent state.
    child.name = "Late"
    #expect(host.child == nil)
  }

  @Test func anEffectsActionReachesTheStoreAndThePage() async throws {
    let (session, html, store) = try makeSession()
    let clicks = handlerIDs(in: html, event: "click")
    let pages = LockIsolated<[String]>([])
    session.output = { message in pages.withValue { $0.append(message) } }
    session.receive(click(clicks[0]))
    await eventually { pages.value.contains { $0.contains("has 1") } }
    #expect(store.withState(\.count) == 1)
    #expect(pages.value.contains { $0.contains("<p> has 1</p>") })
  }

  @Test func anOptionalChildIsAComponentWhilePresent() throws {
    let (session, html, store) = try makeSession()
    let clicks = handlerIDs(in: html, event: "click")
    #expect(store.scope(\.detail, action: \.detail) == nil)
    session.receive(click(clicks[1]))
    let presented = try ServerMessage(try #require(session.flush()))
    let page = try #require(presented.patches?.first?.html)
    #expect(page.contains(#"<div data-ocaf-component="c.detail"><div><span>Detail</span>"#))
    let detail = try #require(store.scope(\.detail, action: \.detail))
    #expect(detail == store.scope(state: \.detail, action: \.detail))
    detail.send(.bumped)
    let bumped = try ServerMessage(try #require(session.flush()))
    #expect(bumped.patches?.map(\.id) == ["c.detail"])
  }

  @Test func aRowsClickRendersOnlyThatRow() throws {
    let (session, html, store) = try makeSession()
    let clicks = handlerIDs(in: html, event: "click")
    #expect(rowKeys(html) == ["c", "c.1", "c.2"])
    session.receive(click(clicks[3]))
    #expect(store.tallies[id: 2]?.isDone == true)
    let patch = try ServerMessage(try #require(session.flush()))
    #expect(patch.patches?.map(\.id) == ["c.2"])
    let rows = store.scope(\.tallies, action: \.tallies)
    #expect(rows.map { $0.withState(\.id) } == [1, 2])
    #expect(rows[1] == store.scope(state: \.tallies, action: \.tallies)[1])
  }
}
#endif  // Hummingbird
