#if Hummingbird
import ComposableWeb
import NIOCore
import NIOWebSocket

/// The one path by which a page's messages leave its socket: takes text and binary frames off
/// the channel's pipeline, on the connection's event loop, and hands them to the page's
/// `LiveAttachment`.
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
/// script waits for it), so every message a page may send passes through the handler; what
/// arrives meanwhile waits in it until ``Installed/attach(_:)``. A data frame that reaches
/// Hummingbird's sequence came before the server spoke: it breaks the protocol, and the route
/// drops it.
///
/// ```swift
/// let reader = try LiveFrameHandler.install(on: channel, maximumSize: 16_384, limit: 64)
/// guard let attachment = await endpoint.attach(request, send: write, close: close) else {
///   reader.discard()
///   return
/// }
/// reader.attach(attachment)
/// ```
final class LiveFrameHandler: ChannelInboundHandler {
  typealias InboundIn = WebSocketFrame
  typealias InboundOut = WebSocketFrame

  private var attachment: LiveAttachment?
  /// Messages read before the attachment was known, oldest first.
  private var held: [LiveMessage] = []
  /// How many messages wait at most before the attachment is known (as many as its queue).
  private let limit: Int
  /// Messages that did not fit in `held`, counted as the attachment's drops once it is known.
  private var droppedWhileHeld = 0
  /// The socket was refused: what it sends goes nowhere.
  private var isDiscarding = false

  private init(limit: Int) {
    self.limit = limit
  }

  /// A handle on an installed handler, usable from any thread.
  struct Installed: Sendable {
    let handler: NIOLoopBound<LiveFrameHandler>

    /// Hands the held messages to `attachment`, in order, and every later one as it arrives.
    func attach(_ attachment: LiveAttachment) {
      handler.eventLoop.execute { handler.value.attach(attachment) }
    }

    /// Drops what is held and everything later: the socket was refused.
    func discard() {
      handler.eventLoop.execute {
        handler.value.isDiscarding = true
        handler.value.held = []
      }
    }
  }

  /// Adds the handler (behind a fragment aggregator that keeps messages within `maximumSize`)
  /// after `channel`'s WebSocket frame decoder. Must run on the channel's event loop.
  static func install(on channel: any Channel, maximumSize: Int, limit: Int) throws -> Installed {
    let pipeline = channel.pipeline.syncOperations
    let decoder = try pipeline.handler(type: ByteToMessageHandler<WebSocketFrameDecoder>.self)
    let handler = LiveFrameHandler(limit: limit)
    try pipeline.addHandlers(
      [
        NIOWebSocketFrameAggregator(
          minNonFinalFragmentSize: 1, maxAccumulatedFrameCount: 64,
          maxAccumulatedFrameSize: maximumSize),
        handler,
      ],
      position: .after(decoder)
    )
    return Installed(handler: NIOLoopBound(handler, eventLoop: channel.eventLoop))
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let frame = unwrapInboundIn(data)
    let message: LiveMessage
    switch frame.opcode {
    case .text:
      message = .text(String(buffer: frame.unmaskedData))
    case .binary:
      message = .binary(byteCount: frame.length)
    default:
      context.fireChannelRead(data)
      return
    }
    if let attachment {
      attachment.receive(message)
    } else if isDiscarding {
      return
    } else if held.count < limit {
      held.append(message)
    } else {
      droppedWhileHeld += 1
    }
  }

  private func attach(_ attachment: LiveAttachment) {
    self.attachment = attachment
    let messages = held
    held = []
    for message in messages { attachment.receive(message) }
    for _ in 0..<droppedWhileHeld { attachment.drop() }
    droppedWhileHeld = 0
  }
}
#endif  // Hummingbird
