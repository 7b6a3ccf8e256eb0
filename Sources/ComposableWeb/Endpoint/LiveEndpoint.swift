#if Web
import Foundation
import Logging

/// The live pages of an app and their sessions, independent of the HTTP server that carries
/// them: which requests to admit, the pages' HTML, and what each page's socket says to its
/// session. A server adapter (`ComposableWebHummingbird`'s `LiveServer` and router
/// extension, or one of your own) turns its requests into ``LiveRequest``s, sends the
/// ``LiveResponse``s it gets back, checks each request's host with
/// ``misdirectedResponse(authority:)`` and adds ``headersMissing(from:)``, and maps each page's
/// socket onto a ``LivePageSocket``, which holds every rule of a page's socket. The page and the
/// server speak the protocol of ``ServerMessage``, ``ClientMessage`` and ``PageProtocol``.
///
/// Paths are under ``mountPath``: the index at `mountPath + "/"` (if ``showsIndex``), a
/// feature's page at
/// `mountPath + "/" + feature.path`, the page script's modules at `/ocaf/` (see ``PageScript``)
/// and the stylesheet at `/ocaf.css` below it, and the socket at `/live` below it.
///
/// ```swift
/// let endpoint = LiveEndpoint(
///   title: "Case studies", features: caseStudies,
///   hosts: HostPolicy(allowedHosts: ["example.com"], boundHost: "0.0.0.0"), logger: logger)
/// let response = await endpoint.respond(to: LiveRequest(path: "/counter", headers: headers))
/// ```
public final class LiveEndpoint: Sendable {
  /// The title of the index page.
  public let title: String
  /// The features, in the order the index lists them.
  public let features: [LiveFeature]
  /// Whether the endpoint serves an index of its features at `mountPath + "/"`. By default it
  /// does unless it is mounted at the site's root (`""`), whose `/` is the app's own; pass
  /// `showsIndex: true` there for a site of live pages alone (a `LiveServer`'s).
  public let showsIndex: Bool
  /// The path the pages are mounted at: `""` for the site's root, or e.g. `"/app"`.
  public let mountPath: String
  /// The hosts requests and upgrades may name.
  public let hosts: HostPolicy
  /// Origins accepted for socket upgrades besides those of ``hosts``.
  public let trustedOrigins: Set<String>
  /// Reverse proxies whose `X-Forwarded-For` is believed: the client is the last address in it
  /// that is not one of them.
  public let trustedProxies: Set<String>
  /// The security headers of every response.
  public let securityHeaders: SecurityHeaders
  /// Whether the browser cookie is marked `Secure`.
  public let secureCookies: Bool
  /// Bounds on sessions, queued messages and message rates.
  public let limits: LiveLimits
  /// Where the endpoint logs.
  public let logger: Logger
  /// The sessions.
  public let registry: SessionRegistry
  let offenders = OffenderLog()
  let pages: Pages

  /// Creates an endpoint for `features`, mounted at `mountPath`, whose pages have `layout`
  /// around them.
  ///
  /// ```swift
  /// let endpoint = LiveEndpoint(
  ///   title: "Guide", features: [greeting], mountPath: "/app",
  ///   layout: LiveLayout(title: { "\($0) · Guide" }, showsHeader: false),
  ///   showsIndex: false,
  ///   hosts: HostPolicy(allowedHosts: ["example.com"], boundHost: "0.0.0.0"),
  ///   logger: Logger(label: "guide"))
  /// ```
  ///
  /// - Parameters:
  ///   - title: The index page's title, and the title of its link in each page's header.
  ///   - features: The pages, in the order the index lists them.
  ///   - mountPath: Where the pages are: `""` for the site's root, or e.g. `"/app"`.
  ///   - layout: What every page has around its feature (see ``LiveLayout``).
  ///   - showsIndex: Whether `mountPath + "/"` lists the features; `nil`, the default, for
  ///     yes unless `mountPath` is the site's root (see ``showsIndex``).
  ///   - hosts: The hosts that requests and socket upgrades may name.
  ///   - disconnectedLifetime: How long a session whose page went away waits for it to come back.
  ///   - trustedOrigins: Origins accepted for socket upgrades and posted forms besides the hosts'.
  ///   - securityHeaders: The security headers of every response.
  ///   - trustedProxies: Reverse proxies whose `X-Forwarded-For` is believed.
  ///   - secureCookies: Whether the browser cookie is marked `Secure` (behind HTTPS).
  ///   - snapshots: Where sessions of `Codable` state are saved to survive a restart.
  ///   - limits: Bounds on sessions, queued messages, message rates and form sizes.
  ///   - clock: The clock of the sessions' expiry, rate limits, snapshot debounce and the
  ///     waits of a stop: the wall clock, or a test clock that a test advances.
  ///   - logger: Where the endpoint logs.
  public init(
    title: String,
    features: [LiveFeature],
    mountPath: String = "",
    layout: LiveLayout = LiveLayout(),
    showsIndex: Bool? = nil,
    hosts: HostPolicy,
    disconnectedLifetime: Duration = .seconds(120),
    trustedOrigins: Set<String> = [],
    securityHeaders: SecurityHeaders = SecurityHeaders(),
    trustedProxies: Set<String> = [],
    secureCookies: Bool = false,
    snapshots: SessionSnapshots? = nil,
    limits: LiveLimits = LiveLimits(),
    clock: any Clock<Duration> = ContinuousClock(),
    logger: Logger
  ) {
    let mountPath = mountPath.hasSuffix("/") ? String(mountPath.dropLast()) : mountPath
    self.title = title
    self.features = features
    self.mountPath = mountPath.isEmpty || mountPath.hasPrefix("/") ? mountPath : "/" + mountPath
    self.showsIndex = showsIndex ?? !self.mountPath.isEmpty
    self.hosts = hosts
    self.trustedOrigins = trustedOrigins
    self.securityHeaders = securityHeaders
    self.trustedProxies = trustedProxies
    self.secureCookies = secureCookies
    self.limits = limits
    self.logger = logger
    self.registry = SessionRegistry(
      features: features, disconnectedLifetime: disconnectedLifetime, limits: limits,
      snapshots: snapshots, clock: clock, logger: logger)
    self.pages = Pages(
      title: title, features: features, mountPath: self.mountPath, layout: layout,
      showsIndex: self.showsIndex)
    var hookNames: Set<String> = []
    for hook in layout.hooks + features.flatMap(\.hooks) {
      if !LiveHook.isValidName(hook.name) {
        logger.warning(
          "A client hook's name cannot name one; elements cannot use it",
          metadata: ["hook": LogText.escaped(hook.name)])
      } else if !hookNames.insert(hook.name).inserted,
        pages.hooks.first(where: { $0.name == hook.name }) != hook
      {
        logger.warning(
          "Two different client hooks share a name; pages load the first",
          metadata: ["hook": "\(hook.name)"])
      }
    }
    #if !DEBUG
      if let latency = layout.simulatedLatency {
        logger.warning(
          "Ignored the layout's simulated latency: it is a development setting, off in release builds",
          metadata: ["latency": "\(latency)"])
      }
    #endif
  }

  // MARK: Requests

  /// The path of the page socket, e.g. `/live` or `/app/live`.
  public var socketPath: String { mountPath + "/live" }

  /// Every path ``respond(to:)`` answers: the index (if ``showsIndex``), each feature's page,
  /// the script's modules and the stylesheet; for a feature with a route, also `/**` below its
  /// page (any path there).
  public var pagePaths: [String] {
    (showsIndex ? [indexPath] : [])
      + PageScript.modules.keys.sorted().map { mountPath + PageScript.folder + $0 }
      + pages.hooks.filter { $0.source != nil }.map { mountPath + Pages.hookPath($0.name) }
      + [mountPath + "/ocaf.css"] + featurePagePaths
  }

  /// The index's path, `mountPath + "/"`.
  public var indexPath: String { mountPath + "/" }

  /// The paths of the features' pages (with `/**` below a routed one's), to which a browser
  /// without JavaScript posts their forms.
  public var featurePagePaths: [String] {
    features.flatMap { feature in
      let page = mountPath + "/" + feature.path
      return feature.isRouted ? [page, page + "/**"] : [page]
    }
  }

  /// The feature whose page `path` (below ``mountPath``) is, and where below its page it is.
  func feature(at path: Substring, query: [LiveField]) -> (LiveFeature, LiveLocation)? {
    for feature in features {
      let page = "/" + feature.path
      if path == page { return (feature, LiveLocation(query: query)) }
      if feature.isRouted, path.hasPrefix(page + "/") {
        return (feature, LiveLocation(path: String(path.dropFirst(page.count)), query: query))
      }
    }
    return nil
  }

  /// The response to a `GET` of `request.path`, or `nil` when it is none of ``pagePaths``.
  ///
  /// A feature's page is rendered here, over HTTP: a session starts for it (its store made for
  /// `request`, its appear action sent) and the page carries its first render, readable without
  /// JavaScript; the page's socket then takes over that same session. The page sets the
  /// browser cookie when the request carries none.
  ///
  /// A `POST` to a feature's page is a form posted by a browser without JavaScript: its
  /// session applies it (see ``SessionRegistry/submit(featurePath:visitor:request:fields:styleNonce:)``)
  /// and the response is the page rendered again. A post from another origin is refused (403),
  /// and so is one over ``LiveLimits/maximumFormBytes`` (413).
  public func respond(to request: LiveRequest) async -> LiveResponse? {
    let path = request.path
    guard path.hasPrefix(mountPath) else { return nil }
    let rest = path.dropFirst(mountPath.count)
    switch rest {
    case "/", "":
      return showsIndex ? html(pages.index()) : nil
    case _ where rest.hasPrefix(PageScript.folder):
      let name = String(rest.dropFirst(PageScript.folder.count))
      let hook = pages.hooks.first { $0.source != nil && Pages.hookPath($0.name) == rest }
      guard let source = PageScript.modules[name] ?? hook?.source else { return nil }
      // Checked with the server on every load: a page of a new deploy must not run an old
      // module, which would speak the old protocol version and be told to reload again.
      return LiveResponse(
        headers: [
          LiveField("Content-Type", "text/javascript; charset=utf-8"),
          LiveField("Cache-Control", "no-cache"),
        ],
        body: source)
    case "/ocaf.css":
      return LiveResponse(
        headers: [LiveField("Content-Type", "text/css; charset=utf-8")], body: Pages.style)
    default:
      guard case let (feature, location)? = self.feature(at: rest, query: request.query) else {
        return nil
      }
      if request.method == "POST" {
        guard admitsOrigin(of: request, refusing: "posted forms") else {
          return LiveResponse(status: 403, headers: responseHeaders, body: "Forbidden\n")
        }
        guard request.body.utf8.count <= limits.maximumFormBytes else {
          logger.warning(
            "Refused a posted form over the size limit",
            metadata: ["bytes": "\(request.body.utf8.count)", "limit": "\(limits.maximumFormBytes)"])
          return LiveResponse(status: 413, headers: responseHeaders, body: "Form too large\n")
        }
      }
      var request = request
      request.location = location
      var visitor = visitor(of: request)
      var cookie: String?
      if visitor.browserSecret == nil {
        let secret = LiveSession.makeID()
        visitor.browserSecret = secret
        cookie = BrowserCookie.setCookie(secret: secret, secure: secureCookies)
      }
      // A nonce per page lets its inline styles (`style(_:)`) apply under the default policy.
      let nonce = LiveSession.makeID()
      let session =
        request.method == "POST"
        ? await registry.submit(
          featurePath: feature.path, visitor: visitor, request: request, fields: request.form,
          styleNonce: nonce)
        : await registry.open(
          featurePath: feature.path, visitor: visitor, request: request, styleNonce: nonce)
      var response = html(pages.page(for: feature, render: session, nonce: nonce))
      response.headers += securityHeaders.fields(styleNonce: nonce)
      if let cookie { response.headers.append(LiveField("Set-Cookie", cookie)) }
      return response
    }
  }

  private func html(_ body: String) -> LiveResponse {
    LiveResponse(headers: [LiveField("Content-Type", "text/html; charset=utf-8")], body: body)
  }

  // MARK: Sockets

  /// Attaches a page's socket, opened by `request` (`?feature=…&session=…&version=…`), to its session:
  /// the one it resumes, if its browser holds that session's secret, or a new one. The
  /// session's messages go to `send`; `close` closes the socket when another page of the same
  /// browser takes the session over (after `send` has the notice that says so).
  ///
  /// A page whose script speaks another version of the protocol than ``PageProtocol/version``
  /// (or names none: a page of a deploy before versions) is told to reload, and gets no session.
  ///
  /// Returns `nil` when the page is refused (after `send` has the refusal, if any): then close
  /// the socket once what was sent is written.
  public func attach(
    _ request: LiveRequest,
    send: @escaping @Sendable (String) -> Void,
    close: @escaping @Sendable () -> Void
  ) async -> LiveAttachment? {
    let registry = self.registry
    guard request.query(PageProtocol.SocketParameter.version.rawValue) == "\(PageProtocol.version)"
    else {
      logger.info(
        "Told a page whose script speaks another protocol version to reload",
        metadata: [
          "version": LogText.escaped(
            request.query(PageProtocol.SocketParameter.version.rawValue) ?? "none", limit: 16)
        ])
      send(ServerMessage.reload.text)
      return nil
    }
    // A session started here (none to resume) is made for the page's own path and query,
    // which the page script sends along.
    var pageRequest = request
    if let page = request.query(PageProtocol.SocketParameter.page.rawValue), page.hasPrefix("/"),
      let components = URLComponents(string: page)
    {
      pageRequest.path = components.percentEncodedPath
      pageRequest.query = (components.queryItems ?? []).map { LiveField($0.name, $0.value ?? "") }
    }
    let pageFeature =
      pageRequest.path.hasPrefix(mountPath)
      ? self.feature(at: pageRequest.path.dropFirst(mountPath.count), query: pageRequest.query)
      : nil
    // A page names its feature, unless a live link switched it to another page: then the
    // feature is the one at its URL (and a URL that is no live page is loaded instead).
    let featurePath: String
    var switchedPage: ServerMessage.SwitchedPage?
    if let named = request.query(PageProtocol.SocketParameter.feature.rawValue) {
      featurePath = named
    } else if case let (feature, _)? = pageFeature {
      featurePath = feature.path
      switchedPage = pages.switchedPage(for: feature)
    } else {
      send(ServerMessage.reload.text)
      return nil
    }
    if case let (feature, location)? = pageFeature, feature.path == featurePath {
      pageRequest.location = location
    }
    guard
      let connection = await registry.connect(
        featurePath: featurePath,
        resumeID: request.query(PageProtocol.SocketParameter.session.rawValue),
        visitor: visitor(of: request), request: pageRequest,
        styleNonce: request.query(PageProtocol.SocketParameter.nonce.rawValue).flatMap(Self.validNonce), switchedPage: switchedPage,
        output: send, close: close)
    else { return nil }
    let host = await registry.host(of: connection)
    let sessionName = host?.logName ?? "none"
    let logger = self.logger
    // The queue reaches the session on its actor, and does not keep it once it ends.
    let queue = InboundQueue(limit: limits.inboundQueueSize) { dropped in
      // Once per socket: the queue reports its first drop and every hundredth.
      guard dropped == 1 else { return }
      logger.warning(
        "Dropped a message: the session's inbound queue is full (logged once per socket)",
        metadata: ["session": "\(sessionName)"])
    } schedule: { [weak host] work in
      // Once the session is gone, the queue still drains (into nothing).
      if let host { host.schedule(work) } else { work() }
    } handle: { [weak host] message in
      host?.withSessionOnActor { session in
        switch message {
        case let .text(text): session.receive(text)
        case let .binary(count): session.receiveBinary(byteCount: count)
        case let .bytes(bytes): session.receive(binary: bytes)
        }
      }
    }
    return LiveAttachment(queue: queue, connection: connection, registry: registry)
  }

  /// Who sent `request`: its client address (after trusted proxies), its browser's secret and
  /// its identity.
  func visitor(of request: LiveRequest) -> Visitor {
    Visitor(
      address: ClientAddress.resolve(
        peer: request.peerAddress, forwardedFor: request.headers("X-Forwarded-For"),
        trustedProxies: trustedProxies),
      browserSecret: BrowserCookie.secret(in: request),
      identity: request.identity)
  }

  /// `nonce` if it can be a nonce this endpoint made (32 hex digits), else `nil`.
  static func validNonce(_ nonce: String) -> String? {
    nonce.utf8.count == 32
      && nonce.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) } ? nonce : nil
  }

  /// Stops for good: every attached page is told the server is stopping and its socket
  /// closed, restorable sessions are saved, every session ends, and later pages are refused.
  public func shutDown() async {
    await registry.shutDown()
  }
}

#endif  // Web
