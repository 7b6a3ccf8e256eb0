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

/// A web server of live pages alone: an endpoint's index, its features' pages, the page script,
/// and the WebSocket (`/live`) through which each tab talks to its session, on a Hummingbird
/// application of their own. Every setting of the pages is the endpoint's; the server adds
/// only how long a stop may take. (To serve pages beside an app's own routes, mount the
/// endpoint on the app's router instead: `addLivePages`.)
///
/// ```swift
/// let endpoint = LiveEndpoint(
///   title: "Case studies", features: [counter, twoCounters], showsIndex: true,
///   hosts: HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1"), logger: logger)
/// try await LiveServer(endpoint: endpoint).run(host: "127.0.0.1", port: 8080)
/// ```
public struct LiveServer: Sendable {
  /// The pages the server serves, with their settings and limits.
  public let endpoint: LiveEndpoint
  /// How long a stop (SIGTERM, SIGINT) may take: pages are told and their sockets closed,
  /// sessions end (cancelling effects), open connections get this long to finish, and then the
  /// server returns whatever is still open.
  public let shutdownTimeout: Duration

  /// A server for `endpoint`'s pages.
  public init(endpoint: LiveEndpoint, shutdownTimeout: Duration = .seconds(10)) {
    self.endpoint = endpoint
    self.shutdownTimeout = shutdownTimeout
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
      print("\(endpoint.title) running at http://\(host):\(port)\(endpoint.indexPath)")
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
    let app = makeApplication(host: host, port: port, onReady: onReady)
    try await app.runService(
      with: endpoint, shutdownTimeout: shutdownTimeout, signals: signals, stop: stop)
  }

  /// The Hummingbird application serving the endpoint; `onReady` receives the bound port.
  public func makeApplication(
    host: String,
    port: Int,
    onReady: @escaping @Sendable (Int) -> Void = { _ in }
  ) -> some ApplicationProtocol {
    let router = Router(context: LiveRequestContext.self)
    // Every route, a 404 included, is for an allowed host and carries the security headers.
    // (The socket's upgrade is not a route: `LiveSocketServing.upgrade` checks its host.)
    router.add(middleware: HostAndHeadersMiddleware(endpoint: endpoint))
    router.addLivePageRoutes(endpoint, guarded: true)
    let limits = endpoint.limits
    return Application(
      router: router,
      server: HTTPServerBuilder { responder in
        ConnectionGuardChannel(
          // The page's socket is upgraded here rather than by a router's `ws` route: a route
          // keeps each socket's request context in a cycle that is never freed.
          base: HTTP1WebSocketUpgradeChannel(
            responder: responder,
            configuration: .init(
              http1: .init(idleTimeout: TimeAmount(limits.idleTimeout)),
              ws: .init(
                maxFrameSize: LivePageSocket.maximumFrameSize,
                closeTimeout: limits.closeTimeout))
          ) { head, channel, _ in
            LiveSocketServing.upgrade(head, channel: channel, endpoint: endpoint)
          },
          endpoint: endpoint)
      },
      configuration: .init(address: .hostname(host, port: port), serverName: "ComposableWeb"),
      onServerRunning: { channel in onReady(channel.localAddress?.port ?? port) },
      logger: endpoint.logger
    )
  }
}
#endif  // Hummingbird
