import ComposableArchitecture
import Testing

// A store keeps the stores it scoped: the first few in a list, the rest in a dictionary. Both
// must give back the same store for the same key paths, and forget a dismissed child's.

@Reducer
private struct Cell {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var count = 0
  }
  enum Action: Equatable { case increment }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

@Reducer
private struct Board {
  @ObservableState
  struct State: Equatable {
    var cells = IdentifiedArray(uniqueElements: (1...20).map { Cell.State(id: $0) })
    var c1 = Cell.State(id: 101)
    var c2 = Cell.State(id: 102)
    var c3 = Cell.State(id: 103)
    var c4 = Cell.State(id: 104)
    var c5 = Cell.State(id: 105)
    var c6 = Cell.State(id: 106)
    var c7 = Cell.State(id: 107)
    var c8 = Cell.State(id: 108)
    var c9 = Cell.State(id: 109)
    var sheet: Cell.State?
  }
  @CasePathable
  enum Action: Equatable {
    case cells(IdentifiedActionOf<Cell>)
    case c1(Cell.Action), c2(Cell.Action), c3(Cell.Action), c4(Cell.Action), c5(Cell.Action)
    case c6(Cell.Action), c7(Cell.Action), c8(Cell.Action), c9(Cell.Action)
    case sheet(Cell.Action)
    case present(Int)
    case dismiss
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .present(id):
        state.sheet = Cell.State(id: id)
      case .dismiss:
        state.sheet = nil
      default:
        break
      }
      return .none
    }
    .forEach(\.cells, action: \.cells) { Cell() }
    .ifLet(\.sheet, action: \.sheet) { Cell() }
  }
}

/// Scopes to each of the nine plain children, in order.
@MainActor
private func scopeNine(_ store: StoreOf<Board>) -> [StoreOf<Cell>] {
  [
    store.scope(state: \.c1, action: \.c1), store.scope(state: \.c2, action: \.c2),
    store.scope(state: \.c3, action: \.c3), store.scope(state: \.c4, action: \.c4),
    store.scope(state: \.c5, action: \.c5), store.scope(state: \.c6, action: \.c6),
    store.scope(state: \.c7, action: \.c7), store.scope(state: \.c8, action: \.c8),
    store.scope(state: \.c9, action: \.c9),
  ]
}

@MainActor
struct ChildStoreCacheTests {
  @Test func everyElementsStoreIsKeptPastTheFirstFew() {
    let store = Store(initialState: Board.State()) { Board() }
    let cells = store.scope(state: \.cells, action: \.cells)
    let first = Array(cells)
    let second = Array(cells)

    #expect(first.count == 20)
    #expect(zip(first, second).allSatisfy { $0 === $1 })
    first[0].send(.increment)
    first[19].send(.increment)
    #expect(store.withState { [$0.cells[0].count, $0.cells[19].count] } == [1, 1])
  }

  @Test func scopingToManyChildrenKeepsEachOne() {
    let store = Store(initialState: Board.State()) { Board() }
    let first = scopeNine(store)
    let second = scopeNine(store)

    #expect(zip(first, second).allSatisfy { $0 === $1 })
    #expect(Set(first.map(ObjectIdentifier.init)).count == 9)
    #expect(first.map { $0.withState(\.id) } == Array(101...109))
  }

  @Test func aDismissedChildsStoreIsForgottenOnceTheStoreKeepsMany() throws {
    let store = Store(initialState: Board.State()) { Board() }
    let children = scopeNine(store)
    store.send(.present(7))
    let presented = try #require(store.scope(state: \.sheet, action: \.sheet))
    #expect(store.scope(state: \.sheet, action: \.sheet) === presented)

    store.send(.dismiss)
    #expect(store.scope(state: \.sheet, action: \.sheet) == nil)
    store.send(.present(8))
    let presentedAgain = try #require(store.scope(state: \.sheet, action: \.sheet))

    #expect(presentedAgain !== presented)
    #expect(presentedAgain.withState(\.id) == 8)
    #expect(zip(scopeNine(store), children).allSatisfy { $0 === $1 })
  }

  @Test func aDismissedChildsStoreIsForgottenWhileTheStoreKeepsFew() throws {
    let store = Store(initialState: Board.State()) { Board() }
    let c1 = store.scope(state: \.c1, action: \.c1)
    store.send(.present(7))
    let presented = try #require(store.scope(state: \.sheet, action: \.sheet))

    store.send(.dismiss)
    #expect(store.scope(state: \.sheet, action: \.sheet) == nil)
    store.send(.present(8))

    #expect(try #require(store.scope(state: \.sheet, action: \.sheet)) !== presented)
    #expect(store.scope(state: \.c1, action: \.c1) === c1)
  }
}
