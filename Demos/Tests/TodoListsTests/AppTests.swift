import ComposableArchitecture
import ComposableDatabase
import ComposableWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import TodoLists

/// The app's own routes around the live page: sign-in, sign-out, the middleware in front of
/// the page, the assets, and the page's first render from the database.
@Suite struct AppTests {
  func makeApp(database: any LiveDatabase) -> (some ApplicationProtocol, LiveEndpoint) {
    TodoListsApp.makeApplication(host: "127.0.0.1", port: 0, database: database)
  }

  /// Signs in with a form post; returns the response's `Set-Cookie`.
  func signIn(_ client: some TestClientProtocol, _ name: String, _ password: String) async throws -> (HTTPResponse.Status, String?) {
    try await client.execute(
      uri: "/sign-in", method: .post,
      headers: [.contentType: "application/x-www-form-urlencoded"],
      body: ByteBuffer(string: "name=\(name)&password=\(password)")
    ) { response in (response.status, response.headers[.setCookie]) }
  }

  /// The `name=value` part of a `Set-Cookie`.
  func cookie(_ setCookie: String?) throws -> String {
    try #require(setCookie?.split(separator: ";").first.map(String.init))
  }

  @Test func theListsAreForSignedInUsersOnly() async throws {
    let database = try await SQLiteLiveDatabase.inMemory(migrator: .todoLists)
    let (app, endpoint) = makeApp(database: database)
    try await app.test(.router) { client in
      try await client.execute(uri: "/app/lists", method: .get) { response in
        #expect(response.status == .seeOther)
        #expect(response.headers[.location] == "/sign-in")
      }
      try await client.execute(uri: "/sign-in", method: .get) { response in
        #expect(response.status == .ok)
        #expect(String(buffer: response.body).contains(#"<input name="password" type="password""#))
        #expect(response.headers[.contentSecurityPolicy] != nil)
      }
      let (refused, noCookie) = try await signIn(client, "ada", "hopper")
      #expect(refused == .unauthorized)
      #expect(noCookie == nil)

      let (status, setCookie) = try await signIn(client, "ada", "lovelace")
      #expect(status == .seeOther)
      let cookie = try cookie(setCookie)
      #expect(cookie.hasPrefix("todo_session="))
      #expect(setCookie?.contains("HttpOnly") == true)
      try await client.execute(uri: "/app/lists", method: .get, headers: [.cookie: cookie]) { response in
        #expect(response.status == .ok)
        let body = String(buffer: response.body)
        #expect(body.contains("Signed in as ada"))
        #expect(body.contains("<title>Lists · To-do lists</title>"))
        #expect(body.contains(#"href="/assets/app.css""#))
      }
      // Signed out, the cookie opens nothing.
      try await client.execute(uri: "/sign-out", method: .post, headers: [.cookie: cookie]) { response in
        #expect(response.status == .seeOther)
      }
      try await client.execute(uri: "/app/lists", method: .get, headers: [.cookie: cookie]) { response in
        #expect(response.status == .seeOther)
      }
    }
    await endpoint.shutDown()
  }

  @Test func aSignInIsKnownToEveryServerOfTheDatabase() async throws {
    let database = try await SQLiteLiveDatabase.inMemory(migrator: .todoLists)
    let (first, firstEndpoint) = makeApp(database: database)
    let (second, secondEndpoint) = makeApp(database: database)
    let cookie = try await first.test(.router) { client in
      try self.cookie(try await signIn(client, "grace", "hopper").1)
    }
    try await second.test(.router) { client in
      try await client.execute(uri: "/app/lists", method: .get, headers: [.cookie: cookie]) { response in
        #expect(response.status == .ok)
        #expect(String(buffer: response.body).contains("Signed in as grace"))
      }
    }
    await firstEndpoint.shutDown()
    await secondEndpoint.shutDown()
  }

  @Test func aSignInLastsItsLifetimeAndOlderOnesAreDeleted() async throws {
    let database = try await SQLiteLiveDatabase.inMemory(migrator: .todoLists)
    let clock = LockIsolated(Date(timeIntervalSince1970: 1_000_000))
    let signIns = SignIns(database: database, lifetime: .seconds(100), now: { clock.value })
    let ada = try await signIns.signIn(User(name: "ada"))
    clock.setValue(clock.value.addingTimeInterval(100))
    #expect(try await signIns.user(token: ada) == User(name: "ada"))
    clock.setValue(clock.value.addingTimeInterval(1))
    #expect(try await signIns.user(token: ada) == nil)
    // The next sign-in deletes it.
    _ = try await signIns.signIn(User(name: "grace"))
    let tokens = try await database.read { db in
      try await db.raw("SELECT user_name FROM sign_ins").all(decodingColumn: "user_name", as: String.self)
    }
    #expect(tokens == ["grace"])
  }

  @Test func thePageIsServedWithItsRowsAndADeepLinkOpensItsList() async throws {
    let database = try await SQLiteLiveDatabase.inMemory(migrator: .todoLists)
    let listID = UUID()
    try await database.write { db in
      try await TodoWrites.addList(id: listID, name: "Reading", owner: "ada", in: db)
      try await TodoWrites.addItem(id: UUID(), title: "SICP", to: listID, by: "ada", in: db)
    }
    let (app, endpoint) = makeApp(database: database)
    try await app.test(.router) { client in
      let cookie = try cookie(try await signIn(client, "ada", "lovelace").1)
      // The first render, which a page without JavaScript shows as it is, has the rows.
      try await client.execute(uri: "/app/lists", method: .get, headers: [.cookie: cookie]) { response in
        #expect(String(buffer: response.body).contains("Reading"))
        #expect(String(buffer: response.body).contains("1 left"))
      }
      try await client.execute(
        uri: "/app/lists/" + listID.uuidString.lowercased(), method: .get, headers: [.cookie: cookie]
      ) { response in
        let body = String(buffer: response.body)
        #expect(body.contains(#"<h2>Reading</h2>"#))
        #expect(body.contains("SICP"))
      }
    }
    await endpoint.shutDown()
  }

  @Test func theStylesheetAndIconComeFromThePackagesResources() async throws {
    let database = try await SQLiteLiveDatabase.inMemory(migrator: .todoLists)
    let (app, endpoint) = makeApp(database: database)
    try await app.test(.router) { client in
      try await client.execute(uri: "/assets/app.css", method: .get) { response in
        #expect(response.status == .ok)
        #expect(response.headers[.contentType]?.hasPrefix("text/css") == true)
        #expect(String(buffer: response.body).contains(".lists"))
      }
      try await client.execute(uri: "/assets/favicon.svg", method: .get) { response in
        #expect(response.status == .ok)
      }
      try await client.execute(uri: "/assets/../Package.swift", method: .get) { response in
        #expect(response.status != .ok)
      }
    }
    await endpoint.shutDown()
  }
}
