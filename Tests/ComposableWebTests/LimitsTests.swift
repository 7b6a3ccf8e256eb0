#if Hummingbird
import ComposableArchitecture
@testable import ComposableWeb
@testable import ComposableWebHummingbird
import NIOCore
import NIOEmbedded
import Testing
@_spi(Testing) import ComposableArchitectureTestSupport

@MainActor
@Suite struct LimitsTests {
  @Test func messagesOverTheRateLimitAreDroppedAndLogged() async throws {
    let (logger, messages) = recordingLogger()
    let store = LiveStore(initialState: Tally.State()) { Tally() }
    let session = LiveSession(
      id: "s", store: store, view: tallyView,
      limits: LiveLimits(messagesPerSecond: 10, burst: 5), logger: logger)
    let html = try #require(try ServerMessage(session.start()).html)
    let field = try #require(handlerIDs(in: html, event: "input").first)
    let start = Duration.zero
    var typed = 0
    func type(at instant: Duration) {
      typed += 1
      session.receive(#"{"handler":"\#(field)","value":"\#(typed)"}"#, at: instant)
    }
    for _ in 0..<250 { type(at: start) }
    #expect(store.label == "5")
    // Logged once for the page, however many are dropped, and whatever the runs of drops.
    let drops = { messages.value.filter { $0.hasPrefix("Dropped messages over the session's rate limit") } }
    #expect(drops().count == 1)
    // A second later the bucket has refilled up to its burst of five.
    for _ in 0..<20 { type(at: start + .seconds(1)) }
    #expect(store.label == "255")
    #expect(drops().count == 1)
    #expect(session.droppedSummary["dropped over the rate limit"] == "260")
  }

  @Test func aPageSendingBadMessagesIsLoggedAFewTimesAndCountedAtItsEnd() async throws {
    let (logger, records) = fullRecordingLogger()
    let registry = SessionRegistry(features: [LiveServerTests.tally], logger: logger)
    let connection = try #require(
      await registry.connect(featurePath: "tally", resumeID: nil, visitor: .browser) { _ in })
    let session = try #require(registry.session(id: connection.sessionID))
    for index in 0..<1_000 {
      session.receive(click("h\(100 + index)"), at: session.clock.now() + .seconds(index))
    }
    let logged = records.value.filter { $0.message.contains("unknown, spent or stale handler id") }
    #expect(logged.count == PageMessageLimits.loggedIgnoredMessages)
    #expect(logged.last?.metadata["note"] == "later ones from this page are not logged")
    await registry.end(sessionID: connection.sessionID)
    let end = try #require(records.value.last { $0.message == "Ended a session" })
    #expect(end.metadata["ignored messages"] == "1000")
  }

  @Test func theInboundQueueDropsWhatDoesNotFit() async throws {
    let received = LockIsolated<[String]>([])
    let reported = LockIsolated<[Int]>([])
    let queue = InboundQueue(limit: 3) { count in
      reported.withValue { $0.append(count) }
    } handle: { message in
      if case let .text(text) = message { received.withValue { $0.append(text) } }
    }
    // The test holds the main actor, so nothing is handled before it waits.
    let offered = (0..<5).map { queue.offer(.text("\($0)")) }
    #expect(offered == [true, true, true, false, false])
    // Drops are reported at the first and every hundredth: two drops, one report.
    #expect(reported.value == [1])
    for _ in 0..<98 { queue.drop() }
    #expect(reported.value == [1, 100])
    #expect(received.value.isEmpty)
    await eventually { received.value.count == 3 }
    #expect(received.value == ["0", "1", "2"])
    // Once handled, the queue has room again.
    #expect(queue.offer(.text("5")))
    await eventually { received.value.count == 4 }
    #expect(received.value.last == "5")
    queue.finish()
    #expect(!queue.offer(.text("6")))
  }

  @Test func anIdleInboundQueueKeepsNoTaskAndHandlesEachBurstInOrder() async throws {
    let received = LockIsolated<[Int]>([])
    let queue = InboundQueue(limit: 100) { message in
      if case let .binary(byteCount: count) = message { received.withValue { $0.append(count) } }
    }
    for burst in 0..<3 {
      for index in 0..<10 { #expect(queue.offer(.binary(byteCount: burst * 10 + index))) }
      await eventually { received.value.count == (burst + 1) * 10 }
    }
    #expect(received.value == Array(0..<30))
  }

  @Test func aQueueThatNeverEmptiesDropsTheMessagesItHandled() async throws {
    let received = LockIsolated<[Int]>([])
    let largestStore = LockIsolated(0)
    let box = LockIsolated<InboundQueue?>(nil)
    // Each message handled queues the next one before the queue could empty: 300 in a row.
    let queue = InboundQueue(limit: 4) { message in
      guard case let .binary(byteCount: count) = message else { return }
      received.withValue { $0.append(count) }
      if count < 299, let queue = box.value {
        _ = queue.offer(.binary(byteCount: count + 1))
        largestStore.withValue { $0 = max($0, queue.storedCount) }
      }
    }
    box.setValue(queue)
    #expect(queue.offer(.binary(byteCount: 0)))
    await eventually { received.value.count == 300 }
    #expect(received.value == Array(0..<300))
    #expect(largestStore.value <= 66)
    #expect(queue.storedCount == 0)
  }

  @Test func newSessionsBeyondTheCapAreRefusedWithAClearMessage() async throws {
    let (logger, messages) = recordingLogger()
    let registry = SessionRegistry(
      features: [LiveServerTests.tally], limits: LiveLimits(maximumSessions: 2), logger: logger)
    let first = try #require(
      await registry.connect(featurePath: "tally", resumeID: nil, visitor: .browser) { _ in })
    _ = try #require(await registry.connect(featurePath: "tally", resumeID: nil) { _ in })
    let sent = LockIsolated<[String]>([])
    let third = await registry.connect(featurePath: "tally", resumeID: nil) { text in
      sent.withValue { $0.append(text) }
    }
    #expect(third == nil)
    #expect(registry.count == 2)
    #expect(sent.value == [SessionRegistry.refusal])
    #expect(sent.value.first?.contains(#""type":"refused""#) == true)
    #expect(
      messages.value.contains {
        $0.hasPrefix("Refused a new session: the server is at its limit of sessions")
      })
    // Resuming a session is still allowed at the cap.
    await registry.disconnect(first)
    #expect(
      await registry.connect(featurePath: "tally", resumeID: first.sessionID, visitor: .browser) { _ in }
        != nil)
    await registry.endAll()
  }

}
#endif  // Hummingbird
