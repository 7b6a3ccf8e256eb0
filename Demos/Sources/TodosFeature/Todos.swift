import ComposableArchitecture
import Foundation

/// A to-do list kept in a JSON file through `@Shared(.fileStorage)`: every change is saved, and
/// the list is there again the next time the program starts.
@Reducer
public struct Todos {
  @ObservableState
  public struct State: Equatable {
    @Shared public var todos: IdentifiedArrayOf<Todo>
    public var filter = Filter.all

    /// The list stored in `file`, or an empty one if there is none yet.
    public init(file: URL) {
      self._todos = Shared(wrappedValue: [], .fileStorage(file))
    }

    /// The todos the filter shows.
    public var visibleTodos: IdentifiedArrayOf<Todo> {
      switch self.filter {
      case .all: return self.todos
      case .active: return self.todos.filter { !$0.isComplete }
      case .completed: return self.todos.filter(\.isComplete)
      }
    }
  }

  public enum Filter: String, CaseIterable, Equatable, Sendable {
    case all, active, completed
  }

  public enum Action: Equatable {
    case addTodo(title: String)
    case toggleCompletion(id: Todo.ID)
    case rename(id: Todo.ID, title: String)
    case delete(id: Todo.ID)
    case clearCompleted
    case filterChanged(Filter)
  }

  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .addTodo(title):
        let title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { return .none }
        state.$todos.withLock { _ = $0.append(Todo(id: self.uuid(), title: title)) }
        return .none

      case let .toggleCompletion(id):
        state.$todos.withLock { $0[id: id]?.isComplete.toggle() }
        return .none

      case let .rename(id, title):
        state.$todos.withLock { $0[id: id]?.title = title }
        return .none

      case let .delete(id):
        state.$todos.withLock { _ = $0.remove(id: id) }
        return .none

      case .clearCompleted:
        state.$todos.withLock { $0.removeAll(where: \.isComplete) }
        return .none

      case let .filterChanged(filter):
        state.filter = filter
        return .none
      }
    }
  }
}

public struct Todo: Codable, Equatable, Identifiable, Sendable {
  public let id: UUID
  public var title: String
  public var isComplete = false

  public init(id: UUID, title: String, isComplete: Bool = false) {
    self.id = id
    self.title = title
    self.isComplete = isComplete
  }
}
