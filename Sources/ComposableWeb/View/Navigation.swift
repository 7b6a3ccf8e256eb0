#if Web
@_spi(Internals) import ComposableArchitecture

// Navigation rendered as HTML: presented features as modal `<dialog>`s, stacks as pages whose
// depth the page mirrors in the browser's history.

/// A modal sheet showing the presented child feature while `item` holds a store: a `<dialog>`
/// the page opens as a modal, with `content` of the child's store inside as a component.
/// Escape or a click on the backdrop sets the binding to `nil`, which sends `.dismiss`; the
/// child's reducer closes it with `dismiss()` (e.g. from a "Done" button's action). Nothing is
/// rendered while nothing is presented.
///
/// ```swift
/// @Bindable var store = store
/// sheet(item: $store.scope(\.destination?.editor, action: \.destination.editor)) {
///   editorView($0)
/// }
/// sheet(item: $store.scope(\.editor, action: \.editor), noteEditorView)
/// ```
///
/// `key` names the sheet's component among its siblings: give two sheets of one view
/// different keys.
public func sheet<State, Action, ParentAction>(
  item: Binding<LiveStore<State, Action>?>,
  key: String = "sheet",
  _ content: @escaping (LiveStore<State, Action>) -> Node<Action>
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
public func alert<Action, ParentAction>(
  _ item: Binding<LiveStore<AlertState<Action>, Action>?>
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
public func confirmationDialog<Action, ParentAction>(
  _ item: Binding<LiveStore<ConfirmationDialogState<Action>, Action>?>
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

private func dialogButtons<State, Action, ParentAction>(
  _ buttons: [ButtonState<Action>],
  store: LiveStore<State, Action>,
  item: Binding<LiveStore<State, Action>?>
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
///   if let detail = store.scope(\.detail, action: \.detail) {
///     component(detail, detailView)
///   } else {
///     .fragment([])
///   }
/// }
/// ```
///
/// `root` is a builder block of the parent's nodes. `destination` gets the store of the top
/// screen (its state is usually an enum of screens) and is not a builder: it returns one node,
/// so scope to the screen shown and embed its view with ``component(_:key:_:)``. The back
/// button and the browser's back button send `.popFrom(id:)` to the stack.
///
/// A page mirrors one stack in its history: the first one it shows.
public func navigationStack<ElementState, ElementAction, ParentAction>(
  path: Binding<LiveStore<StackState<ElementState>, StackAction<ElementState, ElementAction>>>,
  @NodeBuilder<ParentAction> root: () -> [Node<ParentAction>],
  destination: @escaping (LiveStore<ElementState, ElementAction>) -> Node<ElementAction>
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
  if let top = ids.last,
    let elementStore = pathStore.stackElement?(top) as? LiveStore<ElementState, ElementAction>
  {
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

/// A link that pushes `state` onto the stack of `path`: an `<a href="#">` whose click sends
/// `.push(id:state:)` to the stack, with the next stack element id.
///
/// ```swift
/// navigationLink(
///   "Open page 100", state: .page(StackPage.State(number: 100)),
///   path: store.scope(\.path, action: \.path))
/// ```
///
/// Unlike ``navigationStack(path:root:destination:)``, it takes the stack's store itself, not
/// a binding.
public func navigationLink<ElementState, ElementAction, ParentAction>(
  _ label: String,
  state: ElementState,
  path: LiveStore<StackState<ElementState>, StackAction<ElementState, ElementAction>>
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
#endif  // Web
