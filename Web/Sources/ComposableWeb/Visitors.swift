import Hummingbird
import HTTPTypes
import Logging
import ServiceLifecycle
import Synchronization

/// The client address that per-address limits count.
///
/// ```swift
/// ClientAddress.resolve(peer: "10.0.0.2", forwardedFor: ["203.0.113.7, 10.0.0.3"],
///                       trustedProxies: ["10.0.0.2", "10.0.0.3"])   // "203.0.113.7"
/// ```
enum ClientAddress {
  /// The connection's `peer`, unless it is a trusted proxy: then the last address of
  /// `X-Forwarded-For` (all its values, in order) that is not a trusted proxy, since only the
  /// entries the trusted proxies appended can be believed. `""` when nothing is known.
  static func resolve(peer: String?, forwardedFor: [String], trustedProxies: Set<String>) -> String {
    guard let peer else { return "" }
    guard trustedProxies.contains(peer) else { return peer }
    let hops = forwardedFor.flatMap { $0.split(separator: ",") }
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
    for hop in hops.reversed() where !trustedProxies.contains(hop) {
      // What a proxy wrote is an address; anything else is not believed, and not logged raw.
      return hop.count <= 64 && (HostPolicy.isIPAddress(hop) || hop.hasPrefix("[")) ? hop : peer
    }
    return peer
  }
}

extension HTTPField.Name {
  static let xForwardedFor = Self("X-Forwarded-For")!
}

/// The HttpOnly, SameSite cookie holding the secret that binds a browser's sessions to it: page
/// scripts cannot read it, and other sites' pages never send it with a socket. (`Lax`, not
/// `Strict`: a link from another site must carry it, or the page would get a new secret and the
/// browser's other tabs could no longer resume their sessions.)
enum BrowserCookie {
  static let name = "ocaf_browser"

  /// A new secret in a cookie for every path of the site.
  static func make(secure: Bool) -> Cookie {
    Cookie(
      name: name, value: LiveSession.makeID(), path: "/", secure: secure, httpOnly: true,
      sameSite: .lax)
  }

  /// The secret a request carries, if it is well formed (32 hex digits).
  static func secret(in request: Request) -> String? {
    guard let value = request.cookies[name]?.value, value.utf8.count == 32,
      value.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) })
    else { return nil }
    return value
  }
}

/// Lets a caller (a test) stop ``LiveServer``'s `run` as a signal would.
final class ShutdownTrigger: Sendable {
  private let group = Mutex<ServiceGroup?>(nil)

  init() {}

  func attach(_ group: ServiceGroup) {
    self.group.withLock { $0 = group }
  }

  /// Starts the graceful shutdown.
  func stop() async {
    let group = self.group.withLock { $0 }
    await group?.triggerGracefulShutdown()
  }
}

/// The sessions' part of a stop: waits for the graceful shutdown, then tells every page,
/// closes its socket and ends every session; then gives the rest `timeout` before it reports
/// that the time is up.
struct SessionsService: Service {
  let registry: SessionRegistry
  let timeout: Duration
  let logger: Logger
  let timeIsUp: @Sendable () -> Void

  func run() async throws {
    try? await gracefulShutdown()
    let count = await registry.count
    logger.info("Stopping: pages are told, sessions end", metadata: ["sessions": "\(count)"])
    await registry.shutDown()
    let timeout = self.timeout
    let timeIsUp = self.timeIsUp
    Task {
      try? await Task.sleep(for: timeout)
      timeIsUp()
    }
  }
}
