#if Hummingbird
import ComposableWeb
import NIOCore
import NIOWebSocket

/// The one path by which a page's messages leave its socket: takes text and binary frames off
/// the channel's pipeline, on the connection's event loop, and hands them to the page's
/// `LivePageSocket`.
///
/// Hummingbird hands a WebSocket's frames to the route as an async sequence: every frame is
/// buffered by an async channel and taken out by a task, and the task's wake-up costs more than
/// the frame. This handler sits between swift-nio's frame decoder (and its fragment aggregator)
/// and Hummingbird's channel, so a page's message reaches its session's queue in the callback
/// that decoded it. Control frames (ping, pong, close) and errors go on to Hummingbird, which
/// still answers pings and runs the closing handshake.
///
/// The handler is added before the socket is attached to its session, and so before the
/// session's first message is written. A page sends nothing before that message (the page
/// script waits for it), so every message a page may send passes through the handler (what
/// arrives before the session is known waits in the `LivePageSocket`). A data frame that
/// reaches Hummingbird's sequence came before the server spoke: it breaks the protocol, and the
/// route drops it.
///
/// ```swift
/// try LiveFrameHandler.install(
///   on: channel, maximumSize: LivePageSocket.maximumFrameSize, endpoint: endpoint
/// ) { socket.receive($0) }
/// ```
final class LiveFrameHandler: ChannelInboundHandler {
  typealias InboundIn = WebSocketFrame
  typealias InboundOut = WebSocketFrame

  private let receive: @Sendable (LiveMessage) -> Void

  private init(receive: @escaping @Sendable (LiveMessage) -> Void) {
    self.receive = receive
  }

  /// Adds the handler after `channel`'s WebSocket frame decoder, behind the page's frame rules
  /// (`PageFrameRules`, with `endpoint`'s limits) and a fragment aggregator that keeps messages within `maximumSize`. Must run on
  /// the channel's event loop.
  static func install(
    on channel: any Channel, maximumSize: Int, endpoint: LiveEndpoint,
    receive: @escaping @Sendable (LiveMessage) -> Void
  ) throws {
    let pipeline = channel.pipeline.syncOperations
    // The HTTP parser's error guard has nothing left to guard on a socket.
    if let parserErrors = try? pipeline.handler(type: ParserErrorGuard.self) {
      pipeline.removeHandler(parserErrors, promise: nil)
    }
    let rules = try PageFrameRules.install(
      on: channel, endpoint: endpoint, address: channel.remoteAddress?.ipAddress)
    try pipeline.addHandlers(
      [
        NIOWebSocketFrameAggregator(
          minNonFinalFragmentSize: 1, maxAccumulatedFrameCount: 64,
          maxAccumulatedFrameSize: maximumSize),
        LiveFrameHandler(receive: receive),
      ],
      position: .after(rules)
    )
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let frame = unwrapInboundIn(data)
    switch frame.opcode {
    case .text:
      receive(.text(String(buffer: frame.unmaskedData)))
    case .binary:
      receive(.bytes(Array(frame.unmaskedData.readableBytesView)))
    default:
      context.fireChannelRead(data)
    }
  }
}
#endif  // Hummingbird
