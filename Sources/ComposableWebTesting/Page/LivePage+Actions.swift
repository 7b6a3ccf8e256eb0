#if Web
import ComposableArchitecture
import ComposableWeb
import Foundation
import IssueReporting
import Logging

extension LivePage {
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
  /// An element with client commands for its click (``JS``) runs them on the page first, as the
  /// browser does: `page.click("Menu")` shows a menu that `.on(.click, js: .show(to: "#menu"))`
  /// shows, with or without an action to send.
  ///
  /// > Important: Nothing is sent, and a failure is reported, when no element matches (the
  /// > failure lists what the page has to click), when several do, when the element is
  /// > disabled (itself or by a disabled `fieldset`), when clicking it does nothing, and when a
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
    // The element answering the click runs its client commands first, as in the browser.
    let ranCommands = runCommands(of: node, "click")
    guard let handler = node.attribute("data-ocaf-click") ?? submitHandler(of: node) else {
      if !ranCommands {
        caller.report("Cannot click \(describe(node)): it has no live handler (no action is sent when it is clicked).")
      }
      return
    }
    await send(.event(handler: handler), expected: expected, caller: caller)
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
    let value: InputValue
    if node.attribute("type") == "number" || node.attribute("type") == "range" {
      guard let number = Double(text) else {
        caller.report("\(describe(node)) takes numbers, not '\(text)'.")
        return
      }
      value = .number(number)
    } else {
      value = .string(text)
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
    await sendValue(.bool(checked), to: node, expected: expected, caller: caller)
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
    // The page sends a drop-down's option by its position.
    await sendValue(
      Double(position).map(InputValue.number) ?? .string(position), to: node, expected: expected, caller: caller)
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
    await send(.event(handler: handler), expected: expected, caller: caller)
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
    await send(.event(handler: handler), expected: expected, caller: caller)
  }
}
#endif  // Web
