#if Web
import Logging
import NIOCore
import Sharing

/// A page's socket as the engine sees it, whatever server carries it: a server adapter makes
/// one per WebSocket, maps its server's writes, flush and close onto a ``Transport``, hands it
/// every message the page sends from the first frame on, and closes it when the socket closes.
/// The rules of a page's socket live here, the same for every adapter:
///
/// - Messages that arrive before the socket is attached to its session wait (at most
///   ``LiveLimits/inboundQueueSize``; more are dropped and counted as the session's drops), and
///   are handed over in order; a refused socket's go nowhere.
/// - A text message over ``maximumFrameSize`` is dropped; configure the server to refuse
///   frames over it.
/// - The session's messages are written in order on the socket's event loop, and a socket that
///   holds more than ``LiveLimits/maximumUnsentBytes`` unsent (its page stopped reading) is
///   closed, with a log line.
///
/// ```swift
/// let socket = LivePageSocket(endpoint: endpoint, transport: LivePageSocket.Transport(
///   eventLoop: channel.eventLoop,
///   write: { text, promise in channel.write(frame(text), promise: promise) },
///   flush: { channel.flush() },
///   close: { channel.close(promise: nil) },
///   abort: { channel.close(promise: nil) }))
/// onText { socket.receive(.text($0)) }
/// guard await socket.attach(request) else { return }
/// await closed
/// await socket.close()
/// ```
public final class LivePageSocket: Sendable {
  /// The largest frame, in bytes, a page's socket reads: twice the largest message a session
  /// reads, so that a message a little over it still reaches the session, which logs it.
  public static let maximumFrameSize = LiveSession.maximumMessageSize * 2

  /// What a server does for a page's socket, on the socket's event loop.
  public struct Transport: Sendable {
    /// The loop the socket's writes happen on.
    public var eventLoop: any EventLoop
    /// Writes a text message (without flushing it), completing `promise`, if any, once it is
    /// written out.
    public var write: @Sendable (_ text: String, _ promise: EventLoopPromise<Void>?) -> Void
    /// Sends what was written.
    public var flush: @Sendable () -> Void
    /// Closes the socket after what was written, with the WebSocket closing handshake.
    public var close: @Sendable () -> Void
    /// Closes the connection at once: its page is not reading.
    public var abort: @Sendable () -> Void

    /// Describes a server's socket.
    public init(
      eventLoop: any EventLoop,
      write: @escaping @Sendable (_ text: String, _ promise: EventLoopPromise<Void>?) -> Void,
      flush: @escaping @Sendable () -> Void,
      close: @escaping @Sendable () -> Void,
      abort: @escaping @Sendable () -> Void
    ) {
      self.eventLoop = eventLoop
      self.write = write
      self.flush = flush
      self.close = close
      self.abort = abort
    }
  }

  private enum Inbound {
    /// Not attached yet: what arrived, oldest first, and how many did not fit.
    case waiting(held: [LiveMessage], dropped: Int)
    case attached(LiveAttachment)
    /// Refused, or closed: what arrives goes nowhere.
    case closed
  }

  private let endpoint: LiveEndpoint
  private let transport: Transport
  /// The session's messages to the page.
  let outbound: OutboundQueue
  private let inbound = Locked(Inbound.waiting(held: [], dropped: 0))
  private let holdLimit: Int

  /// A socket of `endpoint`'s, carried by `transport`.
  public init(endpoint: LiveEndpoint, transport: Transport) {
    self.endpoint = endpoint
    self.transport = transport
    self.holdLimit = endpoint.limits.inboundQueueSize
    self.outbound = OutboundQueue(
      eventLoop: transport.eventLoop, limit: endpoint.limits.maximumUnsentBytes,
      logger: endpoint.logger, write: transport.write, flush: transport.flush,
      abort: transport.abort)
  }

  /// Takes a message the page sent, from any thread, in the order they arrived.
  public func receive(_ message: LiveMessage) {
    if case let .text(text) = message, text.utf8.count > Self.maximumFrameSize {
      return drop()
    }
    // Under the lock, so that a message arriving while the held ones are handed over cannot
    // overtake them (the attachment only queues).
    inbound.withLock { inbound in
      switch inbound {
      case let .attached(attachment):
        attachment.receive(message)
      case .waiting(var held, let dropped):
        if held.count < holdLimit {
          held.append(message)
          inbound = .waiting(held: held, dropped: dropped)
        } else {
          inbound = .waiting(held: held, dropped: dropped + 1)
        }
      case .closed:
        break
      }
    }
  }

  /// Counts a message the server dropped before it could be read (a fragment, a frame over
  /// the size), as the session's drop.
  public func drop() {
    inbound.withLock { inbound in
      switch inbound {
      case let .attached(attachment): attachment.drop()
      case let .waiting(held, dropped): inbound = .waiting(held: held, dropped: dropped + 1)
      case .closed: break
      }
    }
  }

  /// Attaches the socket, opened by `request`, to its session (see
  /// ``LiveEndpoint/attach(_:send:close:)``). Returns `false` when it is refused: what the page
  /// was told is then written, and the socket closed.
  public func attach(_ request: LiveRequest) async -> Bool {
    let outbound = self.outbound
    let transport = self.transport
    guard
      let attachment = await endpoint.attach(
        request, send: { outbound.send($0) },
        close: {
          // After what is queued (the notice that says why), like any other write.
          transport.eventLoop.execute { transport.close() }
        })
    else {
      await refuse()
      return false
    }
    take(attachment)
    return true
  }

  /// Hands the held messages to `attachment`, in order (and counts those that did not fit as
  /// its drops), and every later message as it arrives.
  func take(_ attachment: LiveAttachment) {
    inbound.withLock { inbound in
      if case let .waiting(held, dropped) = inbound {
        for message in held { attachment.receive(message) }
        for _ in 0..<dropped { attachment.drop() }
      }
      inbound = .attached(attachment)
    }
  }

  /// The socket was refused: what the page was told is written, then the socket closed, and
  /// what the page sends goes nowhere.
  func refuse() async {
    inbound.withLock { $0 = .closed }
    await outbound.drain()
    let transport = self.transport
    transport.eventLoop.execute { transport.close() }
  }

  /// The socket closed: its session waits for its page to come back, and what is still queued
  /// for the page is dropped.
  public func close() async {
    outbound.finish()
    let attachment = inbound.withLock { inbound -> LiveAttachment? in
      defer { inbound = .closed }
      if case let .attached(attachment) = inbound { return attachment }
      return nil
    }
    await attachment?.detach()
  }

  /// Bytes written to the socket and not yet sent (see ``LiveLimits/maximumUnsentBytes``).
  var unsentBytes: Int { outbound.unsentBytes }
}
#endif  // Web
