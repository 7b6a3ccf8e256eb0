import ComposableArchitecture
import Testing

struct TodoRow: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var title = ""
    var isDone = false
  }
  @CasePathable
  enum Action: Equatable {
    case toggle
    case startSync
    case synced
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .toggle:
        state.isDone.toggle()
        return .none
      case .startSync:
        return .run { send in
          try await Task.never()
          await send(.synced)
        }
      case .synced:
        return .none
      }
    }
  }
}

struct TodoList: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<TodoRow.State> = []
    var doneCount = 0
  }
  @CasePathable
  enum Action: Equatable {
    case rows(IdentifiedActionOf<TodoRow>)
    case add(id: Int)
    case remove(id: Int)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .rows(.element(id: _, action: .toggle)):
        state.doneCount = state.rows.filter(\.isDone).count
        return .none
      case .rows:
        return .none
      case let .add(id):
        state.rows.append(TodoRow.State(id: id))
        return .none
      case let .remove(id):
        state.rows.remove(id: id)
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) {
      TodoRow()
    }
  }
}

@MainActor
@Suite("forEach over IdentifiedArray")
struct ForEachReducerTests {
  @Test func elementRunsBeforeParent() async {
    let store = TestStore(initialState: TodoList.State(rows: [TodoRow.State(id: 1)])) {
      TodoList()
    }
    await store.send(\.rows[id: 1].toggle) {
      $0.rows[id: 1]?.isDone = true
      $0.doneCount = 1
    }
    await store.send(.rows(.element(id: 1, action: .toggle))) {
      $0.rows[id: 1]?.isDone = false
      $0.doneCount = 0
    }
  }

  @Test func removingAnElementCancelsItsEffects() async {
    let store = TestStore(initialState: TodoList.State(rows: [TodoRow.State(id: 1), TodoRow.State(id: 2)])) {
      TodoList()
    }
    let first = await store.send(\.rows[id: 1].startSync)
    let second = await store.send(\.rows[id: 2].startSync)
    await store.send(.remove(id: 1)) {
      $0.rows.remove(id: 1)
    }
    await first.finish()
    #expect(!second.isCancelled)
    await second.cancel()
  }

  @Test func actionForAMissingElementIsReported() async {
    let store = TestStore(initialState: TodoList.State()) { TodoList() }
    await withKnownIssue {
      await store.send(\.rows[id: 7].toggle)
    } matching: {
      $0.description.contains(#"A "forEach" at "#)
        && $0.description.contains("received an action for a missing element")
    }
  }

  @Test func identifiedActionCasePaths() {
    let path: CaseKeyPath<TodoList.Action, TodoRow.Action> = \.rows[id: 3]
    #expect(path(.toggle) == .rows(.element(id: 3, action: .toggle)))
    #expect(TodoList.Action.rows(.element(id: 3, action: .toggle))[case: path] == .toggle)
    #expect(TodoList.Action.rows(.element(id: 4, action: .toggle))[case: path] == nil)
    let element = IdentifiedActionOf<TodoRow>.element(id: 5, action: .synced)
    #expect(element[case: \.element]?.id == 5)
  }
}
