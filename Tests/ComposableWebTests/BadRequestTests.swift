#if Hummingbird
import ComposableArchitecture
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@_spi(Testing) import ComposableArchitectureTestSupport
@testable import ComposableWeb
@testable import ComposableWebHummingbird

/// Requests that do not parse, and bytes that are not HTTP at all: each is answered with the
/// status HTTP has for it (where it has one) and its connection is closed at once, well inside
/// the idle timeout, with one log line.
@Suite struct BadRequestTests {
  /// A request that does not parse, and the status line its answer starts with.
  struct BadRequest: CustomTestStringConvertible, Sendable {
    let name: String
    let bytes: [UInt8]
    /// `nil`: no answer at all, only the close.
    let status: String?
    var testDescription: String { name }

    init(_ name: String, _ text: String, _ status: String?) {
      self.init(name, Array(text.utf8), status)
    }

    init(_ name: String, _ bytes: [UInt8], _ status: String?) {
      self.name = name
      self.bytes = bytes
      self.status = status
    }
  }

  static let host = "Host: localhost\r\n"
  static let badRequests: [BadRequest] = [
    BadRequest("a NUL in the path", "GET /tal\u{0}ly HTTP/1.1\r\n\(host)\r\n", "HTTP/1.1 400"),
    BadRequest(
      "a 100 kB path", "GET /\(String(repeating: "a", count: 100_000)) HTTP/1.1\r\n\(host)\r\n",
      "HTTP/1.1 414"),
    BadRequest(
      "a 100 kB header", "GET /tally HTTP/1.1\r\n\(host)X-Big: \(String(repeating: "b", count: 100_000))\r\n\r\n",
      "HTTP/1.1 431"),
    BadRequest("HTTP/9.9", "GET /tally HTTP/9.9\r\n\(host)\r\n", "HTTP/1.1 505"),
    BadRequest("an unknown method", "BREW /tally HTTP/1.1\r\n\(host)\r\n", "HTTP/1.1 501"),
    BadRequest("a header without a colon", "GET /tally HTTP/1.1\r\n\(host)NoColon\r\n\r\n", "HTTP/1.1 400"),
    BadRequest(
      "a negative Content-Length", "POST /tally HTTP/1.1\r\n\(host)Content-Length: -5\r\n\r\n",
      "HTTP/1.1 400"),
    BadRequest(
      "Content-Length with chunked",
      "POST /tally HTTP/1.1\r\n\(host)Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
      "HTTP/1.1 400"),
    // The start of a TLS ClientHello, sent to the plain port.
    BadRequest("a TLS handshake", [0x16, 0x03, 0x01, 0x00, 0xA5, 0x01, 0x00, 0x00, 0xA1, 0x03, 0x03], nil),
  ]

  @Test(arguments: badRequests)
  func aRequestThatDoesNotParseIsAnsweredAndClosed(_ request: BadRequest) async throws {
    // The idle timeout is the default 30 s: only the refusal can close the connection in time.
    let (app, records) = makeApplication()
    try await app.test(.live) { client in
      let connection = try RawConnection(port: try #require(client.port))
      let sent = ContinuousClock.now
      try connection.send(bytes: request.bytes)
      let answer = await connection.receive(timeout: .seconds(5))
      #expect(answer.closed, "still open 5 s after \(request.name)")
      #expect(sent.duration(to: .now) < .seconds(4))
      if let status = request.status {
        #expect(answer.text.hasPrefix(status), "\(answer.text.prefix(80))")
        #expect(answer.text.contains("Connection: close") || answer.text.contains("connection: close"))
      } else {
        #expect(answer.text.isEmpty, "\(answer.text.prefix(80))")
      }
      // The connection's negotiation (would it upgrade to a WebSocket?) ends as one whose input
      // closed, which Hummingbird logs at trace, not as an error. (Looked at before the app
      // stops: a stop logs an error for the test client's own unused connection.)
      #expect(
        await eventually(timeout: .seconds(5)) {
          records.value.contains { $0.message == "Upgrade failed as input was closed" }
        })
      let errors = records.value.filter { $0.level >= .error }
      #expect(errors.isEmpty, "\(errors.map { "\($0.message) \($0.metadata)" })")
    }
    let refusals = records.value.filter { $0.message.hasPrefix("Refused a request") }
    #expect(refusals.count == 1, "\(records.value.map(\.message))")
  }

  func makeApplication() -> (some ApplicationProtocol, LockIsolated<[LogRecord]>) {
    let (logger, records) = fullRecordingLogger()
    let endpoint = LiveEndpoint(
      title: "Tests", features: [LiveServerTests.tally], showsIndex: true,
      hosts: HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1"), logger: logger)
    return (LiveServer(endpoint: endpoint).makeApplication(host: "127.0.0.1", port: 0), records)
  }

  @Test func aRequestLineUpToTheLimitIsRead() async throws {
    let (app, records) = makeApplication()
    try await app.test(.live) { client in
      let connection = try RawConnection(port: try #require(client.port))
      // "GET " + target + " HTTP/1.1\r\n" is exactly the limit.
      let target = "/" + String(repeating: "a", count: LiveEndpoint.maximumRequestLineLength - 16)
      try connection.send("GET \(target) HTTP/1.1\r\n\(Self.host)Connection: close\r\n\r\n")
      let answer = await connection.receive(timeout: .seconds(5))
      #expect(answer.text.hasPrefix("HTTP/1.1 404"), "\(answer.text.prefix(80))")
      #expect(answer.closed)
    }
    #expect(!records.value.contains { $0.message.hasPrefix("Refused a request") })
  }

  @Test func aBadRequestAfterAGoodOneClosesTheConnectionAfterTheGoodAnswer() async throws {
    let (app, records) = makeApplication()
    try await app.test(.live) { client in
      let connection = try RawConnection(port: try #require(client.port))
      try connection.send("GET /tally HTTP/1.1\r\n\(Self.host)\r\n")
      let first = await connection.receive(timeout: .seconds(5)) { $0.contains("</html>") }
      #expect(first.text.hasPrefix("HTTP/1.1 200"))
      try connection.send("GET /tally HTTP/1.1\r\n\(Self.host)NoColon\r\n\r\n")
      let second = await connection.receive(timeout: .seconds(5))
      #expect(second.closed)
    }
    #expect(records.value.contains { $0.message.hasPrefix("Refused a request") })
  }
}
#endif  // Hummingbird
