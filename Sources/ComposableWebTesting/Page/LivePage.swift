#if Web
import ComposableArchitecture
import ComposableWeb
import Foundation
import IssueReporting
import Logging

/// A live page under test, without a browser: the feature's view rendered by a real session, as
/// a page would show it, and driven the way a user drives it. Clicks, typing, choices and
/// submissions go through the same handler ids and messages as the page script's; patches change
/// the page as the script would; a routed page has a URL and a history to go back in. This is
/// ComposableWeb's counterpart of Phoenix's `LiveViewTest`.
///
/// A page test makes a page of a store and the feature's view, acts on it by the words a user
/// sees, and reads it back with CSS selectors:
///
/// ```swift
/// @MainActor @Test func greetingCounts() async {
///   let page = LivePage(
///     store: LiveStore(initialState: Greeting.State(name: "Ada")) { Greeting() },
///     view: greetingView)
///   #expect(page.text(of: "h1") == "Hello, Ada!")
///   await page.click("Greet")
///   #expect(page.text(of: "#greetings") == "Greeted 1 times.")
/// }
/// ```
///
/// With a `LiveStore`, the page runs the feature for real (effects included, with the dependencies
/// the store was given), and `waitFor` awaits what effects do:
///
/// ```swift
/// @MainActor @Test func aWrongPasswordShowsItsError() async {
///   let page = LivePage(
///     store: LiveStore(initialState: SignIn.State()) { SignIn() } withDependencies: {
///       $0.accounts = .rejectingEveryone
///     },
///     view: signInView)
///   await page.type("ada@example.com", into: "Email")
///   await page.click("Sign in")
///   await page.waitFor { $0.text(of: ".error") == "Wrong email or password" }
/// }
/// ```
///
/// With a `TestStore` (or a `TestStoreActor`), every action the page sends goes through the
/// test store, whose exhaustivity applies as usual: each interaction takes the expected
/// mutation, and actions from effects are received from the test store. The page shows the test
/// store's state.
///
/// ```swift
/// let store = TestStore(initialState: SignIn.State()) { SignIn() }
/// let page = LivePage(store, view: signInView)
/// await page.click("Sign in") { $0.isSigningIn = true }
/// await store.receive(\.response.failure) { $0.error = "Wrong email or password" }
/// #expect(page.text(of: ".error") == "Wrong email or password")
/// ```
///
/// Elements are found by a CSS selector (``find(_:)``), by their text
/// (``click(_:fileID:filePath:line:column:assert:)``), or, for fields, by their label,
/// placeholder, `aria-label`, name or id (``type(_:into:fileID:filePath:line:column:assert:)``).
/// Asking for an element the page doesn't have, or for one of several that match, is reported as
/// a test failure that names what the page has instead.
///
/// > Important: A step the page cannot take is not thrown: it is reported with `reportIssue`,
/// > where the test called the page, and the call returns without sending anything, so the test
/// > goes on to its next line. Swift Testing and XCTest both see the failure: the product links
/// > `ComposableArchitectureTestSupport`, which lets `reportIssue` reach Swift Testing on every
/// > platform. To check a failure a test expects, wrap the step in `withKnownIssue`.
///
/// A page runs its session on the actor it is made on, as a server runs a session on its
/// connection's: the test's global actor, such as the main actor, or another that keeps the
/// session off it. Use the page there. A page of a `TestStore` is made and used on the main
/// actor, as the test store is; one of a `TestStoreActor`, on the test store's actor.
///
/// ```swift
/// @globalActor actor PageTests { static let shared = PageTests() }
///
/// @PageTests @Test func greetingCountsOffTheMainActor() async {
///   let page = LivePage(
///     store: LiveStore(initialState: Greeting.State(name: "Ada")) { Greeting() },
///     view: greetingView)
///   await page.click("Greet")
///   #expect(page.text(of: "#greetings") == "Greeted 1 times.")
/// }
/// ```
///
/// > Note: The module is empty unless the package is built with its `Web` trait (the
/// > `Hummingbird` and `Vapor` traits enable it).
public final class LivePage<State, Action> {
  let session: LiveSession
  let inbox = LockIsolated<[String]>([])
  let root = PageNode(tag: "main")
  /// With a `TestStore` or a `TestStoreActor`, what sends the page's actions through it.
  let testDriver: (any TestStoreDriving<State, Action>)?
  /// The path the page is served at, which its live links start with.
  let pagePath: String
  /// The page's history of locations, for a routed page (see ``LiveRoute``).
  /// What client commands changed on the page, by the selector of the element they changed:
  /// applied again after every patch, as the page script does (see ``JS``).
  var commandState: [(selector: String, kind: CommandState, name: String, value: String?)] = []
  /// The events the feature pushed to the page's hooks (``PageEvents``), oldest first: what the
  /// page's hooks would have heard.
  ///
  /// ```swift
  /// await page.push("picked", Bar(index: 2), from: ".chart")
  /// #expect(page.pushedEvents.last?.name == "highlight")
  /// ```
  public var pushedEvents: [ServerMessage.Patch.Event] {
    update()
    return recordedEvents
  }
  /// The events pushed so far, as the page applied them.
  var recordedEvents: [ServerMessage.Patch.Event] = []
  /// How many files the page has chosen in file inputs: the next one's number.
  var uploadCount = 0
  var history: [LiveLocation] = []
  var historyIndex = 0

  /// A page for `store`, shown by `view`. A `route` makes it a routed page that starts at
  /// `location` (its route's action for it is sent first, as for a deep link); `appearAction`
  /// is then sent, as a live page's session does. `path` is where the page is served, which
  /// its live links to its own locations start with.
  ///
  /// The page runs the feature as a server would: its reducer, its effects and the
  /// dependencies `store` was made with. Read what an effect did with
  /// ``waitFor(timeout:fileID:filePath:line:column:_:)``.
  ///
  /// ```swift
  /// let page = LivePage(
  ///   store: LiveStore(initialState: Greeting.State(name: "Ada")) { Greeting() },
  ///   view: greetingView, route: greetingRoute, at: LiveLocation(text: "?times=2"))
  /// #expect(page.text(of: "#greetings") == "Greeted 2 times.")
  /// ```
  ///
  /// A feature that starts its work when its page appears gets that action here:
  ///
  /// ```swift
  /// let page = LivePage(
  ///   store: LiveStore(initialState: LongLivingEffects.State()) { LongLivingEffects() },
  ///   view: longLivingEffectsView, appearAction: { .task })
  /// ```
  ///
  /// > Note: A page of a `LiveStore` asserts no state changes: giving one of its steps an
  /// > expected change is reported as a failure. Make the page of a `TestStore` or a
  /// > `TestStoreActor` to assert each step.
  ///
  /// > Important: Without `route`, the page has no URL: ``location`` is `nil`, and
  /// > ``navigate(to:fileID:filePath:line:column:assert:)`` and
  /// > ``forward(fileID:filePath:line:column:assert:)`` report failures.
  public init(
    store: LiveStore<State, Action>,
    view: @escaping (LiveStore<State, Action>) -> Node<Action>,
    route: LiveRoute<State, Action>? = nil,
    at location: LiveLocation? = nil,
    path: String = "",
    appearAction: (@Sendable () -> Action)? = nil,
    isolation: isolated any Actor = #isolation
  ) {
    self.testDriver = nil
    self.pagePath = path
    self.session = LiveSession(
      id: LiveSession.makeID(), store: store, view: view, route: route, location: location,
      appearAction: appearAction, limits: LiveLimits(messagesPerSecond: 1_000_000, burst: 1_000_000),
      logger: Logger(label: "LivePage"))
    start()
  }

  /// A page whose actions all go through `store`, a `TestStore`, shown by `view`. Interactions
  /// take the state change they are expected to make, as `TestStore.send` does.
  ///
  /// ```swift
  /// let store = TestStore(initialState: Greeting.State(name: "Ada")) { Greeting() }
  /// let page = LivePage(store, view: greetingView)
  /// await page.click("Greet") {
  ///   $0.greetings = 1
  /// }
  /// #expect(page.text(of: "#greetings") == "Greeted 1 times.")
  /// ```
  ///
  /// > Important: The page shows the test store's state as of its last assertion. A change an
  /// > effect makes shows once the test receives the effect's action (`store.receive`), not
  /// > before. The test store's exhaustivity holds: a step whose change the test doesn't state,
  /// > or an effect's action it doesn't receive, fails as it would with `TestStore.send`.
  ///
  /// > Note: Made and used on the main actor, as the test store is. No appear action is sent:
  /// > send it through the test store before making the page if the feature needs one.
  @MainActor
  public convenience init(
    _ store: TestStore<State, Action>,
    view: @escaping (LiveStore<State, Action>) -> Node<Action>
  ) where State: Equatable {
    self.init(driver: TestDriver(store), view: view)
  }

  /// A routed page whose actions all go through `store`, a `TestStore`, starting at
  /// `location` as a deep link does: the route's action for it goes through the test store
  /// first, with `expected` as its change. `path` is where the page is served.
  ///
  /// ```swift
  /// let store = TestStore(initialState: Greeting.State(name: "Ada")) { Greeting() }
  /// let page = await LivePage(
  ///   store, view: greetingView, route: greetingRoute, at: LiveLocation(text: "?times=2")
  /// ) {
  ///   $0.greetings = 2
  /// }
  /// await page.click("Greet") {
  ///   $0.greetings = 3
  /// }
  /// #expect(page.location?.query("times") == "3")
  /// ```
  ///
  /// > Note: Unlike a page without a route, this one is made with `await`: the deep link's
  /// > action is sent and asserted before the initializer returns. Without `location`, or
  /// > when the route has no action for it, no action is sent and `expected` is not run.
  @MainActor
  public convenience init(
    _ store: TestStore<State, Action>,
    view: @escaping (LiveStore<State, Action>) -> Node<Action>,
    route: LiveRoute<State, Action>,
    at location: LiveLocation? = nil,
    path: String = "",
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    assert expected: ((inout State) throws -> Void)? = nil
  ) async where State: Equatable {
    await self.init(
      driver: TestDriver(store), view: view, route: route, at: location, path: path,
      expected: expected,
      caller: Caller(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// A page whose actions all go through `store`, a `TestStoreActor`, shown by `view`, on the
  /// test store's actor (the caller's): a page test that keeps its session off the main actor.
  ///
  /// ```swift
  /// @globalActor actor PageTests { static let shared = PageTests() }
  ///
  /// @PageTests @Test func everyGreetingIsAsserted() async {
  ///   let store = TestStoreActor(initialState: Greeting.State(name: "Ada")) { Greeting() }
  ///   let page = LivePage(store, view: greetingView)
  ///   await page.click("Greet") {
  ///     $0.greetings = 1
  ///   }
  ///   #expect(page.text(of: "#greetings") == "Greeted 1 times.")
  /// }
  /// ```
  ///
  /// > Note: As with a `TestStore`, the page shows the test store's state as of its last
  /// > assertion, and its exhaustivity holds for every step. Make and use the page on the test
  /// > store's actor.
  public convenience init(
    _ store: TestStoreActor<State, Action>,
    view: @escaping (LiveStore<State, Action>) -> Node<Action>,
    isolation: isolated any Actor = #isolation
  ) where State: Equatable {
    self.init(driver: ActorTestDriver(store), view: view)
  }

  /// A routed page whose actions all go through `store`, a `TestStoreActor`, starting at
  /// `location` as a deep link does, as the `TestStore` one does, on the test store's actor:
  /// the route's action for `location` goes through the test store first, with `expected` as
  /// its change. `path` is where the page is served.
  ///
  /// ```swift
  /// let store = TestStoreActor(initialState: Greeting.State(name: "Ada")) { Greeting() }
  /// let page = await LivePage(
  ///   store, view: greetingView, route: greetingRoute, at: LiveLocation(text: "?times=2")
  /// ) {
  ///   $0.greetings = 2
  /// }
  /// #expect(page.text(of: "#greetings") == "Greeted 2 times.")
  /// ```
  ///
  /// > Note: This initializer is `async`, so it is called with `await`. Without `location`, or
  /// > when the route has no action for it, no action is sent and `expected` is not run.
  public convenience init(
    _ store: TestStoreActor<State, Action>,
    view: @escaping (LiveStore<State, Action>) -> Node<Action>,
    route: LiveRoute<State, Action>,
    at location: LiveLocation? = nil,
    path: String = "",
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    isolation: isolated any Actor = #isolation,
    assert expected: ((inout State) throws -> Void)? = nil
  ) async where State: Equatable {
    await self.init(
      driver: ActorTestDriver(store), view: view, route: route, at: location, path: path,
      expected: expected,
      caller: Caller(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// A page of a test store's `driver`, on the caller's actor.
  private init<Driver: TestStoreDriving<State, Action>>(
    driver: Driver, view: @escaping (LiveStore<State, Action>) -> Node<Action>,
    isolation: isolated any Actor = #isolation
  ) where State: Equatable {
    self.testDriver = driver
    self.pagePath = ""
    self.session = LiveSession(
      id: LiveSession.makeID(), store: driver.pageStore, view: view, route: nil, location: nil,
      appearAction: nil, limits: LiveLimits(messagesPerSecond: 1_000_000, burst: 1_000_000),
      logger: Logger(label: "LivePage"))
    start()
  }

  /// A routed page of a test store's `driver`, on the caller's actor, after the route's action
  /// for `location` went through the test store.
  private init<Driver: TestStoreDriving<State, Action>>(
    driver: Driver, view: @escaping (LiveStore<State, Action>) -> Node<Action>,
    route: LiveRoute<State, Action>, at location: LiveLocation?, path: String,
    expected: ((inout State) throws -> Void)?, caller: Caller,
    isolation: isolated any Actor = #isolation
  ) async where State: Equatable {
    self.testDriver = driver
    self.pagePath = path
    self.session = LiveSession(
      id: LiveSession.makeID(), store: driver.pageStore, view: view, route: route,
      location: location, appearAction: nil,
      limits: LiveLimits(messagesPerSecond: 1_000_000, burst: 1_000_000),
      logger: Logger(label: "LivePage"))
    await driver.forward(expected: expected, caller: caller)
    _ = driver.sync()
    start()
  }

  private func start() {
    let inbox = self.inbox
    session.output = { text in inbox.withValue { $0.append(text) } }
    apply(session.start())
    if let location = session.shownLocation {
      history = [location]
      historyIndex = 0
    }
  }
}
#endif  // Web
