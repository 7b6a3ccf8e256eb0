import ComposableArchitecture
import ComposableDatabase
import Foundation

// The app's tables, the rows its pages read, and the writes its feature makes. The SQL is the
// same on SQLite and PostgreSQL: ids are TEXT, and `done` is a BOOLEAN that only `NOT` changes.

extension DatabaseMigrator {
  /// The to-do lists' schema, in the order it grew.
  public static var todoLists: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("Create lists, members and items") { db in
      try await db.raw(
        """
        CREATE TABLE lists (
          id TEXT PRIMARY KEY, name TEXT NOT NULL, owner TEXT NOT NULL, position BIGINT NOT NULL)
        """
      ).run()
      try await db.raw(
        """
        CREATE TABLE list_members (
          list_id TEXT NOT NULL REFERENCES lists (id), user_name TEXT NOT NULL,
          PRIMARY KEY (list_id, user_name))
        """
      ).run()
      try await db.raw("CREATE INDEX list_members_by_user ON list_members (user_name)").run()
      try await db.raw(
        """
        CREATE TABLE items (
          id TEXT PRIMARY KEY, list_id TEXT NOT NULL REFERENCES lists (id), title TEXT NOT NULL,
          done BOOLEAN NOT NULL DEFAULT FALSE, position BIGINT NOT NULL)
        """
      ).run()
      try await db.raw("CREATE INDEX items_by_list ON items (list_id)").run()
    }
    migrator.registerMigration("Create sign-ins") { db in
      try await db.raw(
        """
        CREATE TABLE sign_ins (
          token TEXT PRIMARY KEY, user_name TEXT NOT NULL, signed_in_at BIGINT NOT NULL)
        """
      ).run()
    }
    return migrator
  }
}

/// Reads a UUID stored as text (PostgreSQL decodes a UUID only from its own `uuid` type).
private func decodeID<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) throws -> UUID {
  let text = try container.decode(String.self, forKey: key)
  guard let id = UUID(uuidString: text) else {
    throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "Not a UUID: \(text)")
  }
  return id
}

/// A list a user is a member of, with how many of its items are not done.
public struct TodoList: Decodable, Equatable, Identifiable, Sendable {
  /// The list's id, stored as text.
  public var id: UUID
  /// What its owner called it.
  public var name: String
  /// Who made it: only they may delete it; the others may leave it.
  public var owner: String
  /// How many of its items are not done.
  public var remaining: Int

  /// A list as a page shows it: `TodoList(id: id, name: "Groceries", owner: "ada")`.
  public init(id: UUID, name: String, owner: String, remaining: Int = 0) {
    self.id = id
    self.name = name
    self.owner = owner
    self.remaining = remaining
  }

  enum CodingKeys: String, CodingKey { case id, name, owner, remaining }

  /// Reads a row of `UserLists`' query of lists.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try decodeID(container, .id)
    name = try container.decode(String.self, forKey: .name)
    owner = try container.decode(String.self, forKey: .owner)
    remaining = try container.decode(Int.self, forKey: .remaining)
  }
}

/// One to-do of a list.
public struct TodoItem: Decodable, Equatable, Identifiable, Sendable {
  /// The item's id, stored as text.
  public var id: UUID
  /// The list it is on.
  public var listID: UUID
  /// What is to be done.
  public var title: String
  /// Whether it is done (the `done` column).
  public var isDone: Bool

  /// An item as a page shows it: `TodoItem(id: id, listID: list, title: "Milk")`.
  public init(id: UUID, listID: UUID, title: String, isDone: Bool = false) {
    self.id = id
    self.listID = listID
    self.title = title
    self.isDone = isDone
  }

  enum CodingKeys: String, CodingKey {
    case id, title
    case listID = "list_id"
    case isDone = "done"
  }

  /// Reads a row of the `items` table.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try decodeID(container, .id)
    listID = try decodeID(container, .listID)
    title = try container.decode(String.self, forKey: .title)
    isDone = try container.decode(Bool.self, forKey: .isDone)
  }
}

/// A user's membership of a list.
public struct ListMember: Decodable, Equatable, Sendable {
  /// The list.
  public var listID: UUID
  /// The member's user name.
  public var user: String

  /// `user` as a member of the list `listID`.
  public init(listID: UUID, user: String) {
    self.listID = listID
    self.user = user
  }

  enum CodingKeys: String, CodingKey {
    case listID = "list_id"
    case user = "user_name"
  }

  /// Reads a row of the `list_members` table.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    listID = try decodeID(container, .listID)
    user = try container.decode(String.self, forKey: .user)
  }
}

/// What a user's page shows: the lists they are a member of, the lists' items, and who
/// shares each list.
public struct ListRows: Equatable, Sendable {
  /// The lists the user is a member of, oldest first.
  public var lists: [TodoList] = []
  /// Their items, in the order they were added.
  public var items: [TodoItem] = []
  /// Everyone who shares them.
  public var members: [ListMember] = []

  /// Rows as a page shows them; empty until the fetch has read them.
  public init(lists: [TodoList] = [], items: [TodoItem] = [], members: [ListMember] = []) {
    self.lists = lists
    self.items = items
    self.members = members
  }
}

/// The rows of `user`'s page, read in one go: `@Fetch(UserLists(user: "ada")) var rows`.
struct UserLists: FetchRequest {
  let user: String

  var tables: Set<String>? { ["lists", "list_members", "items"] }

  func fetch(_ db: any SQLDatabase) async throws -> ListRows {
    ListRows(
      lists: try await db.raw(
        """
        SELECT l.id, l.name, l.owner,
          (SELECT COUNT(*) FROM items i WHERE i.list_id = l.id AND NOT i.done) AS remaining
        FROM lists l JOIN list_members m ON m.list_id = l.id
        WHERE m.user_name = \(bind: user) ORDER BY l.position, l.id
        """
      ).all(decoding: TodoList.self),
      items: try await db.raw(
        """
        SELECT i.id, i.list_id, i.title, i.done
        FROM items i JOIN list_members m ON m.list_id = i.list_id
        WHERE m.user_name = \(bind: user) ORDER BY i.position, i.id
        """
      ).all(decoding: TodoItem.self),
      members: try await db.raw(
        """
        SELECT list_id, user_name FROM list_members
        WHERE list_id IN (SELECT list_id FROM list_members WHERE user_name = \(bind: user))
        ORDER BY user_name
        """
      ).all(decoding: ListMember.self))
  }
}

/// A change the page asked for that the database refused, in words for the page.
struct TodoRefusal: Error, CustomStringConvertible {
  let description: String
  static let notAMember = TodoRefusal(description: "That list isn't shared with you any more.")
}

/// The writes of the lists feature. Each runs in a transaction and checks that `user` may make
/// it: a page names lists and items by the ids it was shown, which may be out of date.
enum TodoWrites {
  static func addList(id: UUID, name: String, owner: String, in db: any SQLDatabase) async throws {
    try await db.raw(
      """
      INSERT INTO lists (id, name, owner, position)
      SELECT \(bind: id.uuidString), \(bind: name), \(bind: owner), COALESCE(MAX(position), 0) + 1 FROM lists
      """
    ).run()
    try await db.raw(
      "INSERT INTO list_members (list_id, user_name) VALUES (\(bind: id.uuidString), \(bind: owner))"
    ).run()
  }

  static func addItem(id: UUID, title: String, to listID: UUID, by user: String, in db: any SQLDatabase)
    async throws
  {
    try await requireMember(user, of: listID, in: db)
    try await db.raw(
      """
      INSERT INTO items (id, list_id, title, position)
      SELECT \(bind: id.uuidString), \(bind: listID.uuidString), \(bind: title), COALESCE(MAX(position), 0) + 1
      FROM items WHERE list_id = \(bind: listID.uuidString)
      """
    ).run()
  }

  static func toggle(_ itemID: UUID, by user: String, in db: any SQLDatabase) async throws {
    try await db.raw(
      """
      UPDATE items SET done = NOT done WHERE id = \(bind: itemID.uuidString)
        AND list_id IN (SELECT list_id FROM list_members WHERE user_name = \(bind: user))
      """
    ).run()
  }

  static func deleteItem(_ itemID: UUID, by user: String, in db: any SQLDatabase) async throws {
    try await db.raw(
      """
      DELETE FROM items WHERE id = \(bind: itemID.uuidString)
        AND list_id IN (SELECT list_id FROM list_members WHERE user_name = \(bind: user))
      """
    ).run()
  }

  /// The owner deletes the list, its items and its members; anyone else leaves it.
  static func deleteOrLeave(_ listID: UUID, by user: String, in db: any SQLDatabase) async throws {
    let id = listID.uuidString
    let owner = try await db.raw("SELECT owner FROM lists WHERE id = \(bind: id)")
      .first(decodingColumn: "owner", as: String.self)
    if owner == user {
      try await db.raw("DELETE FROM items WHERE list_id = \(bind: id)").run()
      try await db.raw("DELETE FROM list_members WHERE list_id = \(bind: id)").run()
      try await db.raw("DELETE FROM lists WHERE id = \(bind: id)").run()
    } else {
      try await db.raw(
        "DELETE FROM list_members WHERE list_id = \(bind: id) AND user_name = \(bind: user)"
      ).run()
    }
  }

  static func share(_ listID: UUID, with other: String, by user: String, in db: any SQLDatabase) async throws {
    try await requireMember(user, of: listID, in: db)
    try await db.raw(
      """
      INSERT INTO list_members (list_id, user_name) VALUES (\(bind: listID.uuidString), \(bind: other))
      ON CONFLICT DO NOTHING
      """
    ).run()
  }

  private static func requireMember(_ user: String, of listID: UUID, in db: any SQLDatabase) async throws {
    let found = try await db.raw(
      """
      SELECT COUNT(*) AS n FROM list_members
      WHERE list_id = \(bind: listID.uuidString) AND user_name = \(bind: user)
      """
    ).first(decodingColumn: "n", as: Int.self)
    guard (found ?? 0) > 0 else { throw TodoRefusal.notAMember }
  }
}
