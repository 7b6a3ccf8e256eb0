import ComposableArchitecture
import Foundation
import Testing
import TodosFeature

@MainActor
struct TodosTests {
  let file = URL(fileURLWithPath: "/todos.json")

  @Test func addingTogglingAndClearing() async {
    let store = TestStore(initialState: Todos.State(file: self.file)) {
      Todos()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.addTodo(title: "  Buy milk ")) {
      $0.$todos.withLock { $0 = [Todo(id: UUID(0), title: "Buy milk")] }
    }
    await store.send(.addTodo(title: "   "))
    await store.send(.addTodo(title: "Walk the dog")) {
      $0.$todos.withLock { _ = $0.append(Todo(id: UUID(1), title: "Walk the dog")) }
    }
    await store.send(.toggleCompletion(id: UUID(0))) {
      $0.$todos.withLock { $0[id: UUID(0)]?.isComplete = true }
    }
    await store.send(.filterChanged(.active)) {
      $0.filter = .active
    }
    #expect(store.state.visibleTodos.map(\.title) == ["Walk the dog"])
    await store.send(.clearCompleted) {
      $0.$todos.withLock { _ = $0.remove(id: UUID(0)) }
    }
  }

  @Test func renamingAndDeleting() async {
    let store = TestStore(initialState: Todos.State(file: self.file)) {
      Todos()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.addTodo(title: "Write tests")) {
      $0.$todos.withLock { $0 = [Todo(id: UUID(0), title: "Write tests")] }
    }
    await store.send(.rename(id: UUID(0), title: "Write more tests")) {
      $0.$todos.withLock { $0[id: UUID(0)]?.title = "Write more tests" }
    }
    await store.send(.delete(id: UUID(0))) {
      $0.$todos.withLock { $0 = [] }
    }
  }

  @Test func listSurvivesARestart() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("TodosTests-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("todos.json")

    try await withDependencies {
      $0.defaultFileStorage = .fileSystem
      $0.uuid = .incrementing
    } operation: {
      let store = Store(initialState: Todos.State(file: file)) { Todos() }
      store.send(.addTodo(title: "Survive a restart"))
      try await store.state.$todos.save()
    }

    // A new run: a fresh dependency context knows nothing of the first one's shared values.
    withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      let store = Store(initialState: Todos.State(file: file)) { Todos() }
      #expect(store.todos.map(\.title) == ["Survive a restart"])
    }
  }
}
