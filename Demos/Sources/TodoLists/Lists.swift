import ComposableArchitecture
import Foundation

/// One to-do.
public struct TodoItem: Codable, Equatable, Identifiable, Sendable {
  public var id: UUID
  public var title: String
  public var isDone = false

  public init(id: UUID, title: String, isDone: Bool = false) {
    self.id = id
    self.title = title
    self.isDone = isDone
  }
}

/// A named list of to-dos.
public struct TodoList: Codable, Equatable, Identifiable, Sendable {
  public var id: UUID
  public var name: String
  public var items: IdentifiedArrayOf<TodoItem> = []

  public init(id: UUID, name: String, items: IdentifiedArrayOf<TodoItem> = []) {
    self.id = id
    self.name = name
    self.items = items
  }
}

/// A user's to-do lists: kept in a file of their own (`@Shared(.fileStorage)`, one file per
/// user), so every tab the user has open shows the same lists, and a change in one shows in the
/// others. The open list and the filter are the page's own, and its URL shows them
/// (`/app/lists/<list id>?filter=active`, see ``listsRoute``).
///
/// ```swift
/// LiveStore(initialState: Lists.State(user: "ada", directory: dataDirectory)) { Lists() }
/// ```
@Reducer
public struct Lists {
  @ObservableState
  public struct State: Equatable {
    /// Whose lists these are.
    public var user: String
    /// The user's lists, shared by every page of theirs and saved to their file.
    @Shared public var lists: IdentifiedArrayOf<TodoList>
    /// The list the page shows, if any.
    public var openListID: TodoList.ID?
    public var filter = Filter.all
    public var newListName = ""
    public var newItemTitle = ""

    /// The lists of `user`, kept in `directory`.
    public init(user: String, directory: URL) {
      self.user = user
      self._lists = Shared(
        wrappedValue: [], .fileStorage(directory.appending(path: Self.fileName(for: user))))
    }

    /// The open list, if it exists.
    public var openList: TodoList? {
      openListID.flatMap { lists[id: $0] }
    }

    /// The open list's items that the filter shows.
    public var shownItems: [TodoItem] {
      guard let list = openList else { return [] }
      return list.items.filter { item in
        switch filter {
        case .all: true
        case .active: !item.isDone
        case .done: item.isDone
        }
      }
    }

    /// A file name for `user` that no name can turn into a path: its UTF-8 bytes in hex.
    static func fileName(for user: String) -> String {
      "lists-" + user.utf8.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() + ".json"
    }
  }

  public enum Filter: String, CaseIterable, Equatable, Sendable {
    case all, active, done

    public var title: String {
      switch self {
      case .all: "All"
      case .active: "Active"
      case .done: "Done"
      }
    }
  }

  public enum Action: BindableAction, Equatable {
    case addItemButtonTapped
    case addListButtonTapped
    case binding(BindingAction<State>)
    case deleteItemButtonTapped(TodoItem.ID)
    case deleteListButtonTapped(TodoList.ID)
    case itemToggled(TodoItem.ID)
    /// The page's URL says where it is (a deep link, Back, Forward).
    case located(listID: TodoList.ID?, filter: Filter)
    case openListTapped(TodoList.ID?)
  }

  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .addItemButtonTapped:
        let title = state.newItemTitle.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty, let listID = state.openList?.id else { return .none }
        let item = TodoItem(id: uuid(), title: title)
        state.$lists.withLock { _ = $0[id: listID]?.items.append(item) }
        state.newItemTitle = ""
        return .none

      case .addListButtonTapped:
        let name = state.newListName.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { return .none }
        let list = TodoList(id: uuid(), name: name)
        state.$lists.withLock { _ = $0.append(list) }
        state.newListName = ""
        state.openListID = list.id
        state.filter = .all
        return .none

      case .binding:
        return .none

      case let .deleteItemButtonTapped(itemID):
        guard let listID = state.openList?.id else { return .none }
        state.$lists.withLock { _ = $0[id: listID]?.items.remove(id: itemID) }
        return .none

      case let .deleteListButtonTapped(listID):
        state.$lists.withLock { _ = $0.remove(id: listID) }
        if state.openListID == listID { state.openListID = nil }
        return .none

      case let .itemToggled(itemID):
        guard let listID = state.openList?.id else { return .none }
        state.$lists.withLock { $0[id: listID]?.items[id: itemID]?.isDone.toggle() }
        return .none

      case let .located(listID, filter):
        // Only a list of this user's opens: another id (someone else's) opens nothing.
        state.openListID = listID.flatMap { state.lists[id: $0]?.id }
        state.filter = filter
        return .none

      case let .openListTapped(listID):
        state.openListID = listID
        state.filter = .all
        return .none
      }
    }
  }
}
