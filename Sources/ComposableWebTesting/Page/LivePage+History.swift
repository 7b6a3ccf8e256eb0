#if Web
import ComposableArchitecture
import ComposableWeb
import Foundation
import IssueReporting
import Logging

extension LivePage {
  // MARK: History

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
      await send(
        .event(handler: pop, value: .number(Double(depth - 1))), expected: expected, caller: caller)
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

  nonisolated(nonsending) func followLink(
    _ href: String, expected: ((inout State) throws -> Void)?, caller: Caller
  ) async {
    guard href.hasPrefix(pagePath), let location = LiveLocation(text: String(href.dropFirst(pagePath.count)))
    else {
      caller.report("The link to \(href) leaves the page: page tests stay on one page.")
      return
    }
    await navigate(to: location, expected: expected, caller: caller)
  }

  private static func navigation(_ location: LiveLocation) -> ClientMessage {
    .navigate(to: location.text)
  }
}
#endif  // Web
