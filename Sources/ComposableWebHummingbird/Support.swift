#if Hummingbird
import ComposableWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle
import Sharing

extension LiveRequest {
  /// The live page's view of a Hummingbird request that arrived on `channel`.
  init(_ request: Request, channel: (any Channel)?) {
    self.init(request.head, uri: request.uri, channel: channel)
  }

  /// The live page's view of a request's head that arrived on `channel`.
  init(_ head: HTTPRequest, uri: URI? = nil, channel: (any Channel)?) {
    let uri = uri ?? URI(head.path ?? "")
    self.init(
      method: head.method.rawValue,
      path: uri.path,
      query: uri.queryParameters.map { LiveField(String($0.key), String($0.value)) },
      headers: head.headerFields.map { LiveField($0.name.rawName, $0.value) }
        // HTTP/2 and HTTP/3 carry the host as the `:authority` pseudo-header, which
        // Hummingbird keeps out of the fields.
        + (head.authority.map { [LiveField("Host", $0)] } ?? []),
      peerAddress: channel?.remoteAddress?.ipAddress)
    // A session started for the request runs on its connection's event loop.
    self.sessionActor = channel.map { SessionActor(eventLoop: $0.eventLoop) }
  }
}

extension HTTPFields {
  /// The fields of `fields`, in order.
  init(_ fields: [LiveField]) {
    self.init()
    for field in fields {
      guard let name = HTTPField.Name(field.name) else { continue }
      append(HTTPField(name: name, value: field.value))
    }
  }
}

extension Response {
  /// The Hummingbird response for a live page's response.
  init(_ response: LiveResponse) {
    self.init(
      status: HTTPResponse.Status(code: response.status),
      headers: HTTPFields(response.headers),
      body: .init(byteBuffer: ByteBuffer(string: response.body)))
  }
}

/// Refuses requests for hosts the endpoint does not serve (`421 Misdirected Request`) and adds
/// its security headers to every response, errors included.
struct HostAndHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
  let endpoint: LiveEndpoint

  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    if let refusal = endpoint.misdirectedResponse(authority: request.head.authority) {
      return Response(refusal)
    }
    var response: Response
    do {
      response = try await next(request, context)
    } catch let error as any HTTPResponseError {
      // A 404 or another error the router turns into a response carries the headers too.
      response = try error.response(from: request, context: context)
    }
    let missing = endpoint.headersMissing { name in
      HTTPField.Name(name).map { response.headers[$0] != nil } ?? true
    }
    response.headers.append(contentsOf: HTTPFields(missing))
    return response
  }
}

/// Lets a caller (a test) stop ``LiveServer``'s `run` as a signal would.
final class ShutdownTrigger: Sendable {
  private let group = Locked<ServiceGroup?>(nil)

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
  let endpoint: LiveEndpoint
  let timeout: Duration
  let logger: Logger
  let timeIsUp: @Sendable () -> Void

  func run() async throws {
    try? await gracefulShutdown()
    let count = await endpoint.registry.count
    logger.info("Stopping: pages are told, sessions end", metadata: ["sessions": "\(count)"])
    await endpoint.shutDown()
    let timeout = self.timeout
    let timeIsUp = self.timeIsUp
    Task {
      try? await Task.sleep(for: timeout)
      timeIsUp()
    }
  }
}
#endif  // Hummingbird
