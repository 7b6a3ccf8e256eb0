import ComposableArchitecture
@testable import ComposableWeb
import Testing

@MainActor
@Suite struct LimitsTests {
  @Test func messagesOverTheRateLimitAreDroppedAndLogged() throws {
    let (logger, messages) = recordingLogger()
    let store = Store(initialState: Tally.State()) { Tally() }
    let session = LiveSession(
      id: "s", store: store, view: tallyView,
      limits: LiveLimits(messagesPerSecond: 10, burst: 5), logger: logger)
    let html = try #require(try ServerMessage(session.start()).html)
    let bump = try #require(handlerIDs(in: html, event: "click").first)
    let start = ContinuousClock.now
    for _ in 0..<250 { session.receive(click(bump), at: start) }
    #expect(store.value == 5)
    let drops = messages.value.filter { $0 == "Dropped messages over the session's rate limit" }
    #expect(drops.count == 3)  // the first drop, then the 100th and the 200th
    // A second later the bucket has refilled up to its burst of five.
    for _ in 0..<20 { session.receive(click(bump), at: start.advanced(by: .seconds(1))) }
    #expect(store.value == 10)
  }

  @Test func theInboundQueueDropsWhatDoesNotFit() async {
    let queue = InboundQueue(limit: 3)
    let offered = (0..<5).map { queue.offer(.text("\($0)")) }
    #expect(offered == [true, true, true, false, false])
    queue.finish()
    var received: [String] = []
    for await message in queue.messages {
      if case let .text(text) = message { received.append(text) }
    }
    #expect(received == ["0", "1", "2"])
  }

  @Test func newSessionsBeyondTheCapAreRefusedWithAClearMessage() throws {
    let (logger, messages) = recordingLogger()
    let registry = SessionRegistry(
      features: [LiveServerTests.tally], limits: LiveLimits(maximumSessions: 2), logger: logger)
    let first = try #require(registry.connect(featurePath: "tally", resumeID: nil) { _ in })
    _ = try #require(registry.connect(featurePath: "tally", resumeID: nil) { _ in })
    let sent = LockIsolated<[String]>([])
    let third = registry.connect(featurePath: "tally", resumeID: nil) { text in
      sent.withValue { $0.append(text) }
    }
    #expect(third == nil)
    #expect(registry.count == 2)
    #expect(sent.value == [SessionRegistry.refusal])
    #expect(sent.value.first?.contains(#""type":"refused""#) == true)
    #expect(messages.value.contains("Refused a new session: the server is at its limit of sessions"))
    // Resuming a session is still allowed at the cap.
    registry.disconnect(first)
    #expect(registry.connect(featurePath: "tally", resumeID: first.sessionID) { _ in } != nil)
    registry.endAll()
  }
}
