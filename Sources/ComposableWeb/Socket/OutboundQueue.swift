#if Web
import Logging
import NIOCore
import Sharing

/// The messages for a page's socket, written in order on its connection's event loop, with a
/// bound on what the socket holds unsent.
///
/// No task waits on it either: the first message sent while none is waiting asks the event loop
/// to write every message waiting by then, and to flush them at once. Each batch's last write
/// carries a promise: what the batch weighs counts as unsent until it completes (a socket's
/// writes complete in order). When the socket holds more than `limit` bytes unsent after a
/// flush (the page stopped reading, or reads slower than its session changes), `abort` closes
/// it, with one log line.
///
/// ```swift
/// let queue = OutboundQueue(eventLoop: channel.eventLoop, limit: 1 << 20, logger: logger) { message, promise in
///   channel.write(WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: message)), promise: promise)
/// } flush: {
///   channel.flush()
/// } abort: {
///   channel.close(promise: nil)
/// }
/// queue.send(ServerMessage.reload.text)
/// ```
final class OutboundQueue: Sendable {
  private struct State {
    var pending: [String] = []
    var isScheduled = false
    var isFinished = false
    /// Bytes handed to the socket whose writes have not completed.
    var unsent = 0
    var isAborted = false
  }

  // A `Locked`, as in `InboundQueue`.
  private let state = Locked(State())
  let eventLoop: any EventLoop
  private let limit: Int
  private let logger: Logger
  private let write: @Sendable (String, EventLoopPromise<Void>?) -> Void
  private let flush: @Sendable () -> Void
  private let abort: @Sendable () -> Void

  /// A queue whose messages `write` hands to the socket (completing the promise, if any, once
  /// the message is written out) and `flush` sends, both called on `eventLoop`; `abort` closes a
  /// socket that holds more than `limit` bytes unsent.
  init(
    eventLoop: any EventLoop, limit: Int, logger: Logger,
    write: @escaping @Sendable (String, EventLoopPromise<Void>?) -> Void,
    flush: @escaping @Sendable () -> Void,
    abort: @escaping @Sendable () -> Void
  ) {
    self.eventLoop = eventLoop
    self.limit = limit
    self.logger = logger
    self.write = write
    self.flush = flush
    self.abort = abort
  }

  /// Queues `message` for the socket.
  func send(_ message: String) {
    let schedule = state.withLock { state -> Bool in
      guard !state.isFinished else { return false }
      state.pending.append(message)
      guard !state.isScheduled else { return false }
      state.isScheduled = true
      return true
    }
    if schedule {
      eventLoop.execute { self.writePending() }
    }
  }

  /// Waits until every message queued so far is handed to the socket (or dropped).
  func drain() async {
    // The event loop runs its jobs in order: this one runs after the writes already asked for.
    try? await eventLoop.submit {}.get()
  }

  /// Drops what is still queued and refuses what comes later.
  func finish() {
    state.withLock { state in
      state.isFinished = true
      state.pending = []
    }
  }

  /// The bytes handed to the socket and not yet written out.
  var unsentBytes: Int { state.withLock { $0.unsent } }

  private func writePending() {
    let batch = state.withLock { state -> [String] in
      state.isScheduled = false
      defer { state.pending = [] }
      return state.pending
    }
    guard let last = batch.last else { return }
    let bytes = batch.reduce(0) { $0 + $1.utf8.count }
    state.withLock { $0.unsent += bytes }
    let written = eventLoop.makePromise(of: Void.self)
    written.futureResult.whenComplete { [state] _ in state.withLock { $0.unsent -= bytes } }
    for message in batch.dropLast() { write(message, nil) }
    write(last, written)
    flush()
    let aborting = state.withLock { state -> Int? in
      guard state.unsent > limit, !state.isAborted else { return nil }
      state.isAborted = true
      return state.unsent
    }
    if let unsent = aborting {
      logger.warning(
        "Closed the socket of a page that is not reading its messages",
        metadata: ["unsent bytes": "\(unsent)", "limit": "\(limit)"])
      abort()
    }
  }
}
#endif  // Web
