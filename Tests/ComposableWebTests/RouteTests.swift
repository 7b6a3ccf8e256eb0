#if Hummingbird
import ComposableArchitecture
@testable import ComposableWeb
import Foundation
import Logging
import Testing
@_spi(Testing) import ComposableArchitectureTestSupport

/// A catalogue whose URL shows what is open (`/items/7`) and how it is sorted (`?sort=date`),
/// and the page of results it is on (`?page=2`), which its view doesn't show.
@Reducer
struct Catalog {
  @ObservableState
  struct State: Equatable {
    var sort = "name"
    var item: Int?
    var resultsPage = 1
  }

  enum Action: Equatable {
    case sortTapped(String)
    case opened(Int?)
    case located(sort: String, item: Int?, page: Int)
    case nextPageTapped
    case nextPageLoaded
    case renamed
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .sortTapped(sort):
        state.sort = sort
        return .none
      case let .opened(item):
        state.item = item
        return .none
      case let .located(sort, item, page):
        state.sort = sort
        state.item = item
        state.resultsPage = page
        return .none
      case .nextPageTapped:
        return .run { send in await send(.nextPageLoaded) }
      case .nextPageLoaded:
        state.resultsPage += 1
        return .none
      case .renamed:
        return .none
      }
    }
  }

  /// Paths below the page move the history; the query alone replaces its entry.
  static let route = LiveRoute<State, Action>(
    location: { state in
      LiveLocation(
        path: state.item.map { "/items/\($0)" } ?? "",
        query: [
          "sort": state.sort == "name" ? nil : state.sort,
          "page": state.resultsPage == 1 ? nil : String(state.resultsPage),
        ])
    },
    action: { location in
      let item: Int?
      switch location.segments {
      case []: item = nil
      case let segments where segments.count == 2 && segments[0] == "items":
        guard let number = Int(segments[1]) else { return nil }
        item = number
      default: return nil
      }
      return .located(
        sort: location.query("sort") ?? "name", item: item,
        page: location.query("page").flatMap(Int.init) ?? 1)
    },
    history: { from, to in from.path == to.path ? .replace : .push }
  )
}

func catalogView(_ store: LiveStoreOf<Catalog>) -> Node<Catalog.Action> {
  div {
    p("sort: \(store.sort)")
    p("item: \(store.item.map(String.init) ?? "none")")
    button("By date", send: .sortTapped("date"))
    button("Open 7", send: .opened(7))
    button("Next page", send: .nextPageTapped)
    button("Rename", send: .renamed)
  }
}

@MainActor
@Suite struct RouteTests {
  static let catalog = LiveFeature(
    path: "catalog", title: "Catalog", summary: "A routed page.",
    makeStore: { LiveStore(initialState: Catalog.State()) { Catalog() } },
    route: Catalog.route,
    view: catalogView)

  func makeEndpoint(logger: Logger = Logger(label: "test")) -> LiveEndpoint {
    LiveEndpoint(
      title: "Tests", features: [Self.catalog, LiveEndpointTests.visit],
      hosts: HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1"), logger: logger)
  }

  func get(_ endpoint: LiveEndpoint, _ path: String, query: [LiveField] = []) async -> LiveResponse? {
    await endpoint.respond(
      to: LiveRequest(
        path: path, query: query,
        headers: [LiveField("Host", "127.0.0.1:8080"), LiveField("Cookie", "ocaf_browser=\(LiveEndpointTests.secret)")],
        peerAddress: "127.0.0.1"))
  }

  func session(_ logger: Logger = Logger(label: "test")) -> (LiveSession, LockIsolated<[String]>) {
    let store = LiveStore(initialState: Catalog.State()) { Catalog() }
    let session = LiveSession(
      id: "s", store: store, view: catalogView, route: Catalog.route, location: nil,
      appearAction: nil, limits: LiveLimits(), logger: logger)
    let sent = LockIsolated<[String]>([])
    session.output = { text in sent.withValue { $0.append(text) } }
    return (session, sent)
  }

  /// The handler id of the button labelled `label` in `html`.
  func button(_ label: String, in html: String) throws -> String {
    let end = try #require(html.range(of: ">\(label)</button>")).lowerBound
    let start = try #require(html[..<end].range(of: "data-ocaf-click=\"", options: .backwards))
      .upperBound
    return String(html[start...].prefix { $0 != "\"" })
  }

  /// The HTML of a patch message's first patch.
  func patchHTML(_ text: String?) throws -> String {
    let message = try ServerMessage(try #require(text))
    return try #require(message.patches?.first?.html)
  }

  struct Located: Decodable, Equatable {
    var history: String?
    var location: String?
  }

  func located(_ text: String?) throws -> Located {
    try JSONDecoder().decode(Located.self, from: Data(try #require(text).utf8))
  }

  @Test func locationsReadAndWriteTheirText() throws {
    let location = LiveLocation(
      path: "/items/7", query: [LiveField("q", "tea & cake"), LiveField("sort", "date")])
    #expect(location.text == "/items/7?q=tea%20%26%20cake&sort=date")
    #expect(LiveLocation(text: location.text) == location)
    #expect(location.segments == ["items", "7"])
    #expect(LiveLocation(text: "?filter=Active")?.query("filter") == "Active")
    #expect(LiveLocation(text: "") == LiveLocation())
    #expect(LiveLocation(path: "items").path == "/items")
    #expect(LiveLocation(query: ["a": nil, "b": "1"]).text == "?b=1")
    #expect(LiveLocation(path: "/caf%C3%A9").segments == ["café"])
    // Only a path and a query below the page: not another host, nor a bare word.
    #expect(LiveLocation(text: "//evil.example/x") == nil)
    #expect(LiveLocation(text: "https://evil.example/") == nil)
    #expect(LiveLocation(text: "items") == nil)
  }

  @Test func aDeepLinkIsTheRoutesActionBeforeTheFirstRender() async throws {
    let endpoint = makeEndpoint()
    let page = try #require(
      await get(endpoint, "/catalog/items/7", query: [LiveField("sort", "date")])).body
    #expect(page.contains("<p>sort: date</p>"))
    #expect(page.contains("<p>item: 7</p>"))
    #expect(page.contains(#"data-ocaf-routed="""#))
    #expect(page.contains(#"data-ocaf-base="/catalog""#))
    #expect(page.contains(#"data-ocaf-location="/items/7?sort=date""#))
    // A location the feature doesn't understand leaves the state as it starts, and the page's
    // URL is to show the state's; so does a query that says the default.
    let bogus = try #require(await get(endpoint, "/catalog/shelves", query: [LiveField("sort", "date")])).body
    #expect(bogus.contains("<p>sort: name</p>"))
    #expect(bogus.contains(#"data-ocaf-location="""#))
    let plain = try #require(await get(endpoint, "/catalog", query: [LiveField("sort", "name")])).body
    #expect(plain.contains(#"data-ocaf-location="""#))
    await endpoint.shutDown()
  }

  @Test func onlyARoutedFeatureAnswersPathsBelowItsPage() async throws {
    let endpoint = makeEndpoint()
    #expect(endpoint.pagePaths.contains("/catalog/**"))
    #expect(!endpoint.pagePaths.contains("/visit/**"))
    #expect(await get(endpoint, "/visit/anything") == nil)
    #expect(await get(endpoint, "/catalogue") == nil)
    let visit = try #require(await get(endpoint, "/visit")).body
    #expect(!visit.contains("data-ocaf-routed"))
    await endpoint.shutDown()
  }

  @Test func stateChangesMoveTheURLPushedOrReplacedAsTheRouteSays() throws {
    let (session, sent) = session()
    let html = try #require(try ServerMessage(session.start()).html)
    session.receive(click(try button("Open 7", in: html)))
    #expect(try located(sent.value.last) == Located(history: "push", location: "/items/7"))
    session.receive(click(try button("By date", in: try patchHTML(sent.value.last))))
    #expect(
      try located(sent.value.last) == Located(history: "replace", location: "/items/7?sort=date"))
    // A change the location doesn't depend on moves nothing.
    session.receive(click(try button("Rename", in: try patchHTML(sent.value.last))))
    #expect(try located(sent.value.last) == Located())
  }

  @Test func aChangeOnlyTheURLShowsIsSentToo() async throws {
    let (session, sent) = session()
    let html = try #require(try ServerMessage(session.start()).html)
    session.receive(click(try button("Next page", in: html)))
    // The effect's change renders nothing; the URL still follows it.
    await eventually { sent.value.contains { $0.contains(#""location":"?page=2""#) } }
    let message = try #require(sent.value.last { $0.contains("location") })
    #expect(try located(message) == Located(history: "replace", location: "?page=2"))
    #expect(try ServerMessage(message).patches?.isEmpty == true)
  }

  @Test func backAndForwardSendTheRoutesActionWithoutMovingTheURLAgain() throws {
    let (session, sent) = session()
    _ = session.start()
    session.receive(#"{"navigate":"/items/3?sort=date"}"#)
    let patch = try #require(sent.value.last)
    #expect(patch.contains("item: 3") && patch.contains("sort: date"))
    #expect(try located(patch) == Located(), "the page is where the state is")
    // Somewhere the feature doesn't know: the state stays, and the page's URL is put back.
    session.receive(#"{"navigate":"/shelves"}"#)
    #expect(try located(sent.value.last) == Located(history: "replace", location: "/items/3?sort=date"))
    // A location the state normalizes replaces the page's entry with the state's.
    session.receive(#"{"navigate":"?sort=name&page=1"}"#)
    #expect(try located(sent.value.last) == Located(history: "replace", location: ""))
  }

  @Test func navigationsThatCannotBeFollowedAreIgnoredAndLogged() throws {
    let (logger, logged) = recordingLogger()
    let (session, sent) = session(logger)
    _ = session.start()
    session.receive(#"{"navigate":"//evil.example/"}"#)
    #expect(sent.value.isEmpty)
    #expect(logged.value.contains("Ignored a navigation to a location that is not a path and query"))

    let plain = LiveSession(
      id: "v", store: LiveStore(initialState: Visit.State(label: "x")) { Visit() }, view: visitView,
      logger: logger)
    plain.output = { text in sent.withValue { $0.append(text) } }
    _ = plain.start()
    plain.receive(#"{"navigate":"?label=y"}"#)
    #expect(sent.value.isEmpty)
    #expect(logged.value.contains("Ignored a navigation: the page's feature has no route"))
    plain.receive(#"{"value":1}"#)
    #expect(logged.value.contains("Ignored a malformed message"))
  }

  @Test func aPageALiveLinkSwitchedToIsFoundByItsURLAndToldWhatItIs() async throws {
    let endpoint = makeEndpoint()
    let messages = LockIsolated<[String]>([])
    let attachment = try #require(
      await endpoint.attach(
        LiveRequest(
          path: "/live", query: [LiveField("page", "/catalog/items/3"), LiveField("version", "\(PageProtocol.version)")],
          headers: [LiveField("Host", "127.0.0.1:8080")], peerAddress: "127.0.0.1"),
        send: { text in messages.withValue { $0.append(text) } }, close: {}))
    struct Switched: Decodable {
      struct Page: Decodable, Equatable {
        let base: String
        let feature: String
        let heading: String
        let routed: Bool
        let summary: String
        let title: String
      }
      let page: Page
      let html: String
    }
    let render = try JSONDecoder().decode(Switched.self, from: Data(try #require(messages.value.first).utf8))
    #expect(
      render.page
        == Switched.Page(
          base: "/catalog", feature: "catalog", heading: "Catalog", routed: true,
          summary: "A routed page.", title: "Catalog"))
    #expect(render.html.contains("item: 3"))
    await attachment.detach()

    // A URL that is no live page: the page is told to load it, and the socket is refused.
    messages.setValue([])
    let refused = await endpoint.attach(
      LiveRequest(
        path: "/live", query: [LiveField("page", "/about"), LiveField("version", "\(PageProtocol.version)")],
        headers: [LiveField("Host", "127.0.0.1:8080")], peerAddress: "127.0.0.1"),
      send: { text in messages.withValue { $0.append(text) } }, close: {})
    #expect(refused == nil)
    #expect(messages.value == [#"{"type":"reload"}"#])
    await endpoint.shutDown()
  }

  @Test func aPageWhoseSocketStartsItsSessionStartsAtItsOwnLocation() async throws {
    let endpoint = makeEndpoint()
    let messages = LockIsolated<[String]>([])
    let attachment = try #require(
      await endpoint.attach(
        LiveRequest(
          path: "/live",
          query: [
            LiveField("feature", "catalog"), LiveField("page", "/catalog/items/4?page=3"),
            LiveField("version", "\(PageProtocol.version)"),
          ],
          headers: [LiveField("Host", "127.0.0.1:8080")], peerAddress: "127.0.0.1"),
        send: { text in messages.withValue { $0.append(text) } }, close: {}))
    let render = try #require(messages.value.first)
    #expect(render.contains("item: 4"))
    #expect(try located(render) == Located(location: "/items/4?page=3"))
    await attachment.detach()
    await endpoint.shutDown()
  }
}
#endif  // Hummingbird
