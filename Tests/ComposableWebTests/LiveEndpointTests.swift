#if Hummingbird
import Clocks
import ComposableArchitecture
@testable import ComposableWeb
import Foundation
import Logging
import Testing
@_spi(Testing) import ComposableArchitectureTestSupport

/// A page that shows where it came from: its label is the request's `label` query item, it
/// counts its appear actions, and its appear action starts an effect that marks it loaded.
@Reducer
struct Visit {
  @ObservableState
  struct State: Equatable {
    var label: String
    var appearances = 0
    var isLoaded = false
    var count = 0
  }

  enum Action: Equatable {
    case appeared
    case loaded
    case bumped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .appeared:
        state.appearances += 1
        return .run { send in await send(.loaded) }
      case .loaded:
        state.isLoaded = true
        return .none
      case .bumped:
        state.count += 1
        return .none
      }
    }
  }
}

func visitView(_ store: LiveStoreOf<Visit>) -> Node<Visit.Action> {
  div {
    style("h1 > em { color: teal }")
    h1(store.label)
    p("appearances: \(store.appearances)")
    p(store.isLoaded ? "loaded" : "loading")
    p("count: \(store.count)")
    button("Bump", send: .bumped)
  }
}

@MainActor
@Suite struct LiveEndpointTests {
  static let visit = visit()

  /// The visit page; `loaded` is called as its store marks it loaded.
  static func visit(loaded: @escaping @Sendable () -> Void = {}) -> LiveFeature {
    LiveFeature(
      path: "visit", title: "Visit", summary: "Where a page came from.",
      makeStore: { request in
        LiveStore(initialState: Visit.State(label: request.query("label") ?? "nowhere")) {
          Visit()
          Reduce { _, action in
            if action == .loaded { loaded() }
            return .none
          }
        }
      },
      appearAction: { .appeared },
      view: visitView)
  }

  static let secret = String(repeating: "ab", count: 16)

  func makeEndpoint(
    _ visit: LiveFeature = Self.visit, mountPath: String = "", logger: Logger = Logger(label: "test")
  ) -> LiveEndpoint {
    LiveEndpoint(
      title: "Tests", features: [visit], mountPath: mountPath,
      hosts: HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1"),
      logger: logger)
  }

  func pageRequest(
    _ path: String = "/visit", query: [LiveField] = [], cookie: Bool = true,
    identity: String? = nil
  ) -> LiveRequest {
    LiveRequest(
      path: path, query: query,
      headers: [LiveField("Host", "127.0.0.1:8080")]
        + (cookie ? [LiveField("Cookie", "theme=dark; ocaf_browser=\(Self.secret)")] : []),
      peerAddress: "127.0.0.1", identity: identity)
  }

  func socketRequest(
    session: String?, page: String? = nil, nonce: String? = nil, identity: String? = nil
  ) -> LiveRequest {
    var query = [LiveField("feature", "visit"), LiveField("version", "\(PageProtocol.version)")]
    if let session { query.append(LiveField("session", session)) }
    if let page { query.append(LiveField("page", page)) }
    if let nonce { query.append(LiveField("nonce", nonce)) }
    return LiveRequest(
      path: "/live", query: query,
      headers: [
        LiveField("Host", "127.0.0.1:8080"), LiveField("cookie", "ocaf_browser=\(Self.secret)"),
      ],
      peerAddress: "127.0.0.1", identity: identity)
  }

  /// The session id a page was rendered by.
  func sessionID(in page: String) throws -> String {
    let marker = #"data-ocaf-session=""#
    let start = try #require(page.range(of: marker)).upperBound
    let end = try #require(page[start...].firstIndex(of: "\""))
    return String(page[start..<end])
  }

  /// Attaches a socket opened by `request`, keeping what the session sends it.
  func attach(
    _ endpoint: LiveEndpoint, _ request: LiveRequest
  ) async throws -> (LiveAttachment, LockIsolated<[String]>) {
    let messages = LockIsolated<[String]>([])
    let attachment = try #require(
      await endpoint.attach(
        request, send: { text in messages.withValue { $0.append(text) } }, close: {}))
    return (attachment, messages)
  }


  @Test func aPageIsRenderedOverHTTPFromItsRequestAfterItsAppearAction() async throws {
    let endpoint = makeEndpoint()
    let response = try #require(
      await endpoint.respond(to: pageRequest(query: [LiveField("label", "Deep <link>")])))
    #expect(response.status == 200)
    #expect(response.header("content-type") == "text/html; charset=utf-8")
    // The content is in the page itself, escaped, before any socket connects.
    #expect(response.body.contains("<h1>Deep &lt;link&gt;</h1>"))
    #expect(response.body.contains("<p>appearances: 1</p>"))
    let id = try sessionID(in: response.body)
    #expect(id.count == 32)
    #expect(endpoint.registry.count == 1)
    #expect(endpoint.registry.session(id: id) != nil)
    // The browser had its cookie: none is set.
    #expect(response.header("set-cookie") == nil)
    await endpoint.shutDown()
  }

  @Test func aFirstVisitGetsTheCookieItsSessionIsBoundTo() async throws {
    let endpoint = makeEndpoint()
    let response = try #require(await endpoint.respond(to: pageRequest(cookie: false)))
    let cookie = try #require(response.header("set-cookie"))
    #expect(cookie.hasPrefix("ocaf_browser="))
    #expect(cookie.contains("HttpOnly"))
    let secret = String(cookie.dropFirst("ocaf_browser=".count).prefix(32))
    let id = try sessionID(in: response.body)
    // The socket of a browser holding that cookie takes the session over; one without it
    // does not.
    var stranger = socketRequest(session: id)
    stranger.headers = [LiveField("Host", "127.0.0.1:8080")]
    let (strangerAttachment, strangers) = try await attach(endpoint, stranger)
    #expect(strangers.value.first?.contains(#""type":"render""#) == true)
    #expect(strangers.value.first?.contains(id) == false)
    await strangerAttachment.detach()

    var owner = socketRequest(session: id)
    owner.headers = [LiveField("Host", "127.0.0.1:8080"), LiveField("Cookie", "ocaf_browser=\(secret)")]
    let (attachment, messages) = try await attach(endpoint, owner)
    #expect(messages.value.first == #"{"session":"\#(id)","type":"attached"}"#)
    await attachment.detach()
    await endpoint.shutDown()
  }

  @Test func theSocketTakesOverTheRenderedSessionWithoutRenderingOrAppearingAgain() async throws {
    let loaded = LockIsolated(false)
    let endpoint = makeEndpoint(Self.visit(loaded: { loaded.setValue(true) }))
    let page = try #require(await endpoint.respond(to: pageRequest())).body
    #expect(page.contains("<p>loading</p>"))
    let id = try sessionID(in: page)
    let bump = try #require(handlerIDs(in: page, event: "click").first)
    // The appear action's effect finishes before the page's socket connects.
    await eventually(timeout: .seconds(30)) { loaded.value }

    let (attachment, messages) = try await attach(endpoint, socketRequest(session: id))
    #expect(messages.value.first == #"{"session":"\#(id)","type":"attached"}"#)
    #expect(!messages.value.contains { $0.contains(#""type":"render""#) })
    #expect(!messages.value.joined().contains("appearances: 2"))
    // The first render's ids drive the page.
    attachment.receive(.text(click(bump)))
    await eventually { messages.value.joined().contains("count: 1") }
    #expect(messages.value.joined().contains("count: 1"))
    await attachment.detach()
    await endpoint.shutDown()
  }

  @Test func whatChangedBeforeTheSocketConnectedIsSentAsAPatch() async throws {
    let loaded = LockIsolated(false)
    let endpoint = makeEndpoint(Self.visit(loaded: { loaded.setValue(true) }))
    let page = try #require(await endpoint.respond(to: pageRequest())).body
    #expect(page.contains("<p>loading</p>"))
    let id = try sessionID(in: page)
    // The appear action's effect changes the page before its socket connects.
    await eventually(timeout: .seconds(30)) { loaded.value }
    #expect(loaded.value)
    let (attachment, messages) = try await attach(endpoint, socketRequest(session: id))
    #expect(messages.value.count == 2)
    #expect(messages.value.last?.contains(#""type":"patch""#) == true)
    #expect(messages.value.last?.contains("loaded") == true)
    await attachment.detach()
    await endpoint.shutDown()
  }

  @Test func anotherIdentityCannotTakeOverASession() async throws {
    let (logger, logged) = recordingLogger()
    let endpoint = makeEndpoint(logger: logger)
    let page = try #require(await endpoint.respond(to: pageRequest(identity: "alice"))).body
    let id = try sessionID(in: page)

    let (bob, bobs) = try await attach(endpoint, socketRequest(session: id, identity: "bob"))
    // Bob, in the same browser, gets a session of his own.
    #expect(bobs.value.first?.contains(#""type":"render""#) == true)
    #expect(bobs.value.first?.contains(id) == false)
    #expect(
      logged.value.contains(
        "A page asked to resume a session without its browser's secret or identity: it gets a new one"
      ))
    await bob.detach()

    let (alice, alices) = try await attach(endpoint, socketRequest(session: id, identity: "alice"))
    #expect(alices.value.first == #"{"session":"\#(id)","type":"attached"}"#)
    await alice.detach()
    await endpoint.shutDown()
  }

  @Test func aPageOfAnotherProtocolVersionIsToldToReloadAndGetsNoSession() async throws {
    let endpoint = makeEndpoint()
    for version in [nil, "0", "\(PageProtocol.version + 1)"] {
      var request = socketRequest(session: nil)
      request.query.removeAll { $0.name == "version" }
      if let version { request.query.append(LiveField("version", version)) }
      let sent = LockIsolated<[String]>([])
      let attachment = await endpoint.attach(
        request, send: { text in sent.withValue { $0.append(text) } }, close: {})
      #expect(attachment == nil, "version \(version ?? "none")")
      #expect(sent.value == [ServerMessage.reload.text])
    }
    #expect(await endpoint.registry.count == 0)
    await endpoint.shutDown()
  }

  @Test func aSessionStartedByItsSocketIsMadeForThePagesOwnURL() async throws {
    let endpoint = makeEndpoint()
    let (attachment, messages) = try await attach(
      endpoint, socketRequest(session: nil, page: "/visit?label=Linked%20here&x=1"))
    #expect(messages.value.first?.contains("<h1>Linked here</h1>") == true)
    await attachment.detach()
    await endpoint.shutDown()
  }

  @Test func pagesLiveUnderTheMountPath() async throws {
    let endpoint = makeEndpoint(mountPath: "app/")
    #expect(endpoint.mountPath == "/app")
    #expect(endpoint.socketPath == "/app/live")
    let modules = PageScript.modules.keys.sorted().map { "/app/ocaf/" + $0 }
    #expect(modules.contains("/app/ocaf/main.js"))
    #expect(endpoint.pagePaths == ["/app/"] + modules + ["/app/ocaf.css", "/app/visit"])
    #expect(await endpoint.respond(to: pageRequest("/visit")) == nil)
    let page = try #require(await endpoint.respond(to: pageRequest("/app/visit"))).body
    #expect(page.contains(#"src="/app/ocaf/main.js""#))
    #expect(page.contains(#"href="/app/ocaf.css""#))
    #expect(page.contains(#"data-ocaf-socket="/app/live""#))
    let index = try #require(await endpoint.respond(to: pageRequest("/app/"))).body
    #expect(index.contains(#"href="/app/visit""#))
    // The index and the assets start no session.
    _ = try #require(await endpoint.respond(to: pageRequest("/app/ocaf/main.js")))
    #expect(await endpoint.respond(to: pageRequest("/app/ocaf/missing.js")) == nil)
    #expect(endpoint.registry.count == 1)
    await endpoint.shutDown()
  }

  @Test func inlineStylesCarryThePagesNonceWhichItsPolicyAllows() async throws {
    let endpoint = makeEndpoint()
    let response = try #require(await endpoint.respond(to: pageRequest()))
    let policy = try #require(response.header("content-security-policy"))
    let nonce = try #require(
      policy.split(separator: "'").first { $0.hasPrefix("nonce-") }?.dropFirst("nonce-".count))
    #expect(nonce.count == 32)
    #expect(policy.contains("style-src 'self' 'nonce-\(nonce)';"))
    #expect(!policy.contains("script-src 'self' 'nonce"))
    #expect(response.body.contains(#"<style nonce="\#(nonce)">h1 > em { color: teal }</style>"#))
    #expect(response.body.contains(#"<script src="/ocaf/main.js" type="module" nonce="\#(nonce)"></script>"#))
    // A session started over the socket gives its styles the nonce its page sends, if it is
    // one this endpoint could have made.
    let (fresh, messages) = try await attach(
      endpoint, socketRequest(session: nil, page: "/visit", nonce: String(nonce)))
    #expect(messages.value.first?.contains(#"<style nonce=\"\#(nonce)\">"#) == true)
    await fresh.detach()
    let (forged, others) = try await attach(
      endpoint, socketRequest(session: nil, page: "/visit", nonce: #"x" onload="y"#))
    #expect(others.value.first?.contains("<style>h1") == true)
    await forged.detach()
    await endpoint.shutDown()
  }

  @Test func pagesHaveTheLayoutAroundThem() async throws {
    let endpoint = LiveEndpoint(
      title: "Lists", features: [Self.visit], mountPath: "/app",
      layout: LiveLayout(
        language: "de", title: { "\($0) · Lists" }, favicon: "/assets/icon.svg",
        stylesheets: ["/assets/app.css", "/assets/print.css"], scripts: ["/assets/extra.js"],
        includesEngineStylesheet: false),
      hosts: HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1"), logger: Logger(label: "test"))
    let page = try #require(await endpoint.respond(to: pageRequest("/app/visit"))).body
    #expect(page.contains(#"<html lang="de">"#))
    #expect(page.contains("<title>Visit · Lists</title>"))
    #expect(
      page.contains(
        #"<link rel="icon" href="/assets/icon.svg"><link rel="stylesheet" href="/assets/app.css"><link rel="stylesheet" href="/assets/print.css"></head>"#
      ))
    #expect(!page.contains("ocaf.css"))
    #expect(page.contains(#"<script src="/assets/extra.js" defer=""></script></body>"#))
    let index = try #require(await endpoint.respond(to: pageRequest("/app/"))).body
    #expect(index.contains("<title>Lists · Lists</title>"))
    await endpoint.shutDown()
  }

  @Test func aRenderedPageWhoseSocketNeverComesEndsSooner() async throws {
    let clock = TestClock()
    let endpoint = LiveEndpoint(
      title: "Tests", features: [Self.visit],
      hosts: HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1"),
      disconnectedLifetime: .seconds(30),
      limits: LiveLimits(unattachedSessionLifetime: .seconds(5)), clock: clock,
      logger: Logger(label: "test"))
    let page = try #require(await endpoint.respond(to: pageRequest())).body
    let attachedPage = try #require(await endpoint.respond(to: pageRequest())).body
    // One page's socket comes and goes; the other's never comes.
    let (attachment, _) = try await attach(endpoint, socketRequest(session: try sessionID(in: attachedPage)))
    await attachment.detach()
    await clock.advance(by: .seconds(4))
    #expect(endpoint.registry.count == 2)
    await clock.advance(by: .seconds(1))
    await eventually { endpoint.registry.count == 1 }
    #expect(endpoint.registry.count == 1)
    #expect(endpoint.registry.session(id: try sessionID(in: page)) == nil)
    #expect(endpoint.registry.session(id: try sessionID(in: attachedPage)) != nil)
    await endpoint.shutDown()
  }

  @Test func aPageWithoutRoomForItsSessionIsServedEmptyAndItsSocketToldWhy() async throws {
    let (logger, logged) = recordingLogger()
    let endpoint = LiveEndpoint(
      title: "Tests", features: [Self.visit],
      hosts: HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1"),
      limits: LiveLimits(newSessionsPerSecondPerAddress: 0.001, newSessionBurstPerAddress: 1),
      logger: logger)
    let first = try #require(await endpoint.respond(to: pageRequest())).body
    #expect(first.contains("<h1>nowhere</h1>"))
    // The address may start no more sessions now: the page still comes, with an empty root
    // whose socket will be told why.
    let second = try #require(await endpoint.respond(to: pageRequest()))
    #expect(second.status == 200)
    #expect(!second.body.contains("data-ocaf-session"))
    #expect(second.body.contains(#"data-ocaf-socket="/live" data-ocaf-base="/visit"></main>"#))
    #expect(endpoint.registry.count == 1)
    let messages = LockIsolated<[String]>([])
    let refused = await endpoint.attach(
      socketRequest(session: nil, page: "/visit"),
      send: { text in messages.withValue { $0.append(text) } }, close: {})
    #expect(refused == nil)
    let refusal = try ServerMessage(try #require(messages.value.first))
    #expect(refusal.type == .refused)
    #expect(messages.value.first?.contains(#""reason":"#) == true)
    // Logged once for the address, however many pages it asks for.
    #expect(
      logged.value.filter {
        $0 == "Refused new sessions: the address starts them too fast (logged once per address)"
      }.count
        == 1)
    await endpoint.shutDown()
  }

  @Test func aRequestReadsItsHeadersCookiesAndValues() async {
    struct User: Sendable, Equatable { var name: String }
    var request = LiveRequest(
      path: "/", query: [LiveField("a", "1"), LiveField("a", "2")],
      headers: [
        LiveField("X-Trace", "one"), LiveField("x-trace", "two"),
        LiveField("Cookie", "a=1; b = two ; a=3"), LiveField("Cookie", "c=4"),
      ])
    #expect(request.query("a") == "1")
    #expect(request.header("X-TRACE") == "one")
    #expect(request.headers("x-trace") == ["one", "two"])
    #expect(request.cookies == ["a": "1", "b": "two", "c": "4"])
    #expect(request[User.self] == nil)
    request[User.self] = User(name: "Ada")
    #expect(request[User.self] == User(name: "Ada"))
  }
}
#endif  // Hummingbird
