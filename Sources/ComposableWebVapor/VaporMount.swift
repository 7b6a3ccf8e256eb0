#if Vapor
import ComposableWeb
import Foundation
import Vapor

extension RoutesBuilder {
  /// Adds `endpoint`'s pages to these routes (the index, each feature's page, the page script
  /// and the stylesheet, at their paths under ``LiveEndpoint/mountPath``), and the socket through
  /// which each page talks to its session, at ``LiveEndpoint/socketPath``. Middleware of these
  /// routes (or of the group this is called on) runs first, for the pages and for their sockets;
  /// the endpoint's host check and security headers then apply to these routes only.
  ///
  /// `prepare` adds what the request knows to the request a page's store is made for, such as
  /// the user that a sign-in middleware authenticated; the socket's upgrade request passes the
  /// same middleware and `prepare`, so a session is resumed only by the identity that started it:
  ///
  /// ```swift
  /// let endpoint = LiveEndpoint(
  ///   title: "Case studies", features: caseStudies,
  ///   hosts: HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1"), logger: app.logger)
  /// app.grouped(UserAuthenticator()).addLivePages(endpoint) { live, request in
  ///   live.identity = request.auth.get(User.self)?.name
  /// }
  /// app.lifecycle.use(LiveEndpointLifecycle(endpoint))
  /// ```
  public func addLivePages(
    _ endpoint: LiveEndpoint,
    prepare: @escaping @Sendable (inout LiveRequest, Request) -> Void = { _, _ in }
  ) {
    let routes = grouped(LiveHostMiddleware(endpoint: endpoint))
    for path in endpoint.pagePaths {
      routes.on(.GET, Self.components(path)) { request async throws -> Response in
        var live = LiveRequest(request)
        prepare(&live, request)
        guard let response = await endpoint.respond(to: live) else { throw Abort(.notFound) }
        return Response(response)
      }
    }
    // Forms posted by browsers without JavaScript, to the features' pages.
    for path in endpoint.featurePagePaths {
      routes.on(
        .POST, Self.components(path),
        body: .collect(maxSize: ByteCount(integerLiteral: endpoint.limits.maximumFormBytes))
      ) { request async throws -> Response in
        var live = LiveRequest(request)
        live.body = request.body.string ?? ""
        prepare(&live, request)
        guard let response = await endpoint.respond(to: live) else { throw Abort(.notFound) }
        return Response(response)
      }
    }
    routes.on(.GET, Self.components(endpoint.socketPath)) { request -> Response in
      let response = Response(status: .switchingProtocols)
      response.upgrader = LiveWebSocketUpgrader(
        endpoint: endpoint, address: request.peerAddress?.ipAddress ?? request.remoteAddress?.ipAddress,
        shouldUpgrade: {
          request.eventLoop.makeSucceededFuture(
            endpoint.admitsSocket(LiveRequest(request)) ? [:] : nil)
        },
        onUpgrade: { socket in
          var live = LiveRequest(request)
          prepare(&live, request)
          let page = live
          Task { await LiveVaporSocket.serve(socket, request: page, endpoint: endpoint) }
        })
      return response
    }
  }

  /// A path of the endpoint's as Vapor's components: `/app/todos/**` is `app`, `todos` and a
  /// catch-all.
  static func components(_ path: String) -> [PathComponent] {
    path.split(separator: "/").map { $0 == "**" ? .catchall : .constant(String($0)) }
  }
}

/// Stops the endpoint with the app: every page is told the server is stopping, its socket
/// closed, and every session ends (cancelling its effects).
///
/// ```swift
/// app.lifecycle.use(LiveEndpointLifecycle(endpoint))
/// ```
public struct LiveEndpointLifecycle: LifecycleHandler {
  let endpoint: LiveEndpoint

  /// A handler that shuts `endpoint` down when the app shuts down.
  public init(_ endpoint: LiveEndpoint) {
    self.endpoint = endpoint
  }

  public func shutdownAsync(_ application: Application) async {
    await endpoint.shutDown()
  }
}

/// Refuses requests for hosts the endpoint does not serve (`421 Misdirected Request`) and adds
/// its security headers to every response of its routes, errors included.
struct LiveHostMiddleware: AsyncMiddleware {
  let endpoint: LiveEndpoint

  func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
    if let refusal = endpoint.misdirectedResponse(authority: request.headers.first(name: .host)) {
      return Response(refusal)
    }
    let response: Response
    do {
      response = try await next.respond(to: request)
    } catch let error as any AbortError {
      response = Response(status: error.status, body: .init(string: error.reason + "\n"))
    }
    for field in endpoint.headersMissing(from: { response.headers.contains(name: $0) }) {
      response.headers.add(name: field.name, value: field.value)
    }
    return response
  }
}

extension LiveRequest {
  /// The live page's view of a Vapor request.
  init(_ request: Request) {
    let query = URLComponents(string: "?" + (request.url.query ?? ""))?.queryItems ?? []
    self.init(
      method: request.method.rawValue,
      path: request.url.path,
      query: query.map { LiveField($0.name, $0.value ?? "") },
      headers: request.headers.map { LiveField($0.name, $0.value) },
      peerAddress: request.remoteAddress?.ipAddress)
    // A session started for the request runs on its connection's event loop.
    self.sessionActor = SessionActor(eventLoop: request.eventLoop)
  }
}

extension Response {
  /// The Vapor response for a live page's response.
  convenience init(_ response: LiveResponse) {
    var headers = HTTPHeaders()
    for field in response.headers { headers.add(name: field.name, value: field.value) }
    self.init(
      status: HTTPResponseStatus(statusCode: response.status), headers: headers,
      body: .init(string: response.body))
  }
}
#endif  // Vapor
