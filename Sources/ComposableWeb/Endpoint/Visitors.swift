#if Web
import Foundation

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

/// The HttpOnly, SameSite cookie holding the secret that binds a browser's sessions to it: page
/// scripts cannot read it, and other sites' pages never send it with a socket. (`Lax`, not
/// `Strict`: a link from another site must carry it, or the page would get a new secret and the
/// browser's other tabs could no longer resume their sessions.)
enum BrowserCookie {
  static let name = "ocaf_browser"

  /// The `Set-Cookie` value that gives the browser `secret`, for every path of the site.
  static func setCookie(secret: String, secure: Bool) -> String {
    "\(name)=\(secret); Path=/; HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "")
  }

  /// The secret a request carries, if it is well formed (32 hex digits).
  static func secret(in request: LiveRequest) -> String? {
    guard let value = request.cookies[name], value.utf8.count == 32,
      value.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) })
    else { return nil }
    return value
  }
}
#endif  // Web
