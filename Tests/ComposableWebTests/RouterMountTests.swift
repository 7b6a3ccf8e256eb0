#if Hummingbird
import ComposableArchitecture
import ComposableWeb
import ComposableWebHummingbird
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOEmbedded
import Testing

/// An app's own request context: a WebSocket context that keeps its channel, and the user its
/// sign-in middleware found.
struct AppContext: RequestContext, WebSocketRequestContext, LiveChannelContext {
  var coreContext: CoreRequestContextStorage
  let webSocket = WebSocketHandlerReference<Self>()
  weak var channel: (any Channel)?
  var user: String?

  init(source: ApplicationRequestContextSource) {
    self.coreContext = .init(source: source)
    self.channel = source.channel
  }
}

/// Signs the request in as the user its `X-User` header names, and says so in the response.
struct SignInMiddleware: RouterMiddleware {
  func handle(
    _ request: Request, context: AppContext,
    next: (Request, AppContext) async throws -> Response
  ) async throws -> Response {
    var context = context
    context.user = request.headers[HTTPField.Name("X-User")!]
    var response = try await next(request, context)
    response.headers[HTTPField.Name("X-Signed-In")!] = context.user ?? "nobody"
    return response
  }
}

@Suite struct RouterMountTests {
  static let secret = String(repeating: "cd", count: 16)

  /// An app with a route of its own and the live pages behind its sign-in middleware.
  @MainActor
  func makeApplication() -> (some ApplicationProtocol, LiveEndpoint) {
    let endpoint = LiveEndpoint(
      title: "App", features: [LiveEndpointTests.visit, RouteTests.catalog], mountPath: "/app",
      hosts: HostPolicy(allowedHosts: ["localhost", "127.0.0.1"], boundHost: "127.0.0.1"),
      trustedOrigins: [LiveServerTests.testClientOrigin],
      logger: Logger(label: "test"))
    let router = Router(context: AppContext.self)
    router.get("/health") { _, _ in "ok" }
    router.group().add(middleware: SignInMiddleware()).addLivePages(endpoint) { request, context in
      request.identity = context.user
    }
    let app = Application(
      router: router, server: .http1WebSocketUpgrade(webSocketRouter: router),
      configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    return (app, endpoint)
  }

  nonisolated func headers(user: String) -> HTTPFields {
    [
      HTTPField.Name("X-User")!: user,
      .cookie: "ocaf_browser=\(Self.secret)",
    ]
  }

  /// The session id a page was rendered by.
  nonisolated func sessionID(in page: String) throws -> String {
    let marker = #"data-ocaf-session=""#
    let start = try #require(page.range(of: marker)).upperBound
    let end = try #require(page[start...].firstIndex(of: "\""))
    return String(page[start..<end])
  }

  /// HummingbirdWebSocket keeps a WebSocket request's context in a reference cycle that is never
  /// freed; the context must not keep its connection's channel alive with it.
  @Test func theLiveRequestContextDoesNotKeepItsChannel() throws {
    var channel: EmbeddedChannel? = EmbeddedChannel()
    let context = LiveRequestContext(
      source: ApplicationRequestContextSource(channel: channel!, logger: Logger(label: "test")))
    #expect(context.channel === channel)
    weak let closed = channel
    // Closed, as a socket is: its pipeline lets it go.
    _ = try channel?.finish()
    channel = nil
    #expect(closed == nil)
    #expect(context.channel == nil)
  }

  /// A plain GET of the socket's path is no upgrade: refused, so that the `ws` route keeps no
  /// context for it (HummingbirdWebSocket would keep it in a cycle, as it does an upgrade's).
  @Test func aPlainGetOfTheSocketPathIsRefused() async throws {
    let (app, _) = await makeApplication()
    try await app.test(.router) { client in
      var fields = headers(user: "ada")
      fields[HTTPField.Name("Host")!] = "127.0.0.1"
      try await client.execute(uri: "/app/live?feature=visit", method: .get, headers: fields) {
        response in
        #expect(response.status == .methodNotAllowed)
      }
    }
  }

  @Test func pagesMountBesideTheAppsRoutesBehindItsMiddleware() async throws {
    let (app, endpoint) = await makeApplication()
    try await app.test(.router) { client in
      try await client.execute(uri: "/health", method: .get) { response in
        #expect(String(buffer: response.body) == "ok")
        // The endpoint's headers are for its own routes.
        #expect(response.headers[.contentSecurityPolicy] == nil)
      }
      try await client.execute(
        uri: "/app/visit?label=Mounted", method: .get, headers: headers(user: "ada")
      ) { response in
        #expect(response.status == .ok)
        #expect(response.headers[HTTPField.Name("X-Signed-In")!] == "ada")
        #expect(response.headers[.contentSecurityPolicy] != nil)
        let body = String(buffer: response.body)
        #expect(body.contains("<h1>Mounted</h1>"))
        #expect(body.contains(#"data-ocaf-socket="/app/live""#))
      }
      try await client.execute(uri: "/app/ocaf/main.js", method: .get) { response in
        #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
        // The script shipped as the package's resource.
        #expect(String(buffer: response.body).contains("createPage(window)"))
      }
      // A routed page answers every path below its own: a deep link.
      try await client.execute(
        uri: "/app/catalog/items/7?sort=date", method: .get, headers: headers(user: "ada")
      ) { response in
        #expect(response.status == .ok)
        let body = String(buffer: response.body)
        #expect(body.contains("<p>item: 7</p>"))
        #expect(body.contains(#"data-ocaf-base="/app/catalog""#))
        #expect(body.contains(#"data-ocaf-location="/items/7?sort=date""#))
      }
      try await client.execute(uri: "/app/visit/7", method: .get) { response in
        #expect(response.status == .notFound)
      }
      try await client.execute(uri: "/visit", method: .get) { response in
        #expect(response.status == .notFound)
      }
    }
    await endpoint.shutDown()
  }

  @MainActor
  func endpoint(mountPath: String, showsIndex: Bool? = nil) -> LiveEndpoint {
    LiveEndpoint(
      title: "App", features: [LiveEndpointTests.visit], mountPath: mountPath,
      showsIndex: showsIndex,
      hosts: HostPolicy(allowedHosts: ["localhost", "127.0.0.1"], boundHost: "127.0.0.1"),
      logger: Logger(label: "test"))
  }

  @MainActor
  @Test func theIndexNeverTakesAPathTheAppsRouterHas() async throws {
    let endpoint = endpoint(mountPath: "", showsIndex: true)
    let router = Router(context: AppContext.self)
    router.get("/") { _, _ in "the app's home" }
    // (Hummingbird stops the process on a path added twice.)
    router.addLivePages(endpoint)
    let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    try await app.test(.router) { client in
      try await client.execute(uri: "/", method: .get) { response in
        #expect(String(buffer: response.body) == "the app's home")
      }
      try await client.execute(uri: "/visit?label=Beside", method: .get) { response in
        #expect(String(buffer: response.body).contains("<h1>Beside</h1>"))
      }
    }
  }

  @MainActor
  @Test func pagesAtTheSitesRootShowNoIndexUnlessAsked() async throws {
    #expect(endpoint(mountPath: "").showsIndex == false)
    #expect(endpoint(mountPath: "/app").showsIndex == true)
    #expect(endpoint(mountPath: "", showsIndex: true).showsIndex == true)
    let endpoint = endpoint(mountPath: "")
    #expect(!endpoint.pagePaths.contains("/"))
    let router = Router(context: AppContext.self)
    router.group().add(middleware: SignInMiddleware()).addLivePages(endpoint)
    // The app adds its own home after the pages, in a group that can't see them.
    router.get("/") { _, _ in "the app's home" }
    let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    try await app.test(.router) { client in
      try await client.execute(uri: "/", method: .get) { response in
        #expect(String(buffer: response.body) == "the app's home")
      }
      try await client.execute(uri: "/visit?label=Root", method: .get) { response in
        let page = String(buffer: response.body)
        #expect(page.contains("<h1>Root</h1>"))
        // The header links back to no index.
        #expect(!page.contains("ocaf-back"))
      }
    }
  }

  @Test func theSocketPassesTheSameMiddlewareAndBelongsToTheSameUser() async throws {
    let (app, endpoint) = await makeApplication()
    let firsts = LockIsolated<[String: String]>([:])
    _ = try await app.test(.live) { client in
      let page = try await client.execute(
        uri: "/app/visit", method: .get, headers: headers(user: "ada")
      ) { String(buffer: $0.body) }
      let id = try sessionID(in: page)
      for user in ["bob", "ada"] {
        var configuration = WebSocketClientConfiguration()
        configuration.additionalHeaders = headers(user: user)
        _ = try await client.ws(
          "/app/live?feature=visit&version=\(PageProtocol.version)&session=\(id)", configuration: configuration
        ) { inbound, _, _ in
          var messages = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
          if case let .text(first) = try await messages.next() {
            firsts.withValue { $0[user] = first }
          }
        }
      }
      // Ada's own page is taken over; Bob, in the same browser, gets a session of his own.
      #expect(firsts.value["ada"] == #"{"session":"\#(id)","type":"attached"}"#)
      #expect(firsts.value["bob"]?.contains(#""type":"render""#) == true)
      #expect(firsts.value["bob"]?.contains(id) == false)
    }
    await endpoint.shutDown()
  }
}
#endif  // Hummingbird
