#if SQLite || PostgreSQL
import Foundation
import SQLKit

/// The versioned steps that bring a database's schema up to date, run when it opens: each
/// step runs once, in order, in a transaction of its own, and is recorded in the table
/// `ocaf_migrations`. A step that fails rolls back and stops the opening with
/// ``DatabaseError/migrationFailed(_:_:)``.
///
/// ```swift
/// extension DatabaseMigrator {
///   static var todos: Self {
///     var migrator = DatabaseMigrator()
///     migrator.registerMigration("Create lists") { db in
///       try await db.raw("CREATE TABLE lists (id TEXT PRIMARY KEY, name TEXT NOT NULL)").run()
///     }
///     return migrator
///   }
/// }
/// ```
///
/// Never change a step once it has run somewhere: add another.
public struct DatabaseMigrator: Sendable {
  struct Migration: Sendable {
    let name: String
    let migrate: @Sendable (any SQLDatabase) async throws -> Void
  }

  private(set) var migrations: [Migration] = []

  /// A migrator without steps.
  public init() {}

  /// Adds a step after those added before. Names must be unique.
  public mutating func registerMigration(
    _ name: String, migrate: @escaping @Sendable (any SQLDatabase) async throws -> Void
  ) {
    precondition(!migrations.contains { $0.name == name }, "Two migrations named \"\(name)\"")
    migrations.append(Migration(name: name, migrate: migrate))
  }

  /// The names of the steps, in order.
  public var names: [String] { migrations.map(\.name) }

  /// Runs the steps that `database` has not run yet; returns their names.
  @discardableResult
  public func migrate(_ database: any LiveDatabase) async throws -> [String] {
    try await database.write { db in
      try await db.raw(
        "CREATE TABLE IF NOT EXISTS ocaf_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)"
      ).run()
    }
    var applied: [String] = []
    for migration in migrations {
      let ran = try await database.write { db -> Bool in
        let done = try await db.raw(
          "SELECT name FROM ocaf_migrations WHERE name = \(bind: migration.name)"
        ).first()
        guard done == nil else { return false }
        do {
          try await migration.migrate(db)
        } catch {
          throw DatabaseError.migrationFailed(migration.name, error)
        }
        let now = ISO8601DateFormatter().string(from: Date())
        try await db.raw(
          "INSERT INTO ocaf_migrations (name, applied_at) VALUES (\(bind: migration.name), \(bind: now))"
        ).run()
        return true
      }
      if ran { applied.append(migration.name) }
    }
    return applied
  }
}
#endif
