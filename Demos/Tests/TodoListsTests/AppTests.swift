import ComposableWeb
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import TodoLists

/// The app's own routes around the live page: sign-in, sign-out, the middleware in front of
/// the page, and the assets.
@Suite struct AppTests {
  func makeApp() -> (some ApplicationProtocol, LiveEndpoint) {
    TodoListsApp.makeApplication(
      host: "127.0.0.1", port: 0,
      dataDirectory: FileManager.default.temporaryDirectory.appending(path: "lists-\(UUID().uuidString)"))
  }

  /// Signs in with a form post; returns the response's `Set-Cookie`.
  func signIn(_ client: some TestClientProtocol, _ name: String, _ password: String) async throws -> (HTTPResponse.Status, String?) {
    try await client.execute(
      uri: "/sign-in", method: .post,
      headers: [.contentType: "application/x-www-form-urlencoded"],
      body: ByteBuffer(string: "name=\(name)&password=\(password)")
    ) { response in (response.status, response.headers[.setCookie]) }
  }

  @Test func theListsAreForSignedInUsersOnly() async throws {
    let (app, endpoint) = makeApp()
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
      let cookie = try #require(setCookie?.split(separator: ";").first.map(String.init))
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

  @Test func theStylesheetAndIconComeFromThePackagesResources() async throws {
    let (app, endpoint) = makeApp()
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

  @Test func aUsersListFileNameCannotBeAPath() {
    #expect(Lists.State.fileName(for: "ada") == "lists-616461.json")
    #expect(!Lists.State.fileName(for: "../../etc/passwd").contains("/"))
    // Two digits a byte: "\u{1}1" and "\u{11}" are different users with different files.
    #expect(Lists.State.fileName(for: "\u{1}1") != Lists.State.fileName(for: "\u{11}"))
  }
}
