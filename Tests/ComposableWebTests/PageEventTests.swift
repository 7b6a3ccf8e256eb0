#if Hummingbird
import ComposableArchitecture
import Foundation
import Logging
import Testing

@testable import ComposableWeb

/// A feature that takes keys, focus, the window's size and a hook-style payload.
@Reducer
struct Keyboard {
  @ObservableState
  struct State: Equatable {
    var keys: [String] = []
    var size: WindowSize?
    var blurred: String?
  }

  enum Action: Equatable {
    case blurred(String)
    case key(String)
    case resized(WindowSize)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .blurred(text): state.blurred = text
      case let .key(key): state.keys.append(key)
      case let .resized(size): state.size = size
      }
      return .none
    }
  }
}

func keyboardView(_ store: LiveStoreOf<Keyboard>) -> Node<Keyboard.Action> {
  div {
    Node.tag("input", ["id": "field"])
      .on(.keyDown("Enter", "Meta+k"), .value { .key($0) })
      .on(.blur, .value { .blurred($0) })
      .disabledWhileSending()
    p("\(store.keys.count) keys")
      .on(.windowResize, .decode { (size: WindowSize) in .resized(size) })
      .throttle(.milliseconds(150))
  }
}

@MainActor
@Suite struct PageEventTests {
  func makeSession() -> (LiveSession, LiveStoreOf<Keyboard>, LockIsolated<[LogRecord]>, LockIsolated<[String]>) {
    let (logger, records) = fullRecordingLogger()
    let store = LiveStore(initialState: Keyboard.State()) { Keyboard() }
    let session = LiveSession(id: "s", store: store, view: keyboardView, logger: logger)
    let sent = LockIsolated<[String]>([])
    session.output = { message in sent.withValue { $0.append(message) } }
    return (session, store, records, sent)
  }

  @Test func eachEventsOptionsAreWrittenForThePageInEventOrder() throws {
    let (session, _, _, _) = makeSession()
    let html = try #require(try ServerMessage(session.start()).html)
    #expect(html.contains(#"data-ocaf-options="{&quot;keydown&quot;:{&quot;keys&quot;:[&quot;Enter&quot;,&quot;Meta+k&quot;]}}""#))
    #expect(html.contains(#"data-ocaf-options="{&quot;window-resize&quot;:{&quot;throttle&quot;:150}}""#))
    #expect(handlerIDs(in: html, event: "keydown").count == 1)
    #expect(handlerIDs(in: html, event: "blur").count == 1)
    #expect(handlerIDs(in: html, event: "window-resize").count == 1)
  }

  @Test func aSecondOnForAnEventReplacesTheFirstAndDebounceWithoutEventsCoversThemAll() {
    let node = Node<Keyboard.Action>.tag("input")
      .on(.keyDown("Enter"), send: .key("first"))
      .on(.keyDown(), send: .key("second"))
      .on(.focus, js: .addClass("focused"))
      .debounce(.milliseconds(300))
    guard case let .element(element) = node else {
      Issue.record("not an element")
      return
    }
    #expect(element.events.map(\.event) == ["keydown"])
    #expect(element.eventOptions["keydown"]?.keys == [])
    #expect(element.eventOptions["keydown"]?.debounce == .milliseconds(300))
    #expect(element.eventOptions["focus"]?.debounce == .milliseconds(300))
    #expect(element.eventOptions["focus"]?.commands == .addClass("focused"))
    #expect(
      element.eventOptionsJSON
        == #"{"focus":{"debounce":300,"js":[["add-class",{"names":"focused"}]]},"keydown":{"debounce":300}}"#)
  }

  @Test func aKeysHandlerIdActsAgainWhereAClicksActsOnce() throws {
    let (session, store, _, _) = makeSession()
    let html = try #require(try ServerMessage(session.start()).html)
    let key = try #require(handlerIDs(in: html, event: "keydown").first)
    session.receive(ClientMessage.event(handler: key, value: .string("Enter")).text)
    session.receive(ClientMessage.event(handler: key, value: .string("Enter")).text)
    #expect(store.keys == ["Enter", "Enter"])
    #expect(HandlerTable.isSingleUse(event: "click"))
    #expect(HandlerTable.isSingleUse(event: "submit"))
    #expect(!HandlerTable.isSingleUse(event: "window-keydown"))
    #expect(!HandlerTable.isSingleUse(event: "blur"))
  }

  @Test func aMessageWithARefIsAcknowledgedEvenWhenItChangesNothingOrIsStale() throws {
    let (session, store, records, sent) = makeSession()
    let html = try #require(try ServerMessage(session.start()).html)
    let blur = try #require(handlerIDs(in: html, event: "blur").first)
    // Changes state: the patch carries the ack.
    session.receive(ClientMessage.event(handler: blur, value: .string("ada"), ref: 1).text)
    #expect(store.blurred == "ada")
    // Changes nothing that is shown: an ack alone.
    session.receive(ClientMessage.event(handler: blur, value: .string("ada"), ref: 2).text)
    // A stale id: ignored, logged, and still acknowledged.
    session.receive(ClientMessage.event(handler: "h999", ref: 3).text)
    // No ref, no change: nothing is sent.
    session.receive(ClientMessage.event(handler: blur, value: .string("ada")).text)
    let acks = try sent.value.map { message -> [Int] in
      guard case let .patch(patch) = try ServerMessage(message) else { return [] }
      return patch.acknowledged
    }
    #expect(acks == [[1], [2], [3]])
    #expect(sent.value[1] == #"{"acknowledged":[2],"patches":[],"type":"patch","values":[]}"#)
    #expect(records.value.contains { $0.message.contains("unknown, spent or stale handler id") })
  }

  @Test func aPayloadIsDecodedIntoTheActionAndOneThatDoesNotDecodeIsLoggedAndDropped() throws {
    let (session, store, records, _) = makeSession()
    let html = try #require(try ServerMessage(session.start()).html)
    let resize = try #require(handlerIDs(in: html, event: "window-resize").first)
    session.receive(
      ClientMessage.event(handler: resize, value: .string(#"{"width":480,"height":800}"#)).text)
    #expect(store.size == WindowSize(width: 480, height: 800))
    session.receive(ClientMessage.event(handler: resize, value: .string(#"{"width":"wide"}"#)).text)
    session.receive(ClientMessage.event(handler: resize, value: .bool(true)).text)
    #expect(store.size == WindowSize(width: 480, height: 800))
    let ignored = records.value.filter { $0.message.contains("a JSON payload of WindowSize") }
    #expect(ignored.count == 2)
    #expect(ignored.first?.metadata["reason"]?.contains("width") == true)
  }

  @Test func aRefIsWrittenAndReadAndABadOneIsMalformed() {
    let message = ClientMessage.event(handler: "h3", value: .string("x"), ref: 12)
    #expect(message.text == #"{"handler":"h3","ref":12,"value":"x"}"#)
    #expect(ClientMessage.read(message.text) == .message(message))
    #expect(ClientMessage.read(#"{"handler":"h3","ref":-1}"#) == .malformed)
    #expect(ClientMessage.read(#"{"handler":"h3","ref":1.5}"#) == .malformed)
    let patch = ServerMessage.patch(.init(parts: [], acknowledged: [4, 5]))
    #expect(patch.text == #"{"acknowledged":[4,5],"patches":[],"type":"patch","values":[]}"#)
    #expect((try? ServerMessage(text: patch.text)) == patch)
    #expect((try? ServerMessage(text: #"{"acknowledged":["x"],"patches":[],"type":"patch"}"#)) == nil)
  }

  @Test func aDevelopmentBuildWritesTheSimulatedLatencyOnThePagesRoot() async throws {
    var layout = LiveLayout()
    layout.simulatedLatency = .milliseconds(400)
    let feature = LiveFeature(
      path: "keys", title: "Keys", summary: "Keys",
      makeStore: { LiveStore(initialState: Keyboard.State()) { Keyboard() } }, view: keyboardView)
    let endpoint = LiveEndpoint(
      title: "Test", features: [feature], layout: layout,
      hosts: HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1"), logger: recordingLogger().0)
    let plain = LiveEndpoint(
      title: "Test", features: [feature],
      hosts: HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1"), logger: recordingLogger().0)
    let slow = endpoint.pages.page(for: feature)
    let fast = plain.pages.page(for: feature)
    #if DEBUG
      #expect(slow.contains(#"data-ocaf-latency="400""#))
    #else
      #expect(!slow.contains("data-ocaf-latency"))
    #endif
    #expect(!fast.contains("data-ocaf-latency"))
  }
}
#endif  // Hummingbird
