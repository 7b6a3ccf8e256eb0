#if SQLite || PostgreSQL
import Dependencies
import Foundation
import IssueReporting
// A feature writes with SQLKit's `db.raw("… \(bind: value)")`: importing this module is enough.
@_exported import SQLKit
import Sharing

/// A database that features read through ``FetchAll``, ``FetchOne`` and ``Fetch``, and write
/// in transactions. Every committed write tells the fetches that read what it changed, in this
/// process and, with PostgreSQL, in every process using the database.
///
/// ```swift
/// @Dependency(\.defaultDatabase) var database
/// try await database.write { db in
///   try await db.raw("INSERT INTO items (title) VALUES (\(bind: title))").run()
/// }
/// ```
public protocol LiveDatabase: Sendable {
  /// Runs `body` on a connection that sees what is committed.
  func read<T: Sendable>(
    _ body: @escaping @Sendable (any SQLDatabase) async throws -> T
  ) async throws -> T

  /// Runs `body` in a transaction: it commits if `body` returns and rolls back if it throws.
  /// In SQLite writes run one at a time; PostgreSQL runs transactions side by side, under its
  /// own isolation rules. Once committed, the fetches that read a table the transaction
  /// changed run again.
  func write<T: Sendable>(
    _ body: @escaping @Sendable (any SQLDatabase) async throws -> T
  ) async throws -> T

  /// Calls `onChange` with the tables each committed transaction changed, until the returned
  /// observation is cancelled. After a lost connection is back, it is called with
  /// ``DatabaseChange/everything``: what changed meanwhile is unknown.
  func observeChanges(
    _ onChange: @escaping @Sendable (DatabaseChange) -> Void
  ) -> DatabaseObservation
}

/// What a committed transaction changed.
public enum DatabaseChange: Hashable, Sendable {
  /// These tables (names as the database reports them, lowercase for PostgreSQL).
  case tables(Set<String>)
  /// Anything: every fetch runs again (after a reconnect, say).
  case everything

  /// Whether a fetch that reads `tables` (`nil`: any table) must run again.
  public func affects(_ tables: Set<String>?) -> Bool {
    switch self {
    case .everything: true
    case let .tables(changed):
      tables.map { !changed.isDisjoint(with: $0) } ?? true
    }
  }
}

/// An observation of a database's changes; it ends when cancelled or when its last copy goes.
public struct DatabaseObservation: Sendable {
  private let box: Box

  /// An observation that `cancel` ends.
  public init(cancel: @escaping @Sendable () -> Void) {
    box = Box(cancel)
  }

  /// Ends the observation; later calls do nothing.
  public func cancel() {
    box.cancel()
  }

  private final class Box: Sendable {
    let onCancel: Locked<(@Sendable () -> Void)?>
    init(_ cancel: @escaping @Sendable () -> Void) { onCancel = Locked(cancel) }
    func cancel() {
      let cancel = onCancel.withLock { value in
        defer { value = nil }
        return value
      }
      cancel?()
    }
    deinit { cancel() }
  }
}

extension DependencyValues {
  /// The database that ``FetchAll``, ``FetchOne`` and ``Fetch`` read unless given another, and
  /// that features write to. Set it once, when the app starts:
  ///
  /// ```swift
  /// let database = try await SQLiteLiveDatabase.open(path: "app.sqlite", migrator: .app)
  /// prepareDependencies { $0.defaultDatabase = database }
  /// ```
  ///
  /// In tests, give each test its own:
  /// `withDependencies { $0.defaultDatabase = try await SQLiteLiveDatabase.inMemory(migrator: .app) }`. Unset, it is an empty in-memory database
  /// and a read or write through it reports an issue.
  public var defaultDatabase: any LiveDatabase {
    get { self[DefaultDatabaseKey.self] }
    set { self[DefaultDatabaseKey.self] = newValue }
  }
}

private enum DefaultDatabaseKey: DependencyKey {
  static var liveValue: any LiveDatabase { UnsetDatabase() }
  static var testValue: any LiveDatabase { UnsetDatabase() }
}

/// The default database before one is set: each use reports it and fails.
struct UnsetDatabase: LiveDatabase {
  struct Unset: Error, CustomStringConvertible {
    var description: String {
      "No database was set: set 'defaultDatabase' with 'prepareDependencies' when the app starts, or with 'withDependencies' in a test."
    }
  }

  func read<T: Sendable>(
    _ body: @escaping @Sendable (any SQLDatabase) async throws -> T
  ) async throws -> T {
    reportIssue(Unset().description)
    throw Unset()
  }

  func write<T: Sendable>(
    _ body: @escaping @Sendable (any SQLDatabase) async throws -> T
  ) async throws -> T {
    reportIssue(Unset().description)
    throw Unset()
  }

  func observeChanges(
    _ onChange: @escaping @Sendable (DatabaseChange) -> Void
  ) -> DatabaseObservation {
    DatabaseObservation {}
  }
}
#endif
