#if Hummingbird
import ComposableArchitecture
import ComposableWeb
@testable import ComposableWebHummingbird
import Foundation
import Logging
import NIOCore
import NIOPosix

/// A log record: level, message and metadata.
struct LogRecord: Sendable {
  let level: Logger.Level
  let message: String
  let metadata: [String: String]
}

/// A log handler that hands every record, with its level and metadata, to `record`, so tests
/// can check what the server logged.
struct RecordingLogHandler: LogHandler {
  let record: @Sendable (LogRecord) -> Void
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    let all = metadata.merging(event.metadata ?? [:]) { $1 }
    record(
      LogRecord(
        level: event.level, message: event.message.description,
        metadata: all.mapValues { "\($0)" }))
  }
}

/// A logger whose messages end up in the returned box.
func recordingLogger() -> (Logger, LockIsolated<[String]>) {
  let messages = LockIsolated<[String]>([])
  let logger = Logger(label: "test") { _ in
    RecordingLogHandler { record in messages.withValue { $0.append(record.message) } }
  }
  return (logger, messages)
}

/// A logger whose records, metadata included, end up in the returned box.
func fullRecordingLogger() -> (Logger, LockIsolated<[LogRecord]>) {
  let records = LockIsolated<[LogRecord]>([])
  let logger = Logger(label: "test") { _ in
    RecordingLogHandler { record in records.withValue { $0.append(record) } }
  }
  return (logger, records)
}

/// A tally with a label, the test's stand-in for a feature.
@Reducer
struct Tally {
  @ObservableState
  struct State: Codable, Equatable {
    var label = "Tally"
    var value = 0
  }

  enum Action: Equatable {
    case bumped
    case labelChanged(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .bumped:
        state.value += 1
        return .none
      case let .labelChanged(label):
        state.label = String(label.prefix(16))
        return .none
      }
    }
  }
}

func tallyView(_ store: LiveStoreOf<Tally>) -> Node<Tally.Action> {
  div {
    span(store.label, ["title": store.label])
    span("\(store.value)")
    button("Bump", send: .bumped)
    textField(value: store.label, onInput: { .labelChanged($0) })
  }
}

/// Two tallies side by side, each its own component.
@Reducer
struct TallyPair {
  @ObservableState
  struct State: Equatable {
    var left = Tally.State(label: "Left")
    var right = Tally.State(label: "Right")
  }

  enum Action: Equatable {
    case left(Tally.Action)
    case right(Tally.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.left, action: \.left) { Tally() }
    Scope(state: \.right, action: \.right) { Tally() }
  }
}

func tallyPairView(_ store: LiveStoreOf<TallyPair>) -> Node<TallyPair.Action> {
  div {
    component(store.scope(state: \.left, action: \.left), key: "left", tallyView)
    component(store.scope(state: \.right, action: \.right), key: "right", tallyView)
  }
}

extension ServerMessage {
  /// Reads a message the session sent, for a test.
  init(_ text: String) throws { try self.init(text: text) }

  /// A render's HTML.
  var html: String? {
    if case let .render(render) = self { return render.html }
    return nil
  }

  /// A patch's parts.
  var patches: [Patch.Part]? {
    if case let .patch(patch) = self { return patch.parts }
    return nil
  }

  /// The values a patch tells fields they hold.
  var values: [Patch.Value]? {
    if case let .patch(patch) = self { return patch.values }
    return nil
  }

  /// The session a render or an attachment names.
  var session: String? {
    switch self {
    case let .render(render): return render.session
    case let .attached(session): return session
    default: return nil
    }
  }
}

/// The handler ids in `html` for `event`, in document order.
func handlerIDs(in html: String, event: String) -> [String] {
  let marker = "data-ocaf-\(event)=\""
  var ids: [String] = []
  var rest = html[...]
  while let range = rest.range(of: marker) {
    let after = rest[range.upperBound...]
    guard let end = after.firstIndex(of: "\"") else { break }
    ids.append(String(after[..<end]))
    rest = after[end...]
  }
  return ids
}

/// A message clicking the handler `id`.
func click(_ id: String) -> String { ClientMessage.event(handler: id).text }

/// Runs `body` with an event loop of its own, shut down afterwards.
func withEventLoop(
  isolation: isolated (any Actor)? = #isolation,
  _ body: (any EventLoop) async throws -> Void
) async throws {
  let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
  do {
    try await body(group.next())
  } catch {
    try await group.shutdownGracefully()
    throw error
  }
  try await group.shutdownGracefully()
}

/// Keeps `loop` busy, so that what is handed to it meanwhile waits, until the returned
/// semaphore is signalled.
func occupy(_ loop: any EventLoop) -> DispatchSemaphore {
  let busy = DispatchSemaphore(value: 0)
  loop.execute { busy.wait() }
  return busy
}

/// A TCP connection to a server on loopback, written and read as raw bytes, for what a
/// well-behaved client never sends (a foreign `Host`, no request at all). (Sendable so that its
/// reads can wait on a dispatch thread; a test uses one connection from one task at a time.)
final class RawConnection: @unchecked Sendable {
  private let descriptor: Int32

  /// Connects to `port` on 127.0.0.1, from `sourceAddress` (any address of 127.0.0.0/8).
  init(port: Int, from sourceAddress: String = "127.0.0.1") throws {
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw RawConnectionError.failed("socket") }
    self.descriptor = descriptor
    var source = sockaddr_in()
    source.sin_family = sa_family_t(AF_INET)
    source.sin_port = 0
    inet_pton(AF_INET, sourceAddress, &source.sin_addr)
    let bound = withUnsafePointer(to: &source) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0 else { throw RawConnectionError.failed("bind to \(sourceAddress)") }
    var server = sockaddr_in()
    server.sin_family = sa_family_t(AF_INET)
    server.sin_port = in_port_t(UInt16(port).bigEndian)
    inet_pton(AF_INET, "127.0.0.1", &server.sin_addr)
    let connected = withUnsafePointer(to: &server) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw RawConnectionError.failed("connect") }
  }

  deinit { close(descriptor) }

  /// Writes `text` as it is.
  func send(_ text: String) throws {
    try send(bytes: Array(text.utf8))
  }

  /// Writes `bytes` as they are (what is not UTF-8 text: a TLS handshake, say).
  func send(bytes: [UInt8]) throws {
    var sent = 0
    while sent < bytes.count {
      let written = bytes[sent...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      guard written > 0 else { throw RawConnectionError.failed("write") }
      sent += written
    }
  }

  /// What arrives within `timeout`, up to the peer closing the connection or `done` saying it is
  /// enough; `closed` is whether the peer closed. The waiting is done on a dispatch thread, not
  /// on one of Swift concurrency's few (which the server needs).
  func receive(
    timeout: Duration, until done: @escaping @Sendable (String) -> Bool = { _ in false }
  ) async -> (text: String, closed: Bool) {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(returning: self.blockingReceive(timeout: timeout, until: done))
      }
    }
  }

  private func blockingReceive(timeout: Duration, until done: (String) -> Bool) -> (
    text: String, closed: Bool
  ) {
    var received: [UInt8] = []
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while ContinuousClock.now < deadline {
      var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let remaining = ContinuousClock.now.duration(to: deadline)
      let milliseconds = max(1, Int32(remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000))
      guard poll(&request, 1, milliseconds) > 0 else { continue }
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count <= 0 { return (String(decoding: received, as: UTF8.self), true) }
      received += buffer[..<count]
      if done(String(decoding: received, as: UTF8.self)) { break }
    }
    return (String(decoding: received, as: UTF8.self), false)
  }
}

enum RawConnectionError: Error {
  case failed(String)
}

extension Visitor {
  /// A browser on loopback, holding a well-formed secret.
  static let browser = Visitor(address: "127.0.0.1", browserSecret: String(repeating: "5e", count: 16))
}

#endif  // Hummingbird
