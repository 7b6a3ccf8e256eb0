#if Hummingbird
import ComposableWeb
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore

/// A request context that keeps its connection's channel, so that a live page's socket is read
/// straight off the channel's pipeline (see `LiveFrameHandler`) and written on its event loop.
/// The pages' sockets need it: `addLivePages` adds the socket route only on routers whose
/// context conforms (and supports WebSockets); on others it adds the pages alone.
///
/// Hold the channel weakly: HummingbirdWebSocket keeps each WebSocket request's context in a
/// reference cycle that is never freed, and a channel held strongly there would stay in memory,
/// with its buffers, after its socket closed.
///
/// ```swift
/// struct AppContext: RequestContext, WebSocketRequestContext, LiveChannelContext {
///   var coreContext: CoreRequestContextStorage
///   let webSocket = WebSocketHandlerReference<Self>()
///   weak var channel: (any Channel)?
///   var user: User?
///   init(source: ApplicationRequestContextSource) {
///     coreContext = .init(source: source)
///     channel = source.channel
///   }
/// }
/// ```
public protocol LiveChannelContext {
  /// The channel of the connection the request arrived on.
  var channel: (any Channel)? { get }
}

/// A request context for routers that serve live pages, their sockets included: Hummingbird's
/// basic WebSocket context plus the connection's channel.
///
/// ```swift
/// let router = Router(context: LiveRequestContext.self)
/// router.addLivePages(endpoint)
/// let app = Application(router: router, server: .http1WebSocketUpgrade(webSocketRouter: router))
/// ```
public struct LiveRequestContext: RequestContext, WebSocketRequestContext, LiveChannelContext {
  public var coreContext: CoreRequestContextStorage
  public let webSocket: WebSocketHandlerReference<Self>
  /// The connection's channel, held weakly: HummingbirdWebSocket keeps a WebSocket request's
  /// context in a cycle through `webSocket` that is never freed, and a channel held there would
  /// keep every closed socket's buffers and pipeline for good.
  public private(set) weak var channel: (any Channel)?

  public init(source: ApplicationRequestContextSource) {
    self.coreContext = .init(source: source)
    self.webSocket = .init()
    self.channel = source.channel
  }
}

extension RouterMethods where Context: WebSocketRequestContext & LiveChannelContext {
  /// Adds `endpoint`'s pages to this router (the index, each feature's page, the page script and
  /// the stylesheet, at their paths under ``LiveEndpoint/mountPath``), and the socket through
  /// which each page talks to its session, at ``LiveEndpoint/socketPath``. Middleware added to
  /// the router (or to the group this is called on) runs first, for the pages and for their
  /// sockets; the endpoint's own host check and security headers then apply to these routes
  /// only. Call it on the router, or on a group without a path of its own (the endpoint's paths
  /// are absolute).
  ///
  /// The pages never take a path the app has: called on the router itself, a path the router
  /// answers already (such as the app's own `/` under an index) is left to the app, with one
  /// log line. A group cannot tell what its router has: there, keep the app's paths apart from
  /// the pages', for instance with the index off (``LiveEndpoint/showsIndex``; it is off by
  /// default for pages mounted at the site's root).
  ///
  /// `prepare` adds what the router's context knows to the request a page's store is made
  /// for, such as the user that a sign-in middleware found (see ``LiveRequest/identity``); the
  /// socket's upgrade request passes the same middleware and `prepare`, so a session is resumed
  /// only by the identity that started it:
  ///
  /// ```swift
  /// router.group().add(middleware: SignInMiddleware()).addLivePages(endpoint) { request, context in
  ///   request[User.self] = context.user
  ///   request.identity = context.user?.id
  /// }
  /// ```
  ///
  /// The context must support WebSockets and keep its channel (``LiveRequestContext`` does),
  /// and the server must upgrade WebSockets through this router:
  ///
  /// ```swift
  /// let router = Router(context: LiveRequestContext.self)
  /// router.addLivePages(endpoint)
  /// let app = Application(router: router, server: .http1WebSocketUpgrade(webSocketRouter: router))
  /// ```
  @discardableResult
  public func addLivePages(
    _ endpoint: LiveEndpoint,
    prepare: @escaping @Sendable (inout LiveRequest, Context) -> Void = { _, _ in }
  ) -> Self {
    addLivePages(endpoint, guarded: false, prepare: prepare)
  }

  /// ``addLivePages(_:prepare:)``, for a router that checks hosts and adds the headers itself
  /// when `guarded`.
  @discardableResult
  func addLivePages(
    _ endpoint: LiveEndpoint, guarded: Bool,
    prepare: @escaping @Sendable (inout LiveRequest, Context) -> Void = { _, _ in }
  ) -> Self {
    addLivePageRoutes(endpoint, guarded: guarded, prepare: prepare)
    ws(RouterPath(endpoint.socketPath)) { request, context in
      // Only a WebSocket's request: HummingbirdWebSocket keeps the context of each request the
      // route upgrades in a cycle that is never freed, a plain GET's too (it answers it 200).
      guard request.headers[.upgrade]?.lowercased() == "websocket",
        endpoint.admitsSocket(LiveRequest(request, channel: context.channel))
      else { return .dontUpgrade }
      return .upgrade([:])
    } onUpgrade: { inbound, _, context in
      try await LiveSocketServing.serve(
        inbound: inbound, context: context, prepare: prepare, endpoint: endpoint)
    }
    return self
  }

  /// The routes of the pages, behind the endpoint's host check and headers unless the router
  /// has them already (`guarded`, as ``LiveServer``'s does for every route).
  func addLivePageRoutes(
    _ endpoint: LiveEndpoint, guarded: Bool = false,
    prepare: @escaping @Sendable (inout LiveRequest, Context) -> Void = { _, _ in }
  ) {
    let group = self.group()
    if !guarded { group.add(middleware: HostAndHeadersMiddleware<Context>(endpoint: endpoint)) }
    // A path the app's router answers already stays the app's (Hummingbird stops at a path added
    // twice). Only a router itself can say which it has: a group of one cannot.
    let taken = (self as? Router<Context>)?.routes.filter { $0.method == .get }.map(\.path) ?? []
    for path in endpoint.pagePaths {
      guard !taken.contains(RouterPath(path)) else {
        endpoint.logger.warning(
          "The app's router has this path already; the live pages leave it to the app",
          metadata: ["path": "\(path)"])
        continue
      }
      group.get(RouterPath(path)) { request, context in
        var liveRequest = LiveRequest(request, channel: context.channel)
        prepare(&liveRequest, context)
        guard let response = await endpoint.respond(to: liveRequest) else {
          throw HTTPError(.notFound)
        }
        return Response(response)
      }
    }
    // Forms posted by browsers without JavaScript, to the features' pages.
    for path in endpoint.featurePagePaths {
      group.post(RouterPath(path)) { request, context in
        var request = request
        let body = try await request.collectBody(upTo: endpoint.limits.maximumFormBytes)
        var liveRequest = LiveRequest(request, channel: context.channel)
        liveRequest.body = String(buffer: body)
        prepare(&liveRequest, context)
        guard let response = await endpoint.respond(to: liveRequest) else {
          throw HTTPError(.notFound)
        }
        return Response(response)
      }
    }
  }
}

extension LiveSocketServing {
  /// Attaches the socket of `context` to its session and serves it until it closes.
  ///
  /// This task lasts as long as the page, and what its frames hold while it waits is memory
  /// every idle page costs (frames live in ~1 kB slabs, so a few bytes can cost a slab): the
  /// waiting frames hold only references, and the reading loop nothing but its iterator.
  static func serve<Context: LiveChannelContext>(
    inbound: WebSocketInboundStream, context: WebSocketRouterContext<Context>,
    prepare: @escaping @Sendable (inout LiveRequest, Context) -> Void, endpoint: LiveEndpoint
  ) async throws {
    guard let channel = context.requestContext.channel,
      let attached = await attach(
        context.request, context: context.requestContext, channel: channel, prepare: prepare,
        to: endpoint)
    else { return }
    try await serve(attached, inbound: inbound, logger: endpoint.logger)
  }

  /// Attaches the socket that `request` opened, made a ``LiveRequest`` and prepared with the
  /// router's `context`.
  @inline(never)
  static func attach<Context>(
    _ request: Request, context: Context, channel: any Channel,
    prepare: (inout LiveRequest, Context) -> Void, to endpoint: LiveEndpoint
  ) async -> Attached? {
    var liveRequest = LiveRequest(request, channel: channel)
    prepare(&liveRequest, context)
    return await attachInTask(liveRequest, channel: channel, to: endpoint)
  }
}
#endif  // Hummingbird
