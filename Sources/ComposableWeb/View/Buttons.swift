#if Web
import ComposableArchitecture

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

/// A button that runs `perform` on the session when clicked, e.g. one that writes a binding:
/// for features whose change has no action of its own.
///
/// ```swift
/// button("Reset", perform: { $store.count.wrappedValue = 0 })
/// ```
///
/// What it sends is what `perform` sends: writing `$store.count` sends
/// `.binding(.set(\.count, 0))`. Its click acts once, as ``button(_:send:_:)``'s does; prefer
/// that one when the feature has an action for the click.
public func button<Action>(
  _ label: String,
  perform: @escaping () -> Void,
  _ attributes: KeyValuePairs<String, String> = [:]
) -> Node<Action> {
  .tag("button", attributes, events: [("click", .input(.perform(perform)))]) { label }
}
#endif  // Web
