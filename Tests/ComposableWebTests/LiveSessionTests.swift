#if Hummingbird
import Clocks
import ComposableArchitecture
import Testing

@testable import ComposableWeb
@_spi(Testing) import ComposableArchitectureTestSupport

@MainActor
@Suite struct LiveSessionTests {
  func makeSession(
    _ state: Tally.State = Tally.State(), id: String = "s1"
  ) -> (LiveSession, LockIsolated<[String]>, LiveStoreOf<Tally>) {
    let (logger, messages) = recordingLogger()
    let store = LiveStore(initialState: state) { Tally() }
    return (LiveSession(id: id, store: store, view: tallyView, logger: logger), messages, store)
  }

  @Test func renderingIsDeterministic() throws {
    let (first, _, _) = makeSession(id: "a")
    let (second, _, _) = makeSession(id: "a")
    let firstRender = try ServerMessage(first.start())
    let secondRender = try ServerMessage(second.start())
    #expect(firstRender.type == .render)
    #expect(firstRender.html == secondRender.html)
    #expect(
      firstRender.html
        == #"<div data-ocaf-component="c"><div><span title="Tally">Tally</span><span>0</span><button data-ocaf-click="h1">Bump</button><input type="text" value="Tally" data-ocaf-input="h2"></div></div>"#
    )
  }

  @Test func renderedStateIsEscaped() throws {
    let (session, _, _) = makeSession(Tally.State(label: #"<b>"x"</b>"#))
    let html = try #require(try ServerMessage(session.start()).html)
    #expect(html.contains(#"<span title="&lt;b&gt;&quot;x&quot;&lt;/b&gt;">&lt;b&gt;"x"&lt;/b&gt;</span>"#))
    #expect(!html.contains("<b>"))
  }

  @Test func anEventWhoseNameCouldBreakTheMarkupIsLeftOut() throws {
    let store = LiveStore(initialState: Tally.State()) { Tally() }
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
    #expect(patch.type == .patch)
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
      messages.value.filter { $0.contains("unknown, spent or stale handler id") }.count == 2
    )
  }

  @Test func handlerIDsOfAReplacedRenderAreRefusedAfterTheGrace() throws {
    let (logger, messages) = recordingLogger()
    let store = LiveStore(initialState: Tally.State()) { Tally() }
    let session = LiveSession(
      id: "s", store: store, view: tallyView, replacedHandlerGrace: .zero, logger: logger)
    let html = try #require(try ServerMessage(session.start()).html)
    let bump = try #require(handlerIDs(in: html, event: "click").first)
    session.receive(click(bump))
    _ = session.flush()
    #expect(!session.issuedHandlerIDs.contains(bump))
    session.receive(click(bump))
    #expect(store.value == 1)
    #expect(messages.value.contains { $0.contains("unknown, spent or stale handler id") })
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
    let store = LiveStore(initialState: Tally.State()) { Tally() }
    let session = LiveSession(
      id: "s", store: store, view: tallyView, replacedHandlerGrace: .milliseconds(300),
      logger: logger)
    let clock = TestClock()
    session.clock = EngineClock(clock)
    var html = try #require(try ServerMessage(session.start()).html)
    var typed = 0
    func type(times: Int) throws -> [String] {
      var used: [String] = []
      for _ in 0..<times {
        let field = try #require(handlerIDs(in: html, event: "input").first)
        used.append(field)
        typed += 1
        session.receive(#"{"handler":"\#(field)","value":"v\#(typed)"}"#)
        let patch = try #require(session.flush())
        html = try #require(try ServerMessage(patch).patches?.first?.html)
      }
      return used
    }
    let early = try type(times: 40)
    await clock.advance(by: .milliseconds(400))
    // These renders drop the expired ids (and compact what remembers their order).
    let late = try type(times: 40)
    #expect(store.label == "v80")
    session.receive(#"{"handler":"\#(early[0])","value":"early"}"#)
    session.receive(#"{"handler":"\#(early[39])","value":"early"}"#)
    #expect(store.label == "v80")
    #expect(messages.value.filter { $0.contains("unknown, spent or stale handler id") }.count == 2)
    session.receive(#"{"handler":"\#(late[39])","value":"late"}"#)
    #expect(store.label == "late")
  }

  @Test func aDoubleClickActsOnce() throws {
    let (session, messages, store) = makeSession()
    let html = try #require(try ServerMessage(session.start()).html)
    let bump = try #require(handlerIDs(in: html, event: "click").first)
    // The second click arrives before the page has the patch of the first...
    session.receive(click(bump))
    session.receive(click(bump))
    #expect(store.value == 1)
    _ = try #require(session.flush())
    // ...or after it, replayed: the id was spent by its first use, grace or not.
    session.receive(click(bump))
    #expect(store.value == 1)
    #expect(messages.value.filter { $0.contains("unknown, spent or stale handler id") }.count == 2)
  }

  @Test func aClickThatChangesNothingStillGetsItsElementAFreshID() throws {
    let store = LiveStore(initialState: Tally.State()) { Tally() }
    let session = LiveSession(
      id: "s", store: store,
      view: { store in
        div {
          span("\(store.value)")
          // Writes the label it already has: the state does not change.
          button("Same", send: .labelChanged(store.label))
        }
      },
      logger: recordingLogger().0)
    let html = try #require(try ServerMessage(session.start()).html)
    let same = try #require(handlerIDs(in: html, event: "click").first)
    session.receive(click(same))
    let patch = try ServerMessage(try #require(session.flush()))
    let patched = try #require(patch.patches?.first?.html)
    let fresh = try #require(handlerIDs(in: patched, event: "click").first)
    #expect(fresh != same)
    #expect(session.issuedHandlerIDs == [fresh])
  }

  @Test func aClickFromARenderReplacedMeanwhileActsOnceDuringTheGrace() throws {
    let (session, _, store) = makeSession()
    let html = try #require(try ServerMessage(session.start()).html)
    let bump = try #require(handlerIDs(in: html, event: "click").first)
    let label = try #require(handlerIDs(in: html, event: "input").first)
    // The label changes (another tab, a keystroke): the page's button is re-rendered...
    session.receive(#"{"handler":"\#(label)","value":"New"}"#)
    _ = try #require(session.flush())
    #expect(!session.issuedHandlerIDs.contains(bump))
    // ...while the user clicked the button as it was: the click counts, once.
    session.receive(click(bump))
    session.receive(click(bump))
    #expect(store.value == 1)
  }

  @Test func disabledControlsGetNoHandlerIDs() throws {
    let store = LiveStore(initialState: Tally.State()) { Tally() }
    let session = LiveSession(
      id: "s", store: store,
      view: { store in
        div {
          button("Bump", send: .bumped, ["disabled": ""])
          Node.tag("fieldset", ["DISABLED": ""]) {
            textField(value: store.label, onInput: { .labelChanged($0) })
            button("Bump too", send: .bumped)
          }
          button("Enabled", send: .bumped)
        }
      },
      logger: recordingLogger().0)
    let html = try #require(try ServerMessage(session.start()).html)
    #expect(html.contains(#"<button disabled="">Bump</button>"#))
    #expect(html.contains(#"<input type="text" value="Tally">"#))
    #expect(html.contains(#"<button>Bump too</button>"#))
    #expect(handlerIDs(in: html, event: "click").count == 1)
    #expect(session.issuedHandlerIDs.count == 1)
    // The ids a forger would guess for them were never issued (h1 is the enabled button's).
    #expect(session.issuedHandlerIDs == ["h1"])
    session.receive(click("h2"))
    session.receive(#"{"handler":"h3","value":"Forged"}"#)
    #expect(store.value == 0)
    #expect(store.label == "Tally")
  }

  @Test func disabledWhileSendingMarksTheElement() throws {
    let node: Node<Tally.Action> = button("Bump", send: .bumped).disabledWhileSending()
    guard case let .element(element) = node else {
      Issue.record("not an element")
      return
    }
    #expect(element.attributes.map(\.name) == ["data-ocaf-disable-while-sending"])
    // Anything but an element is left as it is.
    guard case .text("x") = Node<Tally.Action>.text("x").disabledWhileSending() else {
      Issue.record("text changed")
      return
    }
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
    let store = LiveStore(initialState: TallyPair.State()) { TallyPair() }
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
    let store = LiveStore(initialState: TallyPair.State()) { TallyPair() }
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
    let store = LiveStore(initialState: TallyPair.State()) { TallyPair() }
    let session = LiveSession(id: "pair", store: store, view: tallyPairView, logger: logger)
    let sent = LockIsolated<[String]>([])
    session.output = { message in sent.withValue { $0.append(message) } }
    _ = session.start()
    func waitForMessages(_ count: Int) async throws {
      await eventually { sent.value.count >= count }
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
    let second = try ServerMessage(sent.value[1])
    #expect(second.patches?.map(\.id) == ["c.right"])
    #expect(second.patches?.first?.html.contains("<span>2</span>") == true)
    // Nothing else was flushed: the next message is the next change's.
    store.send(.left(.bumped))
    try await waitForMessages(3)
    #expect(try ServerMessage(sent.value[2]).patches?.map(\.id) == ["c.left"])
  }

  @Test func closingRevokesEveryHandler() throws {
    let (session, messages, store) = makeSession()
    let html = try #require(try ServerMessage(session.start()).html)
    let bump = try #require(handlerIDs(in: html, event: "click").first)
    session.close()
    #expect(session.issuedHandlerIDs.isEmpty)
    session.receive(click(bump))
    #expect(store.value == 0)
    #expect(messages.value.contains { $0.contains("unknown, spent or stale handler id") })
  }

  @Test func sessionIDsAre128RandomBits() {
    let ids = (0..<100).map { _ in LiveSession.makeID() }
    #expect(Set(ids).count == 100)
    #expect(ids.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
  }
}
#endif  // Hummingbird
