#if Web
import ComposableArchitecture
import ComposableWeb
import Foundation
import IssueReporting
import Logging

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
#endif  // Web
