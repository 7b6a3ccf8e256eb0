#if Hummingbird
import Logging
import Testing

@testable import ComposableWeb

@Suite struct HostPolicyTests {
  @Test func byDefaultTheBoundAddressAndLocalhostAreServed() {
    let policy = HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1")
    #expect(policy.allows(authority: "127.0.0.1:8080"))
    #expect(policy.allows(authority: "127.0.0.1"))
    #expect(policy.allows(authority: "localhost:8080"))
    #expect(policy.allows(authority: "LocalHost.:8080"))
    // A name that resolves to the server (DNS rebinding) is not one of them.
    #expect(!policy.allows(authority: "evil.example:8080"))
    #expect(!policy.allows(authority: "127.0.0.1.evil.example"))
    #expect(!policy.allows(authority: "localhost.evil.example"))
    #expect(!policy.allows(authority: "10.0.0.1:8080"))
    // No host, or not a host.
    #expect(!policy.allows(authority: nil))
    #expect(!policy.allows(authority: ""))
    #expect(!policy.allows(authority: "user@localhost"))
    #expect(!policy.allows(authority: "localhost:80x"))
    #expect(!policy.allows(authority: "local host"))
  }

  @Test func aServerOnEveryInterfaceServesAnyAddressButNoOtherName() {
    for bound in ["0.0.0.0", "::", ""] {
      let policy = HostPolicy(allowedHosts: nil, boundHost: bound)
      #expect(policy.allows(authority: "192.168.1.20:8080"))
      #expect(policy.allows(authority: "[::1]:8080"))
      #expect(policy.allows(authority: "[fe80::1]"))
      #expect(policy.allows(authority: "localhost"))
      #expect(!policy.allows(authority: "evil.example"))
      #expect(!policy.allows(authority: "1.2.3.4.evil.example"))
      #expect(!policy.allows(authority: "999.1.1.1"))
    }
  }

  @Test func configuredHostsReplaceTheDefaultsAndADotAllowsSubdomains() {
    let policy = HostPolicy(allowedHosts: ["Example.com", ".apps.example.com"], boundHost: "0.0.0.0")
    #expect(policy.allows(authority: "example.com"))
    #expect(policy.allows(authority: "example.com:443"))
    #expect(policy.allows(authority: "todo.apps.example.com"))
    #expect(!policy.allows(authority: "apps.example.com"))
    #expect(!policy.allows(authority: "badexample.com"))
    #expect(!policy.allows(authority: "www.example.com"))
    #expect(!policy.allows(authority: "localhost"))
    #expect(!policy.allows(authority: "10.0.0.1"))
  }

  @Test func originsMustNameAnAllowedHostOverHTTP() {
    let policy = HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1")
    #expect(policy.allows(origin: "http://127.0.0.1:8080"))
    #expect(policy.allows(origin: "https://localhost"))
    #expect(!policy.allows(origin: "http://evil.example:8080"))
    #expect(!policy.allows(origin: "null"))
    #expect(!policy.allows(origin: "file://localhost"))
    #expect(!policy.allows(origin: "http://localhost/path"))
    #expect(!policy.allows(origin: "ws://localhost"))
  }

  @Test func logTextEscapesWhatCouldForgeALine() {
    #expect(LogText.escaped("plain h12") == "plain h12")
    #expect(LogText.escaped("h1\nERROR: forged\r\t\"q\" \\") == #"h1\nERROR: forged\r\t\"q\" \\"#)
    #expect(LogText.escaped("bell\u{7}\u{1B}[31m\u{2028}") == #"bell\u{7}\u{1b}[31m\u{2028}"#)
    #expect(LogText.escaped("abcdef", limit: 3) == "abc…")
  }

  @Test func offendersAreLoggedOnceAndTheLogStaysBounded() {
    let log = OffenderLog(capacity: 3)
    #expect(log.isFirst("host", "a"))
    #expect(!log.isFirst("host", "a"))
    #expect(log.isFirst("origin", "a"))
    #expect(log.isFirst("host", "b"))
    // Full: it forgets, and meets "a" anew.
    #expect(log.isFirst("host", "c"))
    #expect(log.isFirst("host", "a"))
  }
}
#endif  // Hummingbird
