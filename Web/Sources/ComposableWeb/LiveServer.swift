import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket
import ServiceLifecycle
import UnixSignals

/// The web server: an index page listing the features, one page per feature, the page script,
/// and the WebSocket (`/live`) through which each tab talks to its session.
///
/// ```swift
/// let server = LiveServer(title: "Case studies", features: [counter, twoCounters], logger: logger)
/// try await server.run(host: "127.0.0.1", port: 8080)
/// ```
public struct LiveServer: Sendable {
  /// The title of the index page.
  public let title: String
  /// The features, in the order the index lists them.
  public let features: [LiveFeature]
  /// How long a session outlives its page's disconnection.
  public let disconnectedLifetime: Duration
  /// Origins accepted for WebSocket upgrades besides those of the allowed hosts, e.g.
  /// `"https://app.example.com"` for a page served from another host. An upgrade whose `Origin`
  /// header is neither is refused; one without an `Origin` header (not from a browser) is
  /// accepted.
  public let trustedOrigins: Set<String>
  /// The host names the server answers to (see ``HostPolicy``); `nil` for the address it is
  /// bound to and `localhost`. Requests and upgrades naming another host are refused, which
  /// defeats DNS rebinding.
  public let allowedHosts: Set<String>?
  /// The security headers of every response.
  public let securityHeaders: SecurityHeaders
  /// Addresses of reverse proxies whose `X-Forwarded-For` header is believed: the client
  /// address that per-address limits count is the last one in it that is not such a proxy.
  /// Empty by default: the connection's peer is the client.
  public let trustedProxies: Set<String>
  /// Whether the browser cookie is marked `Secure` (sent over HTTPS only): set it when pages are
  /// served over HTTPS, directly or through a proxy.
  public let secureCookies: Bool
  /// Where sessions of restorable features are saved so that a restart resumes them; `nil`
  /// (the default) for none.
  public let snapshots: SessionSnapshots?
  /// How long a stop (SIGTERM, SIGINT) may take: pages are told and their sockets closed,
  /// sessions end (cancelling effects), open connections get this long to finish, and then the
  /// server returns whatever is still open.
  public let shutdownTimeout: Duration
  /// Bounds on sessions, queued messages and message rates.
  public let limits: LiveLimits
  let logger: Logger

  /// Creates a server for `features`.
  public init(
    title: String,
    features: [LiveFeature],
    disconnectedLifetime: Duration = .seconds(120),
    trustedOrigins: Set<String> = [],
    allowedHosts: Set<String>? = nil,
    securityHeaders: SecurityHeaders = SecurityHeaders(),
    trustedProxies: Set<String> = [],
    secureCookies: Bool = false,
    shutdownTimeout: Duration = .seconds(10),
    snapshots: SessionSnapshots? = nil,
    limits: LiveLimits = LiveLimits(),
    logger: Logger
  ) {
    self.snapshots = snapshots
    self.trustedProxies = trustedProxies
    self.secureCookies = secureCookies
    self.shutdownTimeout = shutdownTimeout
    self.limits = limits
    self.allowedHosts = allowedHosts
    self.securityHeaders = securityHeaders
    self.title = title
    self.features = features
    self.disconnectedLifetime = disconnectedLifetime
    self.trustedOrigins = trustedOrigins
    self.logger = logger
  }

  /// Runs the server until SIGINT or SIGTERM, printing its URL once it listens.
  ///
  /// A stop takes at most ``shutdownTimeout``: the server stops accepting connections, tells
  /// every page it is stopping and closes its socket, ends every session (cancelling its
  /// effects), and waits for open requests; whatever is still open then (a connection that
  /// never sent a request, say) is left behind and `run` returns. `@Shared` file storage writes
  /// what is pending when the process exits.
  public func run(host: String, port: Int) async throws {
    try await run(host: host, port: port, signals: [.sigterm, .sigint]) { port in
      print("\(title) running at http://\(host):\(port)/")
      // Flushed at once, so that a script reading the output through a pipe sees the URL.
      fflush(nil)
    }
  }

  /// Runs the server until one of `signals` arrives or `stop` is triggered, calling `onReady`
  /// with the bound port.
  func run(
    host: String, port: Int, signals: [UnixSignal], stop: ShutdownTrigger? = nil,
    onReady: @escaping @Sendable (Int) -> Void
  ) async throws {
    let registry = await SessionRegistry(
      features: features, disconnectedLifetime: disconnectedLifetime, limits: limits,
      snapshots: snapshots, logger: logger)
    let app = makeApplication(host: host, port: port, registry: registry, onReady: onReady)
    enum Ending { case stopped, timeIsUp, failed(any Error) }
    let (endings, end) = AsyncStream<Ending>.makeStream()
    let sessions = SessionsService(registry: registry, timeout: shutdownTimeout, logger: logger) {
      end.yield(.timeIsUp)
    }
    var configuration = ServiceGroupConfiguration(
      services: [.init(service: app), .init(service: sessions)],
      gracefulShutdownSignals: signals,
      logger: logger)
    configuration.maximumGracefulShutdownDuration = shutdownTimeout
    let group = ServiceGroup(configuration: configuration)
    stop?.attach(group)
    // Unstructured, so that a connection that never closes cannot hold `run` past the timeout.
    Task {
      do {
        try await group.run()
        end.yield(.stopped)
      } catch {
        end.yield(.failed(error))
      }
    }
    for await ending in endings {
      switch ending {
      case .stopped:
        logger.info("Stopped")
      case .timeIsUp:
        logger.warning(
          "Stopped with connections still open: the shutdown timeout is up",
          metadata: ["timeout": "\(shutdownTimeout)"])
      case let .failed(error):
        await registry.shutDown()
        throw error
      }
      break
    }
    await registry.endAll()
  }

  /// The Hummingbird application serving the features; `onReady` receives the bound port.
  public func makeApplication(
    host: String,
    port: Int,
    registry: SessionRegistry,
    onReady: @escaping @Sendable (Int) -> Void = { _ in }
  ) -> some ApplicationProtocol {
    let hosts = HostPolicy(allowedHosts: allowedHosts, boundHost: host)
    let offenders = OffenderLog()
    let router = Router()
    let secureCookies = self.secureCookies
    let hostCheck = HostCheck(hosts: hosts, offenders: offenders, logger: self.logger)
    router.add(middleware: HostAndHeadersMiddleware(hostCheck: hostCheck, headers: securityHeaders.fields))
    let pages = Pages(title: title, features: features)
    router.get("/") { _, _ in Self.html(pages.index()) }
    router.get("/ocaf.js") { _, _ in
      Response(
        status: .ok,
        headers: [.contentType: "text/javascript; charset=utf-8"],
        body: .init(byteBuffer: ByteBuffer(string: PageScript.source))
      )
    }
    router.get("/ocaf.css") { _, _ in
      Response(
        status: .ok,
        headers: [.contentType: "text/css; charset=utf-8"],
        body: .init(byteBuffer: ByteBuffer(string: Pages.style))
      )
    }
    for feature in features {
      router.get(RouterPath(feature.path)) { request, _ in
        var response = Self.html(pages.page(for: feature))
        // The secret that binds this browser's sessions to it (see `SessionRegistry`).
        if BrowserCookie.secret(in: request) == nil {
          response.setCookie(BrowserCookie.make(secure: secureCookies))
        }
        return response
      }
    }

    let logger = self.logger
    let trustedOrigins = self.trustedOrigins
    let trustedProxies = self.trustedProxies
    let limits = self.limits
    let webSocketRouter = Router(context: LiveSocketRequestContext.self)
    webSocketRouter.ws("/live") { request, _ in
      guard hostCheck.admits(request) else { return .dontUpgrade }
      if let origin = request.headers[.origin], !trustedOrigins.contains(origin),
        !hosts.allows(origin: origin)
      {
        if offenders.isFirst("origin", origin) {
          logger.warning(
            "Refused WebSocket upgrades from another origin (logged once per origin)",
            metadata: ["origin": LogText.escaped(origin)])
        }
        return .dontUpgrade
      }
      return .upgrade([:])
    } onUpgrade: { inbound, _, context in
      // Attaching and serving are two functions: what attaching needs (the request's headers
      // and cookies, the visitor) is gone by the time the page is served, for as long as it
      // stays, instead of living in this handler's frame (measured: about a kilobyte a page).
      guard
        let attached = await Self.attach(
          context, registry: registry, trustedProxies: trustedProxies, limits: limits,
          logger: logger)
      else { return }
      try await Self.serve(
        attached, inbound: inbound, registry: registry, limit: limits.inboundQueueSize,
        logger: logger)
    }

    let webSocketResponder = webSocketRouter.buildResponder()
    return Application(
      router: router,
      server: HTTPServerBuilder { responder in
        FirstRequestDeadlineChannel(
          base: HTTP1WebSocketUpgradeChannel(
            responder: responder,
            webSocketResponder: webSocketResponder,
            configuration: .init(
              http1: .init(idleTimeout: TimeAmount(limits.idleTimeout)),
              ws: .init(
                maxFrameSize: LiveSession.maximumMessageSize * 2,
                closeTimeout: limits.closeTimeout))),
          timeout: limits.idleTimeout)
      },
      configuration: .init(address: .hostname(host, port: port), serverName: "ComposableWeb"),
      onServerRunning: { channel in onReady(channel.localAddress?.port ?? port) },
      logger: logger
    )
  }

  /// A page's socket attached to its session.
  struct Attached: Sendable {
    let connection: SessionRegistry.Connection
    let session: LiveSession?
    let messages: OutboundQueue
    let channel: any Channel
  }

  /// Attaches the socket of `context` to a session (resumed or new); `nil` when it is refused,
  /// after the refusal is written.
  private static func attach(
    _ context: WebSocketRouterContext<LiveSocketRequestContext>,
    registry: SessionRegistry, trustedProxies: Set<String>, limits: LiveLimits, logger: Logger
  ) async -> Attached? {
    let query = context.request.uri.queryParameters
    let featurePath = query["feature"].map(String.init) ?? ""
    let resumeID = query["session"].map(String.init)
    // The socket's messages are written on its connection's event loop, and read there too.
    let channel = context.requestContext.channel
    let visitor = Self.visitor(of: context.request, on: channel, trustedProxies: trustedProxies)
    let messages = OutboundQueue(eventLoop: channel.eventLoop) { message in
      let frame = WebSocketFrame(
        fin: true, opcode: .text, data: channel.allocator.buffer(string: message))
      channel.write(frame, promise: nil)
    } flush: {
      channel.flush()
      Self.closeIfNotReading(channel, limit: limits.maximumUnsentBytes, logger: logger)
    }
    guard
      let connection = await registry.connect(
        featurePath: featurePath, resumeID: resumeID, visitor: visitor,
        output: { messages.send($0) },
        close: {
          // After what is queued (the notice that says why), like any other write.
          channel.eventLoop.execute {
            var reason = channel.allocator.buffer(capacity: 2)
            reason.write(webSocketErrorCode: .normalClosure)
            channel.writeAndFlush(
              WebSocketFrame(fin: true, opcode: .connectionClose, data: reason), promise: nil)
            channel.close(promise: nil)
          }
        })
    else {
      // A refusal, if any, is already queued: write it before closing.
      await messages.drain()
      return nil
    }
    let session = await registry.session(id: connection.sessionID)
    return Attached(connection: connection, session: session, messages: messages, channel: channel)
  }

  /// Serves an attached page until it goes away, then detaches it.
  private static func serve(
    _ attached: Attached, inbound: WebSocketInboundStream, registry: SessionRegistry, limit: Int,
    logger: Logger
  ) async throws {
    defer { attached.messages.finish() }
    do {
      try await Self.read(
        inbound: inbound, channel: attached.channel, session: attached.session, limit: limit,
        logger: logger)
    } catch {
      await registry.disconnect(attached.connection)
      throw error
    }
    await registry.disconnect(attached.connection)
  }

  /// Who sent `request` on `channel`.
  private static func visitor(
    of request: Request, on channel: any Channel, trustedProxies: Set<String>
  ) -> Visitor {
    Visitor(
      address: ClientAddress.resolve(
        peer: channel.remoteAddress?.ipAddress,
        forwardedFor: request.headers[values: .xForwardedFor],
        trustedProxies: trustedProxies),
      browserSecret: BrowserCookie.secret(in: request))
  }

  /// Closes `channel` when its page has stopped reading: the socket takes no more and holds
  /// more than `limit` bytes unsent. Runs on the channel's event loop.
  static func closeIfNotReading(_ channel: any Channel, limit: Int, logger: Logger) {
    guard !channel.isWritable,
      let unsent = try? channel.syncOptions?.getOption(.bufferedWritableBytes),
      unsent > limit
    else { return }
    logger.warning(
      "Closed the socket of a page that is not reading its messages",
      metadata: ["unsent bytes": "\(unsent)", "limit": "\(limit)"])
    channel.close(promise: nil)
  }

  /// Hands the socket's messages to the session, until the page goes away. The session handles
  /// them in order on the main actor; the socket is read meanwhile into a bounded queue, and
  /// what does not fit is dropped.
  ///
  /// The messages are taken off the channel's pipeline by a ``LiveFrameHandler``; Hummingbird's
  /// sequence, read here, brings only what arrived before the handler was added, then the
  /// handler's marker, and handles control frames (pings, the closing handshake) as it is read.
  /// That little traffic runs on the global executor: preferring the connection's event loop
  /// (`withTaskExecutorPreference`) cost every idle page about a kilobyte of task memory and
  /// saved no measurable time, since a page's messages no longer go through this loop.
  private static func read(
    inbound: WebSocketInboundStream,
    channel: any Channel,
    session: LiveSession?,
    limit: Int,
    logger: Logger
  ) async throws {
    let sessionName = session?.logName ?? "none"
    let queue = InboundQueue(limit: limit) { dropped in
      // Once per socket: the queue reports its first drop and every hundredth.
      guard dropped == 1 else { return }
      logger.warning(
        "Dropped a message: the session's inbound queue is full (logged once per socket)",
        metadata: ["session": "\(sessionName)"])
    } handle: { message in
      switch message {
      case let .text(text): session?.receive(text)
      case let .binary(count): session?.receiveBinary(byteCount: count)
      }
    }
    defer { queue.finish() }
    let marker = LiveSession.makeID()
    let reader: LiveFrameHandler.Installed?
    do {
      reader = try await channel.eventLoop.submit {
        try LiveFrameHandler.install(
          on: channel, queue: queue, maximumSize: LiveSession.maximumMessageSize * 2,
          marker: marker)
      }.get()
    } catch {
      logger.warning(
        "Reading the socket through Hummingbird's sequence: its frame handler could not be added",
        metadata: ["session": "\(sessionName)", "error": "\(error)"])
      reader = nil
    }
    for try await message in inbound.messages(maxSize: LiveSession.maximumMessageSize * 2) {
      switch message {
      case let .text(text):
        if let reader, text == marker {
          reader.release()
        } else {
          queue.offer(.text(text))
        }
      case let .binary(buffer):
        queue.offer(.binary(buffer.readableBytes))
      }
    }
  }

  private static func html(_ text: String) -> Response {
    Response(
      status: .ok,
      headers: [.contentType: "text/html; charset=utf-8"],
      body: .init(byteBuffer: ByteBuffer(string: text))
    )
  }
}

/// The server's static pages.
struct Pages: Sendable {
  let title: String
  let features: [LiveFeature]

  /// The stylesheet at `/ocaf.css`. (Styles are a file of their own, not inline: the default
  /// Content-Security-Policy allows only the server's own.)
  static let style = """
    [data-ocaf-component]{display:contents}\
    body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}\
    button{font-size:1rem;margin:0 .25rem;padding:.25rem .75rem}\
    .count{display:inline-block;min-width:3rem;text-align:center;font-size:1.5rem}\
    #ocaf-status{background:#fde68a;padding:.25rem .5rem}\
    #ocaf-status.ocaf-notice{background:#dbeafe}\
    .ocaf-offline{opacity:.55}\
    dialog{padding:0;border:1px solid #999;border-radius:.5rem;min-width:18rem}\
    dialog::backdrop{background:rgba(0,0,0,.35)}\
    .ocaf-dialog-body{padding:1rem}\
    .ocaf-dialog-buttons{display:flex;gap:.5rem;justify-content:flex-end}\
    button[data-role=destructive]{color:#b91c1c}\
    .ocaf-stack-bar{margin-bottom:.5rem}
    """

  func index() -> String {
    document(
      title: title,
      body: [
        h1(title),
        ul {
          for feature in features {
            li {
              a(feature.title, href: "/\(feature.path)")
              " — \(feature.summary)"
            }
          }
        },
      ],
      script: false
    )
  }

  func page(for feature: LiveFeature) -> String {
    document(
      title: feature.title,
      body: [
        .tag("p") { a("← \(title)", href: "/") },
        .tag("p", ["id": "ocaf-status", "hidden": ""]) { "Connecting…" },
        .tag("main", ["id": "ocaf-root", "data-ocaf-feature": feature.path]),
      ],
      script: true
    )
  }

  private func document(title: String, body: [Node<Never>], script: Bool) -> String {
    let page = Node<Never>.tag("html", ["lang": "en"]) {
      Node<Never>.tag("head") {
        Node<Never>.tag("meta", ["charset": "utf-8"])
        Node<Never>.tag("meta", ["name": "viewport", "content": "width=device-width, initial-scale=1"])
        Node<Never>.tag("title") { title }
        Node<Never>.tag("link", ["rel": "stylesheet", "href": "/ocaf.css"])
      }
      Node<Never>.tag("body") {
        body
        if script { Node<Never>.tag("script", ["src": "/ocaf.js", "defer": ""]) }
      }
    }
    return "<!DOCTYPE html>" + page.renderStatic()
  }
}

/// The request context of the `/live` socket: Hummingbird's WebSocket context, plus the channel
/// of the connection it arrived on (see ``LiveFrameHandler``).
struct LiveSocketRequestContext: RequestContext, WebSocketRequestContext {
  var coreContext: CoreRequestContextStorage
  let webSocket: WebSocketHandlerReference<Self>
  /// The connection's channel.
  let channel: any Channel

  init(source: ApplicationRequestContextSource) {
    self.coreContext = .init(source: source)
    self.webSocket = .init()
    self.channel = source.channel
  }
}
