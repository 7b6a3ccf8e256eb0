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
#endif  // Web
