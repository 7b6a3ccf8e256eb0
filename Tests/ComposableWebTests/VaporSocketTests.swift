#if Hummingbird && Vapor
import ComposableArchitecture
import ComposableWeb
import ComposableWebVapor
import HummingbirdWSClient
import Logging
import NIOPosix
import Testing
import Vapor
@_spi(Testing) import ComposableArchitectureTestSupport

/// The Vapor adapter's pages' sockets, served by a real Vapor app on loopback and driven by a
/// WebSocket client.
@Suite struct VaporSocketTests {
  /// Serves `endpoint` from a Vapor app on a free port of 127.0.0.1 while `body` runs.
  func withVaporApp(
    _ endpoint: LiveEndpoint, _ body: (_ port: Int) async throws -> Void
  ) async throws {
    let app = try await Application.make(.testing)
    app.addLivePages(endpoint)
    app.lifecycle.use(LiveEndpointLifecycle(endpoint))
    do {
      try await app.server.start(address: .hostname("127.0.0.1", port: 0))
      let port = try #require(app.http.server.shared.localAddress?.port)
      try await body(port)
    } catch {
      await app.server.shutdown()
      try await app.asyncShutdown()
      throw error
    }
    await app.server.shutdown()
    try await app.asyncShutdown()
  }

  @Test func aPageThatStopsReadingIsClosed() async throws {
    let (logger, lines) = recordingLogger()
    let unsentLimit = 256 * 1024
    let endpoint = LiveEndpoint(
      title: "Tests", features: [LiveServerTests.bulkyTally],
      hosts: HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1"),
      trustedOrigins: ["ws://127.0.0.1"],
      limits: LiveLimits(messagesPerSecond: 1_000_000, burst: 1_000_000, maximumUnsentBytes: unsentLimit),
      logger: logger)
    let closedLine = "Closed the socket of a page that is not reading its messages"
    let clicks = LockIsolated(0)
    let ended = LockIsolated(false)
    let endedInTime = LockIsolated(false)
    try await withVaporApp(endpoint) { port in
      let url = "ws://127.0.0.1:\(port)/live?feature=bulky&version=\(PageProtocol.version)"
      let client = Task {
        _ = try? await WebSocketClient.connect(
          url: url, configuration: WebSocketClientConfiguration(maxFrameSize: 1 << 20),
          logger: Logger(label: "client")
        ) { inbound, outbound, _ in
          var frames = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
          guard case let .text(first) = try await frames.next() else { return }
          let render = try ServerMessage(text: first)
          let field = try #require(handlerIDs(in: render.html ?? "", event: "input").first)
          // From here on the page reads nothing: once the client's buffers and the socket's
          // are full, what the server writes stays in the server.
          for _ in 0..<2_000 where !lines.value.contains(closedLine) {
            do {
              try await outbound.write(
                .text(ClientMessage.event(handler: field, value: .string("\(clicks.value + 1)")).text))
            } catch {
              break
            }
            clicks.withValue { $0 += 1 }
            // Paces the page's typing (1,000 messages a second), as a person types fast; the
            // test waits on the server's log line, not on this.
            try await Task.sleep(for: .milliseconds(1))
          }
          // The server drops the connection: reading what it had sent comes to an end.
          while try await frames.next() != nil {}
          ended.setValue(true)
        }
      }
      // Within the two seconds the adapter takes to drop it, and a margin.
      let endedSoon = await eventually(timeout: .seconds(10)) { ended.value }
      endedInTime.setValue(endedSoon)
      client.cancel()
    }
    #expect(lines.value.filter { $0 == closedLine }.count == 1)
    #expect(clicks.value * 64 * 1024 > unsentLimit)
    #expect(clicks.value < 2_000)
    #expect(endedInTime.value)
  }
}
#endif  // Hummingbird && Vapor

#if Hummingbird && Vapor
extension VaporSocketTests {
  @Test(arguments: BadFrame.all)
  func aFrameThatBreaksTheProtocolClosesTheSocket(_ frame: BadFrame) async throws {
    let endpoint = LiveEndpoint(
      title: "Tests", features: [LiveServerTests.tally],
      hosts: HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1"), logger: recordingLogger().0)
    try await withVaporApp(endpoint) { port in
      let (code, closed) = try await frame.send(toPageAt: port)
      #expect(code == frame.closeCode)
      #expect(closed)
    }
  }
}
#endif  // Hummingbird && Vapor
