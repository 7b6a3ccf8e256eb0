#if Hummingbird
import ComposableArchitecture
@testable import ComposableWeb
@testable import ComposableWebHummingbird
import Logging
import NIOCore
import NIOEmbedded
import NIOWebSocket
import Testing

/// The handler that takes a page's messages off the socket's pipeline, in a pipeline like the
/// server's after a WebSocket upgrade: swift-nio's frame decoder, then a recorder standing for
/// Hummingbird's channel.
@MainActor
@Suite struct LiveFrameHandlerTests {
  /// Stands for Hummingbird's async channel: keeps every frame that reaches it.
  final class Recorder: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    var frames: [WebSocketFrame] = []
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      frames.append(unwrapInboundIn(data))
    }
    var texts: [String] {
      frames.filter { $0.opcode == .text }.map { String(buffer: $0.unmaskedData) }
    }
  }

  struct Harness {
    let channel: EmbeddedChannel
    let recorder: Recorder
    let received: LockIsolated<[String]>

    init() throws {
      channel = EmbeddedChannel()
      recorder = Recorder()
      try channel.pipeline.syncOperations.addHandlers(
        ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: 1 << 16)), recorder)
      received = LockIsolated<[String]>([])
    }

    /// Adds the handler, which hands what it reads to `received`.
    func install() throws {
      let received = self.received
      let endpoint = LiveEndpoint(
        title: "Tests", features: [LiveServerTests.tally],
        hosts: HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1"), logger: recordingLogger().0)
      try LiveFrameHandler.install(
        on: channel, maximumSize: 1_000, endpoint: endpoint
      ) { message in
        switch message {
        case let .text(text): received.withValue { $0.append(text) }
        case let .binary(count): received.withValue { $0.append("binary \(count)") }
        case let .bytes(bytes): received.withValue { $0.append("binary \(bytes.count)") }
        }
      }
    }

    /// Sends a frame as a browser does (masked) into the channel.
    func send(_ opcode: WebSocketOpcode, _ text: String, fin: Bool = true) throws {
      let encoder = EmbeddedChannel(handler: WebSocketFrameEncoder())
      try encoder.writeOutbound(
        WebSocketFrame(
          fin: fin, opcode: opcode, maskKey: WebSocketMaskingKey([7, 1, 9, 4]),
          data: ByteBuffer(string: text)))
      while let bytes = try encoder.readOutbound(as: ByteBuffer.self) {
        try channel.writeInbound(bytes)
      }
    }

    /// Runs what the event loop has queued (the handler's release).
    func runLoop() {
      channel.embeddedEventLoop.run()
    }
  }

  @Test func aFrameFromBeforeTheHandlerReachesOnlyHummingbirdsSequence() throws {
    let harness = try Harness()
    try harness.send(.text, "early")
    try harness.install()
    try harness.send(.text, "later")
    #expect(harness.recorder.texts == ["early"])
    #expect(harness.received.value == ["later"])
  }

  @Test func controlFramesGoOnToHummingbird() throws {
    let harness = try Harness()
    try harness.install()
    try harness.send(.ping, "p")
    try harness.send(.text, "click")
    try harness.send(.connectionClose, "")
    #expect(harness.received.value == ["click"])
    #expect(harness.recorder.frames.map(\.opcode) == [.ping, .connectionClose])
  }

  @Test func aFragmentedMessageArrivesWholeAndABinaryOneAsItsSize() throws {
    let harness = try Harness()
    try harness.install()
    try harness.send(.text, "{\"hand", fin: false)
    try harness.send(.continuation, "ler\":\"h1\"}")
    try harness.send(.binary, "12345")
    #expect(harness.received.value == [#"{"handler":"h1"}"#, "binary 5"])
  }

  @Test func aFragmentedMessageOverTheLimitIsAnError() throws {
    let harness = try Harness()
    try harness.install()
    try harness.send(.text, String(repeating: "x", count: 600), fin: false)
    #expect(throws: NIOWebSocketFrameAggregator.Error.accumulatedFrameSizeIsTooLarge) {
      try harness.send(.continuation, String(repeating: "x", count: 600))
    }
  }
}
#endif  // Hummingbird
