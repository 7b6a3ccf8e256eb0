#if Hummingbird
import ComposableWeb
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket

/// Serves a live page's socket on a Hummingbird WebSocket route: attaches it to its session,
/// writes the session's messages on the connection's event loop, and hands the page's messages
/// to the session until the socket closes.
enum LiveSocketServing {
  /// A page's socket attached to its session. (A class: the frames of the task serving the page,
  /// which it keeps for as long as the page stays, hold a reference instead of a copy.)
  final class Attached: Sendable {
    let attachment: LiveAttachment
    let messages: OutboundQueue
    let channel: any Channel
    /// Whether the page's messages come through a ``LiveFrameHandler`` (the one read path),
    /// rather than through Hummingbird's sequence (only if the handler could not be added).
    let isReadByHandler: Bool

    init(
      attachment: LiveAttachment, messages: OutboundQueue, channel: any Channel,
      isReadByHandler: Bool
    ) {
      self.attachment = attachment
      self.messages = messages
      self.channel = channel
      self.isReadByHandler = isReadByHandler
    }
  }

  /// Attaches the socket of `context` to a session (resumed or new); `nil` when it is refused,
  /// after the refusal is written.
  static func attach(
    _ request: LiveRequest, channel: any Channel, to endpoint: LiveEndpoint
  ) async -> Attached? {
    // The socket's messages are written on its connection's event loop.
    let logger = endpoint.logger
    let limits = endpoint.limits
    let messages = OutboundQueue(eventLoop: channel.eventLoop) { message in
      let frame = WebSocketFrame(
        fin: true, opcode: .text, data: channel.allocator.buffer(string: message))
      channel.write(frame, promise: nil)
    } flush: {
      channel.flush()
      Self.closeIfNotReading(channel, limit: limits.maximumUnsentBytes, logger: logger)
    }
    // The page's messages are taken off the channel's pipeline, from before the session's
    // first message is written: a page sends nothing before it.
    let reader: LiveFrameHandler.Installed?
    do {
      reader = try await channel.eventLoop.submit {
        try LiveFrameHandler.install(
          on: channel, maximumSize: LiveSession.maximumMessageSize * 2,
          limit: limits.inboundQueueSize)
      }.get()
    } catch {
      logger.warning(
        "Reading the socket through Hummingbird's sequence: its frame handler could not be added",
        metadata: ["error": "\(error)"])
      reader = nil
    }
    guard
      let attachment = await endpoint.attach(
        request,
        send: { messages.send($0) },
        close: {
          // After what is queued (the notice that says why), like any other write.
          channel.eventLoop.execute {
            var reason = channel.allocator.buffer(capacity: 2)
            reason.write(webSocketErrorCode: .normalClosure)
            channel.writeAndFlush(
              WebSocketFrame(fin: true, opcode: .connectionClose, data: reason), promise: nil)
            channel.close(promise: nil)
          }
        })
    else {
      reader?.discard()
      // A refusal, if any, is already queued: write it before closing.
      await messages.drain()
      return nil
    }
    reader?.attach(attachment)
    return Attached(
      attachment: attachment, messages: messages, channel: channel,
      isReadByHandler: reader != nil)
  }

  /// Serves an attached page until it goes away, then detaches it.
  static func serve(
    _ attached: Attached, inbound: WebSocketInboundStream, logger: Logger
  ) async throws {
    defer { attached.messages.finish() }
    do {
      try await Self.read(inbound: inbound, attached: attached, logger: logger)
    } catch {
      await attached.attachment.detach()
      throw error
    }
    await attached.attachment.detach()
  }

  /// Closes `channel` when its page has stopped reading: the socket takes no more and holds
  /// more than `limit` bytes unsent. Runs on the channel's event loop.
  static func closeIfNotReading(_ channel: any Channel, limit: Int, logger: Logger) {
    guard !channel.isWritable,
      let unsent = try? channel.syncOptions?.getOption(.bufferedWritableBytes),
      unsent > limit
    else { return }
    logger.warning(
      "Closed the socket of a page that is not reading its messages",
      metadata: ["unsent bytes": "\(unsent)", "limit": "\(limit)"])
    channel.close(promise: nil)
  }

  /// Reads Hummingbird's sequence until the page goes away: it handles control frames (pings,
  /// the closing handshake) as it is read. The page's messages come through the socket's
  /// ``LiveFrameHandler``, so a data frame here came before the session's first message, which
  /// a page waits for: it is dropped, with a log line for the socket's first. Only if the
  /// handler could not be added are the page's messages read here, frame by frame (a message in
  /// fragments is dropped: browsers send a page's small messages whole). The session handles
  /// them in order on its actor; what does not fit in its bounded queue is dropped.
  ///
  /// The loop waits for as long as the page stays, so it keeps little in its frame (the
  /// handler is installed while attaching, not here: that made this frame 0.7 kB larger) and
  /// runs on the global executor (preferring the connection's event loop cost an idle page a
  /// kilobyte and saved no measurable time).
  @inline(never)
  private static func read(
    inbound: WebSocketInboundStream, attached: Attached, logger: Logger
  ) async throws {
    var loggedEarlyFrame = false
    for try await frame in inbound {
      let attachment = attached.attachment
      if attached.isReadByHandler {
        if !loggedEarlyFrame {
          loggedEarlyFrame = true
          logger.warning(
            "Dropped a message the page sent before the session's first message (logged once per socket)")
        }
        // Not counted as the inbound queue's drop: its log line would say the queue was full.
        continue
      }
      guard frame.fin else { continue }
      switch frame.opcode {
      case .text:
        guard frame.data.readableBytes <= LiveSession.maximumMessageSize * 2 else {
          attachment.drop()
          continue
        }
        attachment.receive(.text(String(buffer: frame.data)))
      case .binary:
        attachment.receive(.binary(byteCount: frame.data.readableBytes))
      case .continuation:
        // The end of a fragmented message.
        attachment.drop()
      }
    }
  }
}
#endif  // Hummingbird
