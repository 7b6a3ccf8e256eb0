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

  /// Opens the socket of a page of the feature at `feature` (as a browser's page script does,
  /// without its cookie) and waits for its first render; returns what arrived, the upgrade
  /// response first.
  func openPageSocket(feature: String, port: Int) async throws -> (text: String, closed: Bool) {
    try send(
      "GET /live?feature=\(feature)&version=\(PageProtocol.version) HTTP/1.1\r\n"
        + "Host: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
    return await receive(timeout: .seconds(5)) { $0.contains(#""type":"render""#) }
  }

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
    let (bytes, closed) = await receiveBytes(timeout: timeout) {
      done(String(decoding: $0, as: UTF8.self))
    }
    return (String(decoding: bytes, as: UTF8.self), closed)
  }

  /// What arrives within `timeout`, as bytes (a WebSocket frame's close code is not UTF-8).
  func receiveBytes(
    timeout: Duration, until done: @escaping @Sendable ([UInt8]) -> Bool = { _ in false }
  ) async -> (bytes: [UInt8], closed: Bool) {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(returning: self.blockingReceive(timeout: timeout, until: done))
      }
    }
  }

  private func blockingReceive(timeout: Duration, until done: ([UInt8]) -> Bool) -> (
    bytes: [UInt8], closed: Bool
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
      if count <= 0 { return (received, true) }
      received += buffer[..<count]
      if done(received) { break }
    }
    return (received, false)
  }
}

/// A WebSocket frame's bytes as a client writes them (masked, unless `masked` is false), with
/// any reserved bits given in `reserved` (0x40, 0x20, 0x10) and a payload of any length.
func webSocketFrame(
  opcode: UInt8, payload: [UInt8], fin: Bool = true, reserved: UInt8 = 0, masked: Bool = true
) -> [UInt8] {
  var bytes: [UInt8] = [(fin ? 0x80 : 0) | reserved | opcode]
  let maskBit: UInt8 = masked ? 0x80 : 0
  switch payload.count {
  case ..<126: bytes.append(maskBit | UInt8(payload.count))
  case ..<65536: bytes += [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
  default: bytes += [maskBit | 127] + (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
  }
  guard masked else { return bytes + payload }
  let mask: [UInt8] = [0x1F, 0x2E, 0x3D, 0x4C]
  return bytes + mask + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
}

/// The close code of the first close frame (unmasked, from the server) in `bytes`, if any.
func closeCode(in bytes: [UInt8]) -> UInt16? {
  var index = 0
  // Skip the HTTP response up to its empty line, if it is there.
  if let end = (0..<max(bytes.count - 3, 0)).first(where: { bytes[$0..<$0 + 4] == [13, 10, 13, 10] }) {
    index = end + 4
  }
  while index + 2 <= bytes.count {
    let opcode = bytes[index] & 0x0F
    var length = Int(bytes[index + 1] & 0x7F)
    var header = 2
    if length == 126, index + 4 <= bytes.count {
      length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
      header = 4
    } else if length == 127, index + 10 <= bytes.count {
      length = (2..<10).reduce(0) { $0 << 8 | Int(bytes[index + $1]) }
      header = 10
    }
    let start = index + header
    guard start + length <= bytes.count else { return nil }
    if opcode == 0x8 {
      return length >= 2 ? UInt16(bytes[start]) << 8 | UInt16(bytes[start + 1]) : nil
    }
    index = start + length
  }
  return nil
}

enum RawConnectionError: Error {
  case failed(String)
}

extension Visitor {
  /// A browser on loopback, holding a well-formed secret.
  static let browser = Visitor(address: "127.0.0.1", browserSecret: String(repeating: "5e", count: 16))
}

#endif  // Hummingbird
