#if Hummingbird
import ComposableArchitecture
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import ComposableWeb
@testable import ComposableWebHummingbird

/// The server as an attacker or a clumsy client meets it: foreign hosts, missing headers, forged
/// log lines.
@Suite struct HardeningTests {
  static let tally = LiveServerTests.tally

  func makeApplication(
    allowedHosts: Set<String>? = nil, limits: LiveLimits = LiveLimits()
  ) async -> (some ApplicationProtocol, SessionRegistry, LockIsolated<[LogRecord]>) {
    let (logger, records) = fullRecordingLogger()
    let endpoint = LiveEndpoint(
      title: "Tests", features: [Self.tally], showsIndex: true,
      hosts: HostPolicy(allowedHosts: allowedHosts, boundHost: "127.0.0.1"), limits: limits,
      logger: logger)
    let server = LiveServer(endpoint: endpoint)
    return (server.makeApplication(host: "127.0.0.1", port: 0), endpoint.registry, records)
  }

  @Test func pagesCarryTheSecurityHeadersAndNoInlineStyle() async throws {
    let (app, _, _) = await makeApplication()
    try await app.test(.router) { client in
      for uri in ["/", "/tally", "/ocaf/main.js", "/ocaf.css"] {
        try await client.execute(uri: uri, method: .get) { response in
          #expect(response.status == .ok)
          let policy = try #require(response.headers[.contentSecurityPolicy])
          #expect(policy.contains("script-src 'self'"))
          #expect(policy.contains("style-src 'self'"))
          #expect(policy.contains("frame-ancestors 'none'"))
          #expect(!policy.contains("unsafe-inline"))
          #expect(response.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff")
          #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
        }
      }
      // Errors too: a page that does not exist.
      try await client.execute(uri: "/no-such-page", method: .get) { response in
        #expect(response.status == .notFound)
        #expect(response.headers[.contentSecurityPolicy] != nil)
        #expect(response.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff")
      }
      try await client.execute(uri: "/tally", method: .get) { response in
        let body = String(buffer: response.body)
        #expect(body.contains(#"<link rel="stylesheet" href="/ocaf.css">"#))
        #expect(!body.contains("<style"))
        #expect(!body.contains("style="))
      }
      try await client.execute(uri: "/ocaf.css", method: .get) { response in
        #expect(response.headers[.contentType] == "text/css; charset=utf-8")
        #expect(String(buffer: response.body).contains("[data-ocaf-component]{display:contents}"))
      }
    }
  }

  @Test func securityHeadersCanBeChangedOrLeftOut() async throws {
    let (logger, _) = recordingLogger()
    let server = LiveServer(
      endpoint: LiveEndpoint(
        title: "Tests", features: [Self.tally], showsIndex: true,
        hosts: HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1"),
        securityHeaders: SecurityHeaders(
          contentSecurityPolicy: "default-src 'self'; frame-ancestors https://parent.example",
          frameOptions: nil),
        logger: logger))
    let app = server.makeApplication(host: "127.0.0.1", port: 0)
    try await app.test(.router) { client in
      try await client.execute(uri: "/", method: .get) { response in
        #expect(
          response.headers[.contentSecurityPolicy]
            == "default-src 'self'; frame-ancestors https://parent.example")
        #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == nil)
        #expect(response.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff")
      }
    }
  }

  @Test func requestsAndUpgradesForAnotherHostAreRefusedAndLoggedOnce() async throws {
    let (app, registry, records) = await makeApplication()
    try await app.test(.live) { client in
      let port = try #require(client.port)
      func response(to request: String) async throws -> String {
        let connection = try RawConnection(port: port)
        try connection.send(request)
        return await connection.receive(timeout: .seconds(5)) { $0.contains("\r\n\r\n") }.text
      }
      // A page fetched through a rebinding name...
      for path in ["/", "/tally", "/ocaf/main.js"] {
        let page = try await response(to: "GET \(path) HTTP/1.1\r\nHost: evil.example:8080\r\n\r\n")
        #expect(page.hasPrefix("HTTP/1.1 421"), "\(path): \(page)")
        #expect(!page.contains("ocaf-root"))
      }
      // ...and its socket.
      let upgrade = try await response(
        to: "GET /live?feature=tally&version=\(PageProtocol.version) HTTP/1.1\r\nHost: evil.example:8080\r\n"
          + "Origin: http://evil.example:8080\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
          + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
      #expect(upgrade.hasPrefix("HTTP/1.1 4"), "\(upgrade)")
      // None of them started a session.
      #expect(await registry.count == 0)
      // The server's own name is still served (and its page starts one).
      let own = try await response(to: "GET /tally HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
      #expect(own.hasPrefix("HTTP/1.1 200"))
      #expect(await registry.count == 1)
    }
    let refusals = records.value.filter { $0.message.contains("for a host this server does not serve") }
    // Once for that host, however many requests and upgrades.
    #expect(refusals.count == 1)
    #expect(refusals.allSatisfy { $0.metadata["host"] == "evil.example:8080" })
  }

  @Test func anUpgradeFromAPageOfAnotherHostIsRefused() async throws {
    let (app, registry, records) = await makeApplication()
    try await app.test(.live) { client in
      let port = try #require(client.port)
      let connection = try RawConnection(port: port)
      try connection.send(
        "GET /live?feature=tally&version=\(PageProtocol.version) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
          + "Origin: http://evil.example\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
          + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
      let answer = await connection.receive(timeout: .seconds(5)) { $0.contains("\r\n\r\n") }.text
      #expect(answer.hasPrefix("HTTP/1.1 4"), "\(answer)")
    }
    #expect(await registry.count == 0)
    #expect(records.value.contains { $0.message.contains("from another origin") })
  }

  @Test @MainActor func handlerIDsAreEscapedInTheLogAndSessionIDsStayBelowInfo() async throws {
    let (logger, records) = fullRecordingLogger()
    let registry = SessionRegistry(features: [Self.tally], logger: logger)
    let output = LockIsolated<[String]>([])
    let connection = try #require(
      await registry.connect(featurePath: "tally", resumeID: nil) { message in
        output.withValue { $0.append(message) }
      })
    let session = try #require(registry.session(id: connection.sessionID))
    session.receive(#"{"handler":"h9\nERROR: forged line"}"#)
    await registry.disconnect(connection)
    await registry.end(sessionID: connection.sessionID)
    let ignored = try #require(records.value.first { $0.message.contains("handler id") })
    #expect(ignored.metadata["handler"] == #"h9\nERROR: forged line"#)
    // Ids are bearer tokens: at info and above the log names a session by its number.
    let visible = records.value.filter { $0.level >= .info }
    #expect(visible.contains { $0.message == "Started a session" })
    #expect(visible.contains { $0.message == "Ended a session" })
    for record in visible {
      #expect(!record.metadata.values.contains { $0.contains(connection.sessionID) })
    }
    #expect(records.value.contains { $0.level == .debug && $0.metadata["id"] == connection.sessionID })
  }

  @Test func aPageGivesItsBrowserAnHttpOnlySameSiteSecretOnce() async throws {
    let (app, _, _) = await makeApplication()
    try await app.test(.router) { client in
      let secret = try await client.execute(uri: "/tally", method: .get) { response in
        let cookie = try #require(response.headers[.setCookie])
        #expect(cookie.hasPrefix("ocaf_browser="))
        #expect(cookie.contains("HttpOnly"))
        #expect(cookie.contains("SameSite=Lax"))
        #expect(cookie.contains("Path=/"))
        #expect(!cookie.contains("Secure"))
        let value = cookie.dropFirst("ocaf_browser=".count).prefix { $0 != ";" }
        #expect(value.count == 32)
        return String(value)
      }
      // A browser that has one keeps it.
      try await client.execute(
        uri: "/tally", method: .get, headers: [.cookie: "ocaf_browser=\(secret)"]
      ) { response in
        #expect(response.headers[.setCookie] == nil)
      }
      // The page script never sees it.
      try await client.execute(uri: "/tally", method: .get) { response in
        #expect(!String(buffer: response.body).contains("ocaf_browser"))
      }
    }
  }

  @Test func connectionsThatNeverSendARequestAreClosed() async throws {
    let (app, _, _) = await makeApplication(limits: LiveLimits(idleTimeout: .milliseconds(300)))
    try await app.test(.live) { client in
      let port = try #require(client.port)
      let silent = try RawConnection(port: port)
      let dribbling = try RawConnection(port: port)
      try dribbling.send("GET /tally HTTP/1.1\r\nHost: local")
      let start = ContinuousClock.now
      let silentEnd = await silent.receive(timeout: .seconds(5))
      let dribblingEnd = await dribbling.receive(timeout: .seconds(5))
      #expect(silentEnd.closed)
      #expect(silentEnd.text.isEmpty)
      #expect(dribblingEnd.closed)
      #expect(start.duration(to: .now) < .seconds(3))
      // A request in time is served. On a busy machine this test's thread can lose the
      // 300 ms between connecting and sending; only such a late try is tried again.
      for attempt in 1...3 {
        let connected = ContinuousClock.now
        let prompt = try RawConnection(port: port)
        try prompt.send("GET /tally HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let late = connected.duration(to: .now) >= .milliseconds(250)
        let answer = await prompt.receive(timeout: .seconds(10)) { $0.contains("</html>") }
        if late, answer.text.isEmpty, attempt < 3 { continue }
        #expect(answer.text.hasPrefix("HTTP/1.1 200"), "closed: \(answer.closed), late: \(late)")
        break
      }
    }
  }

  @Test func aStopEndsWithinItsTimeoutWhateverIsOpenAndTellsPages() async throws {
    let (logger, records) = fullRecordingLogger()
    let server = LiveServer(
      endpoint: LiveEndpoint(
        title: "Tests", features: [Self.tally], showsIndex: true,
        hosts: HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1"),
        limits: LiveLimits(idleTimeout: .seconds(60)), logger: logger),
      shutdownTimeout: .seconds(1))
    let trigger = ShutdownTrigger()
    let ready = AsyncStream<Int>.makeStream()
    let running = Task {
      try await server.run(host: "127.0.0.1", port: 0, signals: [], stop: trigger) { port in
        ready.continuation.yield(port)
      }
    }
    var ports = ready.stream.makeAsyncIterator()
    let port = try #require(await ports.next())
    // A browser's preconnect: a connection that never sends a request.
    let idle = try RawConnection(port: port)
    // An open tab.
    let tab = try RawConnection(port: port)
    let opened = try await tab.openPageSocket(feature: "tally", port: port)
    #expect(opened.text.hasPrefix("HTTP/1.1 101"))
    let stopped = ContinuousClock.now
    await trigger.stop()
    try await running.value
    #expect(stopped.duration(to: .now) < .seconds(3))
    let told = await tab.receive(timeout: .seconds(2))
    #expect(told.text.contains(#""type":"stopping""#))
    #expect(told.closed)
    // The idle connection was open through the whole stop.
    withExtendedLifetime(idle) {}
    #expect(records.value.contains { $0.message == "Ended a session" })
  }
}
#endif  // Hummingbird
