import ComposableArchitecture
import Foundation

/// One to-do: a description the user edits in place and a completion checkbox.
///
/// ```swift
/// store.send(.todos(.element(id: id, action: .binding(.set(\.isComplete, true)))))
/// ```
@Reducer
public struct TodoItem {
  @ObservableState
  public struct State: Equatable, Identifiable, Sendable {
    public let id: UUID
    public var description: String
    public var isComplete: Bool

    public init(id: UUID, description: String = "", isComplete: Bool = false) {
      self.id = id
      self.description = description
      self.isComplete = isComplete
    }
  }

  public enum Action: BindableAction, Equatable, Sendable {
    case binding(BindingAction<State>)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
  }
}

/// A to-do list: add, edit in place, complete, filter, delete, clear the completed ones. A second
/// after the last completion toggle, completed items move below the active ones; toggling again
/// within that second starts the wait over.
///
/// ```swift
/// let store = Store(initialState: TodoList.State()) { TodoList() }
/// store.send(.addTodoButtonTapped)  // a new, empty to-do at the top
/// ```
@Reducer
public struct TodoList: Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var filter: Filter = .all
    public var todos: IdentifiedArrayOf<TodoItem.State> = []

    public init(filter: Filter = .all, todos: IdentifiedArrayOf<TodoItem.State> = []) {
      self.filter = filter
      self.todos = todos
    }

    /// The to-dos the current filter shows.
    public var filteredTodos: IdentifiedArrayOf<TodoItem.State> {
      switch self.filter {
      case .active: return self.todos.filter { !$0.isComplete }
      case .all: return self.todos
      case .completed: return self.todos.filter(\.isComplete)
      }
    }

    /// How many to-dos are completed.
    public var completedCount: Int { self.todos.filter(\.isComplete).count }
  }

  public enum Filter: String, CaseIterable, Equatable, Sendable {
    case all = "All"
    case active = "Active"
    case completed = "Completed"
  }

  public enum Action: BindableAction, Equatable, Sendable {
    case addTodoButtonTapped
    case binding(BindingAction<State>)
    case clearCompletedButtonTapped
    case delete(IndexSet)
    /// Deletes the to-do with this id, wherever it is in the list: a repeated or late tap
    /// deletes nothing more, where one by position would delete the row that moved up.
    case deleteButtonTapped(id: TodoItem.State.ID)
    case sortCompletedTodos
    case todos(IdentifiedActionOf<TodoItem>)
  }

  enum CancelID {
    case todoCompletion
  }

  /// How long the list waits after a completion toggle before it sorts.
  public static let sortDelay: Duration = .seconds(1)

  @Dependency(\.continuousClock) var clock
  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .addTodoButtonTapped:
        state.todos.insert(TodoItem.State(id: self.uuid()), at: 0)
        return .none

      case .binding:
        return .none

      case .clearCompletedButtonTapped:
        state.todos.removeAll(where: \.isComplete)
        return .none

      case .delete(let offsets):
        let visible = state.filteredTodos
        for index in offsets where visible.indices.contains(index) {
          state.todos.remove(id: visible[index].id)
        }
        return .none

      case .deleteButtonTapped(let id):
        state.todos.remove(id: id)
        return .none

      case .sortCompletedTodos:
        state.todos.sort { !$0.isComplete && $1.isComplete }
        return .none

      case .todos(.element(id: _, action: .binding(\.isComplete))):
        return .run { send in
          try await self.clock.sleep(for: Self.sortDelay)
          await send(.sortCompletedTodos)
        }
        .cancellable(id: CancelID.todoCompletion, cancelInFlight: true)

      case .todos:
        return .none
      }
    }
    .forEach(\.todos, action: \.todos) {
      TodoItem()
    }
  }
}
