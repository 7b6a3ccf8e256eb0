import ComposableArchitecture
import ComposableWeb
import Foundation
import Logging
import NIOCore
import NIOPosix
import Testing

/// A shared tally that sessions on different event loops count up together.
@Reducer
struct SharedTally {
  @ObservableState
  struct State: Equatable {
    @Shared var total: Int
    var ownClicks = 0

    init(key: String) {
      self._total = Shared(wrappedValue: 0, .inMemory(key))
    }
  }

  enum Action: Equatable {
    case bumped
    case bumpLaterTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .bumped:
        state.$total.withLock { $0 += 1 }
        state.ownClicks += 1
        return .none
      case .bumpLaterTapped:
        return .run { send in await send(.bumped) }
      }
    }
  }
}

func sharedTallyView(_ store: LiveStoreOf<SharedTally>) -> Node<SharedTally.Action> {
  div {
    p("Total \(store.total)")
    p("Mine \(store.ownClicks)")
    button("Bump", send: .bumped)
    button("Bump later", send: .bumpLaterTapped)
  }
}

/// An actor whose executor is one event loop: what it makes runs on that loop's thread.
actor LoopActor {
  let loop: any EventLoop
  private var session: LiveSession?
  private var handlers: [String] = []
  /// The messages the session sent its page, each with whether it was sent on the loop.
  let pages = LockIsolated<[(message: String, onLoop: Bool)]>([])

  init(loop: any EventLoop) {
    self.loop = loop
  }

  nonisolated var unownedExecutor: UnownedSerialExecutor {
    self.loop.executor.asUnownedSerialExecutor()
  }

  /// Opens a session of the shared tally here; its page output records where it was sent from.
  func open(sharing key: String) throws {
    let store = LiveStore(initialState: SharedTally.State(key: key)) { SharedTally() }
    let session = LiveSession(
      id: LiveSession.makeID(), store: store, view: sharedTallyView,
      // No rate limit: the test clicks faster than a person.
      limits: LiveLimits(messagesPerSecond: 1e9, burst: 1_000_000), logger: Logger(label: "test"))
    let html = try #require(try ServerMessage(session.start()).html)
    self.handlers = handlerIDs(in: html, event: "click")
    let loop = self.loop
    let pages = self.pages
    session.output = { message in
      pages.withValue { $0.append((message, loop.inEventLoop)) }
    }
    self.session = session
  }

  /// Clicks the button at `index`, and returns the patch the click sent the page, if any, with
  /// whether it was sent on the loop.
  func click(_ index: Int) -> (patch: String?, onLoop: Bool) {
    guard let session else { return (nil, false) }
    // The page's buttons as it shows them now: a change the other session made may have
    // rendered them again since the last click.
    if let latest = pages.value.last, let html = try? ServerMessage(latest.message).patches?.first?.html {
      let ids = handlerIDs(in: html, event: "click")
      if ids.count == handlers.count { handlers = ids }
    }
    let sent = pages.value.count
    // A session with a page sends a click's patch to it at once.
    session.receive(ComposableWebTests.click(handlers[index]))
    guard let page = pages.value.dropFirst(sent).last else { return (nil, false) }
    return (page.message, page.onLoop)
  }

  func close() {
    session?.close()
    session = nil
  }
}

@Suite(.serialized) struct SessionIsolationTests {
  @Test func aSessionMadeOnAnEventLoopsActorReducesAndRendersOnThatLoop() async throws {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let actor = LoopActor(loop: group.next())
    try await actor.open(sharing: #function)
    let (patch, onLoop) = await actor.click(0)
    #expect(onLoop)
    let message = try #require(patch)
    let html = try #require(try ServerMessage(message).patches?.first?.html)
    #expect(html.contains("<p>Mine 1</p>"))
    await actor.close()
    try await group.shutdownGracefully()
  }

  @Test func anEffectsActionReachesTheSessionOnItsLoopAndItsPage() async throws {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let actor = LoopActor(loop: group.next())
    try await actor.open(sharing: #function)
    _ = await actor.click(1)
    try await waitUntil { actor.pages.value.contains { $0.message.contains("Mine 1") } }
    let page = try #require(actor.pages.value.first { $0.message.contains("Mine 1") })
    #expect(page.onLoop)
    await actor.close()
    try await group.shutdownGracefully()
  }

  @Test func sessionsOnTwoLoopsShareStateAndEachPageHearsOfTheOthersChange() async throws {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
    let first = LoopActor(loop: group.next())
    let second = LoopActor(loop: group.next())
    #expect(first.loop !== second.loop)
    try await first.open(sharing: #function)
    try await second.open(sharing: #function)
    // Both loops click at once; every click counts in the shared total.
    async let firstClicks: Void = {
      for _ in 0..<200 { _ = await first.click(0) }
    }()
    async let secondClicks: Void = {
      for _ in 0..<200 { _ = await second.click(0) }
    }()
    _ = await (firstClicks, secondClicks)
    // A page that did not make the last change hears of it: the other session's change to the
    // shared total renders its page on its own loop.
    try await waitUntil {
      first.pages.value.contains { $0.message.contains("Total 400") }
        && second.pages.value.contains { $0.message.contains("Total 400") }
    }
    for actor in [first, second] {
      let page = try #require(actor.pages.value.last { $0.message.contains("Total 400") })
      #expect(page.onLoop)
    }
    await first.close()
    await second.close()
    try await group.shutdownGracefully()
  }
}
