#if Hummingbird
import ComposableArchitecture
import Logging
import Testing

@testable import ComposableWeb
@testable import ComposableWebHummingbird

/// Who may attach to a session, and who may start one.
@MainActor
@Suite struct SessionOwnershipTests {
  let logger: Logger
  let messages: LockIsolated<[String]>

  init() {
    (logger, messages) = recordingLogger()
  }

  func makeRegistry(_ limits: LiveLimits = LiveLimits()) -> SessionRegistry {
    SessionRegistry(features: [LiveServerTests.tally], limits: limits, logger: logger)
  }

  /// A page's end of a connection: what it was sent, and whether its socket was closed.
  final class Page: Sendable {
    let sent = LockIsolated<[String]>([])
    let closed = LockIsolated(false)
    var output: @Sendable (String) -> Void { { [sent] text in sent.withValue { $0.append(text) } } }
    var close: @Sendable () -> Void { { [closed] in closed.setValue(true) } }
    var lastType: String? { sent.value.last.flatMap { try? ServerMessage($0).type.rawValue } }
  }

  func open(
    _ registry: SessionRegistry, _ page: Page, resuming resumeID: String? = nil,
    as visitor: Visitor = .browser
  ) async -> SessionRegistry.Connection? {
    await registry.connect(
      featurePath: "tally", resumeID: resumeID, visitor: visitor, output: page.output,
      close: page.close)
  }

  @Test func aClientWithTheIDButNotTheSecretGetsANewSessionAndTheTabKeepsWorking() async throws {
    let registry = makeRegistry()
    let tab = Page()
    let connection = try #require(await open(registry, tab))
    for stranger in [
      Visitor(address: "127.0.0.9", browserSecret: String(repeating: "ab", count: 16)),
      Visitor(address: "127.0.0.9", browserSecret: nil),
      Visitor(address: "127.0.0.9", browserSecret: String(repeating: "5e", count: 15) + "5f"),
    ] {
      let thief = Page()
      let stolen = try #require(await open(registry, thief, resuming: connection.sessionID, as: stranger))
      #expect(stolen.sessionID != connection.sessionID)
      #expect(thief.lastType == "render")
    }
    // The tab was neither told nor closed, and its clicks still count.
    #expect(!tab.closed.value)
    #expect(tab.sent.value.count == 1)
    let session = try #require(registry.session(id: connection.sessionID))
    let bump = try #require(handlerIDs(in: try ServerMessage(tab.sent.value[0]).html ?? "", event: "click").first)
    session.receive(click(bump))
    #expect(tab.lastType == "patch")
    #expect(messages.value.filter { $0.hasPrefix("A page asked to resume a session without its browser's secret") }.count == 3)
    await registry.endAll()
  }

  @Test func aSessionWithoutASecretIsNeverResumed() async throws {
    let registry = makeRegistry()
    let cookieless = Visitor(address: "127.0.0.1", browserSecret: nil)
    let first = try #require(await open(registry, Page(), as: cookieless))
    await registry.disconnect(first)
    let again = try #require(await open(registry, Page(), resuming: first.sessionID, as: cookieless))
    #expect(again.sessionID != first.sessionID)
    await registry.endAll()
  }

  @Test func theSameBrowsersSecondPageTakesOverAndTheFirstIsToldAndClosed() async throws {
    let registry = makeRegistry()
    let first = Page()
    let connection = try #require(await open(registry, first))
    let second = Page()
    let resumed = try #require(await open(registry, second, resuming: connection.sessionID))
    #expect(resumed.sessionID == connection.sessionID)
    #expect(second.lastType == "render")
    #expect(first.closed.value)
    #expect(first.lastType == "replaced")
    #expect(first.sent.value.last?.contains("opened again in another tab") == true)
    // The first page's socket ending later does not detach the second.
    await registry.disconnect(connection)
    let session = try #require(registry.session(id: resumed.sessionID))
    let bump = try #require(handlerIDs(in: try ServerMessage(second.sent.value[0]).html ?? "", event: "click").first)
    session.receive(click(bump))
    #expect(second.lastType == "patch")
    #expect(!second.closed.value)
    await registry.endAll()
  }

  @Test func aFloodFromOneAddressLeavesRoomForOthers() async throws {
    let registry = makeRegistry(
      LiveLimits(
        maximumSessions: 10, maximumSessionsPerAddress: 6, newSessionsPerSecondPerAddress: 1_000,
        newSessionBurstPerAddress: 1_000))
    let flooder = Visitor(address: "127.0.0.2", browserSecret: nil)
    // Opening and closing sockets in a loop: each leaves a disconnected session behind.
    for _ in 0..<200 {
      let connection = try #require(await open(registry, Page(), as: flooder))
      await registry.disconnect(connection)
    }
    #expect(registry.count(address: "127.0.0.2") == 6)
    // Pages from elsewhere find room: the flooder's disconnected sessions go first.
    var others: [SessionRegistry.Connection] = []
    for index in 0..<10 {
      let page = Page()
      others.append(try #require(await open(registry, page, as: Visitor(address: "127.0.0.\(10 + index)"))))
      #expect(page.lastType == "render")
    }
    #expect(registry.count == 10)
    #expect(registry.count(address: "127.0.0.2") == 0)
    #expect(messages.value.contains("Ended a disconnected session early to make room"))
    await registry.endAll()
  }

  @Test func anAddressHoldingAllItMayIsRefusedWhileOthersAreServed() async throws {
    let registry = makeRegistry(LiveLimits(maximumSessions: 100, maximumSessionsPerAddress: 3))
    let greedy = Visitor(address: "127.0.0.2", browserSecret: nil)
    for _ in 0..<3 { _ = try #require(await open(registry, Page(), as: greedy)) }
    for _ in 0..<5 {
      let refused = Page()
      #expect(await open(registry, refused, as: greedy) == nil)
      #expect(refused.lastType == "refused")
    }
    #expect(await open(registry, Page(), as: Visitor(address: "127.0.0.1")) != nil)
    // Logged once for that address, not once per attempt.
    #expect(messages.value.filter { $0.hasPrefix("Refused a new session: the address holds") }.count == 1)
    await registry.endAll()
  }

  @Test func anAddressStartingSessionsTooFastIsToldToWait() async throws {
    let registry = makeRegistry(
      LiveLimits(newSessionsPerSecondPerAddress: 0.001, newSessionBurstPerAddress: 2))
    let hasty = Visitor(address: "127.0.0.3", browserSecret: nil)
    _ = try #require(await open(registry, Page(), as: hasty))
    _ = try #require(await open(registry, Page(), as: hasty))
    for _ in 0..<4 {
      let refused = Page()
      #expect(await open(registry, refused, as: hasty) == nil)
      #expect(refused.sent.value.last?.contains("Too many new pages from your address") == true)
    }
    #expect(await open(registry, Page(), as: Visitor(address: "127.0.0.4")) != nil)
    #expect(messages.value.filter { $0.hasPrefix("Refused new sessions: the address starts them too fast") }.count == 1)
    await registry.endAll()
  }

  @Test func shuttingDownTellsAttachedPagesAndRefusesNewOnes() async throws {
    let registry = makeRegistry()
    let attached = Page()
    _ = try #require(await open(registry, attached))
    let away = try #require(await open(registry, Page()))
    await registry.disconnect(away)
    await registry.shutDown()
    #expect(attached.lastType == "stopping")
    #expect(attached.closed.value)
    #expect(registry.count == 0)
    let late = Page()
    #expect(await open(registry, late) == nil)
    #expect(late.lastType == "stopping")
  }

  @Test func theClientAddressIsThePeerUnlessATrustedProxyForwardedIt() async {
    #expect(ClientAddress.resolve(peer: "203.0.113.7", forwardedFor: ["1.2.3.4"], trustedProxies: []) == "203.0.113.7")
    #expect(ClientAddress.resolve(peer: nil, forwardedFor: [], trustedProxies: []) == "")
    let proxies: Set = ["10.0.0.2", "10.0.0.3"]
    // The client could have written anything before the proxies' entries: the last one that is
    // not a trusted proxy counts.
    #expect(
      ClientAddress.resolve(
        peer: "10.0.0.2", forwardedFor: ["6.6.6.6, 203.0.113.7", "10.0.0.3"], trustedProxies: proxies)
        == "203.0.113.7")
    #expect(ClientAddress.resolve(peer: "10.0.0.2", forwardedFor: [], trustedProxies: proxies) == "10.0.0.2")
    #expect(
      ClientAddress.resolve(peer: "10.0.0.2", forwardedFor: ["not\nan address"], trustedProxies: proxies)
        == "10.0.0.2")
  }
}
#endif  // Hummingbird
