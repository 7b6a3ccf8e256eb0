#if PostgreSQL
import ComposableArchitecture
@_spi(Testing) import ComposableArchitectureTestSupport
import ComposableDatabase
import Foundation
import Logging
import PostgresNIO
import SQLKit
import Testing

#if Web
import ComposableWeb
#endif

extension DatabaseMigrator {
  /// The fixtures' tables in PostgreSQL's words.
  static var postgresItems: Self {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("Create items") { db in
      try await db.raw(
        "CREATE TABLE items (id SERIAL PRIMARY KEY, title TEXT NOT NULL, done BOOLEAN NOT NULL DEFAULT false)"
      ).run()
    }
    migrator.registerMigration("Create notes") { db in
      try await db.raw("CREATE TABLE notes (id SERIAL PRIMARY KEY, text TEXT NOT NULL)").run()
    }
    return migrator
  }
}

/// The test server's URL, as `.ci/postgres.sh start` prints it.
let postgresServerURL = ProcessInfo.processInfo.environment["OCAF_POSTGRES_URL"]

/// Tests against a real PostgreSQL server: `.ci/run` starts one (`.ci/postgres.sh start`) and
/// names it in `OCAF_POSTGRES_URL`. Each test works in a database of its own, made for it and
/// dropped after. Two `PostgresLiveDatabase`s on one database stand for two processes: they
/// share nothing but the server.
@Suite(.enabled(if: postgresServerURL != nil, "OCAF_POSTGRES_URL names no server"))
struct PostgresTests {

  /// Runs `body` with the URL of a new, empty database on the test server, and drops it after.
  func withScratchDatabase(_ body: (String) async throws -> Void) async throws {
    let server = try #require(postgresServerURL)
    let name = "ocaf_test_" + UUID().uuidString.prefix(8).lowercased()
    let admin = try await PostgresLiveDatabase.connect(url: server)
    defer { admin.close() }
    try await admin.read { db in try await db.raw("CREATE DATABASE \(unsafeRaw: name)").run() }
    let url = server.replacingOccurrences(
      of: #"/[^/]*$"#, with: "/\(name)", options: .regularExpression)
    do {
      try await body(url)
    } catch {
      try? await drop(name, on: admin)
      throw error
    }
    try await drop(name, on: admin)
  }

  private func drop(_ name: String, on admin: PostgresLiveDatabase) async throws {
    try await admin.read { db in
      try await db.raw("DROP DATABASE \(unsafeRaw: name) WITH (FORCE)").run()
    }
  }

  @Test func aWriteInOneProcessReachesAFetchInAnother() async throws {
    try await withScratchDatabase { url in
      let first = try await PostgresLiveDatabase.connect(url: url, migrator: .postgresItems)
      let second = try await PostgresLiveDatabase.connect(url: url, migrator: .postgresItems)
      defer { first.close(); second.close() }
      @FetchAll(database: second) var items: [Item]
      #expect(await eventually { !$items.isLoading })
      #expect(items.isEmpty)
      try await insert("Milk", into: first)
      #expect(await eventually { items.map(\.title) == ["Milk"] })
      try await first.write { db in try await db.raw("UPDATE items SET done = true").run() }
      #expect(await eventually { items.first?.done == true })
      try await first.write { db in try await db.raw("TRUNCATE items").run() }
      #expect(await eventually { items.isEmpty })
    }
  }

  @Test func aNotificationNamesTheTablesACommittedTransactionChanged() async throws {
    try await withScratchDatabase { url in
      let writer = try await PostgresLiveDatabase.connect(url: url, migrator: .postgresItems)
      let reader = try await PostgresLiveDatabase.connect(url: url)
      defer { writer.close(); reader.close() }
      let changes = LockIsolated<[DatabaseChange]>([])
      let observation = reader.observeChanges { change in changes.withValue { $0.append(change) } }
      defer { observation.cancel() }
      struct Refused: Error {}
      await #expect(throws: Refused.self) {
        try await writer.write { db in
          try await db.raw("INSERT INTO items (title) VALUES ('rolled back')").run()
          throw Refused()
        }
      }
      try await writer.write { db in try await db.raw("INSERT INTO notes (text) VALUES ('x')").run() }
      try await insert("Milk", into: writer)
      // Notifications come in commit order, so the second one's arrival means that the rolled
      // back transaction told nothing.
      #expect(await eventually { changes.value.count >= 2 })
      #expect(changes.value == [.tables(["notes"]), .tables(["items"])])
      let titles = try await reader.read { db in
        try await db.raw("SELECT title FROM items").all(decodingColumn: "title", as: String.self)
      }
      #expect(titles == ["Milk"])
    }
  }

  @Test func processesThatStartTogetherMigrateOnce() async throws {
    try await withScratchDatabase { url in
      async let first = PostgresLiveDatabase.connect(url: url, migrator: .postgresItems)
      async let second = PostgresLiveDatabase.connect(url: url, migrator: .postgresItems)
      let databases = try await [first, second]
      defer { for database in databases { database.close() } }
      let names = try await databases[0].read { db in
        try await db.raw("SELECT name FROM ocaf_migrations ORDER BY name")
          .all(decodingColumn: "name", as: String.self)
      }
      #expect(names == ["Create items", "Create notes"])
      // A migration that is not yet run runs at the next start, once.
      var more = DatabaseMigrator.postgresItems
      more.registerMigration("Add a rank") { db in
        try await db.raw("ALTER TABLE items ADD COLUMN rank INTEGER NOT NULL DEFAULT 0").run()
      }
      let third = try await PostgresLiveDatabase.connect(url: url, migrator: more)
      defer { third.close() }
      let applied = try await more.migrate(third)
      #expect(applied.isEmpty)
    }
  }

  @Test func aMigrationThatFailsStopsTheStartAndLeavesNoTrace() async throws {
    try await withScratchDatabase { url in
      var broken = DatabaseMigrator.postgresItems
      broken.registerMigration("Broken") { db in
        try await db.raw("CREATE TABLE halfway (id INTEGER)").run()
        try await db.raw("SELECT no_such_column FROM items").run()
      }
      await #expect {
        _ = try await PostgresLiveDatabase.connect(url: url, migrator: broken)
      } throws: { error in
        guard case let .migrationFailed(name, _)? = error as? DatabaseError else { return false }
        return name == "Broken"
      }
      let database = try await PostgresLiveDatabase.connect(url: url)
      defer { database.close() }
      let tables = try await database.read { db in
        try await db.raw(
          "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name"
        ).all(decodingColumn: "table_name", as: String.self)
      }
      #expect(tables == ["items", "notes", "ocaf_migrations"])
    }
  }

  @Test func aServerThatIsDownAtStartGivesOneErrorNamingItWithoutItsPassword() async throws {
    // Nothing listens on port 1 of loopback.
    await #expect {
      _ = try await PostgresLiveDatabase.connect(url: "postgres://ocaf:secret@127.0.0.1:1/todos")
    } throws: { error in
      guard case .cannotOpen? = error as? DatabaseError else { return false }
      let text = "\(error)"
      // It says where, and why (PostgresNIO's own `description` would hide the cause).
      return text.contains("postgres://ocaf@127.0.0.1:1/todos") && text.contains("Connection refused")
        && !text.contains("secret")
    }
    await #expect(throws: DatabaseError.self) {
      _ = try await PostgresLiveDatabase.connect(url: "mysql://ocaf@127.0.0.1/todos")
    }
  }

  @Test func aLostListeningConnectionComesBackAndItsFetchesCatchUp() async throws {
    try await withScratchDatabase { url in
      let writer = try await PostgresLiveDatabase.connect(url: url, migrator: .postgresItems)
      let (logger, log) = capturingLogger()
      let reader = try await PostgresLiveDatabase.connect(url: url, logger: logger)
      defer { writer.close(); reader.close() }
      @FetchAll(database: reader) var items: [Item]
      #expect(await eventually { !$items.isLoading })
      // The server ends the reader's listening connection, as a restart or a network fault
      // would; the next write is committed while nobody listens for the reader.
      let ended = try await writer.read { db in
        try await db.raw(
          """
          SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
          WHERE application_name = \(bind: PostgresLiveDatabase.listenerName)
            AND datname = current_database()
          """
        ).all(decodingColumn: "ended", as: Bool.self)
      }
      #expect(ended == [true, true])
      try await insert("Milk", into: writer)
      #expect(await eventually { items.map(\.title) == ["Milk"] })
      #expect(log.value.contains { $0.contains("Lost the database's change notifications") })
      #expect(log.value.contains { $0.contains("Listening for database changes again") })
      // And it listens again: a later write arrives as before.
      try await insert("Eggs", into: writer)
      #expect(await eventually { items.map(\.title) == ["Milk", "Eggs"] })
    }
  }
}

#if Web
extension PostgresTests {
  @Test func sessionSnapshotsHaveOneOwnerAtATime() async throws {
    try await withScratchDatabase { url in
      let one = try await PostgresLiveDatabase.connect(url: url)
      let two = try await PostgresLiveDatabase.connect(url: url)
      defer { one.close(); two.close() }
      let first = try await DatabaseSessionStore.open(database: one, owner: "first")
      let second = try await DatabaseSessionStore.open(database: two, owner: "second")
      let snapshot = SessionSnapshot(
        feature: "tally", browserSecret: "secret", identity: "ada", state: Data([1, 2, 3]))
      let lost = LockIsolated(0)
      first.save(snapshot, id: "s1", sessionName: "s1") { lost.withValue { $0 += 1 } }
      await first.flush()
      #expect(await second.claim(id: "s1") { _ in true } == .heldElsewhere)
      // A page whose secret does not match learns nothing, and takes nothing.
      #expect(await second.claim(id: "s1") { $0.browserSecret == "other" } == SnapshotClaim.none)
      #expect(await second.claim(id: "missing") { _ in true } == SnapshotClaim.none)
      await first.release()
      #expect(await second.claim(id: "s1") { _ in true } == .claimed(snapshot))
      // The first process saves again: it finds the session taken.
      first.save(snapshot, id: "s1", sessionName: "s1") { lost.withValue { $0 += 1 } }
      await first.flush()
      #expect(lost.value == 1)
      // Only the owner deletes it.
      first.remove(id: "s1")
      await first.flush()
      #expect(await first.claim(id: "s1") { _ in true } == .heldElsewhere)
      second.remove(id: "s1")
      await second.flush()
      #expect(await first.claim(id: "s1") { _ in true } == SnapshotClaim.none)
    }
  }
}
#endif

/// A logger whose messages at notice and above are kept in order.
func capturingLogger() -> (Logger, LockIsolated<[String]>) {
  let lines = LockIsolated<[String]>([])
  var logger = Logger(label: "test") { _ in CapturingHandler(lines: lines) }
  logger.logLevel = .notice
  return (logger, lines)
}

struct CapturingHandler: LogHandler {
  let lines: LockIsolated<[String]>
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace
  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }
  func log(
    level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String,
    file: String, function: String, line: UInt
  ) {
    lines.withValue { $0.append("\(level): \(message)") }
  }
}
#endif
