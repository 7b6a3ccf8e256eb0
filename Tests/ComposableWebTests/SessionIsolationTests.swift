#if Hummingbird
import ComposableArchitecture
@testable import ComposableWeb
import Foundation
import Logging
import NIOCore
import NIOPosix
import Testing
@_spi(Testing) import ComposableArchitectureTestSupport

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
    await eventually { actor.pages.value.contains { $0.message.contains("Mine 1") } }
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
    await eventually {
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

/// Sessions that the endpoint starts for requests naming a `SessionActor`: what the adapters do
/// for every connection.
@Suite(.serialized) struct EndpointSessionActorTests {
  /// A tally whose sessions share the total kept under `key`.
  static func tally(_ key: String) -> LiveFeature {
    LiveFeature(
      path: "tally", title: "Tally", summary: "A shared tally.",
      // Not isolated to any actor: the store is made on the session's.
      makeStore: { LiveStore(initialState: SharedTally.State(key: key)) { SharedTally() } },
      view: sharedTallyView)
  }

  func makeEndpoint(_ key: String) -> LiveEndpoint {
    LiveEndpoint(
      title: "Tests", features: [Self.tally(key)],
      hosts: HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1"),
      limits: LiveLimits(messagesPerSecond: 1e9, burst: 1_000_000), logger: Logger(label: "test"))
  }

  /// A page's socket on `loop`: its session is made there; what it is sent is recorded with
  /// whether it was sent on that loop.
  func attach(
    _ endpoint: LiveEndpoint, on loop: any EventLoop, actor: SessionActor? = nil
  ) async throws -> (LiveAttachment, LockIsolated<[(message: String, onLoop: Bool)]>) {
    var request = LiveRequest(
      path: "/live", query: [LiveField("feature", "tally"), LiveField("version", "\(PageProtocol.version)")],
      headers: [LiveField("Host", "127.0.0.1:8080")])
    request.sessionActor = actor ?? SessionActor(eventLoop: loop)
    let sent = LockIsolated<[(message: String, onLoop: Bool)]>([])
    let attachment = try #require(
      await endpoint.attach(
        request, send: { text in sent.withValue { $0.append((text, loop.inEventLoop)) } },
        close: {}))
    return (attachment, sent)
  }

  /// The page's current "Bump" handler: the first render's, or the last patch's.
  func bumpHandler(_ sent: LockIsolated<[(message: String, onLoop: Bool)]>) throws -> String {
    for entry in sent.value.reversed() {
      let message = try ServerMessage(entry.message)
      if let html = message.html ?? message.patches?.first?.html,
        let id = handlerIDs(in: html, event: "click").first
      {
        return id
      }
    }
    throw CancellationError()
  }

  @Test func aSessionStartedForARequestRendersAndHandlesClicksOnItsLoop() async throws {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let endpoint = makeEndpoint(#function)
    let (attachment, sent) = try await attach(endpoint, on: group.next())
    #expect(sent.value.count == 1)
    #expect(sent.value.allSatisfy { $0.onLoop })
    for expected in 1...3 {
      attachment.receive(.text(click(try bumpHandler(sent))))
      await eventually { sent.value.contains { $0.message.contains("Mine \(expected)") } }
    }
    #expect(sent.value.count == 4)
    #expect(sent.value.allSatisfy { $0.onLoop })
    await attachment.detach()
    await endpoint.shutDown()
    try await group.shutdownGracefully()
  }

  @Test func aPagesClicksAreHandledWhileTheMainActorIsBusy() async throws {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let loop = group.next()
    let endpoint = makeEndpoint(#function)
    let (attachment, sent) = try await attach(endpoint, on: loop)
    let handler = try bumpHandler(sent)
    // Holds the main actor the whole time (blocking on purpose: nothing else runs on it), while
    // the page's click arrives on the loop as the server delivers it; returns the click's patch,
    // if it came within 5 seconds. (The click is not sent from the test's own task: while a test
    // store elsewhere in the process runs effects on the main serial executor, that task would
    // wait for the main actor too.)
    @MainActor func patchWhileTheMainActorIsHeld() -> (message: String, onLoop: Bool)? {
      loop.execute { attachment.receive(.text(click(handler))) }
      let deadline = ContinuousClock.now.advanced(by: .seconds(5))
      while ContinuousClock.now < deadline {
        if let patch = sent.value.first(where: { $0.message.contains("Mine 1") }) {
          return patch
        }
        usleep(1_000)
      }
      return nil
    }
    let patch = await patchWhileTheMainActorIsHeld()
    #expect(patch != nil)
    #expect(patch?.onLoop == true)
    await attachment.detach()
    await endpoint.shutDown()
    try await group.shutdownGracefully()
  }

  @Test func sessionsOnTwoLoopsClickAtOnceAndBothPagesShowTheSharedTotal() async throws {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
    let endpoint = makeEndpoint(#function)
    let (first, firstSent) = try await attach(endpoint, on: group.next())
    let (second, secondSent) = try await attach(endpoint, on: group.next())
    // Each page clicks as soon as its last click's patch came, 100 times.
    func clickAway(
      _ attachment: LiveAttachment, _ sent: LockIsolated<[(message: String, onLoop: Bool)]>
    ) async throws {
      for count in 1...100 {
        attachment.receive(.text(click(try bumpHandler(sent))))
        await eventually { sent.value.contains { $0.message.contains("Mine \(count)<") } }
      }
    }
    async let firstClicks: Void = clickAway(first, firstSent)
    async let secondClicks: Void = clickAway(second, secondSent)
    _ = try await (firstClicks, secondClicks)
    await eventually {
      firstSent.value.contains { $0.message.contains("Total 200<") }
        && secondSent.value.contains { $0.message.contains("Total 200<") }
    }
    #expect(firstSent.value.allSatisfy { $0.onLoop })
    #expect(secondSent.value.allSatisfy { $0.onLoop })
    await first.detach()
    await second.detach()
    await endpoint.shutDown()
    try await group.shutdownGracefully()
  }

  @Test func shuttingDownEndsSessionsOnTheirLoops() async throws {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
    let (logger, messages) = recordingLogger()
    let endpoint = LiveEndpoint(
      title: "Tests", features: [Self.tally(#function)],
      hosts: HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1"), logger: logger)
    let (_, firstSent) = try await attach(endpoint, on: group.next())
    let (_, secondSent) = try await attach(endpoint, on: group.next())
    await endpoint.shutDown()
    #expect(await endpoint.registry.count == 0)
    #expect(firstSent.value.last?.message.contains(#""type":"stopping""#) == true)
    #expect(secondSent.value.last?.message.contains(#""type":"stopping""#) == true)
    #expect(messages.value.filter { $0 == "Ended a session" }.count == 2)
    try await group.shutdownGracefully()
  }

  @Test func theRegistryRunsWorkOnASessionOnTheSessionsLoop() async throws {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let loop = group.next()
    let endpoint = makeEndpoint(#function)
    let (attachment, sent) = try await attach(endpoint, on: loop)
    let id = try #require(try ServerMessage(sent.value[0].message).session)
    let seen = try #require(
      await endpoint.registry.withSession(id: id) { session in
        (loop.inEventLoop, session.id)
      })
    #expect(seen.0)
    #expect(seen.1 == id)
    #expect(await endpoint.registry.withSession(id: "no-such-session") { _ in true } == nil)
    await attachment.detach()
    await endpoint.shutDown()
    try await group.shutdownGracefully()
  }

  @Test func aPageReplacedBeforeItsAttachmentReachedTheSessionIsNotAttached() async throws {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let loop = group.next()
    let (logger, messages) = recordingLogger()
    let registry = SessionRegistry(features: [Self.tally(#function)], logger: logger)
    var request = LiveRequest(path: "/tally")
    let sessionActor = SessionActor(eventLoop: loop)
    request.sessionActor = sessionActor
    let first = try #require(
      await registry.connect(
        featurePath: "tally", resumeID: nil, visitor: .browser, request: request) { _ in })
    await registry.disconnect(first)
    // The session's actor is held while two pages of the browser resume the session, one after
    // the other: the first page's attachment reaches the session after the second took it.
    let release = DispatchSemaphore(value: 0)
    sessionActor.execute { _ in release.wait() }
    let firstPage = LockIsolated<[String]>([])
    let secondPage = LockIsolated<[String]>([])
    func resumed() -> Int { messages.value.filter { $0 == "Resumed a session" }.count }
    let replaced = Task { @MainActor in
      await registry.connect(featurePath: "tally", resumeID: first.sessionID, visitor: .browser) {
        text in firstPage.withValue { $0.append(text) }
      }
    }
    await eventually { resumed() == 1 }
    let taking = Task { @MainActor in
      await registry.connect(featurePath: "tally", resumeID: first.sessionID, visitor: .browser) {
        text in secondPage.withValue { $0.append(text) }
      }
    }
    await eventually { resumed() == 2 }
    release.signal()
    #expect(await replaced.value == nil)
    #expect(await taking.value?.sessionID == first.sessionID)
    // The replaced page was told, and sent nothing after.
    #expect(firstPage.value.count == 1)
    #expect(firstPage.value.first?.contains(#""type":"replaced""#) == true)
    #expect(secondPage.value.count == 1)
    #expect(secondPage.value.first?.contains(#""type":"render""#) == true)
    await registry.shutDown()
    try await group.shutdownGracefully()
  }

  @Test(.timeLimit(.minutes(1)))
  func aStopDoesNotWaitForeverForASessionWhoseLoopIsStuck() async throws {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let loop = group.next()
    let (logger, messages) = recordingLogger()
    let endpoint = LiveEndpoint(
      title: "Tests", features: [Self.tally(#function)],
      hosts: HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1"),
      limits: LiveLimits(stopWait: .milliseconds(200)), logger: logger)
    let sessionActor = SessionActor(eventLoop: loop)
    let (_, sent) = try await attach(endpoint, on: loop, actor: sessionActor)
    // A reducer that never returns, as far as the stop can tell.
    let release = DispatchSemaphore(value: 0)
    sessionActor.execute { _ in release.wait() }
    let start = ContinuousClock.now
    await endpoint.shutDown()
    #expect(start.duration(to: .now) < .seconds(2))
    #expect(await endpoint.registry.count == 0)
    // The page is told, from the registry, without its session.
    #expect(sent.value.last?.message.contains(#""type":"stopping""#) == true)
    #expect(
      messages.value.contains(
        "Stopped without waiting longer for sessions whose actors did not answer: 1 had not closed"))
    #expect(!messages.value.contains("Ended a session"))
    // Once its loop is free, the session closes all the same.
    release.signal()
    await eventually { messages.value.contains("Ended a session") }
    #expect(messages.value.contains("Ended a session"))
    try await group.shutdownGracefully()
  }

  @Test func aPageRenderedOverHTTPOnOneLoopMovesItsSessionToItsSocketsLoop() async throws {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
    let (pageLoop, socketLoop) = (group.next(), group.next())
    #expect(pageLoop !== socketLoop)
    let endpoint = makeEndpoint(#function)
    let cookie = LiveField("Cookie", "ocaf_browser=\(String(repeating: "cd", count: 16))")
    var pageRequest = LiveRequest(
      path: "/tally", headers: [LiveField("Host", "127.0.0.1:8080"), cookie])
    pageRequest.sessionActor = SessionActor(eventLoop: pageLoop)
    let page = try #require(await endpoint.respond(to: pageRequest)).body
    let start = try #require(page.range(of: #"data-ocaf-session=""#)).upperBound
    let id = String(page[start...].prefix { $0 != "\"" })
    #expect(await endpoint.registry.withSession(id: id) { _ in pageLoop.inEventLoop } == true)
    let bump = try #require(handlerIDs(in: page, event: "click").first)

    var socketRequest = LiveRequest(
      path: "/live", query: [LiveField("feature", "tally"), LiveField("session", id), LiveField("version", "\(PageProtocol.version)")],
      headers: [LiveField("Host", "127.0.0.1:8080"), cookie])
    socketRequest.sessionActor = SessionActor(eventLoop: socketLoop)
    let sent = LockIsolated<[(message: String, onLoop: Bool)]>([])
    let attachment = try #require(
      await endpoint.attach(
        socketRequest,
        send: { text in sent.withValue { $0.append((text, socketLoop.inEventLoop)) } },
        close: {}))
    #expect(sent.value.first?.message.contains(#""type":"attached""#) == true)
    // The session now runs where its page's messages arrive and its patches leave.
    #expect(await endpoint.registry.withSession(id: id) { _ in socketLoop.inEventLoop } == true)
    attachment.receive(.text(click(bump)))
    await eventually { sent.value.contains { $0.message.contains("Mine 1<") } }
    attachment.receive(.text(click(try bumpHandler(sent))))
    await eventually { sent.value.contains { $0.message.contains("Mine 2<") } }
    #expect(sent.value.allSatisfy { $0.onLoop })
    await attachment.detach()
    await endpoint.shutDown()
    try await group.shutdownGracefully()
  }

  @Test func aLiveStoreMadeOutsideAnyActorIsReported() {
    withKnownIssue {
      _ = LiveStore(initialState: SharedTally.State(key: #function)) { SharedTally() }
    } matching: { issue in
      issue.description.contains("A LiveStore was made outside any actor")
    }
  }
}

extension SessionActor {
  func perform(_ body: @Sendable (isolated SessionActor) -> Void) { body(self) }
}

/// A counter the tests below change only on one actor; the thread sanitizer and the counts
/// catch work that ran at once.
final class UnguardedCount: @unchecked Sendable {
  var value = 0
  var inside = 0
  var overlaps = 0
}

/// The executor of `SessionActor`: one job at a time, in order, on its loop, wherever it moves.
@Suite struct SessionActorExecutorTests {
  @Test func workRunsOneAtATimeInOrderWhileTheActorMovesBetweenLoops() async throws {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
    let loops = [group.next(), group.next()]
    let actor = SessionActor(eventLoop: loops[0])
    let order = LockIsolated<[Int]>([])
    let wrongLoop = LockIsolated(0)
    let count = UnguardedCount()
    for index in 0..<2_000 {
      actor.execute { actor in
        count.inside += 1
        if count.inside > 1 { count.overlaps += 1 }
        if !actor.eventLoop.inEventLoop { wrongLoop.withValue { $0 += 1 } }
        order.withValue { $0.append(index) }
        if index % 50 == 0 { actor.move(to: loops[(index / 50 + 1) % 2]) }
        count.inside -= 1
      }
    }
    await eventually { order.value.count == 2_000 }
    #expect(order.value == Array(0..<2_000))
    #expect(count.overlaps == 0)
    #expect(wrongLoop.value == 0)
    try await group.shutdownGracefully()
  }

  @Test func tasksOnTheActorNeverRunAtOnceAcrossMoves() async throws {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
    let loops = [group.next(), group.next()]
    let actor = SessionActor(eventLoop: loops[0])
    let count = UnguardedCount()
    let wrongLoop = LockIsolated(0)
    await withTaskGroup(of: Void.self) { tasks in
      for task in 0..<4 {
        tasks.addTask {
          for step in 0..<500 {
            await actor.perform { actor in
              count.inside += 1
              if count.inside > 1 { count.overlaps += 1 }
              if !actor.eventLoop.inEventLoop { wrongLoop.withValue { $0 += 1 } }
              count.value += 1
              if step % 25 == 0 { actor.move(to: loops[(task + step) % 2]) }
              count.inside -= 1
            }
          }
        }
      }
    }
    #expect(count.value == 2_000)
    #expect(count.overlaps == 0)
    #expect(wrongLoop.value == 0)
    try await group.shutdownGracefully()
  }
}
#endif  // Hummingbird
