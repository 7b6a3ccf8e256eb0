#if Web
import Logging
import NIOCore
import NIOWebSocket

/// RFC 6455's rules for the frames a page sends, where the server's WebSocket layer leaves them
/// unchecked: no reserved bit set (no extension is negotiated), every frame masked, and text
/// that is UTF-8, also across fragments. A frame that breaks one closes the socket with the code
/// the RFC names (1002, protocol error, or 1007, invalid data) and one log line per client
/// address and rule. (Oversized and fragmented control frames are the frame decoder's to
/// refuse: swift-nio's fails them with 1002.)
///
/// It looks only at frames swift-nio's decoder has decoded; an adapter adds it right behind
/// that decoder, before any aggregator:
///
/// ```swift
/// let decoder = try pipeline.handler(type: ByteToMessageHandler<WebSocketFrameDecoder>.self)
/// try pipeline.addHandler(
///   PageFrameRules(endpoint: endpoint, address: "203.0.113.9"), position: .after(decoder))
/// ```
public final class PageFrameRules: ChannelInboundHandler, RemovableChannelHandler {
  public typealias InboundIn = WebSocketFrame
  public typealias InboundOut = WebSocketFrame
  public typealias OutboundOut = WebSocketFrame

  private let endpoint: LiveEndpoint
  private let address: String
  /// A fragmented text message's bytes so far, checked as UTF-8 when its last fragment comes.
  private var fragmentedText: ByteBuffer?
  private var isClosing = false

  /// Rules for the socket of a page at `address`, logged through `endpoint`.
  public init(endpoint: LiveEndpoint, address: String?) {
    self.endpoint = endpoint
    self.address = address ?? "unknown"
  }

  public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !isClosing else { return }
    let frame = unwrapInboundIn(data)
    if frame.rsv1 || frame.rsv2 || frame.rsv3 {
      return fail(.protocolError, "a frame with a reserved bit set", context: context)
    }
    guard frame.maskKey != nil else {
      return fail(.protocolError, "an unmasked frame", context: context)
    }
    switch frame.opcode {
    case .text where frame.fin:
      guard Self.isUTF8(frame.unmaskedData.readableBytesView) else {
        return fail(.dataInconsistentWithMessage, "text that is not UTF-8", context: context)
      }
    case .text:
      fragmentedText = frame.unmaskedData
    case .continuation:
      guard var text = fragmentedText else { break }
      var fragment = frame.unmaskedData
      text.writeBuffer(&fragment)
      guard frame.fin else {
        fragmentedText = text
        break
      }
      fragmentedText = nil
      guard Self.isUTF8(text.readableBytesView) else {
        return fail(.dataInconsistentWithMessage, "text that is not UTF-8", context: context)
      }
    default:
      break
    }
    context.fireChannelRead(data)
  }

  /// Whether `bytes` are well-formed UTF-8.
  static func isUTF8(_ bytes: some Sequence<UInt8>) -> Bool {
    !transcode(bytes.makeIterator(), from: UTF8.self, to: UTF8.self, stoppingOnError: true) { _ in }
  }

  private func fail(_ code: WebSocketErrorCode, _ rule: String, context: ChannelHandlerContext) {
    isClosing = true
    fragmentedText = nil
    if endpoint.offenders.isFirst("websocket " + rule, address) {
      endpoint.logger.warning(
        "Closed a page's socket that sent \(rule) (logged once per address and rule)",
        metadata: ["address": LogText.escaped(address), "code": "\(code)"])
    }
    var reason = context.channel.allocator.buffer(capacity: 2)
    reason.write(webSocketErrorCode: code)
    let channel = context.channel
    context.writeAndFlush(
      wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: reason))
    ).whenComplete { _ in channel.close(promise: nil) }
  }
}
#endif  // Web
