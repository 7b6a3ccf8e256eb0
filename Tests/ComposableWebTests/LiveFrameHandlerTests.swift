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
    let dropped: LockIsolated<[Int]>
    let queue: InboundQueue

    init(limit: Int = 64) throws {
      self.limit = limit
      channel = EmbeddedChannel()
      recorder = Recorder()
      try channel.pipeline.syncOperations.addHandlers(
        ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: 1 << 16)), recorder)
      let received = LockIsolated<[String]>([])
      let dropped = LockIsolated<[Int]>([])
      self.received = received
      self.dropped = dropped
      queue = InboundQueue(limit: limit) { count in
        dropped.withValue { $0.append(count) }
      } handle: { message in
        switch message {
        case let .text(text): received.withValue { $0.append(text) }
        case let .binary(count): received.withValue { $0.append("binary \(count)") }
        }
      }
    }

    let limit: Int

    func install() throws -> LiveFrameHandler.Installed {
      try LiveFrameHandler.install(on: channel, maximumSize: 1_000, limit: limit)
    }

    var attachment: LiveAttachment {
      LiveAttachment(
        queue: queue, connection: SessionRegistry.Connection(sessionID: "test", token: 0),
        registry: SessionRegistry(features: [], logger: Logger(label: "test")))
    }

    /// Installs the handler and gives it the attachment at once.
    func installAttached() throws {
      let installed = try install()
      installed.attach(attachment)
      runLoop()
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
    try harness.installAttached()
    try harness.send(.text, "later")
    #expect(harness.recorder.texts == ["early"])
  }

  @Test func messagesAreHeldUntilAttachedThenHandedOverInOrder() async throws {
    let harness = try Harness()
    let installed = try harness.install()
    try harness.send(.text, "one")
    try harness.send(.text, "two")
    // Held: neither the queue nor Hummingbird's sequence sees them.
    try await Task.sleep(for: .milliseconds(20))
    #expect(harness.received.value.isEmpty)
    #expect(harness.recorder.texts.isEmpty)
    installed.attach(harness.attachment)
    harness.runLoop()
    try harness.send(.text, "three")
    try await waitUntil { harness.received.value.count == 3 }
    #expect(harness.received.value == ["one", "two", "three"])
    #expect(harness.recorder.texts.isEmpty)
  }

  @Test func aRefusedSocketsMessagesGoNowhere() async throws {
    let harness = try Harness()
    let installed = try harness.install()
    try harness.send(.text, "before")
    installed.discard()
    harness.runLoop()
    try harness.send(.text, "after")
    try await Task.sleep(for: .milliseconds(20))
    #expect(harness.received.value.isEmpty)
    #expect(harness.recorder.texts.isEmpty)
  }

  @Test func controlFramesGoOnToHummingbird() async throws {
    let harness = try Harness()
    try harness.installAttached()
    try harness.send(.ping, "p")
    try harness.send(.text, "click")
    try harness.send(.connectionClose, "")
    try await waitUntil { harness.received.value.count == 1 }
    #expect(harness.received.value == ["click"])
    #expect(harness.recorder.frames.map(\.opcode) == [.ping, .connectionClose])
  }

  @Test func aFragmentedMessageArrivesWholeAndABinaryOneAsItsSize() async throws {
    let harness = try Harness()
    try harness.installAttached()
    try harness.send(.text, "{\"hand", fin: false)
    try harness.send(.continuation, "ler\":\"h1\"}")
    try harness.send(.binary, "12345")
    try await waitUntil { harness.received.value.count == 2 }
    #expect(harness.received.value == [#"{"handler":"h1"}"#, "binary 5"])
  }

  @Test func aFragmentedMessageOverTheLimitIsAnError() throws {
    let harness = try Harness()
    try harness.installAttached()
    try harness.send(.text, String(repeating: "x", count: 600), fin: false)
    #expect(throws: NIOWebSocketFrameAggregator.Error.accumulatedFrameSizeIsTooLarge) {
      try harness.send(.continuation, String(repeating: "x", count: 600))
    }
  }

  @Test func heldMessagesBeyondTheLimitAreDroppedAndCountedOnceAttached() async throws {
    let harness = try Harness(limit: 2)
    let installed = try harness.install()
    for index in 0..<5 { try harness.send(.text, "m\(index)") }
    #expect(harness.dropped.value.isEmpty)
    installed.attach(harness.attachment)
    harness.runLoop()
    try await waitUntil { harness.received.value.count == 2 }
    #expect(harness.received.value == ["m0", "m1"])
    #expect(harness.dropped.value == [1])
  }
}
#endif  // Hummingbird
