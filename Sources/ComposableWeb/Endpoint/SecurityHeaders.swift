#if Web
import Sharing

/// The headers every response of a ``LiveEndpoint``'s pages carries, so that a browser runs only the page's
/// own script and styles, never sniffs a type, and never shows a page inside another site's
/// frame. Set a field to `nil` to leave its header out.
///
/// ```swift
/// var headers = SecurityHeaders()
/// headers.contentSecurityPolicy! += "; img-src 'self' https://images.example.com"
/// LiveEndpoint(title: "App", features: features, hosts: hosts, securityHeaders: headers, logger: logger)
/// ```
public struct SecurityHeaders: Sendable {
  /// `Content-Security-Policy`: by default only the server's own script, styles, images and
  /// WebSocket, no inline script, no `style` attributes, no plugins, and no framing
  /// (`frame-ancestors 'none'`). A page's `<style>` elements (`style(_:)`) apply all the same:
  /// each page's response adds its own nonce to `style-src`, and they carry it.
  public var contentSecurityPolicy: String?
  /// `X-Content-Type-Options`, `nosniff` by default.
  public var contentTypeOptions: String?
  /// `X-Frame-Options`, `DENY` by default: framing protection for browsers that predate
  /// `frame-ancestors`.
  public var frameOptions: String?
  /// `Referrer-Policy`, `same-origin` by default: other sites are not told the page's URL.
  public var referrerPolicy: String?

  /// The default `Content-Security-Policy`.
  public static let defaultContentSecurityPolicy =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    + "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    + "frame-ancestors 'none'"

  /// Creates the headers; every default is the strict one.
  public init(
    contentSecurityPolicy: String? = SecurityHeaders.defaultContentSecurityPolicy,
    contentTypeOptions: String? = "nosniff",
    frameOptions: String? = "DENY",
    referrerPolicy: String? = "same-origin"
  ) {
    self.contentSecurityPolicy = contentSecurityPolicy
    self.contentTypeOptions = contentTypeOptions
    self.frameOptions = frameOptions
    self.referrerPolicy = referrerPolicy
  }

  /// The headers as fields of a response.
  public var fields: [LiveField] { fields(styleNonce: nil) }

  /// The headers as fields of a page's response whose inline styles carry `styleNonce`: the
  /// policy's `style-src` allows them (a policy without `style-src` is left as it is).
  func fields(styleNonce: String?) -> [LiveField] {
    var fields: [LiveField] = []
    if var contentSecurityPolicy {
      if let styleNonce { contentSecurityPolicy = Self.allowing(styleNonce, in: contentSecurityPolicy) }
      fields.append(LiveField("Content-Security-Policy", contentSecurityPolicy))
    }
    if let contentTypeOptions { fields.append(LiveField("X-Content-Type-Options", contentTypeOptions)) }
    if let frameOptions { fields.append(LiveField("X-Frame-Options", frameOptions)) }
    if let referrerPolicy { fields.append(LiveField("Referrer-Policy", referrerPolicy)) }
    return fields
  }

  /// `policy` with `'nonce-…'` added to its `style-src` directive.
  static func allowing(_ nonce: String, in policy: String) -> String {
    policy.split(separator: ";", omittingEmptySubsequences: false).map { directive in
      let trimmed = directive.drop { $0 == " " }
      guard trimmed.hasPrefix("style-src ") || trimmed == "style-src" else { return String(directive) }
      return String(directive) + " 'nonce-\(nonce)'"
    }.joined(separator: ";")
  }
}
#endif  // Web
