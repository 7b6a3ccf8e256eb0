import CaseStudyFeatures
import ComposableArchitecture
import Foundation
import Testing

@MainActor
struct TodoListTests {
  let clock = TestClock()

  func makeStore(_ todos: IdentifiedArrayOf<TodoItem.State> = []) -> TestStoreOf<TodoList> {
    TestStore(initialState: TodoList.State(todos: todos)) {
      TodoList()
    } withDependencies: {
      $0.continuousClock = self.clock
      $0.uuid = .incrementing
    }
  }

  var threeTodos: IdentifiedArrayOf<TodoItem.State> {
    [
      TodoItem.State(id: UUID(10), description: "Milk"),
      TodoItem.State(id: UUID(11), description: "Eggs"),
      TodoItem.State(id: UUID(12), description: "Bread", isComplete: true),
    ]
  }

  @Test func addingPutsAnEmptyTodoOnTop() async {
    let store = self.makeStore(self.threeTodos)
    await store.send(.addTodoButtonTapped) {
      $0.todos.insert(TodoItem.State(id: UUID(0)), at: 0)
    }
    await store.send(.addTodoButtonTapped) {
      $0.todos.insert(TodoItem.State(id: UUID(1)), at: 0)
    }
  }

  @Test func editingChangesTheDescription() async {
    let store = self.makeStore(self.threeTodos)
    await store.send(\.todos[id: UUID(10)].binding.description, "Oat milk") {
      $0.todos[id: UUID(10)]?.description = "Oat milk"
    }
  }

  @Test func completingSortsAfterASecond() async {
    let store = self.makeStore(self.threeTodos)
    await store.send(\.todos[id: UUID(10)].binding.isComplete, true) {
      $0.todos[id: UUID(10)]?.isComplete = true
    }
    await self.clock.advance(by: .seconds(1))
    await store.receive(\.sortCompletedTodos) {
      $0.todos = [
        TodoItem.State(id: UUID(11), description: "Eggs"),
        TodoItem.State(id: UUID(10), description: "Milk", isComplete: true),
        TodoItem.State(id: UUID(12), description: "Bread", isComplete: true),
      ]
    }
  }

  @Test func quickTogglesSortOnlyOnce() async {
    let store = self.makeStore(self.threeTodos)
    await store.send(\.todos[id: UUID(10)].binding.isComplete, true) {
      $0.todos[id: UUID(10)]?.isComplete = true
    }
    await self.clock.advance(by: .milliseconds(500))
    await store.send(\.todos[id: UUID(12)].binding.isComplete, false) {
      $0.todos[id: UUID(12)]?.isComplete = false
    }
    await self.clock.advance(by: .milliseconds(999))
    await self.clock.advance(by: .milliseconds(1))
    await store.receive(\.sortCompletedTodos) {
      $0.todos = [
        TodoItem.State(id: UUID(11), description: "Eggs"),
        TodoItem.State(id: UUID(12), description: "Bread"),
        TodoItem.State(id: UUID(10), description: "Milk", isComplete: true),
      ]
    }
    await self.clock.run()
  }

  @Test func filterShowsActiveOrCompleted() async {
    let store = self.makeStore(self.threeTodos)
    await store.send(.binding(.set(\.filter, .completed))) {
      $0.filter = .completed
    }
    #expect(store.state.filteredTodos.map(\.description) == ["Bread"])
    await store.send(.binding(.set(\.filter, .active))) {
      $0.filter = .active
    }
    #expect(store.state.filteredTodos.map(\.description) == ["Milk", "Eggs"])
    #expect(store.state.completedCount == 1)
  }

  @Test func deletingUsesTheFilteredPositions() async {
    let store = self.makeStore(self.threeTodos)
    await store.send(.binding(.set(\.filter, .completed))) {
      $0.filter = .completed
    }
    await store.send(.delete([0])) {
      $0.todos.remove(id: UUID(12))
    }
    await store.send(.binding(.set(\.filter, .all))) {
      $0.filter = .all
    }
    await store.send(.delete([1])) {
      $0.todos.remove(id: UUID(11))
    }
    await store.send(.delete([5]))
  }

  @Test func deletingByIDDeletesThatRowOnceWhateverTheFilter() async {
    let store = self.makeStore(self.threeTodos)
    await store.send(.binding(.set(\.filter, .completed))) {
      $0.filter = .completed
    }
    await store.send(.deleteButtonTapped(id: UUID(11))) {
      $0.todos.remove(id: UUID(11))
    }
    // The same tap again (a double click): the row is gone, nothing else is deleted.
    await store.send(.deleteButtonTapped(id: UUID(11)))
    #expect(store.state.todos.ids == [UUID(10), UUID(12)])
  }

  @Test func clearCompletedRemovesOnlyCompleted() async {
    let store = self.makeStore(self.threeTodos)
    await store.send(.clearCompletedButtonTapped) {
      $0.todos.remove(id: UUID(12))
    }
  }
}
