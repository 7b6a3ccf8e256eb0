#if Hummingbird
import ComposableArchitecture
import Foundation
import Logging
import Testing

@testable import ComposableWeb

/// A feature with one file input, whose uploads go into a folder of the test's own.
@Reducer
struct Attachments {
  @ObservableState
  struct State: Equatable {
    var files: UploadState
  }

  enum Action: Equatable {
    case files(UploadAction)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.files, action: \.files) { Uploads() }
  }
}

func attachmentsView(_ store: LiveStoreOf<Attachments>) -> Node<Attachments.Action> {
  div {
    fileInput(store.scope(state: \.files, action: \.files), ["id": "files"])
    for entry in store.files.entries { p("\(entry.name) \(entry.received)") }
  }
}

@MainActor
@Suite struct UploadTests {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("ocaf-upload-tests-" + UUID().uuidString)

  func makeSession(maximumFileSize: Int = 100_000, maximumCount: Int = 2) -> (
    LiveSession, LiveStoreOf<Attachments>, LockIsolated<[LogRecord]>
  ) {
    let (logger, records) = fullRecordingLogger()
    let state = Attachments.State(
      files: UploadState(
        accept: [".txt", "image/*"], maximumFileSize: maximumFileSize, maximumCount: maximumCount,
        directory: directory))
    let store = LiveStore(initialState: state) { Attachments() }
    let session = LiveSession(id: "s", store: store, view: attachmentsView, logger: logger)
    return (session, store, records)
  }

  /// The input's handler id in the session's current page.
  func uploadHandler(_ session: LiveSession) throws -> String {
    let html = try #require(try ServerMessage(session.start()).html)
    return try #require(handlerIDs(in: html, event: "upload").first)
  }

  func select(_ session: LiveSession, _ handler: String, _ files: [UploadFile]) {
    struct Selection: Encodable { var files: [UploadFile] }
    let json = String(decoding: try! JSONEncoder().encode(Selection(files: files)), as: UTF8.self)
    session.receive(ClientMessage.event(handler: handler, value: .string(json)).text)
  }

  func partFiles() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".part") }
  }

  @Test func theReducerRefusesTooLargeTheWrongTypeAndTooManyBeforeAnyByte() async {
    let store = TestStore(
      initialState: UploadState(accept: [".txt", "image/*"], maximumFileSize: 100, maximumCount: 2)
    ) { Uploads() }
    await store.send(
      .selected([
        UploadFile(ref: 0, name: "a.txt", size: 10, type: "text/plain"),
        UploadFile(ref: 1, name: "big.txt", size: 101, type: "text/plain"),
        UploadFile(ref: 2, name: "run.exe", size: 10, type: "application/octet-stream"),
        UploadFile(ref: 3, name: "cat.PNG", size: 10, type: "image/png"),
        UploadFile(ref: 4, name: "c.txt", size: 10, type: "text/plain"),
      ])
    ) {
      $0.entries = [
        UploadEntry(id: "u1", ref: 0, name: "a.txt", size: 10, type: "text/plain"),
        { var e = UploadEntry(id: "u2", ref: 1, name: "big.txt", size: 101, type: "text/plain"); e.status = .failed(.tooLarge(limit: 100)); return e }(),
        { var e = UploadEntry(id: "u3", ref: 2, name: "run.exe", size: 10, type: "application/octet-stream"); e.status = .failed(.notAccepted); return e }(),
        UploadEntry(id: "u4", ref: 3, name: "cat.PNG", size: 10, type: "image/png"),
        { var e = UploadEntry(id: "u5", ref: 4, name: "c.txt", size: 10, type: "text/plain"); e.status = .failed(.tooMany(limit: 2)); return e }(),
      ]
      $0.nextNumber = 6
    }
    await store.send(.cancelButtonTapped(id: "u1")) { $0.entries[id: "u1"]?.status = .cancelled }
    await store.send(.progressed(id: "u1", received: 5))
    await store.send(.removeButtonTapped(id: "u2")) { $0.entries.remove(id: "u2") }
    #expect(UploadError.tooLarge(limit: 200_000).description == "Larger than 200 kB.")
    #expect(UploadError.tooLarge(limit: 2_000_000).description == "Larger than 2 MB.")
  }

  @Test func filesTheReducerRefusesAreLoggedWithWhy() throws {
    let (session, store, records) = makeSession(maximumFileSize: 10)
    let handler = try uploadHandler(session)
    select(session, handler, [
      UploadFile(ref: 0, name: "big.txt", size: 11, type: "text/plain"),
      UploadFile(ref: 1, name: "ok.txt", size: 5, type: "text/plain"),
      UploadFile(ref: 2, name: "run.exe", size: 5, type: "application/x-msdownload"),
    ])
    #expect(store.files.entries.map(\.status) == [.failed(.tooLarge(limit: 10)), .waiting, .failed(.notAccepted)])
    let refused = try #require(records.value.first { $0.message == "Refused uploads" })
    #expect(refused.metadata["files"]?.contains("big.txt: Larger than 10 bytes.") == true)
    #expect(refused.metadata["files"]?.contains("run.exe: Not a type this field takes.") == true)
    #expect(refused.metadata["files"]?.contains("ok.txt") == false)
  }

  @Test func aSelectedFileArrivesChunkByChunkWithItsProgressAndIsWrittenWhole() throws {
    let (session, store, _) = makeSession()
    defer { try? FileManager.default.removeItem(at: directory) }
    let handler = try uploadHandler(session)
    let contents = (0..<30_000).map { UInt8($0 % 251) }
    select(session, handler, [UploadFile(ref: 0, name: "../notes.txt", size: contents.count, type: "text/plain")])
    #expect(store.files.entries.map(\.id) == ["u1"])
    let page = try #require(try ServerMessage(session.start()).html)
    #expect(page.contains(#"data-ocaf-upload-entries="[{&quot;entry&quot;:&quot;u1&quot;,&quot;received&quot;:0,&quot;ref&quot;:0,&quot;size&quot;:30000}]""#))
    let current = try uploadHandler(session)
    var offset = 0
    while offset < contents.count {
      let end = min(offset + chunkSize, contents.count)
      session.receive(binary: UploadChunk(handler: current, entry: "u1", offset: offset, bytes: Array(contents[offset..<end])).message)
      offset = end
      if offset < contents.count {
        #expect(store.files.entries[id: "u1"]?.received == offset)
        #expect(store.files.entries[id: "u1"]?.status == .uploading)
        #expect(partFiles().count == 1)
      }
    }
    guard case let .done(url)? = store.files.entries[id: "u1"]?.status else {
      Issue.record("not done: \(String(describing: store.files.entries.first))")
      return
    }
    #expect(try Data(contentsOf: url) == Data(contents))
    #expect(url.lastPathComponent.hasSuffix("-notes.txt"))
    #expect(url.deletingLastPathComponent().standardizedFileURL.path == directory.standardizedFileURL.path)
    #expect(partFiles().isEmpty)
  }

  @Test func aChunkOutOfOrderOrForAnUnknownEntryIsIgnoredAndLogged() throws {
    let (session, store, records) = makeSession()
    defer { try? FileManager.default.removeItem(at: directory) }
    let handler = try uploadHandler(session)
    select(session, handler, [UploadFile(ref: 0, name: "a.txt", size: 10, type: "text/plain")])
    session.receive(binary: UploadChunk(handler: handler, entry: "u1", offset: 5, bytes: [1]).message)
    session.receive(binary: UploadChunk(handler: handler, entry: "u9", offset: 0, bytes: [1]).message)
    session.receive(binary: UploadChunk(handler: "h999", entry: "u1", offset: 0, bytes: [1]).message)
    session.receive(binary: Array("not a chunk".utf8))
    #expect(store.files.entries[id: "u1"]?.received == 0)
    let messages = records.value.map(\.message)
    #expect(messages.contains("Ignored an upload chunk out of order"))
    #expect(messages.contains("Ignored an upload chunk for an unknown entry"))
    #expect(messages.contains("Ignored an upload chunk for an unknown, spent or stale handler id"))
    #expect(messages.contains("Ignored a binary message that is no upload chunk"))
  }

  @Test func bytesBeyondTheReportedSizeFailTheEntryAndLeaveNoPartialFile() throws {
    let (session, store, records) = makeSession()
    defer { try? FileManager.default.removeItem(at: directory) }
    let handler = try uploadHandler(session)
    select(session, handler, [UploadFile(ref: 0, name: "a.txt", size: 4, type: "text/plain")])
    session.receive(binary: UploadChunk(handler: handler, entry: "u1", offset: 0, bytes: [1, 2]).message)
    #expect(partFiles().count == 1)
    session.receive(binary: UploadChunk(handler: handler, entry: "u1", offset: 2, bytes: [3, 4, 5]).message)
    #expect(store.files.entries[id: "u1"]?.status == .failed(.tooLarge(limit: 4)))
    #expect(partFiles().isEmpty)
    #expect(records.value.contains { $0.message == "Refused an upload larger than its size or its limit" })
  }

  @Test func aChunkForACancelledUploadIsRefusedAndItsPartialFileDeleted() throws {
    let (session, store, records) = makeSession()
    defer { try? FileManager.default.removeItem(at: directory) }
    let handler = try uploadHandler(session)
    select(session, handler, [UploadFile(ref: 0, name: "a.txt", size: 4, type: "text/plain")])
    session.receive(binary: UploadChunk(handler: handler, entry: "u1", offset: 0, bytes: [1, 2]).message)
    _ = store.send(.files(.cancelButtonTapped(id: "u1")))
    session.receive(binary: UploadChunk(handler: handler, entry: "u1", offset: 2, bytes: [3, 4]).message)
    #expect(store.files.entries[id: "u1"]?.status == .cancelled)
    #expect(partFiles().isEmpty)
    #expect(records.value.contains { $0.message == "Ignored a chunk for an upload that was cancelled" })
  }

  @Test func aTransferCutOffByTheConnectionFailsItsEntryAndLeavesNoPartialFile() throws {
    let (session, store, records) = makeSession()
    defer { try? FileManager.default.removeItem(at: directory) }
    let handler = try uploadHandler(session)
    select(session, handler, [UploadFile(ref: 0, name: "a.txt", size: 4, type: "text/plain")])
    session.receive(binary: UploadChunk(handler: handler, entry: "u1", offset: 0, bytes: [1, 2]).message)
    session.pageDetached()
    #expect(store.files.entries[id: "u1"]?.status == .failed(.cutOff))
    #expect(partFiles().isEmpty)
    #expect(records.value.contains { $0.message == "Cut off uploads: the page's connection closed" })
    // A session that ends deletes what it was receiving too.
    select(session, try uploadHandler(session), [UploadFile(ref: 1, name: "b.txt", size: 4, type: "text/plain")])
    session.receive(binary: UploadChunk(handler: try uploadHandler(session), entry: "u2", offset: 0, bytes: [1]).message)
    #expect(partFiles().count == 1)
    session.close()
    #expect(partFiles().isEmpty)
  }

  @Test func aChunksMessageIsReadBackAndFileNamesAreMadeSafe() {
    let chunk = UploadChunk(handler: "h7", entry: "u1", offset: 12, bytes: [0, 10, 255])
    #expect(UploadChunk(message: chunk.message) == chunk)
    #expect(UploadChunk(message: Array(#"{"entry":"u1","handler":"h7","offset":-1}"#.utf8) + [10]) == nil)
    #expect(UploadChunk(message: [1, 2, 3]) == nil)
    #expect(UploadReceiver.safeName("../../etc/passwd") == "passwd")
    #expect(UploadReceiver.safeName("ü ber.txt") == "__ber.txt")
    #expect(UploadReceiver.safeName("...") == "file")
  }
}
#endif  // Hummingbird
