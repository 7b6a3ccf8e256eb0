#if Hummingbird
import Clocks
import ComposableArchitecture
import Foundation
import Logging
import Testing

@testable import ComposableWeb
@_spi(Testing) import ComposableArchitectureTestSupport

/// Sessions saved to snapshots and restored by a registry made afresh, as after a restart.
@MainActor
@Suite struct SnapshotTests {
  let logger: Logger
  let messages: LockIsolated<[String]>
  let directory: URL

  init() {
    (logger, messages) = recordingLogger()
    directory = FileManager.default.temporaryDirectory
      .appending(path: "ocaf-snapshots-\(UUID().uuidString)")
  }

  /// A tally whose state is saved; it is bumped once whenever a session starts or is restored.
  static let restorable = LiveFeature(
    path: "tally", title: "Tally", summary: "restorable",
    initialState: { Tally.State() },
    makeStore: { state in LiveStore(initialState: state) { Tally() } },
    appearAction: { .bumped },
    view: tallyView)

  /// A tally that is not restorable.
  static let plain = LiveFeature(
    path: "tally-plain", title: "Tally", summary: "plain",
    makeStore: { LiveStore(initialState: Tally.State()) { Tally() } }, view: tallyView)

  func makeRegistry(
    clock: any Clock<Duration> = ContinuousClock(),
    _ settings: (inout SessionSnapshots) -> Void = { _ in }
  ) -> SessionRegistry {
    var snapshots = SessionSnapshots(directory: directory, debounce: .milliseconds(20))
    settings(&snapshots)
    return SessionRegistry(
      features: [Self.restorable, Self.plain], snapshots: snapshots, clock: clock, logger: logger)
  }

  /// Connects a page; returns its connection and what it was sent.
  func open(
    _ registry: SessionRegistry, _ feature: String = "tally", resuming resumeID: String? = nil,
    as visitor: Visitor = .browser
  ) async throws -> (SessionRegistry.Connection, LockIsolated<[String]>) {
    let sent = LockIsolated<[String]>([])
    let connection = try #require(
      await registry.connect(featurePath: feature, resumeID: resumeID, visitor: visitor) { text in
        sent.withValue { $0.append(text) }
      })
    return (connection, sent)
  }

  func bump(_ registry: SessionRegistry, _ connection: SessionRegistry.Connection, times: Int) throws {
    let session = try #require(registry.session(id: connection.sessionID))
    for _ in 0..<times {
      let html = try #require(try ServerMessage(session.start()).html)
      let bump = try #require(handlerIDs(in: html, event: "click").first)
      session.receive(click(bump))
    }
  }

  func shown(_ render: String?) throws -> Int? {
    let text = try #require(render)
    let html = try #require(try ServerMessage(text).html)
    let spans = html.split(separator: "<span>").dropFirst()
    return spans.first.flatMap { Int($0.prefix { $0.isNumber }) }
  }


  func files() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
  }

  @Test func aRestartedServerGivesThePageItsSessionBack() async throws {
    let before = makeRegistry()
    let (connection, _) = try await open(before)
    try bump(before, connection, times: 3)  // 1 (appearing) + 3
    // (Until the write is renamed into place the directory holds a temporary file.)
    await eventually { files().contains("\(connection.sessionID).json") }
    #expect(files() == ["\(connection.sessionID).json"])
    // The process is killed (no stop, `before` is just left behind): the debounced snapshot is
    // what a new one finds.
    let after = makeRegistry()
    let (resumed, sent) = try await open(after, resuming: connection.sessionID)
    #expect(resumed.sessionID == connection.sessionID)
    // Restored with 4, then its appear action ran again.
    #expect(try shown(sent.value.first) == 5)
    #expect(messages.value.contains("Restored a session from its snapshot"))
    await after.shutDown()
    try? FileManager.default.removeItem(at: directory)
  }

  @Test func aSnapshotIsWrittenOnceTheChangesHaveSettledForTheDebounce() async throws {
    let clock = TestClock()
    let registry = makeRegistry(clock: clock) { $0.debounce = .seconds(2) }
    let (connection, _) = try await open(registry)
    try bump(registry, connection, times: 2)
    // The snapshot is scheduled (its deadline fixed), not yet written.
    await eventually { registry.pendingSnapshots.contains(connection.sessionID) }
    await clock.advance(by: .milliseconds(1_999))
    await registry.waitForSnapshots()
    #expect(registry.pendingSnapshots.contains(connection.sessionID))
    #expect(files().isEmpty)
    await clock.advance(by: .milliseconds(1))
    await eventually { files().contains("\(connection.sessionID).json") }
    #expect(files() == ["\(connection.sessionID).json"])
    await registry.shutDown()
    try? FileManager.default.removeItem(at: directory)
  }

  @Test func aStopSavesWhatTheDebounceHasNotYet() async throws {
    let before = makeRegistry { $0.debounce = .seconds(3600) }
    let (connection, _) = try await open(before)
    try bump(before, connection, times: 2)
    #expect(files().isEmpty)
    await before.shutDown()
    #expect(files() == ["\(connection.sessionID).json"])
    let after = makeRegistry()
    let (_, sent) = try await open(after, resuming: connection.sessionID)
    #expect(try shown(sent.value.first) == 4)
    await after.shutDown()
    try? FileManager.default.removeItem(at: directory)
  }

  @Test func aSnapshotIsRestoredOnlyForItsBrowserAndItsFeature() async throws {
    let before = makeRegistry()
    let (connection, _) = try await open(before)
    try bump(before, connection, times: 2)
    await before.shutDown()
    let after = makeRegistry()
    let stranger = Visitor(address: "127.0.0.9", browserSecret: String(repeating: "ab", count: 16))
    let (other, sent) = try await open(after, resuming: connection.sessionID, as: stranger)
    #expect(other.sessionID != connection.sessionID)
    #expect(try shown(sent.value.first) == 1)
    // Another feature's page with the id: not this snapshot either.
    let (plain, _) = try await open(after, "tally-plain", resuming: connection.sessionID)
    #expect(plain.sessionID != connection.sessionID)
    // The rightful page still gets it.
    let (own, ownSent) = try await open(after, resuming: connection.sessionID)
    #expect(own.sessionID == connection.sessionID)
    #expect(try shown(ownSent.value.first) == 4)
    await after.shutDown()
    try? FileManager.default.removeItem(at: directory)
  }

  @Test func anEndedSessionsSnapshotIsDeleted() async throws {
    let registry = makeRegistry()
    let (connection, _) = try await open(registry)
    try bump(registry, connection, times: 1)
    await eventually { files().contains("\(connection.sessionID).json") }
    #expect(files() == ["\(connection.sessionID).json"])
    await registry.disconnect(connection)
    await registry.end(sessionID: connection.sessionID)
    await eventually { files().isEmpty }
    #expect(files().isEmpty)
    await registry.shutDown()
    try? FileManager.default.removeItem(at: directory)
  }

  @Test func snapshotsAreBoundedInCountAndSize() async throws {
    let counted = makeRegistry { $0.maximumCount = 2 }
    for _ in 0..<4 {
      let (connection, _) = try await open(counted)
      try bump(counted, connection, times: 1)
      await eventually { files().contains("\(connection.sessionID).json") }
      await counted.waitForSnapshots()  // the trim after the write
    }
    #expect(files().count == 2)
    await counted.shutDown()
    #expect(files().count == 2)
    try? FileManager.default.removeItem(at: directory)

    let small = makeRegistry { $0.maximumBytes = 8 }
    let (connection, _) = try await open(small)
    try bump(small, connection, times: 1)
    await small.shutDown()
    #expect(files().isEmpty)
    #expect(messages.value.contains("Did not save a session's snapshot: its state is larger than allowed"))
    try? FileManager.default.removeItem(at: directory)
  }

  @Test func anUnreadableSnapshotStartsAfreshAndIsLogged() async throws {
    let id = String(repeating: "0f", count: 16)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data("not json".utf8).write(to: directory.appending(path: "\(id).json"))
    let registry = makeRegistry()
    let (connection, sent) = try await open(registry, resuming: id)
    #expect(connection.sessionID != id)
    #expect(try shown(sent.value.first) == 1)
    #expect(messages.value.contains("Ignored an unreadable session snapshot"))
    await registry.shutDown()
    try? FileManager.default.removeItem(at: directory)
  }
}
#endif  // Hummingbird
