#if Hummingbird
import Clocks
import ComposableArchitecture
@testable import ComposableWeb
@testable import ComposableWebHummingbird
import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import Logging
import Testing
@_spi(Testing) import ComposableArchitectureTestSupport

@Suite struct LiveServerTests {
  static let tally = LiveFeature(
    path: "tally",
    title: "Tally <one>",
    summary: "a tally & a label",
    makeStore: { LiveStore(initialState: Tally.State()) { Tally() } },
    view: tallyView
  )

  /// The origin the test client sends (`ws://` and no port): not the server's own.
  static let testClientOrigin = "ws://localhost"

  func makeApplication(
    features: [LiveFeature] = [tally], trustedOrigins: Set<String> = [],
    limits: LiveLimits = LiveLimits()
  ) async -> (some ApplicationProtocol, SessionRegistry, LockIsolated<[String]>) {
    let (logger, messages) = recordingLogger()
    let endpoint = LiveEndpoint(
      title: "Tests", features: features, showsIndex: true,
      hosts: HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1"), trustedOrigins: trustedOrigins,
      limits: limits, logger: logger)
    let server = LiveServer(endpoint: endpoint)
    return (server.makeApplication(host: "127.0.0.1", port: 0), endpoint.registry, messages)
  }

  @Test func indexListsTheFeaturesEscaped() async throws {
    let (app, _, _) = await makeApplication()
    try await app.test(.router) { client in
      try await client.execute(uri: "/", method: .get) { response in
        #expect(response.status == .ok)
        #expect(response.headers[.contentType] == "text/html; charset=utf-8")
        let body = String(buffer: response.body)
        #expect(body.hasPrefix("<!DOCTYPE html>"))
        #expect(body.contains(#"<li><a href="/tally">Tally &lt;one&gt;</a><span>a tally &amp; a label</span></li>"#))
      }
    }
  }

  @Test func aFeaturePageLoadsTheScript() async throws {
    let (app, _, _) = await makeApplication()
    try await app.test(.router) { client in
      try await client.execute(uri: "/tally", method: .get) { response in
        let body = String(buffer: response.body)
        // Rendered over HTTP: the page shows the tally before any socket connects.
        #expect(
          body.contains(
            #"<main id="ocaf-root" data-ocaf-feature="tally" data-ocaf-socket="/live" data-ocaf-base="/tally" data-ocaf-session=""#
          ))
        // (Its button posts a form of its own where JavaScript is off.)
        #expect(
          body.contains(
            #"<span>0</span><button data-ocaf-click="h1" form="c-button-0">Bump</button><form id="c-button-0" data-ocaf-button-form method="post" hidden>"#
          ))
        #expect(body.contains(#"<script src="/ocaf/main.js" type="module" nonce=""#))
        // The page's header: its title and summary.
        #expect(body.contains(#"<header><p class="ocaf-back"><a href="/">← Tests</a></p><h1>Tally &lt;one&gt;</h1><p class="ocaf-summary">a tally &amp; a label</p></header>"#))
      }
      // Every module of the page script, the one a page loads first and those it imports.
      #expect(PageScript.modules.count > 1)
      for (name, source) in PageScript.modules {
        try await client.execute(uri: "/ocaf/" + name, method: .get) { response in
          #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
          #expect(response.headers[.cacheControl] == "no-cache")
          #expect(String(buffer: response.body) == source)
        }
      }
      try await client.execute(uri: "/ocaf/package.json", method: .get) { response in
        #expect(response.status == .notFound)
      }
    }
  }

  /// Runs `attempt`, one WebSocket connection of the test client, giving it `seconds` to finish,
  /// and makes it again, three times at most, when it doesn't. Hummingbird's test client now and
  /// then never sees the frames a server writes the moment the upgrade completes (the initial
  /// render, a refusal), and then waits forever; it happened in about one whole-suite run in
  /// six (5 of 30), only with other tests running alongside. A browser is not affected.
  func retryingStalledConnection(
    seconds: Double = 10,
    sourceLocation: Testing.SourceLocation = #_sourceLocation,
    _ attempt: @escaping @Sendable () async throws -> Void
  ) async throws {
    for _ in 1...3 {
      let finished = try await withThrowingTaskGroup(of: Bool.self) { group in
        group.addTask {
          try await attempt()
          return true
        }
        group.addTask {
          try await Task.sleep(for: .seconds(seconds))
          return false
        }
        let first = try await group.next() ?? false
        group.cancelAll()
        return first
      }
      if finished { return }
    }
    Issue.record("The test client's WebSocket connection stalled three times", sourceLocation: sourceLocation)
  }

  @Test func aWebSocketDrivesASessionEndToEnd() async throws {
    let (app, registry, _) = await makeApplication(trustedOrigins: [Self.testClientOrigin])
    let received = LockIsolated<[String]>([])
    _ = try await app.test(.live) { client in
      try await retryingStalledConnection {
        received.setValue([])
        try await client.ws("/live?feature=tally&version=\(PageProtocol.version)") { inbound, outbound, _ in
          var messages = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
          guard case let .text(first) = try await messages.next() else { return }
          received.withValue { $0.append(first) }
          let render = try ServerMessage(first)
          let bump = handlerIDs(in: render.html ?? "", event: "click").first ?? ""
          try await outbound.write(.text(#"{"handler":"forged"}"#))
          try await outbound.write(.binary(.init(bytes: [1, 2, 3])))
          try await outbound.write(.text(click(bump)))
          guard case let .text(second) = try await messages.next() else { return }
          received.withValue { $0.append(second) }
        }
      }
    }
    let messages = received.value
    #expect(messages.count == 2)
    let render = try ServerMessage(try #require(messages.first))
    #expect(render.type == .render)
    let patch = try ServerMessage(try #require(messages.last))
    #expect(patch.type == .patch)
    #expect(patch.patches?.first?.html.contains("<span>1</span>") == true)
    let sessionID = try #require(render.session)
    let isLive = await registry.isLive(id: sessionID)
    #expect(isLive)
    await registry.endAll()
  }

  /// A tally whose count is shown in a component of its own under 64 kB of text, so that each
  /// click sends 64 kB while the button (in the root component, which reads nothing) keeps its
  /// handler id.
  static let bulkyTally = LiveFeature(
    path: "bulky",
    title: "Bulky tally",
    summary: "64 kB per keystroke",
    makeStore: { LiveStore(initialState: Tally.State()) { Tally() } },
    view: { store in
      div {
        textField(value: store.label, onInput: { .labelChanged($0) })
        component(store, key: "bulk") { store in
          div {
            p(String(repeating: "x", count: 64 * 1024))
            span(store.label, ["class": "value"])
          }
        }
      }
    }
  )

  @Test func aPageThatStopsReadingIsClosedAndResumesItsSession() async throws {
    let unsentLimit = 256 * 1024
    let (app, registry, messages) = await makeApplication(
      features: [Self.bulkyTally], trustedOrigins: [Self.testClientOrigin],
      limits: LiveLimits(messagesPerSecond: 1_000_000, burst: 1_000_000, maximumUnsentBytes: unsentLimit))
    // The test client's frames are 16 kB at most by default; a render here is over 64 kB.
    // The page's browser holds the cookie that its session is bound to.
    let bigFrames = WebSocketClientConfiguration(
      maxFrameSize: 1 << 20, additionalHeaders: [.cookie: "ocaf_browser=\(Visitor.browser.browserSecret!)"])
    let closedLine = "Closed the socket of a page that is not reading its messages"
    let sessionID = LockIsolated<String?>(nil)
    let clicks = LockIsolated(0)
    let resumed = LockIsolated<String?>(nil)
    _ = try await app.test(.live) { client in
      try await retryingStalledConnection(seconds: 30) {
        clicks.setValue(0)
        // The server closing the socket under the client can end the connection with an error.
        _ = try? await client.ws("/live?feature=bulky&version=\(PageProtocol.version)", configuration: bigFrames) { inbound, outbound, _ in
          var frames = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
          guard case let .text(first) = try await frames.next() else { return }
          let render = try ServerMessage(first)
          sessionID.setValue(render.session)
          // Typing: the field's id stays accepted through the renders it causes (a click's
          // would be spent by its first use).
          let field = try #require(handlerIDs(in: render.html ?? "", event: "input").first)
          // From here on the page reads nothing: once the test client's buffers and the
          // socket's are full, what the server writes stays in the server.
          for _ in 0..<2_000 where !messages.value.contains(closedLine) {
            do {
              try await outbound.write(.text(#"{"handler":"\#(field)","value":"\#(clicks.value + 1)"}"#))
            } catch {
              break
            }
            clicks.withValue { $0 += 1 }
            try await Task.sleep(for: .milliseconds(1))
          }
        }
      }
      // The page comes back (as the script does after a dropped socket) and resumes.
      let id = try #require(sessionID.value)
      try await retryingStalledConnection {
        try await client.ws("/live?feature=bulky&version=\(PageProtocol.version)&session=\(id)", configuration: bigFrames) { inbound, _, _ in
          var frames = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
          guard case let .text(first) = try await frames.next() else { return }
          resumed.setValue(first)
        }
      }
    }
    let closedAfter = messages.value.filter { $0 == closedLine }.count
    #expect(closedAfter == 1)
    // It took more than the limit, but far fewer clicks than were allowed.
    #expect(clicks.value * 64 * 1024 > unsentLimit)
    #expect(clicks.value < 2_000)
    let render = try ServerMessage(try #require(resumed.value))
    #expect(render.type == .render)
    #expect(render.session == sessionID.value)
    let html = try #require(render.html)
    let value = try #require(html.firstRange(of: #"<span class="value">"#))
    let shown = try #require(Int(html[value.upperBound...].prefix { $0.isNumber }))
    // The session kept the clicks it handled before the socket was closed.
    #expect((1...clicks.value).contains(shown))
    await registry.endAll()
  }

  @Test func aPageBeyondTheSessionCapIsToldTheServerIsBusy() async throws {
    let (app, registry, messages) = await makeApplication(
      trustedOrigins: [Self.testClientOrigin], limits: LiveLimits(maximumSessions: 0))
    let received = LockIsolated<[String]>([])
    _ = try await app.test(.live) { client in
      try await retryingStalledConnection {
        received.setValue([])
        try await client.ws("/live?feature=tally&version=\(PageProtocol.version)") { inbound, _, _ in
          for try await message in inbound.messages(maxSize: 1 << 16) {
            if case let .text(text) = message { received.withValue { $0.append(text) } }
          }
        }
      }
    }
    #expect(received.value.count == 1)
    #expect(received.value.first?.contains(#""type":"refused""#) == true)
    #expect(received.value.first?.contains("The server is busy") == true)
    #expect(
      messages.value.contains {
        $0.hasPrefix("Refused a new session: the server is at its limit of sessions")
      })
    #expect(await registry.count == 0)
  }

  @Test func aWebSocketFromAnotherOriginIsRefused() async throws {
    let (app, registry, messages) = await makeApplication()
    _ = try await app.test(.live) { client in
      await #expect(throws: (any Error).self) {
        try await client.ws("/live?feature=tally&version=\(PageProtocol.version)") { _, _, _ in }
      }
    }
    #expect(messages.value.contains { $0.contains("another origin") })
    #expect(await registry.count == 0)
  }
}

@MainActor
@Suite struct SessionRegistryTests {
  @Test func aReconnectingPageResumesItsSession() async throws {
    let (logger, _) = recordingLogger()
    let registry = SessionRegistry(features: [LiveServerTests.tally], logger: logger)
    let sent = LockIsolated<[String]>([])
    let first = try #require(
      await registry.connect(featurePath: "tally", resumeID: nil, visitor: .browser) { text in
        sent.withValue { $0.append(text) }
      })
    let session = try #require(registry.session(id: first.sessionID))
    let bump = try #require(handlerIDs(in: try ServerMessage(sent.value[0]).html ?? "", event: "click").first)
    session.receive(click(bump))
    await registry.disconnect(first)

    let second = try #require(
      await registry.connect(featurePath: "tally", resumeID: first.sessionID, visitor: .browser) { text in
        sent.withValue { $0.append(text) }
      })
    #expect(second.sessionID == first.sessionID)
    let resumed = try ServerMessage(try #require(sent.value.last))
    #expect(resumed.type == .render)
    #expect(resumed.html?.contains("<span>1</span>") == true)
    #expect(registry.count == 1)

    let fresh = try #require(await registry.connect(featurePath: "tally", resumeID: "not-a-session") { _ in })
    #expect(fresh.sessionID != first.sessionID)
    #expect(await registry.connect(featurePath: "nope", resumeID: nil) { _ in } == nil)
    await registry.endAll()
    #expect(registry.count == 0)
  }

  @Test func aDisconnectedSessionEndsAfterItsLifetime() async throws {
    let (logger, messages) = recordingLogger()
    let clock = TestClock()
    let registry = SessionRegistry(
      features: [LiveServerTests.tally], disconnectedLifetime: .seconds(10), clock: clock,
      logger: logger)
    let connection = try #require(await registry.connect(featurePath: "tally", resumeID: nil) { _ in })
    await registry.disconnect(connection)
    await clock.advance(by: .seconds(9))
    #expect(registry.isLive(id: connection.sessionID))
    await clock.advance(by: .seconds(1))
    await eventually { registry.count == 0 }
    #expect(registry.count == 0)
    // The session closes on its actor, just after it leaves the table.
    await eventually { messages.value.contains("Ended a session") }
    #expect(messages.value.contains("Ended a session"))
  }
}
#endif  // Hummingbird
