#if Web
import ComposableArchitecture

/// A form whose submission (a ``submitButton(_:_:)``, or Return in a field) sends `action`. The
/// page does not navigate.
///
/// ```swift
/// form(onSubmit: .addItemButtonTapped, ["class": "add"]) {
///   textField($store.newItemTitle, placeholder: "New to-do")
///   submitButton("Add")
/// }
/// ```
///
/// The fields in it send their values as they change, as they do anywhere; the submission
/// sends `action` alone, once per submission (its handler id acts once), and the form is
/// marked `aria-busy="true"` until the answer arrives. Without JavaScript the form posts:
/// the session writes each bound field's posted value through its binding, then sends
/// `action`. A ``button(_:send:_:)`` inside it sends its own action instead of `action`.
public func form<Action>(
  onSubmit action: Action,
  _ attributes: KeyValuePairs<String, String> = [:],
  @NodeBuilder<Action> _ children: () -> [Node<Action>]
) -> Node<Action> {
  .tag("form", attributes, events: [("submit", .send(action))], children)
}

/// A button that submits the form it is in (`<button type="submit">`): it sends nothing of its
/// own, the ``form(onSubmit:_:_:)`` around it sends its action.
///
/// ```swift
/// submitButton("Save")
/// submitButton("Sign in", ["class": "primary"]).disabledWhileSending()
/// ```
///
/// Outside a `form(onSubmit:)` it submits whatever form it is in as the browser would, e.g.
/// a plain `Node.tag("form", ["method": "post", "action": "/sign-out"])`.
public func submitButton<Action>(
  _ label: String, _ attributes: KeyValuePairs<String, String> = [:]
) -> Node<Action> {
  .element(
    HTMLElement(
      tag: "button",
      attributes: mergedAttributes([("type", "submit")], attributes),
      children: [.text(label)]
    )
  )
}
#endif  // Web
