import ComposableArchitecture
import ComposableDatabase
import Foundation

/// A user's to-do lists, in the app's database (SQLite by default, PostgreSQL for several
/// servers): the lists they own and those shared with them. The rows are a `@Fetch`, so
/// every page that shows a list, in any process, follows each change to it. The open list,
/// the filter and the typed text are the page's own; its URL shows the first two
/// (`/app/lists/<list id>?filter=active`, see ``listsRoute``).
///
/// ```swift
/// LiveStore(initialState: Lists.State(user: "ada")) { Lists() } withDependencies: {
///   $0.defaultDatabase = database
/// }
/// ```
@Reducer
public struct Lists {
  @ObservableState
  public struct State: Equatable {
    /// Whose page this is.
    public var user: String
    /// The lists the user is a member of, their items and their members, read in one go and
    /// read again whenever one of their tables changes, in any process.
    @Fetch public var rows: ListRows
    /// The list the page shows, if any.
    public var openListID: UUID?
    /// Which of its items the page shows.
    public var filter = Filter.all
    /// The new list's name, as typed.
    public var newListName = ""
    /// The new to-do's title, as typed.
    public var newItemTitle = ""
    /// Who the open list is to be shared with, as typed.
    public var shareName = ""
    /// Why the last change didn't happen, until the next one.
    public var error: String?

    /// The lists of `user`, read from the `defaultDatabase` dependency.
    public init(user: String) {
      self.user = user
      _rows = Fetch(wrappedValue: ListRows(), UserLists(user: user))
    }

    /// The lists the user is a member of.
    public var lists: [TodoList] { rows.lists }
    /// Their items.
    public var items: [TodoItem] { rows.items }
    /// Who is a member of each of them.
    public var members: [ListMember] { rows.members }

    /// The open list, if the user is a member of it.
    public var openList: TodoList? {
      openListID.flatMap { id in lists.first { $0.id == id } }
    }

    /// The open list's items.
    public var openItems: [TodoItem] {
      guard let id = openList?.id else { return [] }
      return items.filter { $0.listID == id }
    }

    /// The open list's items that the filter shows.
    public var shownItems: [TodoItem] {
      openItems.filter { item in
        switch filter {
        case .all: true
        case .active: !item.isDone
        case .done: item.isDone
        }
      }
    }

    /// The others who share the open list.
    public var sharedWith: [String] {
      guard let id = openList?.id else { return [] }
      return members.filter { $0.listID == id && $0.user != user }.map(\.user)
    }
  }

  /// Which of the open list's items the page shows; the URL's `filter` query item.
  public enum Filter: String, CaseIterable, Codable, Equatable, Sendable {
    case all, active, done

    /// The filter's link text: "All", "Active" or "Done".
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
    case shareButtonTapped
    /// A write failed: the page says why.
    case writeFailed(String)
  }

  @Dependency(\.defaultDatabase) var database
  @Dependency(\.todoAccounts) var accounts
  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .addItemButtonTapped:
        let title = state.newItemTitle.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty, let listID = state.openList?.id else { return .none }
        state.newItemTitle = ""
        let (id, user) = (uuid(), state.user)
        return write(&state) { try await TodoWrites.addItem(id: id, title: title, to: listID, by: user, in: $0) }

      case .addListButtonTapped:
        let name = state.newListName.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { return .none }
        let (id, user) = (uuid(), state.user)
        state.newListName = ""
        state.openListID = id
        state.filter = .all
        return write(&state) { try await TodoWrites.addList(id: id, name: name, owner: user, in: $0) }

      case .binding:
        return .none

      case let .deleteItemButtonTapped(itemID):
        let user = state.user
        return write(&state) { try await TodoWrites.deleteItem(itemID, by: user, in: $0) }

      case let .deleteListButtonTapped(listID):
        if state.openListID == listID { state.openListID = nil }
        let user = state.user
        return write(&state) { try await TodoWrites.deleteOrLeave(listID, by: user, in: $0) }

      case let .itemToggled(itemID):
        let user = state.user
        return write(&state) { try await TodoWrites.toggle(itemID, by: user, in: $0) }

      case let .located(listID, filter):
        // Only a list of the user's opens: another id (someone else's) opens nothing.
        state.openListID = listID.flatMap { id in state.lists.first { $0.id == id }?.id }
        state.filter = filter
        return .none

      case let .openListTapped(listID):
        state.openListID = listID
        state.filter = .all
        return .none

      case .shareButtonTapped:
        let name = state.shareName.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, let listID = state.openList?.id else { return .none }
        guard name != state.user else {
          state.error = "The list is yours already."
          return .none
        }
        guard accounts.exists(name) else {
          state.error = "There is no user named \(name)."
          return .none
        }
        state.shareName = ""
        let user = state.user
        return write(&state) { try await TodoWrites.share(listID, with: name, by: user, in: $0) }

      case let .writeFailed(message):
        state.error = message
        return .none
      }
    }
  }

  /// Runs `change` in a transaction, then reads the page's rows again, so that the page shows
  /// the change as soon as the effect ends (a page without JavaScript renders right after it).
  /// Other pages see it when the database tells their fetches. A failure reaches the page.
  private func write(
    _ state: inout State, _ change: @escaping @Sendable (any SQLDatabase) async throws -> Void
  ) -> Effect<Action> {
    state.error = nil
    let rows = state.$rows
    return .run { [database] _ in
      try await database.write(change)
      // Saved: a read that fails now leaves the rows as they were, in `$rows.loadError`.
      try? await rows.load()
    } catch: { error, send in
      await send(.writeFailed((error as? TodoRefusal)?.description ?? "That didn't save: \(error)"))
    }
  }
}

extension Lists.State: Codable {
  enum CodingKeys: String, CodingKey {
    case user, openListID, filter, newListName, newItemTitle, shareName, error
  }

  /// A page's own state, as a snapshot keeps it; the rows are the database's.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(user, forKey: .user)
    try container.encodeIfPresent(openListID, forKey: .openListID)
    try container.encode(filter, forKey: .filter)
    try container.encode(newListName, forKey: .newListName)
    try container.encode(newItemTitle, forKey: .newItemTitle)
    try container.encode(shareName, forKey: .shareName)
    try container.encodeIfPresent(error, forKey: .error)
  }

  /// A restored page: its rows are read again from the `defaultDatabase` dependency.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(user: try container.decode(String.self, forKey: .user))
    openListID = try container.decodeIfPresent(UUID.self, forKey: .openListID)
    filter = try container.decode(Lists.Filter.self, forKey: .filter)
    newListName = try container.decode(String.self, forKey: .newListName)
    newItemTitle = try container.decode(String.self, forKey: .newItemTitle)
    shareName = try container.decode(String.self, forKey: .shareName)
    error = try container.decodeIfPresent(String.self, forKey: .error)
  }
}

extension DependencyValues {
  /// Who may sign in: the app's accounts (the demo's two by default).
  public var todoAccounts: Accounts {
    get { self[TodoAccountsKey.self] }
    set { self[TodoAccountsKey.self] = newValue }
  }
}

private enum TodoAccountsKey: DependencyKey {
  static let liveValue = Accounts.demo
  static let testValue = Accounts.demo
}
