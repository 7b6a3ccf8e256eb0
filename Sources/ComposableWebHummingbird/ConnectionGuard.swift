#if Hummingbird
import ComposableWeb
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// A server child channel that guards each new connection until it has sent a readable
/// request: it gets the idle timeout to send its first request's headers, bytes that are not
/// HTTP close it at once, and a request that does not parse is answered with its status (400,
/// 414, 431, 501, 505) and closed. It is also closed at once when the server stops while it has
/// sent no request.
///
/// Hummingbird's idle timeout starts only once a first request has arrived, and Hummingbird
/// leaves a parser error to the connection: without this, a connection that never sends a
/// request, or sends one that does not parse, stays open for good.
///
/// ```swift
/// HTTPServerBuilder { responder in
///   ConnectionGuardChannel(
///     base: HTTP1WebSocketUpgradeChannel(responder: responder, configuration: .init()) {
///       head, channel, _ in LiveSocketServing.upgrade(head, channel: channel, endpoint: endpoint)
///     },
///     endpoint: endpoint)
/// }
/// ```
struct ConnectionGuardChannel<Base: ServerChildChannel>: ServerChildChannel {
  let base: Base
  let endpoint: LiveEndpoint

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Base.Value> {
    do {
      try channel.pipeline.syncOperations.addHandler(
        FirstRequestGuard(endpoint: endpoint), position: .first)
    } catch {
      return channel.eventLoop.makeFailedFuture(error)
    }
    return base.setup(channel: channel, logger: logger).flatMapThrowing { value in
      // Right behind the request decoder, so that its errors reach the guard first.
      let operations = channel.pipeline.syncOperations
      let decoder = try operations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
      try operations.addHandler(ParserErrorGuard(endpoint: endpoint), position: .after(decoder))
      return value
    }
  }

  func handle(value: Base.Value, logger: Logger) async {
    await base.handle(value: value, logger: logger)
  }
}

/// Guards a connection's bytes until its first request's headers have ended (an empty line),
/// then leaves the pipeline:
/// - closes the connection unless they end within the idle timeout of its opening, or when the
///   server quiesces before then;
/// - closes it at once when its first byte cannot begin a request line (not HTTP);
/// - answers `414 URI Too Long` when the request line passes
///   ``LiveEndpoint/maximumRequestLineLength``.
final class FirstRequestGuard: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  private let endpoint: LiveEndpoint
  private var deadline: Scheduled<Void>?
  private var hasHeaders = false
  private var refused = false
  /// Bytes of the request line read so far; `nil` once it has ended.
  private var requestLineLength: Int? = 0
  /// The last bytes read, to find `\r\n\r\n` across reads.
  private var tail: [UInt8] = []
  // (Kept small: a request's first read is appended to it, then cut to three bytes, and
  // dropped once the headers are complete.)

  init(endpoint: LiveEndpoint) {
    self.endpoint = endpoint
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
    guard !refused else { return }
    if !hasHeaders {
      let buffer = unwrapInboundIn(data)
      if let refusal = check(buffer.readableBytesView) {
        return refuse(refusal, context: context)
      }
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

  /// What is wrong with the connection's next bytes, `bytes`, if they are its first or still
  /// in its request line.
  private func check(_ bytes: ByteBufferView) -> UnreadableRequest? {
    guard let length = requestLineLength, let first = bytes.first else { return nil }
    if length == 0, !UnreadableRequest.canBeginRequest(first) { return .notHTTP }
    if let end = bytes.firstIndex(of: UInt8(ascii: "\n")) {
      requestLineLength = nil
      return length + (end - bytes.startIndex) > LiveEndpoint.maximumRequestLineLength
        ? .requestLineTooLong : nil
    }
    requestLineLength = length + bytes.count
    return length + bytes.count > LiveEndpoint.maximumRequestLineLength ? .requestLineTooLong : nil
  }

  private func refuse(_ request: UnreadableRequest, context: ChannelHandlerContext) {
    refused = true
    deadline?.cancel()
    let address = context.channel.remoteAddress?.ipAddress
    if let answer = endpoint.refusal(of: request, from: address) {
      context.writeAndFlush(NIOAny(ByteBuffer(bytes: answer.http1Bytes)), promise: nil)
    }
    let operations = context.pipeline.syncOperations
    if let errors = try? operations.handler(type: ParserErrorGuard.self),
      let errorsContext = try? operations.context(handler: errors)
    {
      errors.close(context: errorsContext)
    } else {
      context.close(promise: nil)
    }
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
    deadline = context.eventLoop.scheduleTask(in: TimeAmount(endpoint.limits.idleTimeout)) {
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

/// Sits right behind the HTTP request decoder: a request that does not parse is answered with
/// the status HTTP has for it, unless a response may be on its way, and its connection is
/// closed. (Hummingbird turns NIO's own error handler off and leaves such a connection open.)
/// It never looks at what it passes on, so it stays harmless in a connection upgraded to a
/// WebSocket.
final class ParserErrorGuard: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = NIOAny
  typealias OutboundOut = HTTPServerResponsePart

  private let endpoint: LiveEndpoint
  /// Whether a request has begun on the connection: an answer might then cut into a response.
  private var hasRequest = false
  private var isClosing = false

  init(endpoint: LiveEndpoint) {
    self.endpoint = endpoint
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    hasRequest = true
    context.fireChannelRead(data)
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    guard let error = error as? HTTPParserError else { return context.fireErrorCaught(error) }
    // A connection closed in the middle of a request (by its client, or by a refusal) is no
    // request to answer.
    guard context.channel.isActive, !isClosing else { return }
    let address = context.channel.remoteAddress?.ipAddress
    if let answer = endpoint.refusal(of: UnreadableRequest(error), from: address), !hasRequest {
      var headers = HTTPHeaders()
      for field in answer.headers { headers.add(name: field.name, value: field.value) }
      let head = HTTPResponseHead(
        version: .http1_1, status: HTTPResponseStatus(statusCode: answer.status), headers: headers)
      context.write(wrapOutboundOut(.head(head)), promise: nil)
      context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: answer.body)))), promise: nil)
      context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }
    close(context: context)
  }

  /// Closes the connection as one whose input ended: what follows the decoder (the upgrade's
  /// negotiation, Hummingbird's request loop) ends quietly rather than with an error, and later
  /// parser errors of the closing connection are not answered.
  func close(context: ChannelHandlerContext) {
    isClosing = true
    context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
    context.close(promise: nil)
  }
}

extension UnreadableRequest {
  /// What NIO's HTTP parser's error says of the request.
  init(_ error: HTTPParserError) {
    switch error {
    case .headerOverflow: self = .headersTooLarge
    case .invalidVersion: self = .unsupportedVersion
    case .invalidMethod: self = .unknownMethod
    default: self = .malformed(reason: "\(error)")
    }
  }
}
#endif  // Hummingbird
