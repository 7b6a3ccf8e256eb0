#if Hummingbird
import ComposableArchitecture
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import NIOEmbedded
import NIOWebSocket
import Testing

@testable import ComposableWeb
@testable import ComposableWebHummingbird

/// A frame that RFC 6455 says must fail the connection, sent on a live page's socket: the server
/// closes it with the code the RFC names.
struct BadFrame: CustomTestStringConvertible, Sendable {
  let name: String
  /// The frames, as the client writes them.
  let bytes: [UInt8]
  let closeCode: UInt16
  var testDescription: String { name }

  static let protocolError: UInt16 = 1002
  static let invalidData: UInt16 = 1007

  static let all: [BadFrame] = [
    BadFrame(
      name: "a reserved bit set",
      bytes: webSocketFrame(opcode: 0x1, payload: Array(#"{"handler":"x"}"#.utf8), reserved: 0x40),
      closeCode: protocolError),
    BadFrame(
      name: "an unmasked frame",
      bytes: webSocketFrame(opcode: 0x1, payload: Array(#"{"handler":"x"}"#.utf8), masked: false),
      closeCode: protocolError),
    BadFrame(
      name: "text that is not UTF-8",
      bytes: webSocketFrame(opcode: 0x1, payload: [0x7B, 0xC3, 0x28, 0x7D]),
      closeCode: invalidData),
    BadFrame(
      name: "text whose fragments end in half a character",
      bytes: webSocketFrame(opcode: 0x1, payload: [0x7B, 0xE2, 0x82], fin: false)
        + webSocketFrame(opcode: 0x0, payload: [0x7D]),
      closeCode: invalidData),
    BadFrame(
      name: "a ping over 125 bytes",
      bytes: webSocketFrame(opcode: 0x9, payload: Array(repeating: 0x61, count: 126)),
      closeCode: protocolError),
    BadFrame(
      name: "a fragmented ping",
      bytes: webSocketFrame(opcode: 0x9, payload: [0x61], fin: false),
      closeCode: protocolError),
  ]

  /// Sends the frame on an open page's socket at `port` and returns the close code the server
  /// answered with and whether it closed the connection.
  func send(toPageAt port: Int, path: String = "/live?feature=tally") async throws -> (
    code: UInt16?, closed: Bool
  ) {
    let connection = try RawConnection(port: port)
    try connection.send(
      "GET \(path)&version=\(PageProtocol.version) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        + "Upgrade: websocket\r\nConnection: Upgrade\r\n"
        + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
    let opened = await connection.receive(timeout: .seconds(5)) { $0.contains(#""type":"render""#) }
    #expect(opened.text.hasPrefix("HTTP/1.1 101"), "\(opened.text.prefix(120))")
    try connection.send(bytes: bytes)
    let answer = await connection.receiveBytes(timeout: .seconds(5))
    return (ComposableWebTests.closeCode(in: answer.bytes), answer.closed)
  }
}

@Suite struct WebSocketRulesTests {
  @Test(arguments: BadFrame.all)
  func aFrameThatBreaksTheProtocolClosesTheSocket(_ frame: BadFrame) async throws {
    let (logger, records) = fullRecordingLogger()
    let endpoint = LiveEndpoint(
      title: "Tests", features: [LiveServerTests.tally], showsIndex: true,
      hosts: HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1"), logger: logger)
    let app = LiveServer(endpoint: endpoint).makeApplication(host: "127.0.0.1", port: 0)
    try await app.test(.live) { client in
      let (code, closed) = try await frame.send(toPageAt: try #require(client.port))
      #expect(code == frame.closeCode)
      #expect(closed)
    }
    _ = records
  }

  // MARK: The rules alone, in a pipeline like the server's

  func rulesChannel() throws -> (EmbeddedChannel, LockIsolated<[LogRecord]>) {
    let (logger, records) = fullRecordingLogger()
    let endpoint = LiveEndpoint(
      title: "Tests", features: [LiveServerTests.tally],
      hosts: HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1"), logger: logger)
    let channel = EmbeddedChannel()
    try channel.pipeline.syncOperations.addHandlers(
      ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: 1 << 16)),
      PageFrameRules(endpoint: endpoint, address: "192.0.2.7"))
    return (channel, records)
  }

  @Test func textSplitInsideACharacterAcrossFragmentsIsRead() throws {
    let (channel, _) = try rulesChannel()
    // "€" is E2 82 AC: the first fragment ends inside it.
    try channel.writeInbound(ByteBuffer(bytes: webSocketFrame(opcode: 0x1, payload: [0x7B, 0xE2, 0x82], fin: false)))
    try channel.writeInbound(ByteBuffer(bytes: webSocketFrame(opcode: 0x0, payload: [0xAC, 0x7D])))
    let first = try #require(try channel.readInbound(as: WebSocketFrame.self))
    let second = try #require(try channel.readInbound(as: WebSocketFrame.self))
    var text = first.unmaskedData
    var rest = second.unmaskedData
    text.writeBuffer(&rest)
    #expect(String(buffer: text) == "{€}")
    #expect(try channel.readOutbound(as: WebSocketFrame.self) == nil)
  }

  @Test func aBrokenRuleIsLoggedOncePerAddressAndNothingAfterItIsRead() throws {
    let (channel, records) = try rulesChannel()
    let unmasked = webSocketFrame(opcode: 0x1, payload: Array("{}".utf8), masked: false)
    try channel.writeInbound(ByteBuffer(bytes: unmasked))
    try channel.writeInbound(ByteBuffer(bytes: webSocketFrame(opcode: 0x1, payload: Array("{}".utf8))))
    #expect(try channel.readInbound(as: WebSocketFrame.self) == nil)
    let close = try #require(try channel.readOutbound(as: WebSocketFrame.self))
    #expect(close.opcode == .connectionClose)
    var data = close.data
    #expect(data.readWebSocketErrorCode() == .protocolError)
    let lines = records.value.filter { $0.message.hasPrefix("Closed a page's socket") }
    #expect(lines.count == 1)
    #expect(lines.first?.metadata["address"] == "192.0.2.7")
  }
}
#endif  // Hummingbird
