import ComposableWeb
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket

/// Serves a live page's socket on a Hummingbird WebSocket route: attaches it to its session,
/// writes the session's messages on the connection's event loop, and hands the page's messages
/// to the session until the socket closes.
enum LiveSocketServing {
  /// A page's socket attached to its session.
  struct Attached: Sendable {
    let attachment: LiveAttachment
    let messages: OutboundQueue
    let channel: any Channel
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
      // A refusal, if any, is already queued: write it before closing.
      await messages.drain()
      return nil
    }
    return Attached(attachment: attachment, messages: messages, channel: channel)
  }

  /// Serves an attached page until it goes away, then detaches it.
  static func serve(
    _ attached: Attached, inbound: WebSocketInboundStream, logger: Logger
  ) async throws {
    defer { attached.messages.finish() }
    do {
      try await Self.read(
        inbound: inbound, channel: attached.channel, attachment: attached.attachment,
        logger: logger)
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

  /// Hands the socket's messages to the session, until the page goes away. The session handles
  /// them in order on the main actor; the socket is read meanwhile into a bounded queue, and
  /// what does not fit is dropped.
  ///
  /// The messages are taken off the channel's pipeline by a ``LiveFrameHandler``; Hummingbird's
  /// sequence, read here, brings only what arrived before the handler was added, then the
  /// handler's marker, and handles control frames (pings, the closing handshake) as it is read.
  /// That little traffic runs on the global executor: preferring the connection's event loop
  /// (`withTaskExecutorPreference`) cost every idle page about a kilobyte of task memory and
  /// saved no measurable time, since a page's messages no longer go through this loop.
  private static func read(
    inbound: WebSocketInboundStream,
    channel: any Channel,
    attachment: LiveAttachment,
    logger: Logger
  ) async throws {
    let marker = LiveSession.makeID()
    let reader: LiveFrameHandler.Installed?
    do {
      reader = try await channel.eventLoop.submit {
        try LiveFrameHandler.install(
          on: channel, attachment: attachment, maximumSize: LiveSession.maximumMessageSize * 2,
          marker: marker)
      }.get()
    } catch {
      logger.warning(
        "Reading the socket through Hummingbird's sequence: its frame handler could not be added",
        metadata: ["error": "\(error)"])
      reader = nil
    }
    for try await message in inbound.messages(maxSize: LiveSession.maximumMessageSize * 2) {
      switch message {
      case let .text(text):
        if let reader, text == marker {
          reader.release()
        } else {
          attachment.receive(.text(text))
        }
      case let .binary(buffer):
        attachment.receive(.binary(byteCount: buffer.readableBytes))
      }
    }
  }
}
