import ComposableArchitecture
import Testing

@testable import ComposableWeb

@MainActor
@Suite struct LiveSessionTests {
  func makeSession(
    _ state: Tally.State = Tally.State(), id: String = "s1"
  ) -> (LiveSession, LockIsolated<[String]>, StoreOf<Tally>) {
    let (logger, messages) = recordingLogger()
    let store = Store(initialState: state) { Tally() }
    return (LiveSession(id: id, store: store, view: tallyView, logger: logger), messages, store)
  }

  @Test func renderingIsDeterministic() throws {
    let (first, _, _) = makeSession(id: "a")
    let (second, _, _) = makeSession(id: "a")
    let firstRender = try ServerMessage(first.start())
    let secondRender = try ServerMessage(second.start())
    #expect(firstRender.type == "render")
    #expect(firstRender.html == secondRender.html)
    #expect(
      firstRender.html
        == #"<div data-ocaf-component="c" style="display:contents"><div><span title="Tally">Tally</span><span>0</span><button data-ocaf-click="h1">Bump</button><input type="text" value="Tally" data-ocaf-input="h2"></div></div>"#
    )
  }

  @Test func renderedStateIsEscaped() throws {
    let (session, _, _) = makeSession(Tally.State(label: #"<b>"x"</b>"#))
    let html = try #require(try ServerMessage(session.start()).html)
    #expect(html.contains(#"<span title="&lt;b&gt;&quot;x&quot;&lt;/b&gt;">&lt;b&gt;"x"&lt;/b&gt;</span>"#))
    #expect(!html.contains("<b>"))
  }

  @Test func anEventWhoseNameCouldBreakTheMarkupIsLeftOut() throws {
    let store = Store(initialState: Tally.State()) { Tally() }
    let session = LiveSession(
      id: "s", store: store,
      view: { _ in
        Node.tag(
          "button",
          events: [
            (event: #"x" onclick="alert(1)"#, handler: .send(.bumped)),
            (event: "onward", handler: .send(.bumped)),
          ]
        ) { "+" }
      },
      logger: recordingLogger().0)
    let html = try #require(try ServerMessage(session.start()).html)
    #expect(!html.contains("alert"))
    #expect(!html.contains(" onclick"))
    // After the `data-ocaf-` prefix a name may start with "on": it is not an event attribute.
    let onward = try #require(handlerIDs(in: html, event: "onward").first)
    session.receive(click(onward))
    #expect(store.value == 1)
  }

  @Test func aClickSendsTheElementsAction() throws {
    let (session, _, store) = makeSession()
    let html = try #require(try ServerMessage(session.start()).html)
    let bump = try #require(handlerIDs(in: html, event: "click").first)
    session.receive(click(bump))
    #expect(store.value == 1)
    let patch = try ServerMessage(try #require(session.flush()))
    #expect(patch.type == "patch")
    #expect(patch.patches?.map(\.id) == ["c"])
    #expect(patch.patches?.first?.html.contains("<span>1</span>") == true)
  }

  @Test func anInputSendsItsValue() throws {
    let (session, _, store) = makeSession()
    let html = try #require(try ServerMessage(session.start()).html)
    let input = try #require(handlerIDs(in: html, event: "input").first)
    session.receive(#"{"handler":"\#(input)","value":"A name longer than sixteen"}"#)
    #expect(store.label == "A name longer th")
  }

  @Test func aForgedHandlerIDChangesNothingAndIsLogged() throws {
    let (session, messages, store) = makeSession()
    _ = session.start()
    session.receive(click("h999"))
    session.receive(click("c"))
    #expect(store.value == 0)
    #expect(session.flush() == nil)
    #expect(
      messages.value.filter { $0.contains("unknown or stale handler id") }.count == 2
    )
  }

  @Test func handlerIDsOfAReplacedRenderAreRefusedAfterTheGrace() throws {
    let (logger, messages) = recordingLogger()
    let store = Store(initialState: Tally.State()) { Tally() }
    let session = LiveSession(
      id: "s", store: store, view: tallyView, replacedHandlerGrace: .zero, logger: logger)
    let html = try #require(try ServerMessage(session.start()).html)
    let bump = try #require(handlerIDs(in: html, event: "click").first)
    session.receive(click(bump))
    _ = session.flush()
    #expect(!session.issuedHandlerIDs.contains(bump))
    session.receive(click(bump))
    #expect(store.value == 1)
    #expect(messages.value.contains { $0.contains("unknown or stale handler id") })
  }

  @Test func handlerIDsOfAReplacedRenderStillCountDuringTheGrace() throws {
    let (session, messages, store) = makeSession()
    let html = try #require(try ServerMessage(session.start()).html)
    let label = try #require(handlerIDs(in: html, event: "input").first)
    // Keystrokes sent before the page received the render that replaced the field.
    session.receive(#"{"handler":"\#(label)","value":"B"}"#)
    _ = session.flush()
    #expect(!session.issuedHandlerIDs.contains(label))
    session.receive(#"{"handler":"\#(label)","value":"Bl"}"#)
    _ = session.flush()
    session.receive(#"{"handler":"\#(label)","value":"Blo"}"#)
    #expect(store.label == "Blo")
    #expect(!messages.value.contains { $0.contains("stale") })
  }

  @Test func replacedHandlerIDsExpireInTheOrderTheyWereReplacedAcrossManyRenders() async throws {
    let (logger, messages) = recordingLogger()
    let store = Store(initialState: Tally.State()) { Tally() }
    let session = LiveSession(
      id: "s", store: store, view: tallyView, replacedHandlerGrace: .milliseconds(300),
      logger: logger)
    var html = try #require(try ServerMessage(session.start()).html)
    func clickBump(times: Int) throws -> [String] {
      var used: [String] = []
      for _ in 0..<times {
        let bump = try #require(handlerIDs(in: html, event: "click").first)
        used.append(bump)
        session.receive(click(bump))
        let patch = try #require(session.flush())
        html = try #require(try ServerMessage(patch).patches?.first?.html)
      }
      return used
    }
    let early = try clickBump(times: 40)
    try await Task.sleep(for: .milliseconds(400))
    // These renders drop the expired ids (and compact what remembers their order).
    let late = try clickBump(times: 40)
    #expect(store.value == 80)
    session.receive(click(early[0]))
    session.receive(click(early[39]))
    #expect(store.value == 80)
    #expect(messages.value.filter { $0.contains("unknown or stale handler id") }.count == 2)
    session.receive(click(late[39]))
    #expect(store.value == 81)
  }

  @Test func badMessagesAreLoggedAndIgnored() throws {
    let (session, messages, store) = makeSession()
    let html = try #require(try ServerMessage(session.start()).html)
    let input = try #require(handlerIDs(in: html, event: "input").first)
    session.receive("not json")
    session.receive(#"{"value":"x"}"#)
    session.receive(#"{"handler":"\#(input)","value":42}"#)
    session.receive(#"{"handler":"\#(input)","value":""# + String(repeating: "x", count: 10_000) + #""}"#)
    session.receiveBinary(byteCount: 12)
    #expect(store.state == Tally.State())
    let log = messages.value
    #expect(log.filter { $0.contains("malformed") }.count == 2)
    #expect(log.contains { $0.contains("not a string") })
    #expect(log.contains { $0.contains("oversized") })
    #expect(log.contains { $0.contains("binary") })
    session.receive(#"{"handler":"\#(input)","value":"still works"}"#)
    #expect(store.label == "still works")
  }

  @Test func anActionRerendersOnlyTheComponentWhoseStateChanged() throws {
    let (logger, _) = recordingLogger()
    let store = Store(initialState: TallyPair.State()) { TallyPair() }
    let session = LiveSession(id: "pair", store: store, view: tallyPairView, logger: logger)
    let html = try #require(try ServerMessage(session.start()).html)
    #expect(html.contains(#"data-ocaf-component="c.left""#))
    #expect(html.contains(#"data-ocaf-component="c.right""#))
    let clicks = handlerIDs(in: html, event: "click")
    #expect(clicks.count == 2)

    session.receive(click(clicks[1]))
    let patch = try ServerMessage(try #require(session.flush()))
    #expect(patch.patches?.map(\.id) == ["c.right"])
    #expect(patch.patches?.first?.html.contains("<span>1</span>") == true)
    #expect(session.issuedHandlerIDs.contains(clicks[0]))
    #expect(!session.issuedHandlerIDs.contains(clicks[1]))

    session.receive(click(clicks[0]))
    let second = try ServerMessage(try #require(session.flush()))
    #expect(second.patches?.map(\.id) == ["c.left"])
    #expect(session.flush() == nil)
  }

  @Test func aClickRendersOnlyTheComponentItChangedCountedInRenders() throws {
    let (logger, _) = recordingLogger()
    let store = Store(initialState: TallyPair.State()) { TallyPair() }
    let session = LiveSession(id: "pair", store: store, view: tallyPairView, logger: logger)
    let html = try #require(try ServerMessage(session.start()).html)
    #expect(session.componentRenders == 3)
    let clicks = handlerIDs(in: html, event: "click")
    session.receive(click(clicks[1]))
    _ = try #require(session.flush())
    #expect(session.componentRenders == 4)
    // A message that changes nothing renders nothing.
    session.receive(click("h999"))
    #expect(session.flush() == nil)
    #expect(session.componentRenders == 4)
  }

  @Test func aMessagesPatchIsSentBeforeReceiveReturns() throws {
    let (session, _, store) = makeSession()
    let sent = LockIsolated<[String]>([])
    session.output = { message in sent.withValue { $0.append(message) } }
    let html = try #require(try ServerMessage(session.start()).html)
    let bump = try #require(handlerIDs(in: html, event: "click").first)
    session.receive(click(bump))
    #expect(store.value == 1)
    #expect(sent.value.count == 1)
    let patch = try ServerMessage(try #require(sent.value.first))
    #expect(patch.patches?.first?.html.contains("<span>1</span>") == true)
    #expect(session.flush() == nil)
  }

  @Test func changesMadeOutsideAMessageAreSentByAFlushOfTheirOwnEachTime() async throws {
    let (logger, _) = recordingLogger()
    let store = Store(initialState: TallyPair.State()) { TallyPair() }
    let session = LiveSession(id: "pair", store: store, view: tallyPairView, logger: logger)
    let sent = LockIsolated<[String]>([])
    session.output = { message in sent.withValue { $0.append(message) } }
    _ = session.start()
    func waitForMessages(_ count: Int) async throws {
      for _ in 0..<200 where sent.value.count < count {
        try await Task.sleep(for: .milliseconds(5))
      }
    }
    // Both components change: one flush carries both patches.
    store.send(.left(.bumped))
    store.send(.right(.bumped))
    #expect(sent.value.isEmpty)
    try await waitForMessages(1)
    #expect(sent.value.count == 1)
    let first = try ServerMessage(try #require(sent.value.last))
    #expect(Set(first.patches?.map(\.id) ?? []) == ["c.left", "c.right"])
    // A later change is flushed again.
    store.send(.right(.bumped))
    try await waitForMessages(2)
    try await Task.sleep(for: .milliseconds(20))
    #expect(sent.value.count == 2)
    let second = try ServerMessage(try #require(sent.value.last))
    #expect(second.patches?.map(\.id) == ["c.right"])
    #expect(second.patches?.first?.html.contains("<span>2</span>") == true)
  }

  @Test func closingRevokesEveryHandler() throws {
    let (session, messages, store) = makeSession()
    let html = try #require(try ServerMessage(session.start()).html)
    let bump = try #require(handlerIDs(in: html, event: "click").first)
    session.close()
    #expect(session.issuedHandlerIDs.isEmpty)
    session.receive(click(bump))
    #expect(store.value == 0)
    #expect(messages.value.contains { $0.contains("unknown or stale handler id") })
  }

  @Test func sessionIDsAre128RandomBits() {
    let ids = (0..<100).map { _ in LiveSession.makeID() }
    #expect(Set(ids).count == 100)
    #expect(ids.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
  }
}
