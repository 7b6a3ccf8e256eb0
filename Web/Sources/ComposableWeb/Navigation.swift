@_spi(Internals) import ComposableArchitecture

// Navigation rendered as HTML: presented features as modal `<dialog>`s, stacks as pages whose
// depth the page mirrors in the browser's history.

/// A modal sheet showing the presented child feature while `item` holds a store. Escape, a
/// click on the backdrop, or ``dismissButton(_:)`` sets the binding to `nil`, which sends
/// `.dismiss`; the child's `dismiss()` closes it from the reducer.
///
/// ```swift
/// @Bindable var store = store
/// sheet(item: $store.scope(\.destination?.editor, action: \.destination.editor)) {
///   editorView($0)
/// }
/// ```
@MainActor
public func sheet<State, Action, ParentAction>(
  item: Binding<Store<State, Action>?>,
  key: String = "sheet",
  _ content: @escaping @MainActor (Store<State, Action>) -> Node<Action>
) -> Node<ParentAction> {
  guard let store = item.wrappedValue else { return .fragment([]) }
  return modal(className: "ocaf-sheet", dismiss: { item.wrappedValue = nil }) {
    [component(store, key: key, content)]
  }
}

/// An alert for the `AlertState` the binding's store holds: its title, message and buttons.
/// A button sends its action (`.presented(action)`), and the alert closes; a button without an
/// action, Escape and the backdrop only dismiss. An alert without buttons gets an "OK" button.
///
/// ```swift
/// alert($store.scope(\.alert, action: \.alert))
/// ```
@MainActor
public func alert<Action, ParentAction>(
  _ item: Binding<Store<AlertState<Action>, Action>?>
) -> Node<ParentAction> {
  guard let store = item.wrappedValue else { return .fragment([]) }
  let alert = store.withState { $0 }
  return modal(className: "ocaf-alert", role: "alertdialog", dismiss: { item.wrappedValue = nil }) {
    var body: [Node<ParentAction>] = [.tag("h2") { String(state: alert.title) }]
    if let message = alert.message { body.append(p(String(state: message))) }
    var buttons = alert.buttons
    if buttons.isEmpty { buttons = [ButtonState { TextState("OK") }] }
    body.append(dialogButtons(buttons, store: store, item: item))
    return body
  }
}

/// A confirmation dialog for the `ConfirmationDialogState` the binding's store holds. Buttons
/// behave as in ``alert(_:)``; a dialog without a cancel button gets one.
///
/// ```swift
/// confirmationDialog($store.scope(\.confirmation, action: \.confirmation))
/// ```
@MainActor
public func confirmationDialog<Action, ParentAction>(
  _ item: Binding<Store<ConfirmationDialogState<Action>, Action>?>
) -> Node<ParentAction> {
  guard let store = item.wrappedValue else { return .fragment([]) }
  let dialog = store.withState { $0 }
  return modal(className: "ocaf-confirmation", dismiss: { item.wrappedValue = nil }) {
    var body: [Node<ParentAction>] = []
    if dialog.titleVisibility != .hidden {
      body.append(.tag("h2") { String(state: dialog.title) })
    }
    if let message = dialog.message { body.append(p(String(state: message))) }
    var buttons = dialog.buttons
    if !buttons.contains(where: { $0.role == .cancel }) {
      buttons.append(ButtonState(role: .cancel) { TextState("Cancel") })
    }
    body.append(dialogButtons(buttons, store: store, item: item))
    return body
  }
}

@MainActor
private func dialogButtons<State, Action, ParentAction>(
  _ buttons: [ButtonState<Action>],
  store: Store<State, Action>,
  item: Binding<Store<State, Action>?>
) -> Node<ParentAction> {
  .tag("div", ["class": "ocaf-dialog-buttons"]) {
    for button in buttons {
      let action = button.action.action
      let role: String =
        switch button.role {
        case .cancel: "cancel"
        case .destructive: "destructive"
        case nil: "default"
        }
      Node<ParentAction>.element(
        HTMLElement(
          tag: "button",
          attributes: [("data-role", role)],
          events: [
            (
              "click",
              .input(
                .perform {
                  if let action { store.send(action) }
                  // The presentation reducer clears an alert after its action; otherwise, or
                  // for a button without an action, closing it sends the dismissal.
                  if item.wrappedValue != nil { item.wrappedValue = nil }
                })
            )
          ],
          children: [.text(String(state: button.label))]
        )
      )
    }
  }
}

private func modal<Action>(
  className: String,
  role: String? = nil,
  dismiss: @escaping () -> Void,
  _ body: () -> [Node<Action>]
) -> Node<Action> {
  var attributes: [(name: String, value: String)] = [("class", className), ("data-ocaf-modal", "")]
  if let role { attributes.append(("role", role)) }
  return .element(
    HTMLElement(
      tag: "dialog",
      attributes: attributes,
      events: [("dismiss", .input(.perform(dismiss)))],
      children: [.tag("div", ["class": "ocaf-dialog-body"]) { body() }]
    )
  )
}

/// A navigation stack: the root while the path is empty, otherwise the top screen, shown by
/// `destination`, under a back button that pops it. The page keeps the browser's history in
/// step with the stack's depth, so the browser's back button pops it too.
///
/// ```swift
/// @Bindable var store = store
/// navigationStack(path: $store.scope(\.path, action: \.path)) {
///   rootView(store)
/// } destination: { store in
///   switch store.case {
///   case let .detail(store): component(store, detailView)
///   }
/// }
/// ```
///
/// A page mirrors one stack in its history: the first one it shows.
@MainActor
public func navigationStack<ElementState, ElementAction, ParentAction>(
  path: Binding<Store<StackState<ElementState>, StackAction<ElementState, ElementAction>>>,
  @NodeBuilder<ParentAction> root: () -> [Node<ParentAction>],
  destination: @escaping @MainActor (Store<ElementState, ElementAction>) -> Node<ElementAction>
) -> Node<ParentAction> {
  let pathStore = path.wrappedValue
  let ids = pathStore.withState(\.ids)
  let pop = InputHandler(expected: "a stack depth") { value in
    guard case let .number(number) = value, let depth = Int(exactly: number), depth >= 0 else {
      return .wrongType
    }
    let ids = pathStore.withState(\.ids)
    if depth < ids.count { pathStore.send(.popFrom(id: ids[depth])) }
    return .applied
  }
  var children: [Node<ParentAction>]
  if let top = ids.last, let elementStore = StackScopes.elementStore(of: pathStore, id: top) {
    children = [
      .tag("nav", ["class": "ocaf-stack-bar"]) {
        Node<ParentAction>.tag(
          "button", ["class": "ocaf-back"],
          events: [("click", .input(.perform { pathStore.send(.popFrom(id: top)) }))]
        ) { "← Back" }
      },
      component(elementStore, key: "path\(top.debugDescription)", destination),
    ]
  } else {
    children = root()
  }
  return .element(
    HTMLElement(
      tag: "div",
      attributes: [("class", "ocaf-stack"), ("data-ocaf-stack", ""), ("data-ocaf-depth", "\(ids.count)")],
      events: [("pop", .input(pop))],
      children: children
    )
  )
}

/// A link that pushes `state` onto the stack of `path`.
///
/// ```swift
/// navigationLink("Details", state: .detail(Detail.State()), path: store.scope(\.path, action: \.path))
/// ```
@MainActor
public func navigationLink<ElementState, ElementAction, ParentAction>(
  _ label: String,
  state: ElementState,
  path: Store<StackState<ElementState>, StackAction<ElementState, ElementAction>>
) -> Node<ParentAction> {
  .tag(
    "a", ["href": "#", "class": "ocaf-link"],
    events: [
      (
        "click",
        .input(
          .perform {
            @Dependency(\.stackElementID) var stackElementID
            path.send(.push(id: stackElementID.next(), state: state))
          })
      )
    ]
  ) { label }
}

/// The stores of stack elements. A stack's store holds a `StackState`, which is not observable
/// state, so its elements are scoped from the feature that holds the stack: ``Store/stack(state:action:)``
/// records how.
@MainActor
enum StackScopes {
  private final class Entry {
    weak var owner: AnyObject?
    let makeStore: (StackElementID) -> AnyObject?
    init(owner: AnyObject, makeStore: @escaping (StackElementID) -> AnyObject?) {
      self.owner = owner
      self.makeStore = makeStore
    }
  }

  private static var entries: [ObjectIdentifier: Entry] = [:]

  static func register<State: ObservableState, Action, ElementState, ElementAction>(
    parent: Store<State, Action>,
    state: KeyPath<State, StackState<ElementState>>,
    action: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>,
    pathStore: Store<StackState<ElementState>, StackAction<ElementState, ElementAction>>
  ) {
    let key = ObjectIdentifier(pathStore)
    if let existing = entries[key], existing.owner != nil { return }
    entries = entries.filter { $0.value.owner != nil }
    entries[key] = Entry(owner: parent) { [weak parent] id in
      guard let parent else { return nil }
      let elementState = state.appending(
        path: \StackState<ElementState>.[
          id: id, fileID: "ComposableWeb/Navigation.swift", filePath: "Navigation.swift", line: 0,
          column: 0])
      let elementAction = action.appending(path: \.[id: id])
      return parent.scope(state: elementState, action: elementAction)
    }
  }

  static func elementStore<ElementState, ElementAction>(
    of pathStore: Store<StackState<ElementState>, StackAction<ElementState, ElementAction>>,
    id: StackElementID
  ) -> Store<ElementState, ElementAction>? {
    entries[ObjectIdentifier(pathStore)]?.makeStore(id) as? Store<ElementState, ElementAction>
  }
}
