#if Web
import ComposableArchitecture

/// A view with its own observation scope.
///
/// When a session renders a component it tracks the state the view reads; after an action only
/// the components whose read state changed render again, and only their HTML is sent to the page.
/// Make one with ``component(_:key:_:)`` or ``forEach(_:_:)``; a ``Node/component(_:)`` holds it.
///
/// ```swift
/// div {
///   span("Total: \(store.total)")
///   component(store.scope(\.first, action: \.first), key: "first", counterView)
/// }
/// ```
///
/// The page receives each component wrapped in a `<div data-ocaf-component="…">`, which the
/// engine's stylesheet lays out with `display: contents`, so it does not change the layout.
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
/// `key` names the component among its siblings; without one, its position among the
/// parent's components does. The name is what lets a parent's new render keep a child as it is
/// (its nodes on the page, its handlers) when the child shows the same store and nothing it
/// read changed. In a list, give each row its id as key: keyed by position, removing the first
/// row would make every later row a different component, rendered and sent again; keyed by
/// id, the rows that stay are kept. Two siblings with the same key are a mistake: the later
/// one is left out, and the session logs a warning. (``forEach(_:_:)`` keys rows by id.)
///
/// ```swift
/// Node.tag("ul", ["class": "checklist"]) {
///   for item in store.scope(\.items, action: \.items) {
///     let id = "\(item.withState(\.id))"
///     Node.tag("li", ["data-ocaf-key": id]) { component(item, key: id, checklistItemView) }
///   }
/// }
/// ```
///
/// The `data-ocaf-key` on the `li` does the same for an element around a component: the page
/// moves the keyed element with its row instead of matching elements by position.
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
/// list with the untouched rows kept as they are on the page. Each row is keyed by
/// `String(describing:)` of its element's id.
///
/// ```swift
/// div(["class": "todos"]) {
///   forEach(store.scope(\.todos, action: \.todos)) { todo in
///     todoRowView(todo)
///   }
/// }
/// ```
///
/// For more than the row's view around each row (a delete button the parent handles, a keyed
/// `li`), write the loop with ``component(_:key:_:)`` instead.
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
  /// A file input's uploads, which take the page's chunks.
  var upload: UploadBinding?

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
    case .streamRows:
      // The renderer registers a stream's rows instead of issuing an id for them.
      self.init(expected: nil) { _ in .wrongType }
    case let .upload(binding):
      self.init(expected: "a selection of files") { value in
        guard let action = UploadBinding.selection(value) else { return .wrongType }
        let before = binding.state().entries.count
        binding.send(action)
        // What the uploads' reducer refused is in their state; the session logs it too.
        let refused = binding.state().entries.dropFirst(before).compactMap { entry -> String? in
          guard case let .failed(error) = entry.status else { return nil }
          return "\(entry.name): \(error)"
        }
        return refused.isEmpty ? .applied : .refused(refused)
      }
      self.upload = binding
    case let .payload(handler):
      // The page sends a payload as JSON text (see `ClientMessage`).
      self.init(expected: "a JSON payload of \(handler.typeName)") { value in
        guard case let .string(json) = value else { return .wrongType }
        let action: Action
        do {
          action = try handler.makeAction(json)
        } catch {
          return .undecodable(String(describing: error))
        }
        return .sent(store.send(action))
      }
    }
  }
}

extension Node where Action == Never {
  /// Renders a node that sends no actions to a complete HTML string, e.g. for a static page.
  /// Components render only in a ``LiveSession``; one met here is reported and left out. A
  /// `style` element gets no nonce here (see ``style(_:)``).
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
#endif  // Web
