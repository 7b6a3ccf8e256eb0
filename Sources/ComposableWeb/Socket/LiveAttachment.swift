#if Web
/// A page's socket attached to its session (see ``LiveEndpoint/attach(_:send:close:)``): hand
/// it the socket's messages as they arrive, from any thread, and ``detach()`` it when the socket
/// closes. Messages are handled in order on the session's actor; those that don't fit in the
/// bounded queue (``LiveLimits/inboundQueueSize``) are dropped, with a log line.
///
/// ```swift
/// guard let attachment = await endpoint.attach(request, send: write, close: closeSocket) else { return }
/// for await text in socketMessages { attachment.receive(.text(text)) }
/// await attachment.detach()
/// ```
public struct LiveAttachment: Sendable {
  let queue: InboundQueue
  let connection: SessionRegistry.Connection
  let registry: SessionRegistry

  /// How many messages wait at most; more are dropped.
  public var limit: Int { queue.limit }

  /// Queues a message from the page; `false` when it was dropped.
  @discardableResult
  public func receive(_ message: LiveMessage) -> Bool {
    queue.offer(message)
  }

  /// Counts a message the socket dropped before it reached the queue.
  public func drop() {
    queue.drop()
  }

  /// Detaches the page: messages still queued are dropped, and the session waits for its page
  /// to come back for the disconnected lifetime.
  public func detach() async {
    queue.finish()
    await registry.disconnect(connection)
  }
}
#endif  // Web
