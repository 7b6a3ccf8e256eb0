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
  private let session: LiveSession
  private let inbox = LockIsolated<[String]>([])
  private let root = PageNode(tag: "main")
  /// With a `TestStore` or a `TestStoreActor`, what sends the page's actions through it.
  private let testDriver: (any TestStoreDriving<State, Action>)?
  /// The path the page is served at, which its live links start with.
  private let pagePath: String
  /// The page's history of locations, for a routed page (see ``LiveRoute``).
  private var history: [LiveLocation] = []
  private var historyIndex = 0

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

  // MARK: Reading the page

  /// The page's markup: the feature's view as the page shows it now, after every patch the
  /// session has sent, with the attributes the page script reads (`data-ocaf-click`, …).
  ///
  /// ```swift
  /// await page.click("Greet")
  /// #expect(page.html.contains("<h1>Hello, Ada!</h1>"))
  /// ```
  ///
  /// > Tip: Prefer ``text(of:)`` or ``find(_:)`` for what a user reads: the markup also holds
  /// > the handler ids and component ids the session writes, which a test should not depend on.
  public var html: String {
    update()
    return root.innerHTML
  }

  /// The text the page shows, with runs of white space as one space. Block elements
  /// (paragraphs, headings, buttons, list items, …) are set apart by a space; styles and
  /// scripts are left out.
  ///
  /// ```swift
  /// #expect(page.text.contains("Hello, Ada!"))
  /// ```
  public var text: String {
    update()
    return root.visibleText
  }

  /// For a routed page, where its URL is: the location of its state below the page's path.
  /// It follows the state after each step, and Back, Forward and
  /// ``navigate(to:fileID:filePath:line:column:assert:)`` move through the history of
  /// locations, as they would in a browser. `nil` for a page made without a route.
  ///
  /// ```swift
  /// let page = LivePage(
  ///   store: LiveStore(initialState: Greeting.State(name: "Ada")) { Greeting() },
  ///   view: greetingView, route: greetingRoute, at: LiveLocation(text: "?times=2"))
  /// await page.click("Greet")
  /// #expect(page.location?.query("times") == "3")
  /// ```
  ///
  /// > Note: The location does not include the page's `path`: a page served at `/app/greeting`
  /// > whose URL is `/app/greeting?times=3` has the location `?times=3`. Whether a change adds
  /// > a history entry or replaces the current one is the route's `history` choice.
  public var location: LiveLocation? {
    update()
    return history.isEmpty ? nil : history[historyIndex]
  }

  /// The first element that `selector` matches, if any, in document order.
  ///
  /// ```swift
  /// page.find("li.todo:checked")
  /// page.find("#filter option[selected]")?.text   // "Active"
  /// #expect(page.find("button[type=submit]")?.isDisabled == false)
  /// ```
  ///
  /// Page tests read a subset of CSS: tags, `#id`, `.class`, `[name]`, `[name="value"]` (and
  /// `~=`, `^=`, `$=`, `*=`), `:checked` (a checked box or a selected option) and `:disabled`,
  /// combined, with a space (descendant) or `>` (child) between them and `,` between
  /// alternatives.
  ///
  /// > Note: Finding nothing is not a failure: the result is `nil`. A selector outside the
  /// > subset above is reported as a failure (see ``findAll(_:)``).
  public func find(_ selector: String) -> PageElement? {
    findAll(selector).first
  }

  /// Every element that `selector` matches, in document order; empty when none does.
  ///
  /// ```swift
  /// #expect(page.findAll(".items label").map(\.text) == ["Milk", "Eggs"])
  /// #expect(page.findAll("[aria-label=Favorite]").count == 4)
  /// ```
  ///
  /// > Important: A selector page tests cannot read (`li:first-child`, `a + b`, …) is reported
  /// > as a failure, at this module's line rather than the test's, and gives no elements. The
  /// > selectors they read are listed at ``find(_:)``.
  public func findAll(_ selector: String) -> [PageElement] {
    update()
    guard let parsed = PageSelector(selector) else {
      reportIssue("'\(selector)' is not a selector page tests read: use tags, #ids, .classes, [attributes], :checked, :disabled, and ' ' or '>' between them.")
      return []
    }
    return root.descendants.filter(parsed.matches).map(PageElement.init)
  }

  /// The text of the first element `selector` matches, or `nil` when there is none: the text a
  /// user reads there, with runs of white space as one space.
  ///
  /// ```swift
  /// #expect(page.text(of: "h1") == "Hello, Ada!")
  /// #expect(page.text(of: "#greetings") == "Greeted 2 times.")
  /// ```
  public func text(of selector: String) -> String? {
    find(selector)?.text
  }

  /// Whether the page has an element that `selector` matches.
  ///
  /// ```swift
  /// await page.waitFor { $0.has("dialog") }
  /// await page.dismiss()
  /// #expect(!page.has("dialog"))
  /// ```
  ///
  /// > Note: An unreadable selector is a failure, and `has` is then `false`, so
  /// > `#expect(!page.has(…))` does not hide a mistyped selector.
  public func has(_ selector: String) -> Bool {
    find(selector) != nil
  }

  /// The value a field shows: the text of a text field or area, `"true"`/`"false"` for a
  /// checkbox, the chosen option's text for a drop-down; `nil` while the page has no such field
  /// (so it can be waited for). `field` names it as for
  /// ``type(_:into:fileID:filePath:line:column:assert:)``: by its id, name, placeholder,
  /// `aria-label` or label, or by a CSS selector.
  ///
  /// ```swift
  /// await page.type("Blob McBlob, Esquire", into: "Display name")
  /// #expect(page.value(of: "Display name") == "Blob McBlob, Esq")
  /// await page.select("Weekly", in: "Digest")
  /// #expect(page.value(of: "Digest") == "Weekly")
  /// ```
  ///
  /// > Note: Unlike the interactions, `value(of:)` reports no failure: it is also `nil` when
  /// > several fields match `field`, or when `field` is a selector page tests cannot read. So
  /// > `#expect(page.value(of: "Phone") == nil)` passes for a misspelt name too; to check that
  /// > a field is gone, prefer ``has(_:)`` with its selector.
  public func value(of field: String) -> String? {
    update()
    let matches = fields(named: field)
    return matches.count == 1 ? PageElement(matches[0]).value : nil
  }

  // MARK: Interacting

  /// Clicks the button, link or other clickable element whose text, `aria-label` or `title` is
  /// `label` (or that `label` selects, as a CSS selector): its action is sent. With a
  /// `TestStore`, `assert` is the expected change, as for `TestStore.send`.
  ///
  /// ```swift
  /// await page.click("Greet")
  /// #expect(page.text(of: "#greetings") == "Greeted 1 times.")
  /// ```
  ///
  /// With a `TestStore` or a `TestStoreActor`, the trailing closure states the change:
  ///
  /// ```swift
  /// await page.click("Greet") {
  ///   $0.greetings = 1
  /// }
  /// ```
  ///
  /// `label` is compared with the whole of an element's text, and with its `aria-label`,
  /// `title` and, for `<input type="submit">`, its `value`. When a match sits inside another
  /// (a button in a clickable row), the innermost is clicked. Only when no element matches that
  /// way is `label` read as a CSS selector, which tells apart elements that share a label:
  ///
  /// ```swift
  /// await page.click("li[data-episode=Functions] .heart")
  /// ```
  ///
  /// A submit button submits its form. A live link to one of the page's own locations is
  /// followed as ``navigate(to:fileID:filePath:line:column:assert:)`` goes there.
  ///
  /// > Important: Nothing is sent, and a failure is reported, when no element matches (the
  /// > failure lists what the page has to click), when several do, when the element is
  /// > disabled (itself or by a disabled `fieldset`), when clicking it sends nothing, and when a
  /// > link leaves the page.
  nonisolated(nonsending) public func click(
    _ label: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    assert expected: ((inout State) throws -> Void)? = nil
  ) async {
    let caller = Caller(fileID: fileID, filePath: filePath, line: line, column: column)
    update()
    guard let node = clickable(label, caller: caller) else { return }
    if node.tag == "a", node.attribute("data-ocaf-live-link") != nil, let href = node.attribute("href") {
      await followLink(href, expected: expected, caller: caller)
      return
    }
    guard !isDisabled(node) else {
      caller.report("Cannot click \(describe(node)): it is disabled.")
      return
    }
    guard let handler = node.attribute("data-ocaf-click") ?? submitHandler(of: node) else {
      caller.report("Cannot click \(describe(node)): it has no live handler (no action is sent when it is clicked).")
      return
    }
    await send(#"{"handler":"\#(handler)"}"#, expected: expected, caller: caller)
  }

  /// Types `text` into the field labelled `field` (by its label's text, placeholder,
  /// `aria-label`, name or id), as the page sends each change of a bound field.
  ///
  /// ```swift
  /// await page.type("Blob McBlob, Esquire", into: "Display name")
  /// #expect(page.value(of: "Display name") == "Blob McBlob, Esq")
  /// ```
  ///
  /// With a `TestStore` or a `TestStoreActor`, the trailing closure states the change:
  ///
  /// ```swift
  /// await page.type("Chores", into: "New list") { $0.newListName = "Chores" }
  /// ```
  ///
  /// The field is found by its id, `name`, placeholder or `aria-label`; else by the whole
  /// text of its `<label>`, else by the start of it ("Email" for "Email (work)"); else by
  /// `field` as a CSS selector.
  ///
  /// > Note: `text` replaces what the field holds, and is sent as one change, as a paste
  /// > would be, not a keystroke at a time: with a test store, one action to assert. A number
  /// > or range field takes only text that reads as a number.
  ///
  /// > Important: Nothing is sent, and a failure is reported, when no field or several match
  /// > (the failure lists the page's fields), when the field is disabled or not bound to the
  /// > state, and when a number field is given text that is not a number.
  nonisolated(nonsending) public func type(
    _ text: String, into field: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    assert expected: ((inout State) throws -> Void)? = nil
  ) async {
    let caller = Caller(fileID: fileID, filePath: filePath, line: line, column: column)
    update()
    guard let node = self.field(field, caller: caller) else { return }
    let value: String
    if node.attribute("type") == "number" || node.attribute("type") == "range" {
      guard let number = Double(text) else {
        caller.report("\(describe(node)) takes numbers, not '\(text)'.")
        return
      }
      value = Self.json(number)
    } else {
      value = Self.json(text)
    }
    await sendValue(value, to: node, expected: expected, caller: caller)
  }

  /// Checks or unchecks the checkbox labelled `field`; `on` by default flips it. `field` names
  /// it as for ``type(_:into:fileID:filePath:line:column:assert:)``; a radio button is chosen
  /// the same way.
  ///
  /// ```swift
  /// await page.toggle("Remember me")
  /// #expect(page.value(of: "Remember me") == "true")
  /// await page.toggle("Remember me", on: false)
  /// ```
  ///
  /// With a `TestStore` or a `TestStoreActor`, the trailing closure states the change:
  ///
  /// ```swift
  /// await page.toggle("li.todo input[type=checkbox]") { $0.todos[id: UUID(0)]?.isComplete = true }
  /// ```
  ///
  /// > Important: A field that is not a checkbox or a radio button, one that is disabled or not
  /// > bound, and a name that matches no field or several are failures; nothing is sent.
  nonisolated(nonsending) public func toggle(
    _ field: String, on: Bool? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    assert expected: ((inout State) throws -> Void)? = nil
  ) async {
    let caller = Caller(fileID: fileID, filePath: filePath, line: line, column: column)
    update()
    guard let node = self.field(field, caller: caller) else { return }
    guard node.attribute("type") == "checkbox" || node.attribute("type") == "radio" else {
      caller.report("\(describe(node)) is not a checkbox.")
      return
    }
    let checked = on ?? (node.attribute("checked") == nil)
    await sendValue(checked ? "true" : "false", to: node, expected: expected, caller: caller)
  }

  /// Chooses the option whose text is `option` in the drop-down labelled `field`. `field` names
  /// it as for ``type(_:into:fileID:filePath:line:column:assert:)``; `option` is the option's
  /// text as the page shows it, not its value.
  ///
  /// ```swift
  /// await page.select("Weekly", in: "Digest")
  /// #expect(page.value(of: "Digest") == "Weekly")
  /// ```
  ///
  /// With a `TestStore` or a `TestStoreActor`, the trailing closure states the change:
  ///
  /// ```swift
  /// await page.select("Active", in: "filter") { $0.filter = .active }
  /// ```
  ///
  /// > Important: A drop-down without that option is a failure that lists the options it has;
  /// > so is a name that matches no field or several. Nothing is sent.
  nonisolated(nonsending) public func select(
    _ option: String, in field: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    assert expected: ((inout State) throws -> Void)? = nil
  ) async {
    let caller = Caller(fileID: fileID, filePath: filePath, line: line, column: column)
    update()
    guard let node = self.field(field, caller: caller) else { return }
    let options = node.descendants.filter { $0.tag == "option" }
    guard let chosen = options.first(where: { $0.visibleText == option }),
      let position = chosen.attribute("value")
    else {
      caller.report("\(describe(node)) has no option '\(option)'; it has: \(options.map { "'\($0.visibleText)'" }.joined(separator: ", ")).")
      return
    }
    await sendValue(position, to: node, expected: expected, caller: caller)
  }

  /// Submits the form that `selector` matches (by default the page's only form), as pressing
  /// Return in one of its fields does: the form's submit action is sent.
  ///
  /// ```swift
  /// await page.type("secret", into: "Password")
  /// await page.submit()
  /// await page.waitFor { $0.has("dialog") }
  /// ```
  ///
  /// With a `TestStore` or a `TestStoreActor`, the trailing closure states the change:
  ///
  /// ```swift
  /// await page.submit("#sign-in") { $0.isSigningIn = true }
  /// ```
  ///
  /// > Note: The form is submitted even while its submit button is disabled; to test what a
  /// > user can do, click the button with ``click(_:fileID:filePath:line:column:assert:)``.
  ///
  /// > Important: A selector that matches no form, or several, and a form that sends nothing
  /// > when submitted are failures; nothing is sent. `selector` must match the `<form>` itself.
  nonisolated(nonsending) public func submit(
    _ selector: String = "form",
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    assert expected: ((inout State) throws -> Void)? = nil
  ) async {
    let caller = Caller(fileID: fileID, filePath: filePath, line: line, column: column)
    update()
    let forms = nodes(selector).filter { $0.tag == "form" }
    guard forms.count == 1, let handler = forms[0].attribute("data-ocaf-submit") else {
      caller.report(forms.isEmpty ? "The page has no form matching '\(selector)'." :
          forms.count > 1 ? "\(forms.count) forms match '\(selector)': say which." :
          "\(describe(forms[0])) sends nothing when submitted.")
      return
    }
    await send(#"{"handler":"\#(handler)"}"#, expected: expected, caller: caller)
  }

  /// Dismisses the open dialog (sheet, alert or confirmation dialog), as Escape does. With
  /// dialogs over dialogs, the one on top (the last in the page) is dismissed.
  ///
  /// ```swift
  /// await page.toggle("Send notifications")
  /// await page.waitFor { $0.has("dialog") }
  /// await page.dismiss()
  /// #expect(!page.has("dialog"))
  /// ```
  ///
  /// With a `TestStore` or a `TestStoreActor`, the trailing closure states the change:
  ///
  /// ```swift
  /// await page.dismiss { $0.alert = nil }
  /// ```
  ///
  /// > Important: A page that shows no dismissible dialog is a failure.
  nonisolated(nonsending) public func dismiss(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    assert expected: ((inout State) throws -> Void)? = nil
  ) async {
    let caller = Caller(fileID: fileID, filePath: filePath, line: line, column: column)
    update()
    let dialogs = root.descendants.filter { $0.tag == "dialog" && $0.attribute("data-ocaf-dismiss") != nil }
    guard let dialog = dialogs.last, let handler = dialog.attribute("data-ocaf-dismiss") else {
      caller.report("The page shows no dialog to dismiss.")
      return
    }
    await send(#"{"handler":"\#(handler)"}"#, expected: expected, caller: caller)
  }

  /// Goes back in the page's history, as the browser's Back button does: to the previous
  /// location of a routed page, or, on a page without a route, one screen back in its
  /// navigation stack.
  ///
  /// ```swift
  /// await page.select("Active", in: "filter")
  /// await page.select("All", in: "filter")
  /// await page.back()
  /// #expect(page.location?.query("filter") == "Active")
  /// ```
  ///
  /// With a `TestStore` or a `TestStoreActor`, the route's action for the earlier location goes
  /// through the test store, and the trailing closure states the change:
  ///
  /// ```swift
  /// await page.back { $0.filter = .completed }
  /// ```
  ///
  /// > Important: The history holds the page's first location, those the route pushed, and
  /// > those gone to with ``navigate(to:fileID:filePath:line:column:assert:)`` or a live link.
  /// > A route that replaces its location on each change, as `greetingRoute` does, adds no
  /// > entries. Going back from the first entry, or on a page with neither a route nor a screen
  /// > to pop, is a failure.
  nonisolated(nonsending) public func back(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    assert expected: ((inout State) throws -> Void)? = nil
  ) async {
    let caller = Caller(fileID: fileID, filePath: filePath, line: line, column: column)
    update()
    if history.isEmpty, let stack = root.descendants.first(where: { $0.attribute("data-ocaf-stack") != nil }),
      let depth = stack.attribute("data-ocaf-depth").flatMap(Int.init), depth > 0,
      let pop = stack.attribute("data-ocaf-pop")
    {
      await send(#"{"handler":"\#(pop)","value":\#(depth - 1)}"#, expected: expected, caller: caller)
      return
    }
    guard historyIndex > 0 else {
      caller.report("The page has nowhere to go back to.")
      return
    }
    historyIndex -= 1
    await send(Self.navigation(history[historyIndex]), expected: expected, caller: caller)
  }

  /// Goes forward in a routed page's history, as the browser's Forward button does: to the
  /// location ``back(fileID:filePath:line:column:assert:)`` left.
  ///
  /// ```swift
  /// await page.navigate(to: LiveLocation(text: "?times=5")!)
  /// await page.back()
  /// #expect(page.location?.query("times") == "2")
  /// await page.forward()
  /// #expect(page.location?.query("times") == "5")
  /// ```
  ///
  /// With a `TestStore` or a `TestStoreActor`, the trailing closure states the change:
  ///
  /// ```swift
  /// await page.forward { $0.filter = .active }
  /// ```
  ///
  /// > Important: With no later entry (nothing was gone back from, or a new location was
  /// > visited since) it is a failure. A page without a route has no history to go forward in;
  /// > its navigation stack goes forward by clicking.
  nonisolated(nonsending) public func forward(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    assert expected: ((inout State) throws -> Void)? = nil
  ) async {
    let caller = Caller(fileID: fileID, filePath: filePath, line: line, column: column)
    update()
    guard historyIndex + 1 < history.count else {
      caller.report("The page has nowhere to go forward to.")
      return
    }
    historyIndex += 1
    await send(Self.navigation(history[historyIndex]), expected: expected, caller: caller)
  }

  /// Goes to `location` of a routed page, as a live link to it does (a new history entry):
  /// the route's action for it is sent, and entries after the current one are dropped.
  ///
  /// ```swift
  /// await page.navigate(to: LiveLocation(text: "?times=5")!)
  /// #expect(page.text(of: "#greetings") == "Greeted 5 times.")
  /// ```
  ///
  /// With a `TestStore` or a `TestStoreActor`, the trailing closure states the change:
  ///
  /// ```swift
  /// await page.navigate(to: LiveLocation(query: ["times": "5"])) {
  ///   $0.greetings = 5
  /// }
  /// ```
  ///
  /// > Note: `location` is below the page's path, as ``location`` is. Use this for what a user
  /// > types in the address bar or follows from elsewhere; to follow one of the page's own live
  /// > links, click it.
  ///
  /// > Important: A page made without a route has no locations to go to: it is a failure.
  nonisolated(nonsending) public func navigate(
    to location: LiveLocation,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    assert expected: ((inout State) throws -> Void)? = nil
  ) async {
    await navigate(
      to: location, expected: expected,
      caller: Caller(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  nonisolated(nonsending) private func navigate(
    to location: LiveLocation, expected: ((inout State) throws -> Void)? = nil, caller: Caller
  ) async {
    update()
    guard !history.isEmpty else {
      caller.report("The page has no route: it has no locations to go to.")
      return
    }
    history.removeSubrange((historyIndex + 1)...)
    history.append(location)
    historyIndex += 1
    await send(Self.navigation(location), expected: expected, caller: caller)
  }

  /// Waits until `condition` holds for the page, as effects change it; a failure if it doesn't
  /// within `timeout`.
  ///
  /// ```swift
  /// await page.click("Load")
  /// await page.waitFor { $0.has("li.result") }
  /// ```
  ///
  /// The condition is checked at once and then every few milliseconds, reading the page
  /// afresh each time, so what an effect sent shows as the session would patch it.
  ///
  /// ```swift
  /// await page.type("japan", into: "Amsterdam, Japan…")
  /// await page.waitFor(timeout: .seconds(1)) { $0.findAll("li.result").count == 4 }
  /// ```
  ///
  /// > Important: The failure, reported when `timeout` (5 seconds by default) runs out, shows
  /// > the page's text; the test then goes on. Effects that wait on a clock wait on the
  /// > store's: give it a `TestClock` and advance it rather than waiting in real time.
  ///
  /// > Note: A page of a `TestStore` or a `TestStoreActor` shows the test store's state as of
  /// > its last assertion: an effect's change shows once the test receives its action with
  /// > `store.receive`, and waiting for it before then times out.
  nonisolated(nonsending) public func waitFor(
    timeout: Duration = .seconds(5),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    _ condition: (LivePage) -> Bool
  ) async {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while !condition(self) {
      guard ContinuousClock.now < deadline else {
        Caller(fileID: fileID, filePath: filePath, line: line, column: column).report(
          "The page did not get there within \(timeout). It shows: \(text)")
        return
      }
      try? await Task.sleep(for: .milliseconds(5))
    }
  }

  // MARK: Messages

  nonisolated(nonsending) private func send(
    _ message: String, expected: ((inout State) throws -> Void)?, caller: Caller
  ) async {
    if let testDriver {
      // The page's store only records the action: what the session then sends the page (a
      // routed page's location above all) waits until the page's store has the test store's
      // state (see `update()`), or the session would see the page's store disagree.
      let output = session.output
      session.output = nil
      session.receive(message)
      await testDriver.forward(expected: expected, caller: caller)
      session.output = output
    } else {
      session.receive(message)
    }
    if testDriver == nil, expected != nil {
      caller.report("A page of a LiveStore takes no expected change: make it with a TestStore or a TestStoreActor to assert each step.")
    }
    update()
  }

  nonisolated(nonsending) private func sendValue(
    _ value: String, to node: PageNode, expected: ((inout State) throws -> Void)?, caller: Caller
  ) async {
    guard let handler = node.attribute("data-ocaf-input") ?? node.attribute("data-ocaf-change") else {
      caller.report("\(describe(node)) is \(isDisabled(node) ? "disabled" : "not bound to the state"): typing in it sends nothing.")
      return
    }
    await send(
      #"{"handler":"\#(handler)","value":\#(value)}"#, expected: expected, caller: caller)
  }

  nonisolated(nonsending) private func followLink(
    _ href: String, expected: ((inout State) throws -> Void)?, caller: Caller
  ) async {
    guard href.hasPrefix(pagePath), let location = LiveLocation(text: String(href.dropFirst(pagePath.count)))
    else {
      caller.report("The link to \(href) leaves the page: page tests stay on one page.")
      return
    }
    await navigate(to: location, expected: expected, caller: caller)
  }

  /// Applies what the session sent since the last look: renders, patches and locations.
  private func update() {
    for message in inbox.withValue({ messages in defer { messages = [] }; return messages }) {
      apply(message)
    }
    // The test store's state, when it differs from what the page shows, is rendered afresh: it
    // may have got there by any number of steps the page's store did not take. Its patch comes
    // first, for a routed page's new location (pushed or replaced, as the route says).
    if testDriver?.sync() == true {
      if let patch = session.flush() { apply(patch) }
      apply(session.start())
      inbox.withValue { $0 = [] }
    }
    // What changed since (an effect's change, the test store's state) without waiting for the
    // session's own flush, which then finds nothing.
    if let message = session.flush() { apply(message) }
  }

  private struct Message: Decodable {
    struct Patch: Decodable {
      let id: String
      let html: String
    }
    struct Value: Decodable {
      let handler: String
      let value: ValueText
    }
    enum ValueText: Decodable {
      case text(String)
      init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let bool = try? container.decode(Bool.self) {
          self = .text(bool ? "true" : "false")
        } else if let number = try? container.decode(Double.self) {
          self = .text(number.rounded() == number ? String(Int(number)) : String(number))
        } else {
          self = .text(try container.decode(String.self))
        }
      }
    }
    let type: String
    let html: String?
    let patches: [Patch]?
    let values: [Value]?
    let location: String?
    let history: String?
  }

  private func apply(_ text: String) {
    guard let message = try? JSONDecoder().decode(Message.self, from: Data(text.utf8)) else {
      reportIssue("The session sent a message a page cannot read: \(text)")
      return
    }
    switch message.type {
    case "render":
      root.setChildren(PageParser.parse(message.html ?? ""))
    case "patch":
      for patch in message.patches ?? [] { applyPatch(patch.id, html: patch.html) }
      for value in message.values ?? [] {
        guard
          let field = root.descendants.first(where: {
            $0.attribute("data-ocaf-input") == value.handler || $0.attribute("data-ocaf-change") == value.handler
          }), case let .text(text) = value.value
        else { continue }
        if let index = field.attributes.firstIndex(where: { $0.name == "value" }) {
          field.attributes[index].value = text
        } else {
          field.attributes.append((name: "value", value: text))
        }
      }
    default:
      break
    }
    if let text = message.location, let location = LiveLocation(text: text) {
      if message.history == "push" {
        history.removeSubrange(min(historyIndex + 1, history.count)...)
        history.append(location)
        historyIndex = history.count - 1
      } else if history.isEmpty {
        history = [location]
        historyIndex = 0
      } else {
        history[historyIndex] = location
      }
    }
  }

  /// Replaces a component's contents with its new render, keeping the children the render
  /// marks as kept (`data-ocaf-keep`), as the page script does.
  private func applyPatch(_ id: String, html: String) {
    guard let target = root.descendants.first(where: { $0.attribute("data-ocaf-component") == id })
    else { return }
    var kept: [String: PageNode] = [:]
    for node in target.descendants {
      if let component = node.attribute("data-ocaf-component") { kept[component] = node }
    }
    let fresh = PageParser.parse(html)
    func substitute(_ nodes: [PageNode]) -> [PageNode] {
      nodes.map { node in
        if node.attribute("data-ocaf-keep") != nil, let id = node.attribute("data-ocaf-component"),
          let old = kept[id]
        {
          return old
        }
        node.setChildren(substitute(node.children))
        return node
      }
    }
    target.setChildren(substitute(fresh))
  }

  // MARK: Finding

  private func nodes(_ selector: String) -> [PageNode] {
    guard let parsed = PageSelector(selector) else { return [] }
    return root.descendants.filter(parsed.matches)
  }

  private func clickable(_ label: String, caller: Caller) -> PageNode? {
    let all = root.descendants
    var matches = all.filter { node in
      guard node.tag == "button" || node.tag == "a" || node.attribute("data-ocaf-click") != nil
        || (node.tag == "input" && (node.attribute("type") == "submit" || node.attribute("type") == "button"))
      else { return false }
      return node.visibleText == label || node.attribute("aria-label") == label
        || node.attribute("title") == label || node.attribute("value") == label
    }
    // Nested matches (a button inside a clickable row): the innermost.
    let candidates = matches
    matches.removeAll { outer in
      candidates.contains { inner in inner !== outer && inner.ancestors.contains { $0 === outer } }
    }
    if matches.isEmpty, let parsed = PageSelector(label) { matches = all.filter(parsed.matches) }
    return single(matches, "nothing to click labelled '\(label)'", candidates: all.filter {
      $0.tag == "button" || $0.tag == "a" || $0.attribute("data-ocaf-click") != nil
    }, caller: caller)
  }

  private func field(_ name: String, caller: Caller) -> PageNode? {
    update()
    let candidates = root.descendants.filter {
      $0.tag == "input" || $0.tag == "textarea" || $0.tag == "select"
    }
    return single(
      fields(named: name), "no field labelled '\(name)'", candidates: candidates, caller: caller)
  }

  /// The fields `name` names: by id, name, placeholder or `aria-label`; else by a label's
  /// whole text, else by its start; else as a CSS selector.
  private func fields(named name: String) -> [PageNode] {
    let all = root.descendants
    let fields = all.filter { $0.tag == "input" || $0.tag == "textarea" || $0.tag == "select" }
    var matches = fields.filter {
      $0.attribute("id") == name || $0.attribute("name") == name || $0.attribute("placeholder") == name
        || $0.attribute("aria-label") == name
    }
    // A label's text: the whole of it, else its start ("Email" for "Email (work)").
    let labels = all.filter { $0.tag == "label" }
    for matchesLabel in [{ (label: PageNode) in label.visibleText == name }, { $0.visibleText.hasPrefix(name) }]
    where matches.isEmpty {
      for label in labels where matchesLabel(label) {
        if let target = label.attribute("for") {
          matches += fields.filter { $0.attribute("id") == target }
        } else {
          matches += label.descendants.filter { inner in fields.contains { $0 === inner } }
        }
      }
    }
    if matches.isEmpty, let parsed = PageSelector(name) { matches = fields.filter(parsed.matches) }
    return matches
  }

  private func single(
    _ matches: [PageNode], _ missing: String, candidates: [PageNode], caller: Caller
  ) -> PageNode? {
    switch matches.count {
    case 1:
      return matches[0]
    case 0:
      caller.report(
        "The page has \(missing). It has: \(candidates.prefix(12).map(describe).joined(separator: ", "))\(candidates.isEmpty ? "none" : "").")
      return nil
    default:
      caller.report(
        "\(matches.count) elements match: \(matches.prefix(6).map(describe).joined(separator: ", ")). Say which with a CSS selector.")
      return nil
    }
  }

  private func submitHandler(of node: PageNode) -> String? {
    guard node.tag == "button" || node.tag == "input", (node.attribute("type") ?? "submit") == "submit" else { return nil }
    return node.ancestors.first { $0.tag == "form" }?.attribute("data-ocaf-submit")
  }

  private func isDisabled(_ node: PageNode) -> Bool {
    node.attribute("disabled") != nil
      || node.ancestors.contains { $0.tag == "fieldset" && $0.attribute("disabled") != nil }
  }

  private func describe(_ node: PageNode) -> String {
    let text = node.visibleText
    let id = node.attribute("id").map { "#\($0)" } ?? ""
    return "<\(node.tag ?? "")\(id)>" + (text.isEmpty ? "" : " '\(text.prefix(40))'")
  }

  private static func navigation(_ location: LiveLocation) -> String {
    #"{"navigate":\#(json(location.text))}"#
  }

  private static func json(_ text: String) -> String {
    String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
  }

  private static func json(_ number: Double) -> String {
    number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
  }
}

/// An element of a ``LivePage``, as it is when it was found: what ``LivePage/find(_:)`` and
/// ``LivePage/findAll(_:)`` give, to read its text, attributes, value and state.
///
/// ```swift
/// let row = page.find("li.todo")
/// row?.text                       // "Buy milk"
/// row?.attribute("data-ocaf-key") // "3"
/// ```
///
/// > Note: An element is read, not acted on: to click or type, pass its text, label or a
/// > selector to the page. After a step, find it again: the page may have replaced it.
public struct PageElement {
  let node: PageNode

  init(_ node: PageNode) {
    self.node = node
  }

  /// The element's tag, in lower case.
  ///
  /// ```swift
  /// #expect(page.find("#greetings")?.tag == "p")
  /// ```
  public var tag: String { node.tag ?? "" }
  /// The text the element shows, with runs of white space as one space.
  ///
  /// ```swift
  /// #expect(page.find("#greetings")?.text == "Greeted 2 times.")
  /// let cities = page.findAll("li.result button").map(\.text)
  /// ```
  public var text: String { node.visibleText }
  /// The element's markup, the element itself included.
  ///
  /// ```swift
  /// #expect(page.find("h1")?.html == "<h1>Hello, Ada!</h1>")
  /// ```
  public var html: String { node.html }
  /// The value of the attribute `name`, if the element has it; `""` for an attribute written
  /// without a value, such as `disabled`.
  ///
  /// ```swift
  /// #expect(page.find("#email")?.attribute("type") == "email")
  /// let heart = page.find("li[data-episode=Functions] .heart")
  /// #expect(heart?.attribute("aria-label") == "Unfavorite")
  /// ```
  public func attribute(_ name: String) -> String? { node.attribute(name) }
  /// Whether the element is disabled, itself or by a disabled fieldset around it.
  ///
  /// ```swift
  /// await page.toggle("Lock the controls")
  /// #expect(page.find("#text")?.isDisabled == true)
  /// ```
  public var isDisabled: Bool {
    node.attribute("disabled") != nil
      || node.ancestors.contains { $0.tag == "fieldset" && $0.attribute("disabled") != nil }
  }
  /// Whether the element is bound to the session: the page sends an action when it is clicked,
  /// when its value changes (a bound field), or when it is submitted (a form).
  ///
  /// ```swift
  /// #expect(page.find("button")?.isLive == true)
  /// ```
  ///
  /// > Note: A submit button with no action of its own is not live itself, though clicking it
  /// > submits its form; nor is a disabled control, which the session gives no handler.
  public var isLive: Bool {
    node.attribute("data-ocaf-click") != nil || node.attribute("data-ocaf-input") != nil
      || node.attribute("data-ocaf-change") != nil || node.attribute("data-ocaf-submit") != nil
  }
  /// What a field shows: its text, `"true"`/`"false"` for a checkbox, the chosen option's text.
  /// `nil` for an element that is not an `input`, `textarea` or `select`.
  ///
  /// ```swift
  /// let descriptions = page.findAll("input.description").map { $0.value ?? "" }
  /// #expect(descriptions == ["Milk", "Eggs"])
  /// ```
  public var value: String? {
    switch node.tag {
    case "textarea":
      return node.visibleText
    case "select":
      let options = node.descendants.filter { $0.tag == "option" }
      return (options.first { $0.attribute("selected") != nil } ?? options.first)?.visibleText
    case "input":
      if node.attribute("type") == "checkbox" || node.attribute("type") == "radio" {
        return node.attribute("checked") != nil ? "true" : "false"
      }
      return node.attribute("value") ?? ""
    default:
      return nil
    }
  }
}

/// Where a test called a ``LivePage`` from: the issues the call finds are reported there.
struct Caller {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  func report(_ message: String) {
    reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// What a page made with a test store sends its actions through.
protocol TestStoreDriving<State, Action>: AnyObject {
  associatedtype State
  /// Sends what the page's view sent through the test store, with the expected change. (The
  /// page then shows the test store's state: see ``sync()``.)
  nonisolated(nonsending) func forward(
    expected: ((inout State) throws -> Void)?, caller: Caller) async
  /// Shows the test store's state on the page; `true` when it differed.
  func sync() -> Bool
  /// The page's store (see ``PageMirrorStore``).
  associatedtype Action
  var pageStore: LiveStore<State, Action> { get }
}

/// The page's store of a page driven by a test store: it only records the actions its view
/// sends, which then go through the test store, and it is kept at the test store's state.
final class PageMirrorStore<State: Equatable, Action> {
  private let parent: LiveStore<PageMirror<State>, PageMirrorAction<State, Action>>
  let pageStore: LiveStore<State, Action>
  private let recorded: Recorder

  /// The actions the page's view sent, not yet sent through the test store.
  final class Recorder: @unchecked Sendable {
    // Unchecked: only the page's actor touches it (the page's store reduces there), but the
    // store's reducer closure must be `Sendable`.
    var actions: [Action] = []
  }

  /// A page's store at `state`, on the caller's actor.
  init(state: State, isolation: isolated any Actor = #isolation) {
    let recorded = Recorder()
    self.recorded = recorded
    self.parent = LiveStore(initialState: PageMirror(state: state)) {
      Reduce { mirror, action in
        switch action {
        case let .sync(state): mirror.state = state
        case let .action(action): recorded.actions.append(action)
        }
        return .none
      }
    }
    self.pageStore = parent.scope(\.state, action: \.action)
  }

  /// The actions the view sent since the last call.
  func takeActions() -> [Action] {
    defer { recorded.actions = [] }
    return recorded.actions
  }

  /// Gives the page's store `state`; `true` when it differed.
  func show(_ state: State) -> Bool {
    guard parent.withState(\.state) != state else { return false }
    parent.send(.sync(state))
    return true
  }
}

/// Drives a `TestStore` from a page, on the main actor.
final class TestDriver<State: Equatable, Action>: TestStoreDriving {
  var pageStore: LiveStore<State, Action> { mirror.pageStore }
  let testStore: TestStore<State, Action>
  let mirror: PageMirrorStore<State, Action>

  @MainActor init(_ testStore: TestStore<State, Action>) {
    self.testStore = testStore
    self.mirror = PageMirrorStore(state: testStore.state)
  }

  nonisolated(nonsending) func forward(
    expected: ((inout State) throws -> Void)?, caller: Caller
  ) async {
    // The page, its actions and the expected change are the main actor's, as the test store is.
    MainActor.preconditionIsolated("A page of a TestStore is used on the main actor.")
    for action in mirror.takeActions() {
      nonisolated(unsafe) let unchecked = (action, expected)
      await Self.send(unchecked.0, expected: unchecked.1, to: testStore, caller: caller)
    }
  }

  @MainActor private static func send(
    _ action: Action, expected: ((inout State) throws -> Void)?,
    to testStore: TestStore<State, Action>, caller: Caller
  ) async {
    _ = await testStore.send(
      action, assert: expected, fileID: caller.fileID, file: caller.filePath, line: caller.line,
      column: caller.column)
  }

  func sync() -> Bool {
    // The page of a test store is used on the main actor, as the test store is (checked).
    let testStore = self.testStore
    nonisolated(unsafe) var state: State?
    MainActor.assumeIsolated { state = testStore.state }
    return mirror.show(state!)
  }
}

/// Drives a `TestStoreActor` from a page, on the test store's actor.
final class ActorTestDriver<State: Equatable, Action>: TestStoreDriving {
  var pageStore: LiveStore<State, Action> { mirror.pageStore }
  let testStore: TestStoreActor<State, Action>
  let mirror: PageMirrorStore<State, Action>

  init(_ testStore: TestStoreActor<State, Action>, isolation: isolated any Actor = #isolation) {
    self.testStore = testStore
    self.mirror = PageMirrorStore(state: testStore.state)
  }

  nonisolated(nonsending) func forward(
    expected: ((inout State) throws -> Void)?, caller: Caller
  ) async {
    for action in mirror.takeActions() {
      _ = await testStore.send(
        action, assert: expected, fileID: caller.fileID, file: caller.filePath,
        line: caller.line, column: caller.column)
    }
  }

  func sync() -> Bool {
    mirror.show(testStore.state)
  }
}

@ObservableState
struct PageMirror<State> {
  var state: State
}

@CasePathable
enum PageMirrorAction<State, Action> {
  case sync(State)
  case action(Action)
}
#endif  // Web
