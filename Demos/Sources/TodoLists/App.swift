import ComposableArchitecture
import ComposableDatabase
import ComposableWeb
import ComposableWebHummingbird
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore

/// A signed-in user.
public struct User: Sendable, Equatable {
  public var name: String
}

/// Who may sign in, with which password. (A real app keeps salted hashes in a database; the
/// example has two demo accounts.)
public struct Accounts: Sendable {
  let passwords: [String: String]

  public init(_ passwords: [String: String]) {
    self.passwords = passwords
  }

  /// Ada (password `lovelace`) and Grace (password `hopper`).
  public static let demo = Accounts(["ada": "lovelace", "grace": "hopper"])

  /// Whether `name` has an account: lists are shared only with those who do.
  func exists(_ name: String) -> Bool {
    passwords[name] != nil
  }

  /// The user `name` names, if `password` is theirs.
  func user(_ name: String, password: String) -> User? {
    guard let expected = passwords[name] else { return nil }
    // Every byte is compared, so the time taken says nothing about how much matched.
    let given = Array(password.utf8)
    let wanted = Array(expected.utf8)
    var difference = given.count ^ wanted.count
    for index in wanted.indices { difference |= Int(wanted[index] ^ (index < given.count ? given[index] : 0)) }
    return difference == 0 ? User(name: name) : nil
  }
}

/// The signed-in browsers: a random token per sign-in, kept in an HttpOnly cookie and in the
/// database's `sign_ins` table, so that every server behind a proxy knows it. A sign-in lasts
/// `lifetime` (30 days by default); older ones sign nobody in, and each new sign-in deletes them.
public struct SignIns: Sendable {
  static let cookieName = "todo_session"
  let database: any LiveDatabase
  let lifetime: Duration
  let now: @Sendable () -> Date

  /// The sign-ins kept in `database`'s `sign_ins` table: `SignIns(database: database)`.
  public init(
    database: any LiveDatabase, lifetime: Duration = .seconds(30 * 24 * 60 * 60),
    now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.database = database
    self.lifetime = lifetime
    self.now = now
  }

  /// The oldest time, in seconds since 1970, that a sign-in still counts from.
  private var oldest: Int {
    Int(now().timeIntervalSince1970) - Int(lifetime.components.seconds)
  }

  /// Signs `user` in; returns the cookie's token.
  func signIn(_ user: User) async throws -> String {
    let token = LiveSession.makeID()
    let (now, oldest) = (Int(now().timeIntervalSince1970), oldest)
    try await database.write { db in
      try await db.raw("DELETE FROM sign_ins WHERE signed_in_at < \(bind: oldest)").run()
      try await db.raw(
        "INSERT INTO sign_ins (token, user_name, signed_in_at) VALUES (\(bind: token), \(bind: user.name), \(bind: now))"
      ).run()
    }
    return token
  }

  /// The user `token` signed in, if it is a sign-in that still counts.
  func user(token: String) async throws -> User? {
    let oldest = oldest
    return try await database.read { db in
      try await db.raw(
        "SELECT user_name FROM sign_ins WHERE token = \(bind: token) AND signed_in_at >= \(bind: oldest)"
      )
      .first(decodingColumn: "user_name", as: String.self)
    }
    .map(User.init(name:))
  }

  func signOut(token: String) async throws {
    try await database.write { db in
      try await db.raw("DELETE FROM sign_ins WHERE token = \(bind: token)").run()
    }
  }
}

/// The app's request context: WebSockets, the connection's channel (for the pages' sockets), and
/// the signed-in user.
public struct AppContext: RequestContext, WebSocketRequestContext, LiveChannelContext {
  public var coreContext: CoreRequestContextStorage
  public let webSocket = WebSocketHandlerReference<Self>()
  public private(set) weak var channel: (any Channel)?
  public var user: User?

  public init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    channel = source.channel
  }
}

/// Lets signed-in browsers through with their user; sends others to the sign-in page (a socket
/// gets `401`).
struct SignInMiddleware: RouterMiddleware {
  let signIns: SignIns

  func handle(
    _ request: Request, context: AppContext,
    next: (Request, AppContext) async throws -> Response
  ) async throws -> Response {
    guard let token = request.cookies[SignIns.cookieName]?.value,
      let user = try await signIns.user(token: token)
    else {
      if request.headers[.upgrade] != nil { return Response(status: .unauthorized) }
      return Response(status: .seeOther, headers: [.location: "/sign-in"])
    }
    var context = context
    context.user = user
    return try await next(request, context)
  }
}

/// The example app: the sign-in page and its routes, the lists page (a live page behind the
/// sign-in middleware), and the stylesheet and icon, served from the package's resources.
public enum TodoListsApp {
  /// The lists page's feature: each session's store holds the lists of the user who signed in,
  /// read from `database`. Its state is `Codable`, so with snapshots a page resumes where it
  /// was, on this server after a restart or on another behind the same proxy.
  static func listsFeature(database: any LiveDatabase, accounts: Accounts) -> LiveFeature {
    LiveFeature(
      path: "lists", title: "Lists", summary: "Your to-do lists.",
      initialState: { request in Lists.State(user: request[User.self]?.name ?? "") },
      makeStore: { state in LiveStore(initialState: state) { Lists() } },
      route: listsRoute,
      view: listsView
    )
    .dependencies {
      $0.defaultDatabase = database
      $0.todoAccounts = accounts
    }
  }

  /// The app, serving on `host` and `port`, keeping the lists and sign-ins in `database`
  /// (migrated with `DatabaseMigrator.todoLists`), and the pages' snapshots in `snapshots`, if
  /// given. Behind a proxy, `trustedProxies` are the addresses whose `X-Forwarded-For` names
  /// the browser.
  public static func makeApplication(
    host: String, port: Int, database: any LiveDatabase, snapshots: SessionSnapshots? = nil,
    trustedProxies: Set<String> = [], accounts: Accounts = .demo, logger: Logger = Logger(label: "todo-lists"),
    onReady: @escaping @Sendable () -> Void = {}
  ) -> (some ApplicationProtocol, LiveEndpoint) {
    let endpoint = LiveEndpoint(
      title: "To-do lists", features: [listsFeature(database: database, accounts: accounts)],
      mountPath: "/app",
      layout: LiveLayout(
        title: { "\($0) · To-do lists" }, favicon: "/assets/favicon.svg",
        stylesheets: ["/assets/app.css"], showsHeader: false),
      hosts: HostPolicy(allowedHosts: nil, boundHost: host),
      trustedProxies: trustedProxies,
      snapshots: snapshots,
      logger: logger)
    let signIns = SignIns(database: database)
    let router = Router(context: AppContext.self)
    if let assets = Bundle.module.resourceURL?.appending(path: "assets").path {
      router.add(middleware: FileMiddleware(assets, urlBasePath: "/assets", logger: logger))
    }
    router.get("/") { _, _ in Response(status: .seeOther, headers: [.location: listsPagePath]) }
    router.get("/sign-in") { _, _ in signInPage(error: nil, headers: endpoint.responseHeaders) }
    router.post("/sign-in") { request, _ -> Response in
      let form = try await request.body.collect(upTo: 4096)
      let fields = URLComponents(string: "?" + String(buffer: form).replacingOccurrences(of: "+", with: " "))?
        .queryItems ?? []
      let name = fields.first { $0.name == "name" }?.value ?? ""
      let password = fields.first { $0.name == "password" }?.value ?? ""
      guard let user = accounts.user(name, password: password) else {
        var response = signInPage(error: "That name and password don't match.", headers: endpoint.responseHeaders)
        response.status = .unauthorized
        return response
      }
      var response = Response(status: .seeOther, headers: [.location: listsPagePath])
      response.setCookie(
        Cookie(name: SignIns.cookieName, value: try await signIns.signIn(user), path: "/", httpOnly: true, sameSite: .lax))
      return response
    }
    router.post("/sign-out") { request, _ -> Response in
      if let token = request.cookies[SignIns.cookieName]?.value { try await signIns.signOut(token: token) }
      var response = Response(status: .seeOther, headers: [.location: "/sign-in"])
      response.setCookie(Cookie(name: SignIns.cookieName, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .lax))
      return response
    }
    router.group()
      .add(middleware: SignInMiddleware(signIns: signIns))
      .addLivePages(endpoint) { request, context in
        request[User.self] = context.user
        request.identity = context.user?.name
      }
    let app = Application(
      router: router, server: .http1WebSocketUpgrade(webSocketRouter: router),
      configuration: .init(address: .hostname(host, port: port)),
      onServerRunning: { _ in onReady() },
      logger: logger)
    return (app, endpoint)
  }

  /// The sign-in page: a plain form, styled by the app's stylesheet.
  static func signInPage(error: String?, headers: [LiveField]) -> Response {
    let message = error.map { #"<p class="error" role="alert">\#($0)</p>"# } ?? ""
    let html = """
      <!DOCTYPE html><html lang="en"><head><meta charset="utf-8">\
      <meta name="viewport" content="width=device-width, initial-scale=1">\
      <title>Sign in · To-do lists</title><link rel="icon" href="/assets/favicon.svg">\
      <link rel="stylesheet" href="/assets/app.css"></head><body><main class="sign-in">\
      <h1>To-do lists</h1><p>Sign in to see your lists. (Demo accounts: ada / lovelace, \
      grace / hopper.)</p>\(message)<form method="post" action="/sign-in">\
      <label>Name <input name="name" autocomplete="username" required></label>\
      <label>Password <input name="password" type="password" autocomplete="current-password" \
      required></label><button type="submit">Sign in</button></form></main></body></html>
      """
    var fields = HTTPFields()
    for field in headers {
      if let name = HTTPField.Name(field.name) { fields[name] = field.value }
    }
    fields[.contentType] = "text/html; charset=utf-8"
    return Response(status: .ok, headers: fields, body: .init(byteBuffer: ByteBuffer(string: html)))
  }
}
