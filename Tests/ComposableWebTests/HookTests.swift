#if Hummingbird
import ComposableArchitecture
import Foundation
import Logging
import Testing

@testable import ComposableWeb
@_spi(Testing) import ComposableArchitectureTestSupport

/// A chart whose bars a client hook draws: picking one highlights it through a pushed event.
@Reducer
struct BarChart {
  @ObservableState
  struct State: Equatable {
    var values = [3, 5, 2]
    var picked: Int?
  }

  enum Action: Equatable {
    case barPicked(Int)
    case pushTwice
  }

  struct Bar: Codable, Equatable {
    var index: Int
  }

  @Dependency(\.pageEvents) var pageEvents

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .barPicked(index):
        state.picked = index
        return .run { [pageEvents] _ in pageEvents.push("highlight", Bar(index: index)) }
      case .pushTwice:
        return .run { _ in
          pageEvents.push("first")
          pageEvents.push("second", ["n": 2])
        }
      }
    }
  }
}

func barChartView(_ store: LiveStoreOf<BarChart>) -> Node<BarChart.Action> {
  div {
    div(["class": "chart", "data-values": store.values.map(String.init).joined(separator: ",")]) {}
      .hook("BarChart", ownsContent: true, events: [
        "picked": .decode { (bar: BarChart.Bar) in .barPicked(bar.index) },
        "again": .send(.pushTwice),
      ])
  }
}

@MainActor
@Suite struct HookTests {
  func makeSession() -> (LiveSession, LiveStoreOf<BarChart>, LockIsolated<[LogRecord]>, LockIsolated<[String]>) {
    let (logger, records) = fullRecordingLogger()
    let store = LiveStore(initialState: BarChart.State()) { BarChart() }
    let session = LiveSession(id: "s", store: store, view: barChartView, logger: logger)
    let sent = LockIsolated<[String]>([])
    session.output = { message in sent.withValue { $0.append(message) } }
    return (session, store, records, sent)
  }

  @Test func aHookedElementNamesItsHookItsOwnershipAndAHandlerPerEvent() throws {
    let (session, _, _, _) = makeSession()
    let html = try #require(try ServerMessage(session.start()).html)
    #expect(html.contains(#"data-ocaf-hook="BarChart" data-ocaf-owned="""#))
    #expect(handlerIDs(in: html, event: "push-picked").count == 1)
    #expect(handlerIDs(in: html, event: "push-again").count == 1)
  }

  @Test func aHookOrEventNameThatCannotBeOneIsReportedAndLeftOut() {
    withKnownIssue {
      let node = Node<BarChart.Action>.tag("div").hook("bar-chart")
      guard case let .element(element) = node else { return }
      #expect(element.attributes.isEmpty)
    } matching: { $0.description.contains("'bar-chart' cannot name a client hook") }
    withKnownIssue {
      let node = Node<BarChart.Action>.tag("div").hook("Chart", events: ["Picked": .send(.pushTwice), "ok": .send(.pushTwice)])
      guard case let .element(element) = node else { return }
      #expect(element.events.map(\.event) == ["push-ok"])
    } matching: { $0.description.contains("'Picked' cannot name a hook's event") }
  }

  @Test func aHooksPayloadBecomesTheActionAndTheEffectsEventGoesWithTheNextPatch() async throws {
    let (session, store, records, sent) = makeSession()
    let html = try #require(try ServerMessage(session.start()).html)
    let picked = try #require(handlerIDs(in: html, event: "push-picked").first)
    session.receive(ClientMessage.event(handler: picked, value: .string(#"{"index":1}"#)).text)
    #expect(store.picked == 1)
    // The effect pushes from its own task: the event comes in a message of its own.
    #expect(
      await eventually {
        sent.value.contains { $0.contains(#""events":[{"name":"highlight","payload":{"index":1}}]"#) }
      })
    let event = try sent.value.compactMap { text -> [ServerMessage.Patch.Event]? in
      guard case let .patch(patch) = try ServerMessage(text) else { return nil }
      return patch.events
    }.flatMap { $0 }
    #expect(event == [ServerMessage.Patch.Event(name: "highlight", payload: #"{"index":1}"#)])
    session.receive(ClientMessage.event(handler: picked, value: .string(#"{"bar":1}"#)).text)
    #expect(records.value.contains { $0.message.contains("a JSON payload of Bar") })
  }

  @Test func eventsPushedTogetherArriveInOrder() async throws {
    let (session, _, _, sent) = makeSession()
    let html = try #require(try ServerMessage(session.start()).html)
    let again = try #require(handlerIDs(in: html, event: "push-again").first)
    session.receive(ClientMessage.event(handler: again, value: .string("{}")).text)
    #expect(await eventually { sent.value.joined().contains("second") })
    let names = try sent.value.flatMap { text -> [String] in
      guard case let .patch(patch) = try ServerMessage(text) else { return [] }
      return patch.events.map(\.name)
    }
    #expect(names == ["first", "second"])
    #expect(sent.value.joined().contains(#"{"name":"second","payload":{"n":2}}"#))
  }

  @Test func anEventPushedOutsideALivePageIsReported() async {
    let store = TestStore(initialState: BarChart.State()) { BarChart() }
    await withKnownIssue {
      await store.send(.barPicked(0)) { $0.picked = 0 }
      await store.finish()
    } matching: { $0.description.contains("pushed outside a live page") }
  }

  @Test func aTestOverridesThePageEventsToRecordThem() async {
    let pushed = LockIsolated<[String]>([])
    let store = TestStore(initialState: BarChart.State()) { BarChart() } withDependencies: {
      $0.pageEvents = PageEvents { name, payload in pushed.withValue { $0.append(name + payload) } }
    }
    await store.send(.barPicked(2)) { $0.picked = 2 }
    await store.finish()
    #expect(pushed.value == [#"highlight{"index":2}"#])
  }

  @Test func aPatchsEventsAreWrittenAndReadBack() throws {
    let patch = ServerMessage.patch(
      .init(parts: [], events: [.init(name: "highlight", payload: #"{"index":1,"tags":["a",true,null]}"#)]))
    #expect(patch.text == #"{"events":[{"name":"highlight","payload":{"index":1,"tags":["a",true,null]}}],"patches":[],"type":"patch","values":[]}"#)
    #expect(try ServerMessage(text: patch.text) == patch)
    #expect((try? ServerMessage(text: #"{"events":[{"name":"x"}],"patches":[],"type":"patch"}"#)) == nil)
  }

  @Test func theEndpointServesTheHooksItsLayoutGivesAsSourceAndTellsPagesWhereEachIs() async throws {
    var layout = LiveLayout()
    layout.hooks = [
      LiveHook(name: "BarChart", source: "export default {};"),
      LiveHook(name: "Map", url: "/assets/map.js"),
      LiveHook(name: "no good", source: ""),
    ]
    let (logger, messages) = recordingLogger()
    let feature = LiveFeature(
      path: "chart", title: "Chart", summary: "Bars",
      makeStore: { LiveStore(initialState: BarChart.State()) { BarChart() } }, view: barChartView)
    let endpoint = LiveEndpoint(
      title: "Test", features: [feature], mountPath: "/app", layout: layout,
      hosts: HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1"), logger: logger)
    #expect(endpoint.pagePaths.contains("/app/ocaf/hooks/BarChart.js"))
    #expect(!endpoint.pagePaths.contains { $0.contains("Map") })
    let module = try #require(
      await endpoint.respond(to: LiveRequest(method: "GET", path: "/app/ocaf/hooks/BarChart.js")))
    #expect(module.body == "export default {};")
    #expect(module.headers.contains { $0.name == "Content-Type" && $0.value.hasPrefix("text/javascript") })
    #expect(await endpoint.respond(to: LiveRequest(method: "GET", path: "/app/ocaf/hooks/Map.js")) == nil)
    let page = endpoint.pages.page(for: feature)
    #expect(page.contains(#"data-ocaf-hooks="{&quot;BarChart&quot;:&quot;/app/ocaf/hooks/BarChart.js&quot;,&quot;Map&quot;:&quot;/assets/map.js&quot;"#))
    #expect(messages.value.contains { $0.contains("A client hook's name cannot name one") })
  }
}
#endif  // Hummingbird
