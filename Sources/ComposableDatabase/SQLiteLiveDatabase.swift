#if SQLite
import Foundation
import Logging
import SQLKit
import SQLiteKit
import Sharing

/// A ``LiveDatabase`` in an SQLite file next to the app: nothing to install or to start.
/// Writes run one at a time on one connection; reads run on another and see what is committed
/// (the file is in WAL mode). Changes are seen within this process: for several processes,
/// use ``PostgresLiveDatabase``.
///
/// ```swift
/// let database = try await SQLiteLiveDatabase.open(path: "todos.sqlite", migrator: .todos)
/// prepareDependencies { $0.defaultDatabase = database }
/// ```
public final class SQLiteLiveDatabase: LiveDatabase {
  private let writer: SQLiteConnection
  private let reader: SQLiteConnection?
  private let gate = AsyncGate()
  private let hub = ChangeHub()
  private let changed = Locked<Set<String>>([])
  private let tokens: Locked<[SQLiteHookToken]>
  private let isClosed = Locked(false)
  let logger: Logger

  private init(writer: SQLiteConnection, reader: SQLiteConnection?, logger: Logger) {
    self.writer = writer
    self.reader = reader
    self.logger = logger
    tokens = Locked([])
  }

  /// Opens (or creates) the database at `path` and brings its schema up to date with
  /// `migrator`. Fails with a clear error when the file can't be opened or a migration fails.
  public static func open(
    path: String, migrator: DatabaseMigrator? = nil,
    logger: Logger = Logger(label: "ComposableDatabase")
  ) async throws -> SQLiteLiveDatabase {
    let writer: SQLiteConnection
    do {
      writer = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
    } catch {
      throw DatabaseError.cannotOpen(path, error)
    }
    _ = try await writer.query("PRAGMA journal_mode = WAL")
    _ = try await writer.query("PRAGMA synchronous = NORMAL")
    _ = try await writer.query("PRAGMA foreign_keys = ON")
    let reader = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
    _ = try await reader.query("PRAGMA foreign_keys = ON")
    let database = SQLiteLiveDatabase(writer: writer, reader: reader, logger: logger)
    try await database.start(migrator: migrator)
    return database
  }

  /// A database in memory, empty but for `migrator`'s schema: one per test.
  public static func inMemory(
    migrator: DatabaseMigrator? = nil, logger: Logger = Logger(label: "ComposableDatabase")
  ) async throws -> SQLiteLiveDatabase {
    let connection = try await SQLiteConnection.open(storage: .memory, logger: logger)
    _ = try await connection.query("PRAGMA foreign_keys = ON")
    let database = SQLiteLiveDatabase(writer: connection, reader: nil, logger: logger)
    try await database.start(migrator: migrator)
    return database
  }

  private func start(migrator: DatabaseMigrator?) async throws {
    // Every row a statement of a write changes names its table; the names are told once the
    // write commits. (The authorizer sees a `DELETE` without `WHERE` too, which the update
    // hook does not.)
    let changed = self.changed
    let token = try await writer.addAuthorizerObserver(lifetime: .pinned) { event in
      guard [.insert, .update, .delete].contains(event.action), let table = event.parameter1
      else { return }
      changed.withLock { _ = $0.insert(table.lowercased()) }
    }
    tokens.withLock { $0.append(token) }
    if let migrator { try await migrator.migrate(self) }
  }

  /// Runs `body` on the reader connection (on the one connection, after the writes before it, in
  /// memory): `try await database.read { … }`.
  public func read<T: Sendable>(
    _ body: @escaping @Sendable (any SQLDatabase) async throws -> T
  ) async throws -> T {
    if let reader { return try await body(reader.sql()) }
    // In memory there is one connection: a read waits for the write under way.
    let writer = self.writer
    return try await gate.run { try await body(writer.sql()) }
  }

  /// Runs `body` in a transaction on the writer connection, one write at a time; once committed,
  /// tells the fetches of the tables it changed.
  public func write<T: Sendable>(
    _ body: @escaping @Sendable (any SQLDatabase) async throws -> T
  ) async throws -> T {
    let writer = self.writer
    let changed = self.changed
    let (value, tables) = try await gate.run { () async throws -> (T, Set<String>) in
      changed.withLock { $0 = [] }
      _ = try await writer.query("BEGIN IMMEDIATE")
      do {
        let value = try await body(writer.sql())
        _ = try await writer.query("COMMIT")
        return (value, changed.withLock { tables in
          defer { tables = [] }
          return tables
        })
      } catch {
        _ = try? await writer.query("ROLLBACK")
        changed.withLock { $0 = [] }
        throw error
      }
    }
    hub.broadcast(.tables(tables))
    return value
  }

  /// Calls `onChange` with the tables each committed write of this database changed: `let watching
  /// = database.observeChanges { print($0) }`.
  public func observeChanges(
    _ onChange: @escaping @Sendable (DatabaseChange) -> Void
  ) -> DatabaseObservation {
    hub.observe(onChange)
  }

  /// Closes the connections; later reads and writes fail. A database that is let go without
  /// it closes them on its own, soon after.
  public func close() async {
    let wasClosed = isClosed.withLock { closed in
      defer { closed = true }
      return closed
    }
    guard !wasClosed else { return }
    for token in tokens.withLock({ $0 }) { token.cancel() }
    try? await reader?.close()
    try? await writer.close()
  }

  deinit {
    guard !isClosed.withLock({ $0 }) else { return }
    for token in tokens.withLock({ $0 }) { token.cancel() }
    // SQLite's connections must be closed before they go; this task keeps them until then.
    Task { [reader, writer] in
      try? await reader?.close()
      try? await writer.close()
    }
  }
}
#endif
