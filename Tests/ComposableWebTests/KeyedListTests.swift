#if Hummingbird
import ComposableArchitecture
import ComposableWeb
import Foundation
import Testing

/// A row with a title and a toggle.
@Reducer
struct Chore {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var title: String
    var isDone = false
  }

  enum Action: Equatable {
    case toggled
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .toggled:
        state.isDone.toggle()
        return .none
      }
    }
  }
}

/// A list of rows that can be added to, removed from and reordered.
@Reducer
struct ChoreList {
  @ObservableState
  struct State: Equatable {
    var chores: IdentifiedArrayOf<Chore.State> = []
  }

  enum Action: Equatable {
    case chores(IdentifiedActionOf<Chore>)
    case inserted(Chore.State, at: Int)
    case moved(from: Int, to: Int)
    case removed(id: Int)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .chores:
        return .none
      case let .inserted(chore, index):
        state.chores.insert(chore, at: index)
        return .none
      case let .moved(from, to):
        state.chores.move(fromOffsets: [from], toOffset: to)
        return .none
      case let .removed(id):
        state.chores.remove(id: id)
        return .none
      }
    }
    .forEach(\.chores, action: \.chores) { Chore() }
  }
}

func choreView(_ store: LiveStoreOf<Chore>) -> Node<Chore.Action> {
  li {
    button(store.isDone ? "✓" : "○", send: .toggled)
    span(store.title)
  }
}

func choreListView(_ store: LiveStoreOf<ChoreList>) -> Node<ChoreList.Action> {
  ul {
    forEach(store.scope(state: \.chores, action: \.chores), choreView)
  }
}

@MainActor
@Suite struct KeyedListTests {
  func makeSession(count: Int) throws -> (LiveSession, String, LiveStoreOf<ChoreList>) {
    let (logger, _) = recordingLogger()
    var state = ChoreList.State()
    state.chores = IdentifiedArray(uniqueElements: (0..<count).map { Chore.State(id: $0, title: "Chore \($0)") })
    let store = LiveStore(initialState: state) { ChoreList() }
    let session = LiveSession(id: "list", store: store, view: choreListView, logger: logger)
    let html = try #require(try ServerMessage(session.start()).html)
    return (session, html, store)
  }

  @Test func eachRowIsAComponentKeyedByItsID() throws {
    let (_, html, _) = try makeSession(count: 3)
    #expect(
      html
        == #"<div data-ocaf-component="c"><ul><div data-ocaf-component="c.0"><li><button data-ocaf-click="h1">○</button><span>Chore 0</span></li></div><div data-ocaf-component="c.1"><li><button data-ocaf-click="h2">○</button><span>Chore 1</span></li></div><div data-ocaf-component="c.2"><li><button data-ocaf-click="h3">○</button><span>Chore 2</span></li></div></ul></div>"#
    )
  }

  @Test func oneChangedRowOfAThousandSendsOneRowsPatch() throws {
    let (session, html, store) = try makeSession(count: 1_000)
    let clicks = handlerIDs(in: html, event: "click")
    #expect(clicks.count == 1_000)
    session.receive(click(clicks[637]))
    #expect(store.chores[637].isDone)
    let message = try #require(session.flush())
    let patch = try ServerMessage(message)
    #expect(patch.patches?.map(\.id) == ["c.637"])
    #expect(patch.patches?.first?.html.hasPrefix("<li><button") == true)
    #expect(patch.patches?.first?.html.contains("✓") == true)
    #expect(message.utf8.count < 200)
    // Every other row's handler is still live.
    #expect(session.issuedHandlerIDs.isSuperset(of: clicks.enumerated().filter { $0.offset != 637 }.map(\.element)))
  }

  @Test func insertingRemovingAndMovingRowsRenderTheListKeyed() throws {
    // Each row observes the collection through its store, so a change of which rows there are
    // renders the list with every row; the page morphs it, keeping the nodes of the rows by key.
    let (session, html, store) = try makeSession(count: 4)
    let clicks = handlerIDs(in: html, event: "click")
    store.send(.inserted(Chore.State(id: 50, title: "New chore"), at: 0))
    let insertion = try ServerMessage(try #require(session.flush()))
    #expect(insertion.patches?.map(\.id) == ["c"])
    #expect(rowKeys(try #require(insertion.patches?.first?.html)) == ["c.50", "c.0", "c.1", "c.2", "c.3"])

    store.send(.removed(id: 1))
    let removal = try ServerMessage(try #require(session.flush()))
    #expect(rowKeys(try #require(removal.patches?.first?.html)) == ["c.50", "c.0", "c.2", "c.3"])

    store.send(.moved(from: 3, to: 0))
    let move = try ServerMessage(try #require(session.flush()))
    let moved = try #require(move.patches?.first?.html)
    #expect(rowKeys(moved) == ["c.3", "c.50", "c.0", "c.2"])
    #expect(!session.issuedHandlerIDs.contains(clicks[1]))

    let rowClicks = handlerIDs(in: moved, event: "click")
    session.receive(click(rowClicks[0]))
    #expect(store.chores[id: 3]?.isDone == true)
    let rowPatch = try ServerMessage(try #require(session.flush()))
    #expect(rowPatch.patches?.map(\.id) == ["c.3"])
  }

  @Test func aChildWhoseStateDidNotChangeIsKeptWhenItsParentRendersAgain() throws {
    let (logger, _) = recordingLogger()
    let store = LiveStore(initialState: TallyPair.State()) { TallyPair() }
    let session = LiveSession(id: "pair", store: store, view: scoredPairView, logger: logger)
    let html = try #require(try ServerMessage(session.start()).html)
    let clicks = handlerIDs(in: html, event: "click")
    session.receive(click(clicks[0]))
    let patch = try ServerMessage(try #require(session.flush()))
    #expect(patch.patches?.map(\.id) == ["c"])
    let parent = try #require(patch.patches?.first?.html)
    #expect(parent.hasPrefix("<p>Left has 1</p>"))
    #expect(parent.contains(#"<div data-ocaf-component="c.left"><div><span title="Left">"#))
    #expect(
      parent.hasSuffix(#"<div data-ocaf-component="c.right" data-ocaf-keep=""></div>"#))
    // The kept child's handlers stay live, and it still renders by itself.
    #expect(session.issuedHandlerIDs.contains(clicks[1]))
    session.receive(click(clicks[1]))
    let right = try ServerMessage(try #require(session.flush()))
    #expect(right.patches?.map(\.id) == ["c.right"])
  }
}

/// The keys of the components in `html`, in order.
func rowKeys(_ html: String) -> [String] {
  html.components(separatedBy: #"data-ocaf-component=""#).dropFirst().compactMap {
    $0.split(separator: "\"", maxSplits: 1).first.map(String.init)
  }
}

func scoredPairView(_ store: LiveStoreOf<TallyPair>) -> Node<TallyPair.Action> {
  .fragment([
    p("Left has \(store.left.value)"),
    component(store.scope(state: \.left, action: \.left), key: "left", tallyView),
    component(store.scope(state: \.right, action: \.right), key: "right", tallyView),
  ])
}
#endif  // Hummingbird
