#if Web
/// Who is connecting: the client's address, and the secret its browser holds (see
/// ``SessionRegistry``).
///
/// ```swift
/// Visitor(address: "203.0.113.7", browserSecret: request.cookies["ocaf_browser"]?.value)
/// ```
public struct Visitor: Sendable, Hashable {
  /// The client's IP address (after trusted proxies), or `""` when unknown.
  public var address: String
  /// The secret of the client's browser, from its HttpOnly cookie; `nil` when it sent none
  /// (its sessions can't be resumed).
  public var browserSecret: String?
  /// Who the app says the visitor is (see ``LiveRequest/identity``); `nil` for nobody in
  /// particular.
  public var identity: String?

  /// Describes a visitor.
  public init(address: String = "", browserSecret: String? = nil, identity: String? = nil) {
    self.address = address
    self.browserSecret = browserSecret
    self.identity = identity
  }
}
#endif  // Web
