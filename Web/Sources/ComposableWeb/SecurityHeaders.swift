import HTTPTypes
import Hummingbird
import Logging
import Synchronization

/// The headers every response of a ``LiveServer`` carries, so that a browser runs only the page's
/// own script and styles, never sniffs a type, and never shows a page inside another site's
/// frame. Set a field to `nil` to leave its header out.
///
/// ```swift
/// var headers = SecurityHeaders()
/// headers.contentSecurityPolicy! += "; img-src 'self' https://images.example.com"
/// LiveServer(title: "App", features: features, securityHeaders: headers, logger: logger)
/// ```
public struct SecurityHeaders: Sendable {
  /// `Content-Security-Policy`: by default only the server's own script, styles, images and
  /// WebSocket, no inline script or style, no plugins, and no framing (`frame-ancestors 'none'`).
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
  var fields: HTTPFields {
    var fields = HTTPFields()
    if let contentSecurityPolicy { fields[.contentSecurityPolicy] = contentSecurityPolicy }
    if let contentTypeOptions { fields[.xContentTypeOptions] = contentTypeOptions }
    if let frameOptions { fields[.xFrameOptions] = frameOptions }
    if let referrerPolicy { fields[.referrerPolicy] = referrerPolicy }
    return fields
  }
}

extension HTTPField.Name {
  static let xContentTypeOptions = Self("X-Content-Type-Options")!
  static let xFrameOptions = Self("X-Frame-Options")!
  static let referrerPolicy = Self("Referrer-Policy")!
}

/// The host check of requests and upgrades: whether a request's `Host` is served, logging a
/// refusal once per host.
struct HostCheck: Sendable {
  let hosts: HostPolicy
  let offenders: OffenderLog
  let logger: Logger

  /// Whether `request` names a host the server serves.
  func admits(_ request: Request) -> Bool {
    guard hosts.allows(authority: request.head.authority) else {
      let host = request.head.authority ?? ""
      if offenders.isFirst("host", host) {
        logger.warning(
          "Refused requests for a host this server does not serve (logged once per host)",
          metadata: ["host": LogText.escaped(host)])
      }
      return false
    }
    return true
  }
}

/// Refuses requests for hosts the server does not serve (`421 Misdirected Request`) and adds the
/// security headers to every response.
struct HostAndHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
  let hostCheck: HostCheck
  let headers: HTTPFields

  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard hostCheck.admits(request) else {
      var fields = headers
      fields[.contentType] = "text/plain; charset=utf-8"
      return Response(
        status: .misdirectedRequest, headers: fields,
        body: .init(byteBuffer: .init(string: "This server does not serve that host.\n")))
    }
    var response: Response
    do {
      response = try await next(request, context)
    } catch let error as any HTTPResponseError {
      // A 404 or another error the router turns into a response carries the headers too.
      response = try error.response(from: request, context: context)
    }
    for field in headers where response.headers[field.name] == nil {
      response.headers.append(field)
    }
    return response
  }
}

/// Remembers who has been logged for what, so that a limit is logged once per offender (a host,
/// a client address) rather than once per request or frame. It forgets everything once it holds
/// `capacity` offenders, so that it stays bounded; those met again are logged again.
///
/// ```swift
/// if offenders.isFirst("host", host) { logger.warning("Refused a host", …) }
/// ```
final class OffenderLog: Sendable {
  private let seen = Mutex(Set<String>())
  let capacity: Int

  init(capacity: Int = 4096) {
    self.capacity = capacity
  }

  /// `true` the first time `offender` is met for `kind`.
  func isFirst(_ kind: String, _ offender: String) -> Bool {
    seen.withLock { seen in
      if seen.count >= capacity { seen.removeAll() }
      return seen.insert(kind + "\u{0}" + offender).inserted
    }
  }
}
