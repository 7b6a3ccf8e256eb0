#if Hummingbird
import ComposableArchitecture
import Logging
import NIOCore
import NIOPosix
import Testing

@testable import ComposableWeb
@_spi(Testing) import ComposableArchitectureTestSupport

/// The engine's side of a page's socket, with a stand-in for the server's socket: messages held
/// until the session is known, the frame-size rule, and the bound on what the socket holds
/// unsent.
@Suite struct LivePageSocketTests {
  /// A server socket that records what the engine does with it. Writes complete only when the
  /// test says (`complete()`), as a socket's do once the page reads.
  final class Transport: Sendable {
    let written = LockIsolated<[String]>([])
    let waiting = LockIsolated<[EventLoopPromise<Void>]>([])
    let events = LockIsolated<[String]>([])

    func transport(on loop: any EventLoop) -> LivePageSocket.Transport {
      LivePageSocket.Transport(
        eventLoop: loop,
        write: { [self] text, promise in
          written.withValue { $0.append(text) }
          if let promise { waiting.withValue { $0.append(promise) } }
        },
        flush: { [self] in events.withValue { $0.append("flush") } },
        close: { [self] in events.withValue { $0.append("close") } },
        abort: { [self] in events.withValue { $0.append("abort") } })
    }

    /// Completes every write so far, as a page that reads them.
    func complete() {
      for promise in waiting.withValue({ promises in defer { promises = [] }; return promises }) {
        promise.succeed(())
      }
    }
  }

  /// What an attachment's session was handed, and how many it was told were dropped.
  struct Session {
    let received = LockIsolated<[String]>([])
    let dropped = LockIsolated(0)
    let attachment: LiveAttachment

    init() {
      let received = self.received
      let dropped = self.dropped
      let queue = InboundQueue(limit: 64) { count in
        dropped.setValue(count)
      } handle: { message in
        switch message {
        case let .text(text): received.withValue { $0.append(text) }
        case let .binary(count): received.withValue { $0.append("binary \(count)") }
        case let .bytes(bytes): received.withValue { $0.append("binary \(bytes.count)") }
        }
      }
      attachment = LiveAttachment(
        queue: queue, connection: SessionRegistry.Connection(sessionID: "test", token: 0),
        registry: SessionRegistry(features: [], logger: Logger(label: "test")))
    }
  }

  func endpoint(limits: LiveLimits = LiveLimits(), logger: Logger = Logger(label: "test"))
    -> LiveEndpoint
  {
    LiveEndpoint(
      title: "Tests", features: [], hosts: HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1"),
      limits: limits, logger: logger)
  }

  @Test func messagesAreHeldUntilAttachedThenHandedOverInOrder() async throws {
    try await withEventLoop { loop in
      let socket = LivePageSocket(endpoint: endpoint(), transport: Transport().transport(on: loop))
      let session = Session()
      socket.receive(.text("one"))
      socket.receive(.binary(byteCount: 3))
      socket.take(session.attachment)
      socket.receive(.text("three"))
      await eventually { session.received.value.count == 3 }
      #expect(session.received.value == ["one", "binary 3", "three"])
    }
  }

  @Test func heldMessagesBeyondTheQueueSizeAreDroppedAndCountedOnceAttached() async throws {
    try await withEventLoop { loop in
      let socket = LivePageSocket(
        endpoint: endpoint(limits: LiveLimits(inboundQueueSize: 2)),
        transport: Transport().transport(on: loop))
      let session = Session()
      for index in 0..<5 { socket.receive(.text("m\(index)")) }
      socket.drop()
      #expect(session.dropped.value == 0)
      socket.take(session.attachment)
      await eventually { session.received.value.count == 2 && session.dropped.value > 0 }
      #expect(session.received.value == ["m0", "m1"])
      // The queue reports its first drop (and every hundredth).
      #expect(session.dropped.value == 1)
    }
  }

  @Test func aRefusedSocketIsClosedAfterWhatItWasToldAndItsMessagesGoNowhere() async throws {
    try await withEventLoop { loop in
      let transport = Transport()
      let socket = LivePageSocket(endpoint: endpoint(), transport: transport.transport(on: loop))
      socket.receive(.text("before"))
      await socket.refuse()
      socket.receive(.text("after"))
      try await loop.submit {}.get()
      #expect(transport.events.value == ["close"])
      // Attached to nothing: a later attachment (there is none for a refused socket) would
      // find nothing held.
      let session = Session()
      socket.take(session.attachment)
      try await loop.submit {}.get()
      #expect(session.received.value.isEmpty)
    }
  }

  @Test func aTextOverTheFrameSizeIsDroppedAsTheSessionsDrop() async throws {
    try await withEventLoop { loop in
      let socket = LivePageSocket(endpoint: endpoint(), transport: Transport().transport(on: loop))
      let session = Session()
      socket.take(session.attachment)
      socket.receive(.text(String(repeating: "x", count: LivePageSocket.maximumFrameSize + 1)))
      socket.receive(.text(String(repeating: "y", count: LivePageSocket.maximumFrameSize)))
      await eventually { session.received.value.count == 1 && session.dropped.value == 1 }
      #expect(session.received.value.first?.count == LivePageSocket.maximumFrameSize)
    }
  }

  @Test func theSessionsMessagesAreWrittenInOrderOneFlushABatch() async throws {
    try await withEventLoop { loop in
      let transport = Transport()
      let queue = OutboundQueue(
        eventLoop: loop, limit: 1 << 20, logger: Logger(label: "test"),
        write: transport.transport(on: loop).write, flush: transport.transport(on: loop).flush,
        abort: {})
      // The loop is busy while the messages are queued: they are written as one batch.
      let busy = occupy(loop)
      for index in 0..<5 { queue.send("m\(index)") }
      busy.signal()
      await queue.drain()
      #expect(transport.written.value == ["m0", "m1", "m2", "m3", "m4"])
      #expect(transport.events.value == ["flush"])
      // Only the batch's last write waits on a promise.
      #expect(transport.waiting.value.count == 1)
      #expect(queue.unsentBytes == 10)
      transport.complete()
      try await loop.submit {}.get()
      #expect(queue.unsentBytes == 0)
      queue.send("later")
      await queue.drain()
      #expect(transport.events.value == ["flush", "flush"])
      transport.complete()
    }
  }

  @Test func aFinishedQueueDropsWhatWaitsAndRefusesLaterMessages() async throws {
    try await withEventLoop { loop in
      let transport = Transport()
      let queue = OutboundQueue(
        eventLoop: loop, limit: 1 << 20, logger: Logger(label: "test"),
        write: transport.transport(on: loop).write, flush: {}, abort: {})
      let busy = occupy(loop)
      queue.send("waiting")
      queue.finish()
      queue.send("after")
      busy.signal()
      await queue.drain()
      #expect(transport.written.value.isEmpty)
    }
  }

  @Test func aSocketHoldingMoreThanTheLimitUnsentIsClosedOnceWithALogLine() async throws {
    let (logger, lines) = recordingLogger()
    try await withEventLoop { loop in
      let transport = Transport()
      let socket = LivePageSocket(
        endpoint: endpoint(limits: LiveLimits(maximumUnsentBytes: 250), logger: logger),
        transport: transport.transport(on: loop))
      let queue = socket.outbound
      // A page that reads: however much passes through, the socket stays open.
      for _ in 0..<10 {
        queue.send(String(repeating: "r", count: 200))
        await queue.drain()
        transport.complete()
      }
      try await loop.submit {}.get()
      #expect(!transport.events.value.contains("abort"))
      // A page that stopped reading: its writes never complete.
      queue.send(String(repeating: "a", count: 200))
      await queue.drain()
      #expect(!transport.events.value.contains("abort"))
      queue.send(String(repeating: "b", count: 100))
      await queue.drain()
      #expect(transport.events.value.filter { $0 == "abort" }.count == 1)
      queue.send(String(repeating: "c", count: 100))
      await queue.drain()
      #expect(transport.events.value.filter { $0 == "abort" }.count == 1)
      #expect(socket.unsentBytes == 400)
      transport.complete()
    }
    #expect(lines.value == ["Closed the socket of a page that is not reading its messages"])
  }
}
#endif  // Hummingbird
