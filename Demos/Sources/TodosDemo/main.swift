import ComposableArchitecture
import Foundation
import TodosFeature

// A to-do list on the command line whose data survives between runs:
//
//   swift run --package-path Demos TodosDemo add "Buy milk"
//   swift run --package-path Demos TodosDemo done 1
//   swift run --package-path Demos TodosDemo list
//
// The list lives in todos.json in the current directory (or the file named by TODOS_FILE),
// written by `@Shared(.fileStorage)`.

let file = URL(
  fileURLWithPath: ProcessInfo.processInfo.environment["TODOS_FILE"] ?? "todos.json"
)
let arguments = Array(CommandLine.arguments.dropFirst())

@MainActor
func run() async -> Int32 {
  let store = Store(initialState: Todos.State(file: file)) { Todos() }
  func todo(at position: String) -> Todo? {
    guard let index = Int(position), store.todos.indices.contains(index - 1) else {
      print("No todo number \(position); 'list' shows their numbers.")
      return nil
    }
    return store.todos[index - 1]
  }

  switch (arguments.first, arguments.dropFirst().joined(separator: " ")) {
  case ("add", let title) where !title.isEmpty:
    store.send(.addTodo(title: title))
  case ("done", let position), ("undo", let position):
    guard let todo = todo(at: position) else { return 1 }
    store.send(.toggleCompletion(id: todo.id))
  case ("rm", let position):
    guard let todo = todo(at: position) else { return 1 }
    store.send(.delete(id: todo.id))
  case ("clear", _):
    store.send(.clearCompleted)
  case ("list", _), (nil, _):
    break
  default:
    print("usage: TodosDemo [list | add TITLE | done N | undo N | rm N | clear]")
    return 1
  }

  if store.todos.isEmpty {
    print("Nothing to do. (\(file.path))")
  }
  for (number, todo) in store.todos.enumerated() {
    print("\(number + 1). [\(todo.isComplete ? "x" : " ")] \(todo.title)")
  }
  // Wait for the save to land: file storage writes the first change at once, and the rest
  // when the process exits.
  try? await store.state.$todos.save()
  return 0
}

exit(await run())
