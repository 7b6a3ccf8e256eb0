#if Web
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
  /// DOM events and the handler each one calls, by the names of ``PageEvent`` (`click`,
  /// `input`, `change`, `submit`, `keydown`, `focus`, `window-resize`, …; a dialog's `dismiss`
  /// and a stack's `pop` are the engine's own); other names are rendered but never fire. An element rendered `disabled`, or inside a `disabled`
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
  /// How the page sends each event (its keys, debounce or throttle) and the client commands it
  /// runs first, by event name: what ``Node/on(_:_:js:)``, ``Node/debounce(_:_:)`` and
  /// ``Node/throttle(_:_:)`` set.
  ///
  /// ```swift
  /// element.eventOptions["input", default: PageEventOptions()].debounce = .milliseconds(300)
  /// ```
  public var eventOptions: [String: PageEventOptions] {
    get { storedEventOptions ?? [:] }
    set { storedEventOptions = newValue.isEmpty ? nil : newValue }
  }
  /// ``eventOptions``, `nil` when empty: most elements have none, and one made with an empty
  /// dictionary would pay to make it.
  private(set) var storedEventOptions: [String: PageEventOptions]?

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
#endif  // Web
