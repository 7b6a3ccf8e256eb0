import NIOCore

/// A task executor that runs jobs on a NIO event loop.
///
/// The task that reads a page's socket through Hummingbird's sequence (which brings the frames
/// from before the page's ``LiveFrameHandler`` was added, and handles pings and the closing
/// handshake) prefers its connection's event loop (`withTaskExecutorPreference`), so that the
/// socket's async API runs where its frames are decoded, instead of on the global executor's
/// threads.
///
/// ```swift
/// let executor = EventLoopTaskExecutor(eventLoop: channel.eventLoop)
/// try await withTaskExecutorPreference(executor) {
///   for try await message in inbound.messages(maxSize: 16_384) { … }   // runs on the event loop
/// }
/// ```
final class EventLoopTaskExecutor: TaskExecutor, Sendable {
  let eventLoop: any EventLoop

  init(eventLoop: any EventLoop) {
    self.eventLoop = eventLoop
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    eventLoop.execute {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
    }
  }
}
