#if Hummingbird
import NIOCore
import Sharing

/// The messages for a page's socket, written in order on its connection's event loop.
///
/// No task waits on it either: the first message sent while none is waiting asks the event loop
/// to write every message waiting by then, and to flush them at once.
///
/// ```swift
/// let queue = OutboundQueue(eventLoop: channel.eventLoop) { message in
///   channel.write(WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: message)), promise: nil)
/// } flush: {
///   channel.flush()
/// }
/// queue.send(#"{"type":"render",…}"#)
/// ```
final class OutboundQueue: Sendable {
  private struct State {
    var pending: [String] = []
    var isScheduled = false
    var isFinished = false
  }

  // A `Locked`, as in `InboundQueue`.
  private let state = Locked(State())
  private let eventLoop: any EventLoop
  private let write: @Sendable (String) -> Void
  private let flush: @Sendable () -> Void

  /// A queue whose messages `write` hands to the socket and `flush` sends, both called on
  /// `eventLoop`.
  init(
    eventLoop: any EventLoop,
    write: @escaping @Sendable (String) -> Void,
    flush: @escaping @Sendable () -> Void
  ) {
    self.eventLoop = eventLoop
    self.write = write
    self.flush = flush
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

  private func writePending() {
    let batch = state.withLock { state -> [String] in
      state.isScheduled = false
      defer { state.pending = [] }
      return state.pending
    }
    guard !batch.isEmpty else { return }
    for message in batch { write(message) }
    flush()
  }
}
#endif  // Hummingbird
