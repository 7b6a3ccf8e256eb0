#if Hummingbird
import ComposableArchitecture
import Foundation
import Hummingbird
import HummingbirdTesting
import Clocks
import Logging
import NIOCore
import NIOEmbedded
import NIOPosix
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
  static let tooBig: UInt16 = 1009

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
      name: "a message in fragments over the size limit",
      bytes: webSocketFrame(opcode: 0x1, payload: Array(repeating: 0x61, count: 4_096), fin: false)
        + (0..<(LivePageSocket.maximumFrameSize / 4_096)).flatMap { _ in
          webSocketFrame(opcode: 0x0, payload: Array(repeating: 0x61, count: 4_096), fin: false)
        },
      closeCode: tooBig),
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
  func send(toPageAt port: Int) async throws -> (code: UInt16?, closed: Bool) {
    let connection = try RawConnection(port: port)
    let opened = try await connection.openPageSocket(feature: "tally", port: port)
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

  func rulesChannel(
    limits: LiveLimits = LiveLimits(), clock: TestClock<Duration> = TestClock()
  ) throws -> (EmbeddedChannel, LockIsolated<[LogRecord]>) {
    let (logger, records) = fullRecordingLogger()
    let endpoint = LiveEndpoint(
      title: "Tests", features: [LiveServerTests.tally],
      hosts: HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1"), limits: limits,
      clock: clock, logger: logger)
    let channel = EmbeddedChannel()
    try channel.pipeline.syncOperations.addHandler(
      ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: 1 << 16)))
    try PageFrameRules.install(on: channel, endpoint: endpoint, address: "192.0.2.7")
    return (channel, records)
  }

  /// The frames that passed the rules.
  func passed(_ channel: EmbeddedChannel) throws -> [WebSocketFrame] {
    var frames: [WebSocketFrame] = []
    while let frame = try channel.readInbound(as: WebSocketFrame.self) { frames.append(frame) }
    return frames
  }

  func closeCodes(_ channel: EmbeddedChannel) throws -> [WebSocketErrorCode?] {
    var codes: [WebSocketErrorCode?] = []
    while let frame = try channel.readOutbound(as: WebSocketFrame.self) {
      var data = frame.data
      codes.append(frame.opcode == .connectionClose ? data.readWebSocketErrorCode() : nil)
    }
    return codes
  }

  @Test func messagesOverTheRateAreDroppedBeforeTheyAreRead() throws {
    let (channel, records) = try rulesChannel(limits: LiveLimits(messagesPerSecond: 1, burst: 2))
    let good = webSocketFrame(opcode: 0x1, payload: Array("{}".utf8))
    // Text that is not UTF-8 would close the socket with 1007, were it read.
    let bad = webSocketFrame(opcode: 0x1, payload: [0xC3, 0x28])
    // A dropped message's fragments are dropped with it.
    let fragments = webSocketFrame(opcode: 0x1, payload: [0x7B], fin: false)
      + webSocketFrame(opcode: 0x0, payload: [0x7D])
    for bytes in [good, good, bad, bad, fragments] {
      try channel.writeInbound(ByteBuffer(bytes: bytes))
    }
    #expect(try passed(channel).count == 2)
    #expect(try closeCodes(channel).isEmpty)
    let lines = records.value.filter { $0.message.hasPrefix("Dropped a page's messages") }
    #expect(lines.count == 1)
  }

  @Test func aPageThatFloodsIsClosedWithPolicyViolation() throws {
    let (channel, records) = try rulesChannel(
      limits: LiveLimits(messagesPerSecond: 1, burst: 1, floodTolerance: 3))
    let message = ByteBuffer(bytes: webSocketFrame(opcode: 0x1, payload: Array("{}".utf8)))
    // One admitted, three dropped within the tolerance, the fifth closes.
    for _ in 1...4 { try channel.writeInbound(message) }
    #expect(try closeCodes(channel).isEmpty)
    try channel.writeInbound(message)
    try channel.writeInbound(message)
    #expect(try closeCodes(channel) == [.policyViolation])
    #expect(try passed(channel).count == 1)
    let lines = records.value.filter { $0.message.hasPrefix("Closed a page's socket that sent messages far over") }
    #expect(lines.count == 1)
  }

  @Test func aPageAtTwiceItsRateIsNeverClosedAndAtThreeTimesItIs() async throws {
    for (perSecond, closes) in [(20, false), (30, true)] {
      let clock = TestClock()
      let endpoint = LiveEndpoint(
        title: "Tests", features: [LiveServerTests.tally],
        hosts: HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1"),
        limits: LiveLimits(messagesPerSecond: 10, burst: 1, floodTolerance: 20), clock: clock,
        logger: recordingLogger().0)
      // A channel for async tests: the clock's awaits may move this test between threads.
      let channel = NIOAsyncTestingChannel()
      try await channel.testingEventLoop.executeInContext {
        try channel.pipeline.syncOperations.addHandler(
          ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: 1 << 16)))
        _ = try PageFrameRules.install(on: channel, endpoint: endpoint, address: "192.0.2.7")
      }
      let message = ByteBuffer(bytes: webSocketFrame(opcode: 0x1, payload: Array("{}".utf8)))
      var closed = false
      for _ in 0..<(perSecond * 10) where !closed {
        try await channel.writeInbound(message)
        await clock.advance(by: .seconds(1) / perSecond)
        while let frame = try await channel.readOutbound(as: WebSocketFrame.self) {
          closed = closed || frame.opcode == .connectionClose
        }
      }
      #expect(closed == closes, "at \(perSecond) messages a second")
    }
  }

  /// The rules bound what a page's socket reads: one read per turn of its event loop, into a
  /// buffer of at most `PageFrameRules.readSize` bytes, so that a flooding page waits its turn
  /// behind the others. (NIO's defaults are 4 reads a turn, of up to 64 kB each; the rules set
  /// them with `try?`, which would hide a failure.)
  @Test func theRulesBoundWhatASocketReadsEachTurn() async throws {
    let endpoint = LiveEndpoint(
      title: "Tests", features: [LiveServerTests.tally],
      hosts: HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1"), logger: recordingLogger().0)
    let (settings, found) = AsyncStream<(UInt, Int?)>.makeStream()
    let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          // Whatever happens, the test hears of it rather than waiting for good.
          defer { found.finish() }
          try channel.pipeline.syncOperations.addHandler(
            ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: 1 << 16)))
          _ = try PageFrameRules.install(on: channel, endpoint: endpoint, address: nil)
          guard let options = channel.syncOptions else { throw ChannelError.operationUnsupported }
          let allocator = try options.getOption(ChannelOptions.recvAllocator)
          found.yield(
            (
              try options.getOption(ChannelOptions.maxMessagesPerRead),
              (allocator as? AdaptiveRecvByteBufferAllocator)?.maximum
            ))
        }
      }
      .bind(host: "127.0.0.1", port: 0).get()
    let connection = try RawConnection(port: try #require(server.localAddress?.port))
    var iterator = settings.makeAsyncIterator()
    let read = await iterator.next()
    try await server.close()
    _ = connection
    let (perTurn, bufferBound) = try #require(read)
    #expect(perTurn == 1)
    #expect(bufferBound == PageFrameRules.readSize)
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
