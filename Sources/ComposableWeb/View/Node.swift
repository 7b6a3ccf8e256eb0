#if Web
/// A piece of HTML whose interactive elements send actions of type `Action`.
///
/// A view is a function of a store that returns one. The element helpers (``div(_:_:)``,
/// ``button(_:send:_:)``, ``textField(_:type:placeholder:_:)``, …) and
/// ``Node/tag(_:_:events:_:)`` make nodes, and ``NodeBuilder`` lets their children be written as
/// Swift statements (see <doc:ViewBuilder>):
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
/// Text and attribute values are escaped when the node is rendered, so a string can never
/// become markup. A page never sees `Action` values: when a node is rendered for a session,
/// each handler is replaced by an opaque id that only that session's current page may send
/// back. A `Node<Never>` sends nothing, and can be rendered outside a session with
/// ``renderStatic()``.
public indirect enum Node<Action> {
  /// An element: its tag, attributes in order, the events it handles, and its children.
  ///
  /// The helpers make these; spell one out when you need an ``HTMLElement`` as a value:
  ///
  /// ```swift
  /// let rule = Node<Never>.element(HTMLElement(tag: "hr", attributes: [("class", "divider")]))
  /// ```
  case element(HTMLElement<Action>)
  /// Text, escaped when rendered: `"1 < 2"` is written `1 &lt; 2`.
  ///
  /// A string in a ``NodeBuilder`` block is the same thing:
  ///
  /// ```swift
  /// Node<Counter.Action>.text("Count: \(store.count)")
  /// ```
  case text(String)
  /// Nodes side by side, without an element around them: for a view that returns several
  /// controls (or none).
  ///
  /// ```swift
  /// func checklistItemView(_ store: LiveStoreOf<ChecklistItem>) -> Node<ChecklistItem.Action> {
  ///   @Bindable var store = store
  ///   return .fragment([toggle($store.isDone, ""), textField($store.title)])
  /// }
  /// ```
  case fragment([Node<Action>])
  /// A child view with its own observation scope. Make one with ``component(_:key:_:)`` (or
  /// ``forEach(_:_:)``), which is the only way to make a ``Component``:
  ///
  /// ```swift
  /// let first: Node<TwoCounters.Action> =
  ///   component(store.scope(\.first, action: \.first), key: "first", counterView)
  /// ```
  case component(Component)
}

/// An HTML element of a ``Node``: what ``Node/element(_:)`` holds, and what the helpers build.
///
/// Write one yourself when you need to inspect or change an element as a value; to write HTML,
/// ``Node/tag(_:_:events:_:)`` is shorter.
///
/// ```swift
/// let tapped = HTMLElement<Counter.Action>(
///   tag: "button", attributes: [("class", "plus")],
///   events: [("click", .send(.incrementButtonTapped))], children: [.text("+")])
/// let node = Node.element(tapped)
/// ```
public struct HTMLElement<Action> {
  /// The tag name, e.g. `"button"`. A name with characters other than ASCII letters, digits,
  /// `-`, `_` and `:`, or one that starts with `on`, is rendered as `span`.
  ///
  /// ```swift
  /// if case let .element(element) = node, element.tag == "button" { … }
  /// ```
  public var tag: String
  /// Attributes in the order they are rendered. Values are escaped when rendered; a name that
  /// is not safe (see ``tag``), or that starts with `on` (an inline event handler), is left out.
  ///
  /// ```swift
  /// element.attributes.append((name: "title", value: "Saved at \(time)"))
  /// ```
  public var attributes: [(name: String, value: String)]
  /// DOM events and the handler each one calls. The page script sends `click`, `input`,
  /// `change` and `submit` (and a dialog's `dismiss` and a stack's `pop`); other names are
  /// rendered but never fire. An element rendered `disabled`, or inside a `disabled`
  /// `fieldset`, gets no handler at all.
  ///
  /// ```swift
  /// element.events.append((event: "click", handler: .send(.rowTapped(id))))
  /// ```
  public var events: [(event: String, handler: Handler<Action>)]
  /// The element's children. Give a void element (`input`, `img`, `br`, `hr`, …) none.
  ///
  /// ```swift
  /// element.children.append(.text(" (draft)"))
  /// ```
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

/// What an element does when one of its events fires: the second half of each entry of
/// ``HTMLElement/events``, and of the `events:` of ``Node/tag(_:_:events:_:)``.
///
/// ```swift
/// Handler<Counter.Action>.send(.incrementButtonTapped)
/// Handler<Search.Action>.value { .searchQueryChanged($0) }
/// Handler<Settings.Action>.input(.binding($store.sendNotifications))
/// ```
public enum Handler<Action> {
  /// Sends a fixed action, whatever value the page reports: a click, a submission.
  ///
  /// ```swift
  /// Node.tag("a", ["href": "#"], events: [("click", .send(.showMoreTapped))]) { "More" }
  /// ```
  case send(Action)
  /// Sends the action made from the string value the page reports (an input's value). A value
  /// of another kind (a checkbox's Boolean, a number field's number) is refused and logged.
  ///
  /// ```swift
  /// Node.tag("input", ["type": "search"], events: [("input", .value { .searchQueryChanged($0) })])
  /// ```
  case value((String) -> Action)
  /// Hands the page's typed value to an ``InputHandler``, e.g. one that writes a `Binding`.
  ///
  /// ```swift
  /// Node.tag("input", ["type": "checkbox"], events: [("change", .input(.binding($store.isOn)))])
  /// ```
  case input(InputHandler)
}

/// Builds a list of nodes from Swift statements: expressions (nodes, strings, arrays of nodes),
/// `let`, `if`, `if let`, `switch` and `for`.
///
/// Every helper that takes children takes a builder block:
///
/// ```swift
/// div {
///   h2("To-dos")
///   if store.todos.isEmpty {
///     p("Nothing to do.")
///   } else {
///     ul { for todo in store.todos { li { todo.title } } }
///   }
///   if let error = store.errorMessage { p(error, ["class": "error"]) }
/// }
/// ```
///
/// It can also make a list of nodes of your own:
///
/// ```swift
/// @NodeBuilder<Never> var items: [Node<Never>] {
///   p("one")
///   if showsTwo { p("two") }
/// }
/// ```
@resultBuilder
public enum NodeBuilder<Action> {
  /// A node as a statement of the block.
  ///
  /// ```swift
  /// div { span("\(store.count)") }
  /// ```
  @inlinable
  public static func buildExpression(_ node: Node<Action>) -> [Node<Action>] { [node] }
  /// A string as a statement of the block: text, escaped when rendered.
  ///
  /// ```swift
  /// Node.tag("label") { "Display name " ; textField($store.displayName) }
  /// ```
  @inlinable
  public static func buildExpression(_ text: String) -> [Node<Action>] { [.text(text)] }
  /// An array of nodes as a statement of the block: its nodes, in order.
  ///
  /// ```swift
  /// let rows: [Node<Todos.Action>] = store.todos.map { todo in li { todo.title } }
  /// ul { rows }
  /// ```
  @inlinable
  public static func buildExpression(_ nodes: [Node<Action>]) -> [Node<Action>] { nodes }
  /// The statements of a block, in order.
  ///
  /// ```swift
  /// div { h2("Counter"); span("\(store.count)") }
  /// ```
  @inlinable
  public static func buildBlock(_ parts: [Node<Action>]...) -> [Node<Action>] {
    parts.flatMap { $0 }
  }
  /// An `if` without `else`, or an `if let`: its nodes, or none.
  ///
  /// ```swift
  /// if store.isLoading { p("Loading…") }
  /// ```
  @inlinable
  public static func buildOptional(_ part: [Node<Action>]?) -> [Node<Action>] { part ?? [] }
  /// The first branch of an `if`/`else` or a `switch`.
  ///
  /// ```swift
  /// if store.isSignedIn { p("Welcome back") } else { a("Sign in", href: "/sign-in") }
  /// ```
  @inlinable
  public static func buildEither(first: [Node<Action>]) -> [Node<Action>] { first }
  /// The other branch of an `if`/`else` or a `switch`.
  ///
  /// ```swift
  /// switch store.filter {
  /// case .all: p("Everything")
  /// case .active: p("Still to do")
  /// case .completed: p("Done")
  /// }
  /// ```
  @inlinable
  public static func buildEither(second: [Node<Action>]) -> [Node<Action>] { second }
  /// A `for` loop: the nodes of every pass, in order.
  ///
  /// ```swift
  /// ul { for name in store.names { li { name } } }
  /// ```
  @inlinable
  public static func buildArray(_ parts: [[Node<Action>]]) -> [Node<Action>] {
    parts.flatMap { $0 }
  }
  /// An `if #available` branch.
  ///
  /// ```swift
  /// if #available(macOS 15, *) { p("Sent at \(store.sentAt)") }
  /// ```
  @inlinable
  public static func buildLimitedAvailability(_ part: [Node<Action>]) -> [Node<Action>] { part }
}

extension Node {
  /// An element with any tag, attributes, event handlers and children: the way to write an
  /// element that has no helper of its own (`label`, `ol`, `nav`, `section`, `table`, `h3`,
  /// `strong`, …), or a helper's element with more than the helper takes.
  ///
  /// ```swift
  /// Node.tag("label", ["for": "display-name"]) { "Display name" }
  ///
  /// Node.tag("ol", ["class": "steps"]) {
  ///   for step in store.steps { li { step.title } }
  /// }
  ///
  /// Node.tag("nav", ["aria-label": "Sections"]) {
  ///   a("Counter", href: "/counter")
  ///   a("To-dos", href: "/todos")
  /// }
  /// ```
  ///
  /// Attributes are written in the order given (give each name once). `events` are what the
  /// element does when the page reports them (see ``HTMLElement/events``):
  ///
  /// ```swift
  /// Node.tag("a", ["href": "#", "class": "more"], events: [("click", .send(.showMoreTapped))]) {
  ///   "Show more"
  /// }
  /// ```
  ///
  /// Inside a builder block write it `Node.tag(…)`; where the return type is known (a function
  /// returning `Node<Feature.Action>`), `.tag(…)` will do. A void element (`input`, `img`,
  /// `br`, …) takes no children.
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

/// A `<div>` around the given children: the usual root of a view.
///
/// ```swift
/// div(["class": "row"]) { button("+", send: .incrementButtonTapped) }
/// div { h2("Counter"); span("\(store.count)") }
/// ```
@inlinable
public func div<Action>(
  _ attributes: KeyValuePairs<String, String> = [:],
  @NodeBuilder<Action> _ children: () -> [Node<Action>]
) -> Node<Action> {
  .tag("div", attributes, children)
}

/// A `<span>` holding the given text. For a span with other children, write
/// `Node.tag("span", …) { … }`.
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

/// A paragraph holding the given text. For a paragraph with other children (a link, a field),
/// write `Node.tag("p", …) { … }`.
///
/// ```swift
/// p("Tap + to count up.")
/// p(message, ["class": "error"])
/// ```
@inlinable
public func p<Action>(
  _ text: String, _ attributes: KeyValuePairs<String, String> = [:]
) -> Node<Action> {
  .tag("p", attributes) { text }
}

/// A `<h1>` heading. It takes no attributes: add one with ``Node/attribute(_:_:)``.
///
/// ```swift
/// h1("Case studies")
/// h1(store.title).attribute("id", "title")
/// ```
@inlinable
public func h1<Action>(_ text: String) -> Node<Action> { .tag("h1") { text } }

/// A `<h2>` heading. Other levels have no helper: `Node.tag("h3") { "Details" }`.
///
/// ```swift
/// h2("Counter")
/// ```
@inlinable
public func h2<Action>(_ text: String) -> Node<Action> { .tag("h2") { text } }

/// A `<style>` element holding `css` as it is: not escaped as HTML (so `a > b` stays a
/// selector), and unable to end the element early (a `</` inside it is written `<\/`, a `<!--`
/// `<\!--`).
///
/// The browser applies it under the server's Content-Security-Policy, whose default allows no
/// inline style: every page gets a nonce of its own, its response's policy allows that nonce in
/// `style-src`, and every `style` element its session renders, in the first render and in
/// later patches, is written with `nonce="…"`. (A policy you set without a `style-src`
/// directive is left as it is; ``Node/renderStatic()`` writes no nonce.)
///
/// ```swift
/// div(["class": "todos"]) {
///   style(".todos > ul > li.done { text-decoration: line-through }")
///   ul {
///     for todo in store.todos {
///       li { todo.title }.attribute("class", todo.isDone ? "done" : nil)
///     }
///   }
/// }
/// ```
///
/// The nonce covers `style` elements only: a `style` attribute (`["style": "color: red"]`) is
/// still blocked by the default policy. Use a class and a rule here, or a stylesheet of
/// ``LiveLayout/stylesheets``.
public func style<Action>(_ css: String) -> Node<Action> { .tag("style") { css } }

/// A link that the browser follows as any link, loading the page at `href`.
///
/// ```swift
/// a("Counter", href: "/counter")
/// ```
///
/// Mark it `data-ocaf-live-link` to go to another location of the same routed page, or to
/// another live page, without a reload (see ``LiveRoute``):
///
/// ```swift
/// a("Active", href: "/todos?filter=active").attribute("data-ocaf-live-link", "")
/// ```
@inlinable
public func a<Action>(_ text: String, href: String) -> Node<Action> {
  .tag("a", ["href": href]) { text }
}

/// A `<ul>` list whose children are usually ``li(_:)`` items. It takes no attributes: write
/// `Node.tag("ul", ["class": …]) { … }`, or add one with ``Node/attribute(_:_:)``. A numbered
/// list is `Node.tag("ol") { … }`.
///
/// ```swift
/// ul { for name in store.names { li { name } } }
/// ```
@inlinable
public func ul<Action>(@NodeBuilder<Action> _ children: () -> [Node<Action>]) -> Node<Action> {
  .tag("ul", [:], children)
}

/// A list item. It takes no attributes; a keyed row is `Node.tag("li", ["data-ocaf-key": id])`.
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
/// button("Delete", send: .deleteButtonTapped(id: todo.id), ["class": "delete"])
/// ```
///
/// The click's handler id acts once: a double click, or a replayed message, sends the action
/// once, and the page marks the button `aria-busy="true"` until the patch that answers it
/// arrives (``Node/disabledWhileSending()`` also disables it meanwhile). A button rendered with
/// `disabled` sends nothing. Inside a ``form(onSubmit:_:_:)`` it sends its own action, not the
/// form's. It also works without JavaScript: in a page rendered over HTTP, a button outside
/// every form posts a hidden form of its own, and one inside a `form(onSubmit:)` posts that
/// form, whose fields are written through their bindings before its action is sent.
@inlinable
public func button<Action>(
  _ label: String, send action: Action, _ attributes: KeyValuePairs<String, String> = [:]
) -> Node<Action> {
  .tag("button", attributes, events: [("click", .send(action))]) { label }
}

/// A text field showing `value` that sends the action made from its text on every `input`
/// event (each keystroke): the field for features with an action per field rather than
/// bindings. (``textField(_:type:placeholder:_:)`` takes a `Binding` instead.)
///
/// ```swift
/// textField(value: store.searchQuery, onInput: { .searchQueryChanged($0) }, ["id": "query"])
/// ```
///
/// An attribute given replaces the field's own of that name (`type`, `value`).
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
  /// `condition` holds, and without it otherwise. A `disabled` control gets no handler id, so
  /// nothing the page sends can act through it.
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
#endif  // Web
