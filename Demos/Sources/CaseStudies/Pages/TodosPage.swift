import CaseStudyFeatures
import ComposableArchitecture
import ComposableWeb

/// The to-do list: add, edit in place, complete (completed items move down a second after the
/// last toggle), filter, delete one, clear the completed ones.
///
/// ```swift
/// todoListView(LiveStore(initialState: TodoList.State()) { TodoList() })
/// ```
public func todoListView(_ store: LiveStoreOf<TodoList>) -> Node<TodoList.Action> {
  @Bindable var store = store
  let rows = Array(store.scope(\.filteredTodos, action: \.todos))
  return div(["class": "todos"]) {
    Node.tag("p") {
      button("Add to-do", send: .addTodoButtonTapped)
      " "
      picker($store.filter, options: TodoList.Filter.allCases, ["id": "filter"]) { $0.rawValue }
      " "
      if store.completedCount > 0 {
        button("Clear completed (\(store.completedCount))", send: .clearCompletedButtonTapped)
      }
    }
    Node.tag("ul", ["class": "todo-list"]) {
      for row in rows {
        let todoID = row.withState(\.id)
        let id = "\(todoID)"
        Node.tag("li", ["data-ocaf-key": id, "class": "todo"]) {
          component(row, key: id, todoRowView)
          button("Delete", send: .deleteButtonTapped(id: todoID), ["class": "delete"])
        }
      }
    }
  }
}

/// The to-do list's URL shows its filter: `/todos?filter=Active`. Each change of filter is a
/// history entry, so Back returns to the previous filter, and a link or a reload keeps it.
///
/// ```swift
/// LiveFeature(path: "todos", …, route: todoListRoute, view: todoListView)
/// ```
public let todoListRoute = LiveRoute<TodoList.State, TodoList.Action>(
  location: { state in
    LiveLocation(query: ["filter": state.filter == .all ? nil : state.filter.rawValue])
  },
  action: { location in
    .binding(.set(\.filter, location.query("filter").flatMap(TodoList.Filter.init) ?? .all))
  }
)

func todoRowView(_ store: LiveStoreOf<TodoItem>) -> Node<TodoItem.Action> {
  @Bindable var store = store
  return Node.tag("span", ["class": store.isComplete ? "todo-row complete" : "todo-row"]) {
    toggle($store.isComplete, "", ["class": "complete-box"])
    textField($store.description, placeholder: "Untitled to-do", ["class": "description"])
  }
}
