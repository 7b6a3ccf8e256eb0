#if Web
import Logging
import NIOCore
import NIOWebSocket

/// RFC 6455's rules for the frames a page sends, where the server's WebSocket layer leaves them
/// unchecked, and the page's rate limit, applied before a message is read:
/// - no reserved bit set (no extension is negotiated), every frame masked, and text that is
///   UTF-8, also across fragments. A frame that breaks one closes the socket with the code the
///   RFC names (1002, protocol error, or 1007, invalid data). (Oversized and fragmented control
///   frames are the frame decoder's to refuse: swift-nio's fails them with 1002.)
/// - a message in fragments whose bytes pass ``LivePageSocket/maximumFrameSize`` closes the
///   socket with 1009 (message too big) as the fragment that passes it arrives.
/// - a message over the page's rate (``LiveLimits/messagesPerSecond`` and
///   ``LiveLimits/burst``) is dropped here, at the cost of a counter, before its text is made
///   or read; a page whose dropped messages outrun its rate by ``LiveLimits/floodTolerance`` is
///   closed with 1008 (policy violation).
///
/// Each is logged once per client address and rule. It looks only at frames swift-nio's
/// decoder has decoded; an adapter installs it right behind that decoder, before any
/// aggregator, when the socket is upgraded:
///
/// ```swift
/// let rules = try PageFrameRules.install(on: channel, endpoint: endpoint, address: "203.0.113.9")
/// ```
public final class PageFrameRules: ChannelInboundHandler, RemovableChannelHandler {
  /// The frames swift-nio's decoder decoded, as the page sent them.
  public typealias InboundIn = WebSocketFrame
  /// The frames that keep the rules, passed on unchanged.
  public typealias InboundOut = WebSocketFrame
  /// The close frame written when a frame breaks a rule.
  public typealias OutboundOut = WebSocketFrame

  private let endpoint: LiveEndpoint
  private let address: String
  /// A fragmented text message's bytes so far, checked as UTF-8 when its last fragment comes.
  private var fragmentedText: ByteBuffer?
  private var isClosing = false
  /// The page's rate limit.
  private var gate: FloodGate
  /// How far dropped messages may outrun the rate before the socket is closed.
  private var tolerance: FloodGate
  /// Whether the fragments that follow belong to a dropped message.
  private var isDroppingMessage = false
  /// The bytes of the fragmented message so far, text or binary: a message over
  /// ``LivePageSocket/maximumFrameSize`` closes the socket with 1009 (message too big), before
  /// anything behind the rules holds it all.
  private var fragmentedBytes = 0

  /// Rules for the socket of a page at `address`, with `endpoint`'s limits and log.
  public init(endpoint: LiveEndpoint, address: String?) {
    self.endpoint = endpoint
    self.address = address ?? "unknown"
    let limits = endpoint.limits
    gate = FloodGate(rate: limits.messagesPerSecond, burst: limits.burst)
    tolerance = FloodGate(rate: limits.messagesPerSecond, burst: limits.floodTolerance)
  }

  /// The most bytes a page's socket is read at once: a socket that floods is read in batches of
  /// this size, one per turn of its event loop, with the other sockets of the loop served in
  /// between. (Larger than a page's largest message, ``ClientMessage/maximumSize``.)
  public static let readSize = 16 * 1024

  /// Adds the rules behind `channel`'s WebSocket frame decoder and reads the socket in bounded
  /// batches (one read of at most ``readSize`` bytes per turn of its event loop). Runs on the
  /// channel's event loop.
  @discardableResult
  public static func install(
    on channel: any Channel, endpoint: LiveEndpoint, address: String?
  ) throws -> PageFrameRules {
    let pipeline = channel.pipeline.syncOperations
    let decoder = try pipeline.handler(type: ByteToMessageHandler<WebSocketFrameDecoder>.self)
    let rules = PageFrameRules(endpoint: endpoint, address: address)
    try pipeline.addHandler(rules, position: .after(decoder))
    // (A channel without these options, a test's embedded one, is read as it is.)
    let options = channel.syncOptions
    try? options?.setOption(ChannelOptions.maxMessagesPerRead, value: 1)
    // Adaptive below the bound: an idle page's socket keeps a small buffer between reads.
    try? options?.setOption(
      ChannelOptions.recvAllocator,
      value: AdaptiveRecvByteBufferAllocator(minimum: 64, initial: 2048, maximum: readSize))
    return rules
  }

  /// Checks a decoded frame: passes it on, drops it (over the page's rate), or closes the socket
  /// with the code of the rule it breaks. Called by swift-nio, not by an adapter.
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
    case .text, .binary:
      guard admit(context: context) else {
        isDroppingMessage = !frame.fin
        return
      }
      isDroppingMessage = false
      fragmentedBytes = frame.fin ? 0 : frame.length
    case .continuation where isDroppingMessage:
      if frame.fin { isDroppingMessage = false }
      return
    case .continuation:
      fragmentedBytes += frame.length
      guard fragmentedBytes <= LivePageSocket.maximumFrameSize else {
        return fail(.messageTooLarge, "a message over the size limit", context: context)
      }
      if frame.fin { fragmentedBytes = 0 }
    default:
      break
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

  /// Whether a message beginning now is within the page's rate; a message over it is dropped,
  /// and the socket closed once the drops outrun the tolerance.
  private func admit(context: ChannelHandlerContext) -> Bool {
    let now = endpoint.registry.clock.now()
    if gate.admit(at: now) { return true }
    if endpoint.offenders.isFirst("rate", address) {
      endpoint.logger.warning(
        "Dropped a page's messages over its rate limit before reading them (logged once per address)",
        metadata: ["address": LogText.escaped(address)])
    }
    if !tolerance.admit(at: now), !isClosing {
      fail(.policyViolation, "messages far over its rate limit", context: context)
    }
    return false
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
