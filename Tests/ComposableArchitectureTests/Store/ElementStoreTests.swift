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
    case remove(Int)
    case replace(Int, String)
    case rows(IdentifiedActionOf<Row>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .remove(id):
        state.rows.remove(id: id)
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
}
