// The example of the Web README's "Serve your own feature", compiled with the package so that
// the guide's code keeps working: the feature of `GuideFeature`, mounted on a Hummingbird app's
// router behind the app's sign-in middleware.
//
//     swift run --package-path Demos GuideExample      # http://127.0.0.1:8081/sign-in
import ComposableArchitecture
import ComposableWeb
import ComposableWebHummingbird
import GuideFeature
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore

// MARK: The app's context and sign-in

/// The app's request context: it supports WebSockets, keeps its channel (for the pages'
/// sockets), and holds the signed-in user.
struct AppContext: RequestContext, WebSocketRequestContext, LiveChannelContext {
  var coreContext: CoreRequestContextStorage
  let webSocket = WebSocketHandlerReference<Self>()
  weak var channel: (any Channel)?
  var user: User?

  init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    channel = source.channel
  }
}

/// Signs in whoever has a `user` cookie, and sends everyone else to the sign-in page. (A real
/// app would check a session or a token here.)
struct SignInMiddleware: RouterMiddleware {
  func handle(
    _ request: Request, context: AppContext,
    next: (Request, AppContext) async throws -> Response
  ) async throws -> Response {
    guard let name = request.cookies["user"]?.value, !name.isEmpty else {
      return Response(status: .seeOther, headers: [.location: "/sign-in"])
    }
    var context = context
    context.user = User(name: name)
    return try await next(request, context)
  }
}

// MARK: Mounting

let endpoint = LiveEndpoint(
  title: "Guide", features: [greeting], mountPath: "/app",
  hosts: HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1"),
  logger: Logger(label: "guide"))
let router = Router(context: AppContext.self)
router.get("/sign-in") { request, _ -> Response in
  guard let name = request.uri.queryParameters["name"].map(String.init), !name.isEmpty else {
    let form = #"<form><label>Name <input name="name"></label> <button>Sign in</button></form>"#
    return Response(
      status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
      body: .init(byteBuffer: ByteBuffer(string: form)))
  }
  var response = Response(status: .seeOther, headers: [.location: "/app/greeting"])
  response.setCookie(Cookie(name: "user", value: name, path: "/", httpOnly: true, sameSite: .lax))
  return response
}
router.group()
  .add(middleware: SignInMiddleware())
  .addLivePages(endpoint) { request, context in
    request[User.self] = context.user
    request.identity = context.user?.name
  }
let app = Application(
  router: router, server: .http1WebSocketUpgrade(webSocketRouter: router),
  configuration: .init(address: .hostname("127.0.0.1", port: 8081)))
try await app.runService(with: endpoint)
