import NIOCore

/// A task executor that runs jobs on a NIO event loop.
///
/// A page's socket is read, and its messages written, by tasks that prefer its connection's event
/// loop (`withTaskExecutorPreference`, `Task(executorPreference:)`): the socket's async API then
/// runs where the socket's frames are decoded and written, instead of handing every frame to the
/// global executor's threads and back. A click then crosses threads twice (event loop → main
/// actor → event loop) instead of four times.
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
