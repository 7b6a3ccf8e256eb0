import ComposableArchitecture
import Observation
import Testing

@Reducer
private struct Row {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var title = ""
  }

  enum Action: Equatable {
    case rename(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .rename(title):
        state.title = title
        return .none
      }
    }
  }
}

@Reducer
private struct Rows {
  @ObservableState
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row.State> = [Row.State(id: 1), Row.State(id: 2)]
  }

  enum Action: Equatable {
    case insertFirst(Int)
    case remove(Int)
    case replace(Int, String)
    case replaceAll(suffix: String)
    case rows(IdentifiedActionOf<Row>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .insertFirst(id):
        state.rows.insert(Row.State(id: id), at: 0)
        return .none
      case let .remove(id):
        state.rows.remove(id: id)
        return .none
      case let .replaceAll(suffix):
        // The same IDs in the same places, every element a new value.
        state.rows = IdentifiedArray(
          uniqueElements: state.rows.map { Row.State(id: $0.id, title: $0.title + suffix) })
        return .none
      case let .replace(id, title):
        state.rows[id: id] = Row.State(id: id, title: title)
        return .none
      case .rows:
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) { Row() }
  }
}

/// The stores of an identified array's elements: each reads and sends to its own element.
@MainActor
@Suite struct ElementStoreTests {
  @Test func anElementsStoreSendsToItsElementAndReadsItBack() {
    let store = Store(initialState: Rows.State()) { Rows() }
    let rows = Array(store.scope(state: \.rows, action: \.rows))
    rows[1].send(.rename("Second"))
    #expect(rows[1].title == "Second")
    #expect(rows[0].title == "")
    #expect(store.rows[id: 2]?.title == "Second")
  }

  @Test func aRemovedElementsStoreKeepsItsLastState() {
    let store = Store(initialState: Rows.State()) { Rows() }
    let row = Array(store.scope(state: \.rows, action: \.rows))[0]
    row.send(.rename("Kept"))
    store.send(.remove(1))
    #expect(store.rows.ids == [2])
    #expect(row.title == "Kept")
  }

  @Test func readersOfAnElementHearWhenItIsReplaced() {
    let store = Store(initialState: Rows.State()) { Rows() }
    let row = Array(store.scope(state: \.rows, action: \.rows))[0]
    let changed = LockIsolated(false)
    withObservationTracking {
      _ = row.title
    } onChange: {
      changed.setValue(true)
    }
    store.send(.replace(1, "New"))
    #expect(changed.value)
    #expect(row.title == "New")
  }

  @Test func readersOfAnotherElementDoNotHearOfThisOnesChange() {
    let store = Store(initialState: Rows.State()) { Rows() }
    let rows = Array(store.scope(state: \.rows, action: \.rows))
    let changed = LockIsolated(false)
    withObservationTracking {
      _ = rows[1].title
    } onChange: {
      changed.setValue(true)
    }
    rows[0].send(.rename("Only the first"))
    #expect(!changed.value)
  }

  /// Whether reading `read` is told of a change when `change` runs.
  func hears(_ read: () -> Void, when change: () -> Void) -> Bool {
    let changed = LockIsolated(false)
    withObservationTracking(read) { changed.setValue(true) }
    change()
    return changed.value
  }

  @Test func afterARowIsInsertedEachStoreStillHearsOfItsOwnElementsReplacement() {
    let store = Store(initialState: Rows.State()) { Rows() }
    let rows = Array(store.scope(state: \.rows, action: \.rows))
    store.send(.insertFirst(0))
    #expect(store.rows.ids == [0, 1, 2])
    // The elements moved one place on: each store follows its own.
    #expect(hears({ _ = rows[1].title }, when: { store.send(.replace(2, "Second")) }))
    #expect(rows[1].title == "Second")
    #expect(!hears({ _ = rows[0].title }, when: { store.send(.replace(2, "Again")) }))
    #expect(hears({ _ = rows[0].title }, when: { store.send(.replace(1, "First")) }))
    #expect(rows[0].title == "First")
  }

  @Test func replacingEveryElementWithTheSameIDsTellsEveryRow() {
    let store = Store(initialState: Rows.State()) { Rows() }
    let rows = Array(store.scope(state: \.rows, action: \.rows))
    let first = LockIsolated(false)
    let second = LockIsolated(false)
    withObservationTracking { _ = rows[0].title } onChange: { first.setValue(true) }
    withObservationTracking { _ = rows[1].title } onChange: { second.setValue(true) }
    store.send(.replaceAll(suffix: "!"))
    #expect(first.value && second.value)
    #expect(rows.map(\.title) == ["!", "!"])
  }

  @Test func aRowsChildStoreHearsItsChildReplacedWhileTheRowIsChangedInPlace() {
    let store = Store(initialState: Shelves.State()) { Shelves() }
    let shelf = Array(store.scope(state: \.shelves, action: \.shelves))[0]
    let label = shelf.scope(state: \.label, action: \.label)
    #expect(
      hears({ _ = label.text }, when: { store.send(.relabel(id: 1, "Fresh")) }))
    #expect(label.text == "Fresh")
    // The row itself was changed in place: its own readers of other properties are not told.
    #expect(!hears({ _ = shelf.id }, when: { store.send(.relabel(id: 1, "Again")) }))
  }
}

@Reducer
private struct Label {
  @ObservableState
  struct State: Equatable {
    var text = ""
  }

  enum Action: Equatable {}

  var body: some ReducerOf<Self> { EmptyReducer() }
}

@Reducer
private struct Shelf {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var label = Label.State()
  }

  enum Action: Equatable {
    case label(Label.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.label, action: \.label) { Label() }
  }
}

@Reducer
private struct Shelves {
  @ObservableState
  struct State: Equatable {
    var shelves: IdentifiedArrayOf<Shelf.State> = [Shelf.State(id: 1), Shelf.State(id: 2)]
  }

  enum Action: Equatable {
    case relabel(id: Int, String)
    case shelves(IdentifiedActionOf<Shelf>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .relabel(id, text):
        // A new label, put in place in a shelf that keeps its identity.
        state.shelves[id: id]?.label = Label.State(text: text)
        return .none
      case .shelves:
        return .none
      }
    }
    .forEach(\.shelves, action: \.shelves) { Shelf() }
  }
}
