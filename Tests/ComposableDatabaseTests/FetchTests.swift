#if SQLite
import ComposableArchitecture
@_spi(Testing) import ComposableArchitectureTestSupport
import ComposableDatabase
import Foundation
import SQLKit
import Testing

extension DatabaseMigrator {
  static var items: Self {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("Create items") { db in
      try await db.raw(
        "CREATE TABLE items (id INTEGER PRIMARY KEY, title TEXT NOT NULL, done INTEGER NOT NULL DEFAULT 0)"
      ).run()
    }
    migrator.registerMigration("Create notes") { db in
      try await db.raw("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)").run()
    }
    return migrator
  }
}

@Suite struct FetchTests {
  @Test func fetchAllReadsTheRowsAndReadsThemAgainAfterAWrite() async throws {
    let database = try await SQLiteLiveDatabase.inMemory(migrator: .items)
    try await insert("Milk", into: database)
    @FetchAll(database: database) var items: [Item]
    #expect(await eventually { items.map(\.title) == ["Milk"] })
    try await insert("Eggs", into: database)
    #expect(await eventually { items.map(\.title) == ["Milk", "Eggs"] })
    #expect($items.loadError == nil)
  }

  @Test func aWriteToAnotherTableRunsNoFetchOfThisOne() async throws {
    let database = try await SQLiteLiveDatabase.inMemory(migrator: .items)
    let runs = LockIsolated(0)
    @Fetch(CountedTitles(runs: runs), database: database) var titles: [String] = []
    #expect(await eventually { runs.value == 1 })
    try await database.write { db in try await db.raw("INSERT INTO notes (text) VALUES ('x')").run() }
    try await insert("Milk", into: database)
    #expect(await eventually { titles == ["Milk"] })
    #expect(runs.value == 2)
  }

  @Test func aDeleteOfEveryRowIsSeen() async throws {
    let database = try await SQLiteLiveDatabase.inMemory(migrator: .items)
    try await insert("Milk", into: database)
    @FetchAll(database: database) var items: [Item]
    #expect(await eventually { items.count == 1 })
    // SQLite's truncate optimization: no row-by-row update hook.
    try await database.write { db in try await db.raw("DELETE FROM items").run() }
    #expect(await eventually { items.isEmpty })
  }

  @Test func aWriteThatThrowsRollsBackAndTellsNoOne() async throws {
    let database = try await SQLiteLiveDatabase.inMemory(migrator: .items)
    let runs = LockIsolated(0)
    @Fetch(CountedTitles(runs: runs), database: database) var titles: [String] = []
    #expect(await eventually { runs.value == 1 })
    struct Refused: Error {}
    await #expect(throws: Refused.self) {
      try await database.write { db in
        try await db.raw("INSERT INTO items (title) VALUES ('Milk')").run()
        throw Refused()
      }
    }
    try await insert("Eggs", into: database)
    #expect(await eventually { titles == ["Eggs"] })
    #expect(runs.value == 2)
  }

  @Test func fetchOneReadsAColumnAnOptionalRowOrReportsNoRow() async throws {
    let database = try await SQLiteLiveDatabase.inMemory(migrator: .items)
    @FetchOne(sql: "SELECT count(*) FROM items WHERE done = 0", tables: ["items"], database: database)
    var open = -1
    @FetchOne(sql: "SELECT * FROM items WHERE id = \(bind: 1)", tables: ["items"], database: database)
    var first: Item?
    @FetchOne(
      wrappedValue: Item(id: 0, title: "none", done: false),
      sql: "SELECT * FROM items WHERE id = \(bind: 1)", tables: ["items"], database: database)
    var required: Item
    #expect(await eventually { open == 0 && !$first.isLoading && $required.loadError != nil })
    #expect(first == nil)
    #expect($required.loadError is RowNotFound)
    #expect(required.title == "none")
    try await insert("Milk", into: database)
    #expect(await eventually { open == 1 && first?.title == "Milk" && required.title == "Milk" })
    #expect($required.loadError == nil)
  }

  @Test func aBoundValueIsAValueNeverSQL() async throws {
    let database = try await SQLiteLiveDatabase.inMemory(migrator: .items)
    let hostile = "x'); DROP TABLE items; --"
    try await insert(hostile, into: database)
    @FetchAll(sql: "SELECT * FROM items WHERE title = \(bind: hostile)", database: database)
    var items: [Item]
    #expect(await eventually { items.map(\.title) == [hostile] })
  }

  @Test func aQueryThatFailsSetsLoadErrorAndKeepsTheRows() async throws {
    let database = try await SQLiteLiveDatabase.inMemory(migrator: .items)
    @FetchAll(sql: "SELECT * FROM no_such_table", database: database) var items: [Item] = [
      Item(id: 9, title: "kept", done: false)
    ]
    #expect(await eventually { !$items.isLoading })
    #expect($items.loadError != nil)
    #expect(items.map(\.title) == ["kept"])
  }

  @Test func fetchesOfOneQueryShareOneValue() async throws {
    let database = try await SQLiteLiveDatabase.inMemory(migrator: .items)
    let runs = LockIsolated(0)
    let request = CountedTitles(runs: runs)
    @Fetch(request, database: database) var first: [String] = []
    @Fetch(request, database: database) var second: [String] = []
    // Both wait for the one first run (a write before it ends would be seen by that run, and
    // might or might not make another).
    #expect(await eventually { !$first.isLoading && !$second.isLoading })
    #expect(runs.value == 1)
    try await insert("Milk", into: database)
    #expect(await eventually { first == ["Milk"] && second == ["Milk"] })
    #expect(runs.value == 2)
  }

  @Test func theDefaultDatabaseUnsetIsReported() async throws {
    await withKnownIssue {
      @FetchAll var items: [Item]
      _ = await eventually(timeout: .seconds(5)) { !$items.isLoading }
      #expect($items.loadError != nil)
    }
  }

  @Test func theDefaultDatabaseIsTheDependencys() async throws {
    let database = try await SQLiteLiveDatabase.inMemory(migrator: .items)
    try await insert("Milk", into: database)
    try await withDependencies {
      $0.defaultDatabase = database
    } operation: {
      @FetchAll var items: [Item]
      #expect(await eventually { items.map(\.title) == ["Milk"] })
      @Dependency(\.defaultDatabase) var writer
      try await insert("Eggs", into: writer)
      #expect(await eventually { items.count == 2 })
    }
  }
}

@Suite struct MigratorTests {
  @Test func eachStepRunsOnceInOrder() async throws {
    let database = try await SQLiteLiveDatabase.inMemory()
    let ran = try await DatabaseMigrator.items.migrate(database)
    #expect(ran == ["Create items", "Create notes"])
    #expect(try await DatabaseMigrator.items.migrate(database) == [])
    var more = DatabaseMigrator.items
    more.registerMigration("Add position") { db in
      try await db.raw("ALTER TABLE items ADD COLUMN position INTEGER NOT NULL DEFAULT 0").run()
    }
    #expect(try await more.migrate(database) == ["Add position"])
  }

  @Test func aFailingStepRollsBackAndSaysWhich() async throws {
    let database = try await SQLiteLiveDatabase.inMemory()
    var migrator = DatabaseMigrator()
    migrator.registerMigration("Create and break") { db in
      try await db.raw("CREATE TABLE half (id INTEGER PRIMARY KEY)").run()
      try await db.raw("CREATE TABLE broken (").run()
    }
    await #expect {
      try await migrator.migrate(database)
    } throws: { error in
      guard case let .migrationFailed(name, _) = error as? DatabaseError else { return false }
      return name == "Create and break"
    }
    let tables = try await database.read { db in
      try await db.raw("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .all(decodingColumn: "name", as: String.self)
    }
    #expect(tables == ["ocaf_migrations"])
  }

  @Test func aFileThatCannotBeOpenedSaysSo() async throws {
    await #expect {
      _ = try await SQLiteLiveDatabase.open(path: "/no/such/directory/app.sqlite")
    } throws: { error in
      guard case .cannotOpen = error as? DatabaseError else { return false }
      return "\(error)".contains("/no/such/directory/app.sqlite")
    }
  }

  @Test func aFileKeepsItsRowsAndItsSchema() async throws {
    let path = FileManager.default.temporaryDirectory.appending(path: "db-\(UUID()).sqlite").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let first = try await SQLiteLiveDatabase.open(path: path, migrator: .items)
    try await insert("Milk", into: first)
    await first.close()
    let second = try await SQLiteLiveDatabase.open(path: path, migrator: .items)
    let titles = try await second.read { db in
      try await db.raw("SELECT title FROM items").all(decodingColumn: "title", as: String.self)
    }
    #expect(titles == ["Milk"])
    await second.close()
  }
}
#endif
