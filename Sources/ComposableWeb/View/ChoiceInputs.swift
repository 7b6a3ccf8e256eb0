#if Web
import ComposableArchitecture

// Form controls bound through the library's binding API. Each control shows the binding's value
// (read while rendering, so the component observes it) and writes what the user enters through
// the binding, which for `$store.field` sends `.binding(.set(\.field, value))`.

/// A checkbox with a label, bound to a Boolean: the `<input type="checkbox">` inside a
/// `<label>` with the text, so a click on the text ticks it too. There is no separate
/// `checkbox` helper; pass `""` as the label for a bare box.
///
/// ```swift
/// toggle($store.sendNotifications, "Send notifications", ["id": "notifications"])
/// toggle($store.isComplete, "")
/// ```
///
/// On its `change` event the page sends whether it is ticked, written through the binding
/// (`.binding(.set(\.sendNotifications, true))`); when the reducer refuses the change, the box
/// shows the state's value again. The attributes go on the checkbox, not the label.
public func toggle<Action>(
  _ isOn: Binding<Bool>, _ label: String, _ attributes: KeyValuePairs<String, String> = [:]
) -> Node<Action> {
  var all: [(name: String, value: String)] = [("type", "checkbox")]
  if isOn.wrappedValue { all.append(("checked", "")) }
  let box = Node<Action>.element(
    HTMLElement(
      tag: "input",
      attributes: mergedAttributes(all, attributes),
      events: [("change", .input(.binding(isOn)))]
    )
  )
  return .tag("label") {
    box
    " \(label)"
  }
}

/// A drop-down (`<select>`) bound to one of `options`, each shown by `label`.
///
/// ```swift
/// picker($store.theme, options: Theme.allCases, ["id": "theme"]) { $0.title }
/// ```
///
/// On its `change` event the page sends the position of the chosen option, never the value
/// itself, and the option at that position is written through the binding; a position that
/// is not one of the options is refused. The option equal to the binding's value is shown
/// selected. The attributes go on the `<select>`.
public func picker<Action, Value: Equatable>(
  _ selection: Binding<Value>,
  options: some Sequence<Value>,
  _ attributes: KeyValuePairs<String, String> = [:],
  label: (Value) -> String
) -> Node<Action> {
  let options = Array(options)
  let selected = selection.wrappedValue
  return .element(
    HTMLElement(
      tag: "select",
      attributes: attributes.map { (name: $0.key, value: $0.value) },
      events: [("change", .input(.binding(selection, options: options)))],
      children: options.enumerated().map { index, option in
        var attributes: [(name: String, value: String)] = [("value", "\(index)")]
        if option == selected { attributes.append(("selected", "")) }
        return .element(HTMLElement(tag: "option", attributes: attributes, children: [.text(label(option))]))
      }
    )
  )
}
#endif  // Web
