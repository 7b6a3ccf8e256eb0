@testable import ComposableWeb
import ComposableArchitecture
import NIOCore
import Testing

/// Where a page's socket work runs: on its connection's event loop, not the global executor.
@Suite struct EventLoopExecutorTests {
  /// Whether the caller runs on `loop`, asked from a nonisolated async function (which runs on
  /// the task's preferred executor, or else the global one).
  nonisolated static func runsOn(_ loop: any EventLoop) async -> Bool {
    await Task.yield()
    return loop.inEventLoop
  }

  @Test func aTaskPreferringTheExecutorRunsOnItsEventLoop() async throws {
    try await withEventLoop { loop in
      let executor = EventLoopTaskExecutor(eventLoop: loop)
      let preferred = await withTaskExecutorPreference(executor) { await Self.runsOn(loop) }
      let unpreferred = await Self.runsOn(loop)
      let detached = await Task.detached(executorPreference: executor) { await Self.runsOn(loop) }.value
      #expect(preferred)
      #expect(!unpreferred)
      #expect(detached)
    }
  }

  @Test func theOutboundQueueWritesAndFlushesOnItsEventLoop() async throws {
    try await withEventLoop { loop in
      let places = LockIsolated<[Bool]>([])
      let queue = OutboundQueue(eventLoop: loop) { _ in
        places.withValue { $0.append(loop.inEventLoop) }
      } flush: {
        places.withValue { $0.append(loop.inEventLoop) }
      }
      for index in 0..<5 { queue.send("m\(index)") }
      await queue.drain()
      #expect(places.value.count >= 6)
      #expect(places.value.allSatisfy { $0 })
    }
  }
}
