#if Hummingbird
import ComposableWeb
import HTTPTypes
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
    let socket: LivePageSocket
    /// Whether the page's messages come through a ``LiveFrameHandler`` (the one read path),
    /// rather than through Hummingbird's sequence (only if the handler could not be added).
    let isReadByHandler: Bool

    init(socket: LivePageSocket, isReadByHandler: Bool) {
      self.socket = socket
      self.isReadByHandler = isReadByHandler
    }
  }

  /// Attaches the socket of `context` to a session (resumed or new); `nil` when it is refused,
  /// after the refusal is written.
  static func attach(
    _ request: LiveRequest, channel: any Channel, to endpoint: LiveEndpoint
  ) async -> Attached? {
    let socket = LivePageSocket(endpoint: endpoint, transport: transport(of: channel))
    // The page's messages are taken off the channel's pipeline, from before the session's
    // first message is written: a page sends nothing before it.
    let isReadByHandler: Bool
    do {
      try await channel.eventLoop.submit {
        try LiveFrameHandler.install(
          on: channel, maximumSize: LivePageSocket.maximumFrameSize, endpoint: endpoint
        ) { socket.receive($0) }
      }.get()
      isReadByHandler = true
    } catch {
      endpoint.logger.warning(
        "Reading the socket through Hummingbird's sequence: its frame handler could not be added",
        metadata: ["error": "\(error)"])
      isReadByHandler = false
    }
    guard await socket.attach(request) else { return nil }
    return Attached(socket: socket, isReadByHandler: isReadByHandler)
  }

  /// The channel's writes, flush and close, as the engine's socket takes them.
  static func transport(of channel: any Channel) -> LivePageSocket.Transport {
    LivePageSocket.Transport(
      eventLoop: channel.eventLoop,
      write: { text, promise in
        let frame = WebSocketFrame(
          fin: true, opcode: .text, data: channel.allocator.buffer(string: text))
        channel.write(frame, promise: promise)
      },
      flush: { channel.flush() },
      close: {
        var reason = channel.allocator.buffer(capacity: 2)
        reason.write(webSocketErrorCode: .normalClosure)
        channel.writeAndFlush(
          WebSocketFrame(fin: true, opcode: .connectionClose, data: reason), promise: nil)
        channel.close(promise: nil)
      },
      abort: { channel.close(promise: nil) })
  }

  /// Whether the request `head`, which asks for a WebSocket on `channel`, is a page's socket
  /// that `endpoint` admits (a GET of its socket path, from a served host and origin), and if
  /// so how it is served. ``LiveServer`` upgrades with it; HummingbirdWebSocket answers an
  /// upgrade it refuses with `400 Bad Request` and closes the connection.
  static func upgrade(
    _ head: HTTPRequest, channel: any Channel, endpoint: LiveEndpoint
  ) -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> {
    let request = LiveRequest(head, channel: channel)
    guard head.method == .get, request.path == endpoint.socketPath,
      endpoint.admitsSocket(request)
    else { return .dontUpgrade }
    return .upgrade([:]) { inbound, _, _ in
      guard let attached = await attachInTask(request, channel: channel, to: endpoint) else {
        return
      }
      try await serve(attached, inbound: inbound, logger: endpoint.logger)
    }
  }

  /// ``attach(_:channel:to:)`` in a task of its own: attaching goes deep (the registry, then
  /// the session's actor), and the frames a task once needed stay allocated for as long as it
  /// lives, which for the task serving a page is as long as the page.
  static func attachInTask(
    _ request: LiveRequest, channel: any Channel, to endpoint: LiveEndpoint
  ) async -> Attached? {
    await Task { await attach(request, channel: channel, to: endpoint) }.value
  }

  /// Serves an attached page until it goes away, then detaches it.
  static func serve(
    _ attached: Attached, inbound: WebSocketInboundStream, logger: Logger
  ) async throws {
    do {
      try await Self.read(inbound: inbound, attached: attached, logger: logger)
    } catch {
      await attached.socket.close()
      throw error
    }
    await attached.socket.close()
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
      let socket = attached.socket
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
        socket.receive(.text(String(buffer: frame.data)))
      case .binary:
        socket.receive(.bytes(Array(frame.data.readableBytesView)))
      case .continuation:
        // The end of a fragmented message.
        socket.drop()
      }
    }
  }
}
#endif  // Hummingbird
