#if Hummingbird && SQLite
import ComposableArchitecture
import ComposableDatabase
import Foundation
import Logging
import SQLKit
import Testing

@testable import ComposableWeb
@_spi(Testing) import ComposableArchitectureTestSupport

/// Sessions saved in a database that two servers share (two `DatabaseSessionStore`s with their
/// own owner names over one database stand for two processes): a page resumes on the other
/// server, and one server runs a session at a time.
@MainActor
@Suite struct DatabaseSnapshotTests {
  let logger: Logger
  let messages: LockIsolated<[String]>
  let helper = SnapshotTests()

  init() {
    (logger, messages) = recordingLogger()
  }

  func registry(_ store: DatabaseSessionStore) -> SessionRegistry {
    SessionRegistry(
      features: [SnapshotTests.restorable, SnapshotTests.plain],
      snapshots: SessionSnapshots(store: store, debounce: .milliseconds(20)), logger: logger)
  }

  /// The owner of session `id`'s row, or nil when it has none or no row.
  func owner(of id: String, in database: any LiveDatabase) async throws -> String? {
    try await database.read { db in
      try await db.raw("SELECT owner FROM ocaf_sessions WHERE id = \(bind: id)")
        .first()?.decode(column: "owner", as: String?.self)
    }
  }

  @Test func aStoppedServersSessionResumesOnAnotherAndOnlyThere() async throws {
    let database = try await SQLiteLiveDatabase.inMemory()
    let first = try await DatabaseSessionStore.open(database: database, owner: "first")
    let second = try await DatabaseSessionStore.open(database: database, owner: "second")
    let before = registry(first)
    let (connection, _) = try await helper.open(before)
    try helper.bump(before, connection, times: 2)  // 1 (appearing) + 2
    let id = connection.sessionID
    #expect(try await eventually { try await owner(of: id, in: database) == "first" })

    // While the first server runs it, the second refuses the page, which tries again later.
    let after = registry(second)
    let refusal = LockIsolated<[String]>([])
    let refused = await after.connect(featurePath: "tally", resumeID: id, visitor: .browser) {
      text in refusal.withValue { $0.append(text) }
    }
    #expect(refused == nil)
    #expect(refusal.value == [SessionRegistry.heldElsewhere])
    // A page of another browser naming the id gets a session of its own, and takes nothing.
    let stranger = Visitor(address: "127.0.0.9", browserSecret: String(repeating: "ab", count: 16))
    let (other, _) = try await helper.open(after, resuming: id, as: stranger)
    #expect(other.sessionID != id)
    #expect(try await owner(of: id, in: database) == "first")

    // The first server stops: it saves what the debounce had not, and lets the session go.
    try helper.bump(before, connection, times: 1)
    await before.shutDown()
    #expect(try await owner(of: id, in: database) == nil)
    let (resumed, sent) = try await helper.open(after, resuming: id)
    #expect(resumed.sessionID == id)
    // Restored with 4, then its appear action ran again.
    #expect(try helper.shown(sent.value.first) == 5)
    #expect(try await owner(of: id, in: database) == "second")
    await after.shutDown()
  }

  @Test func aServerWhoseLeaseRanOutLosesTheSessionAndEndsItsCopy() async throws {
    let database = try await SQLiteLiveDatabase.inMemory()
    let time = LockIsolated(Date(timeIntervalSince1970: 1_000_000))
    let first = try await DatabaseSessionStore.open(
      database: database, owner: "first", lease: .seconds(10), renewal: .seconds(3600),
      now: { time.value })
    let second = try await DatabaseSessionStore.open(
      database: database, owner: "second", lease: .seconds(10), renewal: .seconds(3600),
      now: { time.value })
    let before = registry(first)
    let (connection, _) = try await helper.open(before)
    try helper.bump(before, connection, times: 1)
    let id = connection.sessionID
    #expect(try await eventually { try await owner(of: id, in: database) == "first" })
    let after = registry(second)

    // Within the lease the session is the first server's.
    time.withValue { $0 += 9 }
    let held = await after.connect(featurePath: "tally", resumeID: id, visitor: .browser) { _ in }
    #expect(held == nil)

    // The first server went quiet past its lease (its renewal is an hour away here): the
    // second takes the session over.
    time.withValue { $0 += 2 }
    let (resumed, sent) = try await helper.open(after, resuming: id)
    #expect(resumed.sessionID == id)
    #expect(try helper.shown(sent.value.first) == 3)
    #expect(try await owner(of: id, in: database) == "second")

    // When the first server next saves its copy, it finds the session taken and ends its copy.
    try helper.bump(before, connection, times: 1)
    #expect(await eventually { before.session(id: id) == nil })
    #expect(messages.value.contains("Another server took over a session; ended this server's copy"))
    #expect(try await owner(of: id, in: database) == "second")
    await before.shutDown()
    await after.shutDown()
  }
}
#endif
