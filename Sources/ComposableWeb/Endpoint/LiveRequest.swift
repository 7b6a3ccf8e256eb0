#if Web
import Foundation

/// One header or query item: a name and a value.
///
/// ```swift
/// let request = LiveRequest(path: "/todos", query: [LiveField("filter", "active")])
/// request.query.first?.value   // "active"
/// ```
public struct LiveField: Sendable, Hashable {
  /// The name, as sent.
  ///
  /// ```swift
  /// request.headers.map(\.name)   // ["Host", "Cookie"]
  /// ```
  public var name: String
  /// The value.
  ///
  /// ```swift
  /// request.query.filter { $0.name == "tag" }.map(\.value)   // ["home", "work"]
  /// ```
  public var value: String

  /// Creates a field.
  ///
  /// ```swift
  /// LiveField("Content-Type", "text/html; charset=utf-8")
  /// ```
  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }
}

/// An HTTP request as a live page sees it, whatever server received it: its path, query,
/// headers and the address it came from. A server adapter makes one from its own request type;
/// a feature gets the request of the page that starts its session in its `makeStore` (see
/// ``LiveFeature``), and reads a deep link, a cookie or the signed-in user from it.
///
/// ```swift
/// let request = LiveRequest(
///   path: "/counter",
///   query: [LiveField("session", "4f…")],
///   headers: [LiveField("Host", "example.com"), LiveField("Cookie", "ocaf_browser=…")],
///   peerAddress: "203.0.113.7")
/// request.header("host")        // "example.com"
/// request.cookies["ocaf_browser"]
/// ```
public struct LiveRequest: Sendable {
  /// The method, e.g. `GET`, or `POST` for a form posted without JavaScript.
  ///
  /// ```swift
  /// let posted = request.method == "POST" ? request.form : []
  /// ```
  public var method: String
  /// The path, without the query, e.g. `/counter`; for pages mounted at `/app`, `/app/counter`.
  ///
  /// ```swift
  /// LiveRequest(path: "/app/lists").path   // "/app/lists"
  /// ```
  public var path: String
  /// The query's items, in order; a name may repeat. ``query(_:)`` reads one.
  ///
  /// ```swift
  /// let tags = request.query.filter { $0.name == "tag" }.map(\.value)
  /// ```
  public var query: [LiveField]
  /// The headers, in order; names compare case-insensitively (``header(_:)``,
  /// ``headers(_:)``).
  ///
  /// ```swift
  /// LiveRequest(path: "/", headers: [LiveField("Accept-Language", "nl, en;q=0.8")])
  /// ```
  public var headers: [LiveField]
  /// The address of the connection's peer (a client, or a proxy), if known. The endpoint works
  /// out the client's own address from it and, for a trusted proxy, `X-Forwarded-For`.
  ///
  /// ```swift
  /// logger.info("Page opened", metadata: ["peer": "\(request.peerAddress ?? "unknown")"])
  /// ```
  public var peerAddress: String?
  /// Who the app says sent the request, e.g. the signed-in user's id, set by the server's
  /// middleware through the adapter. A session remembers the identity of the request that
  /// started it, and only a request with the same identity resumes it: a page of one user is
  /// never driven by another, even from the same browser.
  ///
  /// ```swift
  /// router.addLivePages(endpoint) { request, context in
  ///   request.identity = context.user?.id
  /// }
  /// ```
  public var identity: String?
  /// For a request of a feature's page, where the page is below the feature's path (its deep
  /// link): `/todos/3?filter=active` is `"/3?filter=active"` for the feature at `/todos`. Set
  /// by ``LiveEndpoint``; see ``LiveRoute``. `nil` in a request the endpoint did not route to
  /// a feature (one you make yourself, say).
  ///
  /// ```swift
  /// makeStore: { request in
  ///   let todoID = request.location?.segments.first.flatMap(UUID.init(uuidString:))
  ///   return LiveStore(initialState: Todos.State(selectedID: todoID)) { Todos() }
  /// }
  /// ```
  public internal(set) var location: LiveLocation?
  /// The body of a `POST`: a form, `application/x-www-form-urlencoded` (see ``form``); empty
  /// for a `GET`.
  ///
  /// ```swift
  /// LiveRequest(method: "POST", path: "/app/profile", body: "name=Ada+L&age=36").body
  /// ```
  public var body: String
  /// The actor a session started for this request runs on, and its store, views and page
  /// messages with it: the server adapters set a ``SessionActor`` on the event loop of the
  /// request's connection, so that sessions on different loops run in parallel. `nil` runs the
  /// session on the main actor. When a page's socket resumes a session on a ``SessionActor``,
  /// the session moves to the loop of the socket's request's.
  ///
  /// ```swift
  /// var request = LiveRequest(path: "/counter")
  /// request.sessionActor = SessionActor(eventLoop: channel.eventLoop)
  /// ```
  public var sessionActor: (any Actor)?
  private var values: [ObjectIdentifier: any Sendable] = [:]

  /// Creates a request: what a server adapter does for each request it hands the endpoint, and
  /// what a test does to open a page.
  ///
  /// ```swift
  /// let request = LiveRequest(
  ///   path: "/app/greeting", query: [LiveField("times", "3")],
  ///   headers: [LiveField("Host", "127.0.0.1:8081")], peerAddress: "127.0.0.1",
  ///   identity: "ada")
  /// ```
  public init(
    method: String = "GET", path: String, query: [LiveField] = [], headers: [LiveField] = [],
    body: String = "", peerAddress: String? = nil, identity: String? = nil
  ) {
    self.method = method
    self.body = body
    self.path = path
    self.query = query
    self.headers = headers
    self.peerAddress = peerAddress
    self.identity = identity
  }

  /// A value the server's adapter added for the pages, by its type, such as the signed-in user
  /// that middleware found; `nil` when none of that type was added. Each type holds one value,
  /// so give the values types of their own (`User`, not `String`):
  ///
  /// ```swift
  /// router.addLivePages(endpoint) { request, context in
  ///   request[User.self] = context.user
  ///   request.identity = context.user?.id
  /// }
  /// // …and in the feature:
  /// makeStore: { request in
  ///   LiveStore(initialState: Lists.State(owner: request[User.self]?.name ?? "")) { Lists() }
  /// }
  /// ```
  public subscript<Value: Sendable>(_ type: Value.Type) -> Value? {
    get { values[ObjectIdentifier(type)] as? Value }
    set { values[ObjectIdentifier(type)] = newValue }
  }

  /// The first value of the query item `name`, if any. Names compare exactly.
  ///
  /// ```swift
  /// let filter = Filter(rawValue: request.query("filter") ?? "") ?? .all
  /// ```
  public func query(_ name: String) -> String? {
    query.first { $0.name == name }?.value
  }

  /// The first value of the header `name` (compared case-insensitively), if any.
  ///
  /// ```swift
  /// let language = request.header("accept-language")?.prefix(2) ?? "en"
  /// ```
  public func header(_ name: String) -> String? {
    headers.first { Self.sameName($0.name, name) }?.value
  }

  /// Every value of the header `name` (compared case-insensitively), in order: for a header
  /// that may come more than once.
  ///
  /// ```swift
  /// request.headers("X-Forwarded-For")   // ["203.0.113.7", "10.0.0.2"]
  /// ```
  public func headers(_ name: String) -> [String] {
    headers.filter { Self.sameName($0.name, name) }.map(\.value)
  }

  /// The fields of a form posted in ``body`` (`application/x-www-form-urlencoded`), in order:
  /// `+` is a space and `%XX` a byte of UTF-8.
  ///
  /// ```swift
  /// LiveRequest(method: "POST", path: "/profile", body: "name=Ada+L&age=36").form
  /// // [LiveField("name", "Ada L"), LiveField("age", "36")]
  /// ```
  public var form: [LiveField] {
    body.split(separator: "&", omittingEmptySubsequences: true).map { pair in
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      func decode(_ part: Substring) -> String {
        let spaced = part.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
      }
      return LiveField(decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
    }
  }

  /// The cookies of the `Cookie` headers, by name (the first of a repeated name wins). Values
  /// are as sent, not decoded.
  ///
  /// ```swift
  /// let theme = request.cookies["theme"].flatMap(Theme.init(rawValue:)) ?? .system
  /// ```
  public var cookies: [String: String] {
    var cookies: [String: String] = [:]
    for header in headers("Cookie") {
      for pair in header.split(separator: ";") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        guard parts.count == 2 else { continue }
        let name = parts[0].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, cookies[name] == nil else { continue }
        cookies[name] = parts[1].trimmingCharacters(in: .whitespaces)
      }
    }
    return cookies
  }

  private static func sameName(_ a: String, _ b: String) -> Bool {
    a.utf8.count == b.utf8.count && a.lowercased() == b.lowercased()
  }
}

/// A response for a server adapter to send: a status, headers and a body.
///
/// ```swift
/// guard let response = await endpoint.respond(to: LiveRequest(path: "/counter", headers: headers))
/// else { return nil }   // not one of the endpoint's paths: the app's own
/// response.status                   // 200
/// response.header("Content-Type")   // "text/html; charset=utf-8"
/// ```
public struct LiveResponse: Sendable, Equatable {
  /// The HTTP status code.
  ///
  /// ```swift
  /// #expect(response.status == 200)
  /// ```
  public var status: Int
  /// The headers, in order (a name may repeat, e.g. `Set-Cookie`).
  ///
  /// ```swift
  /// let cookies = response.headers.filter { $0.name == "Set-Cookie" }.map(\.value)
  /// ```
  public var headers: [LiveField]
  /// The body.
  ///
  /// ```swift
  /// #expect(response.body.contains("<h1>Counter</h1>"))
  /// ```
  public var body: String

  /// Creates a response.
  ///
  /// ```swift
  /// LiveResponse(status: 403, headers: endpoint.responseHeaders, body: "Forbidden\n")
  /// ```
  public init(status: Int = 200, headers: [LiveField] = [], body: String) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// The first value of the header `name` (compared case-insensitively), if any.
  ///
  /// ```swift
  /// response.header("content-security-policy")
  /// ```
  public func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }
}

/// A message a page sent over its socket, as a server adapter hands it to the page's
/// ``LiveAttachment``.
///
/// ```swift
/// for await text in socketMessages { attachment.receive(.text(text)) }
/// ```
public enum LiveMessage: Sendable, Equatable {
  /// A text message (what the page script sends).
  ///
  /// ```swift
  /// attachment.receive(.text(#"{"handler":"h3"}"#))
  /// ```
  case text(String)
  /// A binary message, of which only the size matters: the session ignores it and logs it.
  ///
  /// ```swift
  /// attachment.receive(.binary(byteCount: frame.data.readableBytes))
  /// ```
  case binary(byteCount: Int)
  /// A binary message with its bytes: a chunk of an upload (see ``UploadChunk``).
  ///
  /// ```swift
  /// attachment.receive(.bytes(Array(frame.data.readableBytesView)))
  /// ```
  case bytes([UInt8])
}
#endif  // Web
