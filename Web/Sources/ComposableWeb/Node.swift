/// A piece of HTML whose interactive elements send actions of type `Action`.
///
/// Text is escaped when the node is rendered, so a string can never become markup:
///
/// ```swift
/// func counterView(_ store: LiveStoreOf<Counter>) -> Node<Counter.Action> {
///   div {
///     button("−", send: .decrementButtonTapped)
///     span("\(store.count)")
///     button("+", send: .incrementButtonTapped)
///   }
/// }
/// ```
///
/// A page never sees `Action` values: when a node is rendered for a session, each handler is
/// replaced by an opaque id that only that session's current page may send back.
public indirect enum Node<Action> {
  /// An element: its tag, attributes in order, the events it handles, and its children.
  case element(HTMLElement<Action>)
  /// Text, escaped when rendered.
  case text(String)
  /// Nodes side by side, without an element around them.
  case fragment([Node<Action>])
  /// A child view with its own observation scope (see ``component(_:key:_:)``).
  case component(Component)
}

/// An HTML element of a ``Node``.
public struct HTMLElement<Action> {
  /// The tag name, e.g. `"button"`.
  public var tag: String
  /// Attributes in the order they are rendered. Values are escaped when rendered.
  public var attributes: [(name: String, value: String)]
  /// DOM events (e.g. `"click"`, `"input"`) and the handler each one calls.
  public var events: [(event: String, handler: Handler<Action>)]
  /// The element's children.
  public var children: [Node<Action>]

  /// Creates an element.
  ///
  /// ```swift
  /// HTMLElement<Never>(tag: "p", attributes: [("class", "note")], children: [.text("Hi")])
  /// ```
  @inlinable
  public init(
    tag: String,
    attributes: [(name: String, value: String)] = [],
    events: [(event: String, handler: Handler<Action>)] = [],
    children: [Node<Action>] = []
  ) {
    self.tag = tag
    self.attributes = attributes
    self.events = events
    self.children = children
  }
}

/// A control's own attributes with the caller's: an attribute the caller gives replaces the
/// control's one of that name, in place, so that `textField($store.code, ["type": "password"])`
/// renders one `type`, the caller's (a browser would keep the first of two); the others follow.
@usableFromInline
func mergedAttributes(
  _ own: [(name: String, value: String)], _ given: KeyValuePairs<String, String>
) -> [(name: String, value: String)] {
  var all = own
  for (name, value) in given {
    if let index = all.firstIndex(where: { $0.name == name }) {
      all[index].value = value
    } else {
      all.append((name: name, value: value))
    }
  }
  return all
}

/// What an element does when one of its events fires.
///
/// ```swift
/// Handler<Counter.Action>.send(.incrementButtonTapped)
/// Handler<Form.Action>.value { .nameChanged($0) }
/// Handler<Form.Action>.input(.binding($store.isOn))
/// ```
public enum Handler<Action> {
  /// Sends a fixed action.
  case send(Action)
  /// Sends the action made from the string value the page reports (an input's value).
  case value((String) -> Action)
  /// Hands the page's typed value to an ``InputHandler``, e.g. one that writes a `Binding`.
  case input(InputHandler)
}

/// Builds a list of nodes from Swift statements, `if`, `switch` and `for`.
///
/// ```swift
/// @NodeBuilder<Never> var items: [Node<Never>] {
///   p("one")
///   if showsTwo { p("two") }
/// }
/// ```
@resultBuilder
public enum NodeBuilder<Action> {
  @inlinable
  public static func buildExpression(_ node: Node<Action>) -> [Node<Action>] { [node] }
  @inlinable
  public static func buildExpression(_ text: String) -> [Node<Action>] { [.text(text)] }
  @inlinable
  public static func buildExpression(_ nodes: [Node<Action>]) -> [Node<Action>] { nodes }
  @inlinable
  public static func buildBlock(_ parts: [Node<Action>]...) -> [Node<Action>] {
    parts.flatMap { $0 }
  }
  @inlinable
  public static func buildOptional(_ part: [Node<Action>]?) -> [Node<Action>] { part ?? [] }
  @inlinable
  public static func buildEither(first: [Node<Action>]) -> [Node<Action>] { first }
  @inlinable
  public static func buildEither(second: [Node<Action>]) -> [Node<Action>] { second }
  @inlinable
  public static func buildArray(_ parts: [[Node<Action>]]) -> [Node<Action>] {
    parts.flatMap { $0 }
  }
  @inlinable
  public static func buildLimitedAvailability(_ part: [Node<Action>]) -> [Node<Action>] { part }
}

extension Node {
  /// An element with the given tag, attributes and children.
  ///
  /// ```swift
  /// Node<Never>.tag("section", ["class": "card"]) { h2("Counter") }
  /// ```
  @inlinable
  public static func tag(
    _ name: String,
    _ attributes: KeyValuePairs<String, String> = [:],
    events: [(event: String, handler: Handler<Action>)] = [],
    @NodeBuilder<Action> _ children: () -> [Node<Action>] = { [] }
  ) -> Node {
    .element(
      HTMLElement(
        tag: name,
        attributes: attributes.map { (name: $0.key, value: $0.value) },
        events: events,
        children: children()
      )
    )
  }
}

/// A `<div>` around the given children.
///
/// ```swift
/// div(["class": "row"]) { button("+", send: .incrementButtonTapped) }
/// ```
@inlinable
public func div<Action>(
  _ attributes: KeyValuePairs<String, String> = [:],
  @NodeBuilder<Action> _ children: () -> [Node<Action>]
) -> Node<Action> {
  .tag("div", attributes, children)
}

/// A `<span>` holding the given text.
///
/// ```swift
/// span("\(store.count)", ["class": "count"])
/// ```
@inlinable
public func span<Action>(
  _ text: String, _ attributes: KeyValuePairs<String, String> = [:]
) -> Node<Action> {
  .tag("span", attributes) { text }
}

/// A paragraph holding the given text.
///
/// ```swift
/// p("Tap + to count up.")
/// ```
@inlinable
public func p<Action>(
  _ text: String, _ attributes: KeyValuePairs<String, String> = [:]
) -> Node<Action> {
  .tag("p", attributes) { text }
}

/// A `<h1>` heading.
///
/// ```swift
/// h1("Case studies")
/// ```
@inlinable
public func h1<Action>(_ text: String) -> Node<Action> { .tag("h1") { text } }

/// A `<h2>` heading.
///
/// ```swift
/// h2("Counter")
/// ```
@inlinable
public func h2<Action>(_ text: String) -> Node<Action> { .tag("h2") { text } }

/// A `<style>` element holding `css` as it is: not escaped as HTML (so `a > b` stays a
/// selector), and unable to end the element early (a `</` inside it is written `<\/`). The
/// server's default Content-Security-Policy allows only its own stylesheets: allow inline ones
/// in ``SecurityHeaders/contentSecurityPolicy`` to use it.
///
/// ```swift
/// style("ul.todos > li.done { text-decoration: line-through }")
/// ```
public func style<Action>(_ css: String) -> Node<Action> { .tag("style") { css } }

/// A link.
///
/// ```swift
/// a("Counter", href: "/counter")
/// ```
@inlinable
public func a<Action>(_ text: String, href: String) -> Node<Action> {
  .tag("a", ["href": href]) { text }
}

/// A `<ul>` list whose children are usually ``li(_:)`` items.
///
/// ```swift
/// ul { for name in names { li { name } } }
/// ```
@inlinable
public func ul<Action>(@NodeBuilder<Action> _ children: () -> [Node<Action>]) -> Node<Action> {
  .tag("ul", [:], children)
}

/// A list item.
///
/// ```swift
/// li { a("Counter", href: "/counter") }
/// ```
@inlinable
public func li<Action>(@NodeBuilder<Action> _ children: () -> [Node<Action>]) -> Node<Action> {
  .tag("li", [:], children)
}

/// A button that sends `action` when clicked.
///
/// ```swift
/// button("+", send: .incrementButtonTapped)
/// button("Fact", send: .factButtonTapped, ["disabled": ""])
/// ```
@inlinable
public func button<Action>(
  _ label: String, send action: Action, _ attributes: KeyValuePairs<String, String> = [:]
) -> Node<Action> {
  .tag("button", attributes, events: [("click", .send(action))]) { label }
}

/// A text field showing `value` that sends the action made from the text whenever the user
/// types.
///
/// ```swift
/// textField(value: store.name, onInput: { .nameChanged($0) })
/// ```
@inlinable
public func textField<Action>(
  value: String,
  onInput: @escaping (String) -> Action,
  _ attributes: KeyValuePairs<String, String> = [:]
) -> Node<Action> {
  .element(
    HTMLElement(
      tag: "input",
      attributes: mergedAttributes([("type", "text"), ("value", value)], attributes),
      events: [("input", .value(onInput))]
    )
  )
}

extension Node {
  /// The element with the attribute `name` set to `value`, replacing any it had; `nil` leaves
  /// the attribute out. (Other nodes are returned as they are.)
  ///
  /// ```swift
  /// div { … }.attribute("class", store.isSelected ? "row selected" : "row")
  /// a("Next", href: "/next").attribute("aria-current", store.isLast ? "page" : nil)
  /// ```
  public func attribute(_ name: String, _ value: String?) -> Node {
    guard case var .element(element) = self else { return self }
    element.attributes.removeAll { $0.name == name }
    if let value { element.attributes.append((name: name, value: value)) }
    return .element(element)
  }

  /// The element with the Boolean attribute `name` (`disabled`, `hidden`, `required`, …) when
  /// `condition` holds, and without it otherwise.
  ///
  /// ```swift
  /// button("Save", send: .saveButtonTapped).attribute("disabled", if: !store.canSave)
  /// ```
  public func attribute(_ name: String, if condition: Bool) -> Node {
    attribute(name, condition ? "" : nil)
  }

  /// Disables the element in the page from the moment its click or submission is sent until
  /// the patch that answers it arrives. Every element that sends a click or a submission is
  /// marked `aria-busy="true"` meanwhile; this also keeps a slow action's button from being
  /// pressed again. (The server never acts twice on one click: its handler id is spent by its
  /// first use.)
  ///
  /// ```swift
  /// button("Sign in", send: .signInButtonTapped).disabledWhileSending()
  /// ```
  public func disabledWhileSending() -> Node {
    guard case var .element(element) = self else { return self }
    element.attributes.append((name: "data-ocaf-disable-while-sending", value: ""))
    return .element(element)
  }
}
