#if Hummingbird
import ComposableWeb
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
    let endpoint = makeEndpoint(host: host)
    let app = makeApplication(endpoint: endpoint, host: host, port: port, onReady: onReady)
    try await app.runService(
      with: endpoint, shutdownTimeout: shutdownTimeout, signals: signals, stop: stop)
  }

  /// The endpoint of the server's features, for a server bound to `host`.
  public func makeEndpoint(host: String) -> LiveEndpoint {
    LiveEndpoint(
      title: title, features: features, showsIndex: true,
      hosts: HostPolicy(allowedHosts: allowedHosts, boundHost: host),
      disconnectedLifetime: disconnectedLifetime, trustedOrigins: trustedOrigins,
      securityHeaders: securityHeaders, trustedProxies: trustedProxies,
      secureCookies: secureCookies, snapshots: snapshots, limits: limits, logger: logger)
  }

  /// The Hummingbird application serving `endpoint`; `onReady` receives the bound port.
  public func makeApplication(
    endpoint: LiveEndpoint,
    host: String,
    port: Int,
    onReady: @escaping @Sendable (Int) -> Void = { _ in }
  ) -> some ApplicationProtocol {
    let router = Router(context: LiveRequestContext.self)
    // Every route, a 404 included, is for an allowed host and carries the security headers.
    router.add(middleware: HostAndHeadersMiddleware(endpoint: endpoint))
    router.addLivePages(endpoint, guarded: true)
    let limits = self.limits
    let webSocketResponder = router.buildResponder()
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
}
#endif  // Hummingbird
