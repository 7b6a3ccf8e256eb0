import ComposableWeb
import NIOCore
import NIOWebSocket

/// Takes a page's text and binary frames off its socket's channel pipeline, on the connection's
/// event loop, and hands them to the page's `LiveAttachment`.
///
/// Hummingbird hands a WebSocket's frames to the route as an async sequence: every frame is
/// buffered by an async channel and taken out by a task, and the task's wake-up costs more than
/// the frame. This handler sits between swift-nio's frame decoder (and its fragment aggregator)
/// and Hummingbird's channel, so a page's message reaches its session's queue in the callback that decoded
/// it. Control frames (ping, pong, close) and errors go on to Hummingbird, which still answers
/// pings and runs the closing handshake.
///
/// Frames that arrived before the handler was added are already in Hummingbird's sequence. So
/// that messages keep their order, the handler holds what it reads until the route's read loop
/// has taken everything before it: when added, it sends a marker down the sequence (a text
/// message no page can forge: a fresh 128-bit token), and the read loop, on reading the marker,
/// calls ``Installed/release()``. (A message sent in fragments whose first fragment came before
/// the handler and the rest after is a protocol error to the aggregator: the socket closes and
/// the page reconnects. Browsers send the page's small messages in one frame.)
///
/// ```swift
/// let reader = try LiveFrameHandler.install(
///   on: channel, attachment: attachment, maximumSize: 16_384, marker: token)
/// for try await message in inbound.messages(maxSize: 16_384) {
///   if case .text(token) = message { reader.release(); continue }
///   attachment.receive(…)   // a frame from before the handler was added
/// }
/// ```
final class LiveFrameHandler: ChannelInboundHandler {
  typealias InboundIn = WebSocketFrame
  typealias InboundOut = WebSocketFrame

  private let attachment: LiveAttachment
  /// Messages read before ``release()``, oldest first; `nil` once released.
  private var held: [LiveMessage]? = []

  private init(attachment: LiveAttachment) {
    self.attachment = attachment
  }

  /// A handle on an installed handler, usable from any thread.
  struct Installed: Sendable {
    let handler: NIOLoopBound<LiveFrameHandler>

    /// Hands the held messages to the attachment, in order, and every later one as it arrives.
    func release() {
      handler.eventLoop.execute { handler.value.release() }
    }
  }

  /// Adds the handler (behind a fragment aggregator that keeps messages within `maximumSize`)
  /// after `channel`'s WebSocket frame decoder, and sends `marker` down to Hummingbird's
  /// sequence. Must run on the channel's event loop.
  static func install(
    on channel: any Channel, attachment: LiveAttachment, maximumSize: Int, marker: String
  ) throws -> Installed {
    let pipeline = channel.pipeline.syncOperations
    let decoder = try pipeline.handler(type: ByteToMessageHandler<WebSocketFrameDecoder>.self)
    let handler = LiveFrameHandler(attachment: attachment)
    try pipeline.addHandlers(
      [
        NIOWebSocketFrameAggregator(
          minNonFinalFragmentSize: 1, maxAccumulatedFrameCount: 64,
          maxAccumulatedFrameSize: maximumSize),
        handler,
      ],
      position: .after(decoder)
    )
    let context = try pipeline.context(handler: handler)
    let frame = WebSocketFrame(
      fin: true, opcode: .text, data: channel.allocator.buffer(string: marker))
    context.fireChannelRead(wrapInboundOut(frame))
    context.fireChannelReadComplete()
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
    guard held != nil else {
      attachment.receive(message)
      return
    }
    if held!.count < attachment.limit {
      held!.append(message)
    } else {
      attachment.drop()
    }
  }

  private func release() {
    guard let messages = held else { return }
    held = nil
    for message in messages { attachment.receive(message) }
  }
}
