#if Web
import ComposableArchitecture

// Form controls bound through the library's binding API. Each control shows the binding's value
// (read while rendering, so the component observes it) and writes what the user enters through
// the binding, which for `$store.field` sends `.binding(.set(\.field, value))`.

/// A text field bound to a string; `type` says what kind of text it takes (see ``InputType``).
///
/// ```swift
/// @Bindable var store = store
/// textField($store.displayName, placeholder: "Display name")
/// textField($store.email, type: .email, placeholder: "you@example.com")
/// textField($store.birthday, type: .date)
/// ```
///
/// It shows the binding's value, and on every `input` event (each keystroke) the page sends the
/// field's text, which is written through the binding: for `$store.displayName` that sends
/// `.binding(.set(\.displayName, text))`. When the state ends up holding something else (the
/// reducer cut the name short), the page is told, and the field shows the state's value.
/// An attribute given replaces the field's own of that name (`type`, `value`, `placeholder`).
public func textField<Action>(
  _ text: Binding<String>,
  type: InputType = .text,
  placeholder: String? = nil,
  _ attributes: KeyValuePairs<String, String> = [:]
) -> Node<Action> {
  var all: [(name: String, value: String)] = [("type", type.rawValue), ("value", text.wrappedValue)]
  if let placeholder { all.append(("placeholder", placeholder)) }
  return .element(
    HTMLElement(
      tag: "input",
      attributes: mergedAttributes(all, attributes),
      events: [("input", .input(.binding(text)))]
    )
  )
}

/// A password field bound to a string: the browser hides what is typed (SwiftUI's
/// `SecureField`). It is ``textField(_:type:placeholder:_:)`` with `type: .password`, and
/// sends the same way: every keystroke is written through the binding.
///
/// ```swift
/// secureField($store.password, placeholder: "Password", ["autocomplete": "current-password"])
/// ```
public func secureField<Action>(
  _ text: Binding<String>,
  placeholder: String? = nil,
  _ attributes: KeyValuePairs<String, String> = [:]
) -> Node<Action> {
  textField(text, type: .password, placeholder: placeholder, attributes)
}

/// A multi-line text area bound to a string. Every `input` event (each keystroke) writes its
/// text through the binding. It has no `placeholder` parameter: give one as an attribute.
///
/// ```swift
/// textArea($store.bio, ["rows": "4", "placeholder": "A few words about you"])
/// ```
public func textArea<Action>(
  _ text: Binding<String>, _ attributes: KeyValuePairs<String, String> = [:]
) -> Node<Action> {
  .element(
    HTMLElement(
      tag: "textarea",
      attributes: attributes.map { (name: $0.key, value: $0.value) },
      events: [("input", .input(.binding(text)))],
      children: [.text(text.wrappedValue)]
    )
  )
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
#endif  // Web
