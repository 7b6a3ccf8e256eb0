#if SQLite || PostgreSQL
import ComposableArchitecture
import ComposableDatabase
import Foundation
import SQLKit

struct Item: DatabaseRecord, Equatable {
  static let tableName = "items"
  var id: Int
  var title: String
  var done: Bool
}

func insert(_ title: String, done: Bool = false, into database: any LiveDatabase) async throws {
  try await database.write { db in
    try await db.raw("INSERT INTO items (title, done) VALUES (\(bind: title), \(bind: done))").run()
  }
}

/// Counts its runs: how often a fetch ran again.
struct CountedTitles: FetchRequest {
  let runs: LockIsolated<Int>
  var tables: Set<String>? { ["items"] }
  func fetch(_ db: any SQLDatabase) async throws -> [String] {
    runs.withValue { $0 += 1 }
    return try await db.raw("SELECT title FROM items ORDER BY id").all(decodingColumn: "title", as: String.self)
  }
  static func == (lhs: Self, rhs: Self) -> Bool { lhs.runs === rhs.runs }
  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(runs)) }
}
#endif
