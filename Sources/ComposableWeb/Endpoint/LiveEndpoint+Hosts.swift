#if Web
extension LiveEndpoint {
  /// The security headers, as fields for every response.
  public var responseHeaders: [LiveField] { securityHeaders.fields }

  /// Whether a request naming `authority` (its `Host`) is for a host the endpoint serves; a
  /// refusal is logged once per host.
  public func admits(authority: String?) -> Bool {
    guard hosts.allows(authority: authority) else {
      let host = authority ?? ""
      if offenders.isFirst("host", host) {
        logger.warning(
          "Refused requests for a host this server does not serve (logged once per host)",
          metadata: ["host": LogText.escaped(host)])
      }
      return false
    }
    return true
  }

  /// Whether a socket upgrade may proceed: its host is served, and its `Origin`, if any, is
  /// one of the served hosts or a trusted origin. A refusal is logged once per host or origin.
  public func admitsSocket(_ request: LiveRequest) -> Bool {
    guard admits(authority: request.header("Host")) else { return false }
    return admitsOrigin(of: request, refusing: "WebSocket upgrades")
  }

  /// Whether `request` comes from one of the served hosts or a trusted origin, as far as its
  /// `Origin` (and, for a form, its `Sec-Fetch-Site`) says; a refusal of `what` is logged once
  /// per origin.
  func admitsOrigin(of request: LiveRequest, refusing what: String) -> Bool {
    var foreign: String?
    if let origin = request.header("Origin"), !trustedOrigins.contains(origin),
      !hosts.allows(origin: origin)
    {
      foreign = origin
    } else if request.method == "POST", request.header("Origin") == nil,
      request.header("Sec-Fetch-Site") == "cross-site"
    {
      foreign = "a cross-site page"
    }
    guard let foreign else { return true }
    if offenders.isFirst("origin", foreign) {
      logger.warning(
        "Refused \(what) from another origin (logged once per origin)",
        metadata: ["origin": LogText.escaped(foreign)])
    }
    return false
  }

  /// The response to a request naming `authority` (its `Host`) when the endpoint does not serve
  /// that host: `421 Misdirected Request`, with the endpoint's headers. `nil` for a host it
  /// serves. An adapter checks every request of the endpoint's routes with it.
  ///
  /// ```swift
  /// if let refusal = endpoint.misdirectedResponse(authority: request.headers.first(name: .host)) {
  ///   return Response(refusal)
  /// }
  /// ```
  public func misdirectedResponse(authority: String?) -> LiveResponse? {
    guard !admits(authority: authority) else { return nil }
    return LiveResponse(
      status: 421,
      headers: responseHeaders.filter { $0.name.lowercased() != "content-type" }
        + [LiveField("Content-Type", "text/plain; charset=utf-8")],
      body: "This server does not serve that host.\n")
  }

  /// The endpoint's headers (``responseHeaders``) that a response lacks, by `has`, which says
  /// whether the response has a field of the name it is given: what an adapter adds to every
  /// response of the endpoint's routes, errors included.
  ///
  /// ```swift
  /// for field in endpoint.headersMissing(from: { response.headers.contains(name: $0) }) {
  ///   response.headers.add(name: field.name, value: field.value)
  /// }
  /// ```
  public func headersMissing(from has: (String) -> Bool) -> [LiveField] {
    responseHeaders.filter { !has($0.name) }
  }
}
#endif  // Web
