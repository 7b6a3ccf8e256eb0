#if Web
/// Which host names a server answers to: the `Host` of every request and the `Origin` of every
/// WebSocket upgrade must name one of them. A page served for a name the server does not know
/// is how DNS rebinding reaches a server on a private address, so such requests are refused.
///
/// Names are compared without their port and case-insensitively. An entry starting with a dot
/// (`.example.com`) allows every subdomain of that name.
///
/// ```swift
/// HostPolicy(allowedHosts: ["example.com", ".example.com"], boundHost: "0.0.0.0")
///   .allows(authority: "www.example.com:443")   // true
/// HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1")
///   .allows(authority: "evil.example:8080")      // false
/// ```
public struct HostPolicy: Sendable, Equatable {
  /// The names allowed as they are.
  public let names: Set<String>
  /// Suffixes (with their leading dot) whose subdomains are allowed.
  public let suffixes: [String]
  /// Whether any IP address is allowed as a host: the default for a server bound to every
  /// interface (`0.0.0.0` or `::`), whose addresses the server cannot list. DNS rebinding needs
  /// a host *name*, so IP addresses are safe to allow.
  public let allowsIPAddresses: Bool

  /// The policy for a server bound to `boundHost`: the names in `allowedHosts`, or, when it is
  /// `nil`, the bound address and `localhost` (any IP address, and `localhost`, for a wildcard
  /// address).
  public init(allowedHosts: Set<String>?, boundHost: String) {
    let bound = Self.normalized(boundHost)
    let isWildcard = bound.isEmpty || bound == "0.0.0.0" || bound == "::"
    if let allowedHosts {
      let entries = allowedHosts.map(Self.normalized)
      self.names = Set(entries.filter { !$0.hasPrefix(".") && !$0.isEmpty })
      self.suffixes = entries.filter { $0.hasPrefix(".") && $0.count > 1 }
      self.allowsIPAddresses = false
    } else {
      self.names = isWildcard ? ["localhost"] : [bound, "localhost"]
      self.suffixes = []
      self.allowsIPAddresses = isWildcard
    }
  }

  /// Whether a request whose `Host` (or HTTP/2 `:authority`) is `authority` may be served.
  /// A request without one is refused.
  public func allows(authority: String?) -> Bool {
    guard let authority, let host = Self.host(ofAuthority: authority) else { return false }
    return allows(host: host)
  }

  /// Whether `origin` (`scheme://host[:port]`, from an `Origin` header) names an allowed host
  /// over HTTP or HTTPS.
  public func allows(origin: String) -> Bool {
    let lowered = origin.lowercased()
    for scheme in ["http://", "https://"] where lowered.hasPrefix(scheme) {
      let authority = lowered.dropFirst(scheme.count)
      guard !authority.contains("/"), let host = Self.host(ofAuthority: String(authority)) else {
        return false
      }
      return allows(host: host)
    }
    return false
  }

  private func allows(host: String) -> Bool {
    if names.contains(host) { return true }
    if suffixes.contains(where: { host.hasSuffix($0) }) { return true }
    return allowsIPAddresses && Self.isIPAddress(host)
  }

  /// The host of an authority (`name:port`, `[v6]:port`), lowercased, without a trailing dot;
  /// `nil` when it is not one (empty, user info, a bad port).
  static func host(ofAuthority authority: String) -> String? {
    var text = Substring(authority.lowercased())
    guard !text.isEmpty, !text.contains("@"), !text.contains(where: { $0.isWhitespace }) else {
      return nil
    }
    var host: Substring
    if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]") else { return nil }
      host = text[text.index(after: text.startIndex)..<close]
      text = text[text.index(after: close)...]
      guard text.isEmpty || text.hasPrefix(":") else { return nil }
      if text.hasPrefix(":") { text = text.dropFirst() }
    } else if let colon = text.firstIndex(of: ":") {
      host = text[..<colon]
      text = text[text.index(after: colon)...]
    } else {
      host = text
      text = ""
    }
    guard text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber), text.count <= 5 else { return nil }
    if host.hasSuffix(".") { host = host.dropLast() }
    return host.isEmpty ? nil : String(host)
  }

  private static func normalized(_ name: String) -> String {
    var text = name.lowercased()
    if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
    if text.hasSuffix("."), text.count > 1 { text.removeLast() }
    return text
  }

  /// Whether `host` is a dotted IPv4 address or an IPv6 address (hex digits, colons, dots).
  static func isIPAddress(_ host: String) -> Bool {
    if host.contains(":") {
      return host.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4
      && parts.allSatisfy { part in
        !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber)
          && Int(part)! <= 255
      }
  }
}
#endif  // Web
