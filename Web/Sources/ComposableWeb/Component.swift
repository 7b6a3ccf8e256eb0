import ComposableArchitecture

/// A view with its own observation scope.
///
/// When a session renders a component it tracks the state the view reads; after an action only
/// the components whose read state changed render again, and only their HTML is sent to the page.
/// Make one with ``component(_:key:_:)``.
public struct Component {
  let key: String?
  /// The store the component shows: a parent's new render keeps a mounted child only if it
  /// shows the same store.
  let identity: ObjectIdentifier?
  /// Builds the view, reading the state it shows, and returns its nodes with their store. It
  /// runs on the session's actor.
  let body: () -> any ComponentBody
}

/// Embeds `view` of `store` as a ``Component`` inside a parent's nodes.
///
/// The parent does not observe what the child reads, so a change that only the child reads
/// renders only the child:
///
/// ```swift
/// func twoCountersView(_ store: LiveStoreOf<TwoCounters>) -> Node<TwoCounters.Action> {
///   div {
///     component(store.scope(\.first, action: \.first), key: "first", counterView)
///     component(store.scope(\.second, action: \.second), key: "second", counterView)
///   }
/// }
/// ```
///
/// `key` names the component among its siblings; without one, its position does.
public func component<State, Action, ParentAction>(
  _ store: LiveStore<State, Action>,
  key: String? = nil,
  _ view: @escaping (LiveStore<State, Action>) -> Node<Action>
) -> Node<ParentAction> {
  .component(
    Component(
      key: key, identity: ObjectIdentifier(store.storeActor),
      body: { StoreNodes(nodes: view(store), store: store) }))
}

/// A component per element of an identified array, each keyed by its element's id, in order:
/// the list of a `forEach` feature.
///
/// A change to one row renders only that row; inserting, removing or moving rows renders the
/// list with the untouched rows kept as they are on the page.
///
/// ```swift
/// ul {
///   forEach(store.scope(\.todos, action: \.todos)) { todo in
///     todoRowView(todo)
///   }
/// }
/// ```
public func forEach<ID: Hashable & Sendable, State: Identifiable, Action, ParentAction>(
  _ stores: LiveStoreCollection<ID, State, Action>,
  _ view: @escaping (LiveStore<State, Action>) -> Node<Action>
) -> Node<ParentAction> {
  .fragment(
    stores.map { store in
      component(store, key: String(describing: store.withState(\.id)), view)
    }
  )
}

/// A view's nodes and the store their handlers send to, as a renderer writes them: the nodes are
/// written straight to HTML, and each handler is bound to the store as its id is issued.
protocol ComponentBody {
  func write(
    in renderer: ComponentRenderer, context: inout ComponentRenderer.Context,
    into output: inout [UInt8])
}

struct StoreNodes<State, Action>: ComponentBody {
  let nodes: Node<Action>
  let store: LiveStore<State, Action>

  func write(
    in renderer: ComponentRenderer, context: inout ComponentRenderer.Context,
    into output: inout [UInt8]
  ) {
    renderer.write(nodes, sendingTo: store, context: &context, into: &output)
  }
}

/// A handler bound to a store: runs with the value the page sent.
struct BoundHandler {
  /// The kind of value the handler needs, as the log names it (`"a string"`), or `nil` when it
  /// needs none.
  let expected: String?
  let run: (InputValue?) -> InputOutcome

  init(expected: String?, run: @escaping (InputValue?) -> InputOutcome) {
    self.expected = expected
    self.run = run
  }

  /// `handler`, sending its actions to `store`.
  init<State, Action>(_ handler: Handler<Action>, sendingTo store: LiveStore<State, Action>) {
    switch handler {
    case let .send(action):
      // The task of its effects, which a form posted without JavaScript waits for.
      self.init(expected: nil) { _ in .sent(store.send(action)) }
    case let .value(makeAction):
      self.init(expected: "a string") { value in
        guard case let .string(text) = value else { return .wrongType }
        _ = store.send(makeAction(text))
        return .applied
      }
    case let .input(handler):
      self.init(expected: handler.expected, run: handler.write)
    }
  }
}

extension Node where Action == Never {
  /// Renders a node that sends no actions to a complete HTML string, e.g. for a static page.
  /// Components render only in a ``LiveSession``; one met here is reported and left out.
  ///
  /// ```swift
  /// let html = Node<Never>.tag("p") { "1 < 2" }.renderStatic()  // "<p>1 &lt; 2</p>"
  /// ```
  public func renderStatic() -> String {
    var output: [UInt8] = []
    HTMLWriter.write(self, into: &output)
    return String(decoding: output, as: UTF8.self)
  }
}
