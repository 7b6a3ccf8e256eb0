#if Hummingbird
import ComposableArchitecture
import Foundation
import Logging
import Sharing
import Testing

@testable import ComposableWeb
@_spi(Testing) import ComposableArchitectureTestSupport

/// Loads that finish when the test says so: each key's loads wait for its gate.
final class LoadGate: Sendable {
  private let state = LockIsolated<(started: Int, waiting: [LoadContinuation<String>], value: String?)>(
    (0, [], nil))

  var started: Int { state.value.started }

  func load(_ continuation: LoadContinuation<String>) {
    let value = state.withValue { state -> String? in
      state.started += 1
      if state.value == nil { state.waiting.append(continuation) }
      return state.value
    }
    if let value { continuation.resume(returning: value) }
  }

  func open(with value: String) {
    let waiting = state.withValue { state in
      state.value = value
      defer { state.waiting = [] }
      return state.waiting
    }
    for continuation in waiting { continuation.resume(returning: value) }
  }
}

/// A shared title that a gate loads.
struct GatedTitleKey: SharedReaderKey {
  let name: String
  let gate: LoadGate
  var id: String { name }
  func load(context: LoadContext<String>, continuation: LoadContinuation<String>) {
    gate.load(continuation)
  }
  func subscribe(context: LoadContext<String>, subscriber: SharedSubscriber<String>) -> SharedSubscription {
    SharedSubscription {}
  }
}

/// A page whose title is shared state that loads slowly, and whose route's action reads it.
@Reducer
struct Shelf {
  @ObservableState
  struct State: Equatable {
    @SharedReader var title: String
    /// The title as the route's action saw it.
    var titleWhenLocated: String?
  }

  enum Action: Equatable {
    case located
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      state.titleWhenLocated = state.title
      return .none
    }
  }
}

func shelfView(_ store: LiveStoreOf<Shelf>) -> Node<Shelf.Action> {
  div {
    h1(store.title)
    p("located with: \(store.titleWhenLocated ?? "-")")
  }
}

/// A new session's first render waits for its shared state's first loads (a database's rows),
/// up to `LiveLimits.firstLoadWait`, so a page served over HTTP, and its route's first action,
/// see the values rather than their defaults.
@MainActor
@Suite struct FirstLoadTests {
  func endpoint(gate: LoadGate, name: String, clock: TestClock<Duration>? = nil, logger: Logger)
    -> LiveEndpoint
  {
    let feature = LiveFeature(
      path: "shelf", title: "Shelf", summary: "A slow title.",
      makeStore: {
        LiveStore(
          initialState: Shelf.State(
            title: SharedReader(wrappedValue: "(loading)", GatedTitleKey(name: name, gate: gate)))
        ) { Shelf() }
      },
      route: LiveRoute(location: { _ in LiveLocation(path: "") }, action: { _ in .located }),
      view: shelfView)
    if let clock {
      return LiveEndpoint(
        title: "Tests", features: [feature], hosts: HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1"),
        limits: LiveLimits(firstLoadWait: .seconds(1)), clock: clock, logger: logger)
    }
    return LiveEndpoint(
      title: "Tests", features: [feature], hosts: HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1"),
      logger: logger)
  }

  func get(_ endpoint: LiveEndpoint) async -> String? {
    await endpoint.respond(
      to: LiveRequest(
        path: "/shelf", headers: [LiveField("Host", "127.0.0.1:8080")], peerAddress: "127.0.0.1"))?.body
  }

  @Test func thePageShowsItsSharedStateOnceLoadedAndItsRouteSeesIt() async throws {
    let gate = LoadGate()
    let endpoint = endpoint(gate: gate, name: UUID().uuidString, logger: Logger(label: "test"))
    let response = Task { await get(endpoint) }
    await eventually { gate.started == 1 }
    gate.open(with: "Dune")
    let page = try #require(await response.value)
    #expect(page.contains("<h1>Dune</h1>"))
    #expect(page.contains("located with: Dune"))
    await endpoint.shutDown()
  }

  @Test func aLoadThatTakesTooLongIsNotWaitedForPastTheLimit() async throws {
    let gate = LoadGate()
    let clock = TestClock()
    let (logger, logged) = recordingLogger()
    let endpoint = endpoint(gate: gate, name: UUID().uuidString, clock: clock, logger: logger)
    let response = Task { await get(endpoint) }
    await eventually { gate.started == 1 }
    await clock.advance(by: .seconds(1))
    let page = try #require(await response.value)
    #expect(page.contains("<h1>(loading)</h1>"))
    #expect(page.contains("located with: (loading)"))
    #expect(logged.value.contains { $0.contains("did not load in time") })
    gate.open(with: "Dune")
    await endpoint.shutDown()
  }
}
#endif  // Hummingbird
