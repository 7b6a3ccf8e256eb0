#if Web
import ComposableArchitecture
import ComposableWeb
@_spi(Testing) import ComposableArchitectureTestSupport
import Foundation
import IssueReporting
import Logging

extension LivePage {
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

  // MARK: Waiting

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
    guard await eventually(timeout: timeout, { condition(self) }) else {
      Caller(fileID: fileID, filePath: filePath, line: line, column: column).report(
        "The page did not get there within \(timeout). It shows: \(text)")
      return
    }
  }
}
#endif  // Web
