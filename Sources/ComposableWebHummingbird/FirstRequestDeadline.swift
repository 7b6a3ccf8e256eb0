#if Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// A server child channel that gives each new connection `timeout` to send its first request's
/// headers, and closes it at once when the server stops while it has sent none.
///
/// Hummingbird's idle timeout starts only once a first request has arrived: a connection that
/// never sends one (a browser's preconnect, a flood of bare connections) stays open for good,
/// and keeps a stopping server waiting. After the first request, Hummingbird's own idle timeout
/// applies.
///
/// ```swift
/// HTTPServerBuilder { responder in
///   FirstRequestDeadlineChannel(
///     base: HTTP1WebSocketUpgradeChannel(
///       responder: responder, webSocketResponder: webSocketResponder, configuration: .init()),
///     timeout: .seconds(30))
/// }
/// ```
struct FirstRequestDeadlineChannel<Base: ServerChildChannel>: ServerChildChannel {
  let base: Base
  let timeout: Duration

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Base.Value> {
    do {
      try channel.pipeline.syncOperations.addHandler(
        FirstRequestDeadlineHandler(timeout: TimeAmount(timeout)), position: .first)
    } catch {
      return channel.eventLoop.makeFailedFuture(error)
    }
    return base.setup(channel: channel, logger: logger)
  }

  func handle(value: Base.Value, logger: Logger) async {
    await base.handle(value: value, logger: logger)
  }
}

/// Closes its connection unless the end of a request's headers (an empty line) arrives within
/// `timeout` of the connection opening, or when the server quiesces before then; once it
/// arrives, the handler leaves the pipeline.
final class FirstRequestDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  private let timeout: TimeAmount
  private var deadline: Scheduled<Void>?
  private var hasHeaders = false
  /// The last bytes read, to find `\r\n\r\n` across reads.
  private var tail: [UInt8] = []
  // (Kept small: a request's first read is appended to it, then cut to three bytes, and
  // dropped once the headers are complete.)

  init(timeout: TimeAmount) {
    self.timeout = timeout
  }

  func handlerAdded(context: ChannelHandlerContext) {
    if context.channel.isActive { startDeadline(context) }
  }

  func channelActive(context: ChannelHandlerContext) {
    startDeadline(context)
    context.fireChannelActive()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    deadline?.cancel()
    deadline = nil
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    if !hasHeaders {
      let buffer = unwrapInboundIn(data)
      tail += buffer.readableBytesView
      if Self.containsHeadersEnd(tail) {
        hasHeaders = true
        deadline?.cancel()
        deadline = nil
        tail = []
      } else if tail.count > 3 {
        // Only the last three bytes can begin an end that the next read completes.
        tail.removeFirst(tail.count - 3)
      }
    }
    context.fireChannelRead(data)
    // Its work is done: a live page's connection does not keep it.
    if hasHeaders { context.pipeline.syncOperations.removeHandler(context: context, promise: nil) }
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if event is ChannelShouldQuiesceEvent, !hasHeaders {
      context.close(promise: nil)
      return
    }
    context.fireUserInboundEventTriggered(event)
  }

  private func startDeadline(_ context: ChannelHandlerContext) {
    guard deadline == nil, !hasHeaders else { return }
    let channel = context.channel
    deadline = context.eventLoop.scheduleTask(in: timeout) {
      channel.close(promise: nil)
    }
  }

  static func containsHeadersEnd(_ bytes: [UInt8]) -> Bool {
    guard bytes.count >= 4 else { return false }
    for index in 0...(bytes.count - 4)
    where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13
      && bytes[index + 3] == 10
    {
      return true
    }
    return false
  }
}
#endif  // Hummingbird
