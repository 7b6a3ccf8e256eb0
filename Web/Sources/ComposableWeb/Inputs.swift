import ComposableArchitecture

// Form controls bound through the library's binding API. Each control shows the binding's value
// (read while rendering, so the component observes it) and writes what the user enters through
// the binding, which for `$store.field` sends `.binding(.set(\.field, value))`.

/// The kind of text an `<input>` takes, which decides how the browser shows and checks it: a
/// password's characters are hidden, an email address is checked, a date gets a picker. Its
/// value is a string either way (a date as `2026-11-26`, a time as `09:30`, a color as
/// `#336699`).
public struct InputType: RawRepresentable, Hashable, Sendable {
  /// The value of the `type` attribute.
  public let rawValue: String

  /// An input type by its attribute value.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  public static let text = InputType(rawValue: "text")
  public static let password = InputType(rawValue: "password")
  public static let email = InputType(rawValue: "email")
  public static let url = InputType(rawValue: "url")
  public static let telephone = InputType(rawValue: "tel")
  public static let search = InputType(rawValue: "search")
  public static let date = InputType(rawValue: "date")
  public static let time = InputType(rawValue: "time")
  public static let dateAndTime = InputType(rawValue: "datetime-local")
  public static let month = InputType(rawValue: "month")
  public static let week = InputType(rawValue: "week")
  public static let color = InputType(rawValue: "color")
}

/// A text field bound to a string; `type` says what kind of text it takes.
///
/// ```swift
/// @Bindable var store = store
/// textField($store.displayName, placeholder: "Display name")
/// textField($store.email, type: .email, placeholder: "you@example.com")
/// textField($store.birthday, type: .date)
/// ```
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
/// `SecureField`).
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

/// A multi-line text area bound to a string.
///
/// ```swift
/// textArea($store.notes, ["rows": "4"])
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

/// A checkbox with a label, bound to a Boolean.
///
/// ```swift
/// toggle($store.sendsNotifications, "Send notifications")
/// ```
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

/// A number field bound to an integer; values with a fraction are refused.
///
/// ```swift
/// numberField($store.count, in: 0...10)
/// ```
public func numberField<Action>(
  _ value: Binding<Int>,
  in range: ClosedRange<Int>? = nil,
  _ attributes: KeyValuePairs<String, String> = [:]
) -> Node<Action> {
  numeric(
    type: "number", value: Double(value.wrappedValue), bounds: range.map { (Double($0.lowerBound), Double($0.upperBound)) },
    step: 1, handler: .binding(value), attributes: attributes)
}

/// A number field bound to a `Double`.
///
/// ```swift
/// numberField($store.price, step: 0.01)
/// ```
public func numberField<Action>(
  _ value: Binding<Double>,
  in range: ClosedRange<Double>? = nil,
  step: Double? = nil,
  _ attributes: KeyValuePairs<String, String> = [:]
) -> Node<Action> {
  numeric(
    type: "number", value: value.wrappedValue, bounds: range.map { ($0.lowerBound, $0.upperBound) },
    step: step ?? .nan, handler: .binding(value), attributes: attributes)
}

/// A slider (`<input type="range">`) bound to a `Double`.
///
/// ```swift
/// slider($store.sliderValue, in: 0...Double(store.stepCount), step: 1)
/// ```
public func slider<Action>(
  _ value: Binding<Double>,
  in range: ClosedRange<Double>,
  step: Double? = nil,
  _ attributes: KeyValuePairs<String, String> = [:]
) -> Node<Action> {
  numeric(
    type: "range", value: value.wrappedValue, bounds: (range.lowerBound, range.upperBound),
    step: step ?? .nan, handler: .binding(value), attributes: attributes)
}

/// A slider (`<input type="range">`) bound to an integer.
///
/// ```swift
/// slider($store.volume, in: 0...11)
/// ```
public func slider<Action>(
  _ value: Binding<Int>,
  in range: ClosedRange<Int>,
  _ attributes: KeyValuePairs<String, String> = [:]
) -> Node<Action> {
  numeric(
    type: "range", value: Double(value.wrappedValue),
    bounds: (Double(range.lowerBound), Double(range.upperBound)), step: 1,
    handler: .binding(value), attributes: attributes)
}

private func numeric<Action>(
  type: String,
  value: Double,
  bounds: (Double, Double)?,
  step: Double,
  handler: InputHandler,
  attributes: KeyValuePairs<String, String>
) -> Node<Action> {
  var all: [(name: String, value: String)] = [("type", type), ("value", InputValue.format(value))]
  if let (lower, upper) = bounds {
    all.append(("min", InputValue.format(lower)))
    all.append(("max", InputValue.format(upper)))
  }
  all.append(("step", step.isNaN ? "any" : InputValue.format(step)))
  return .element(
    HTMLElement(
      tag: "input",
      attributes: mergedAttributes(all, attributes),
      events: [("input", .input(handler))]
    )
  )
}

/// A stepper: − and + buttons around the value, writing the binding one `step` at a time within
/// `range`.
///
/// ```swift
/// stepper($store.stepCount, in: 1...10)
/// ```
public func stepper<Action>(
  _ value: Binding<Int>, in range: ClosedRange<Int>, step: Int = 1, label: String? = nil
) -> Node<Action> {
  let current = value.wrappedValue
  var decrement: [(name: String, value: String)] = [("aria-label", "Decrement")]
  if current - step < range.lowerBound { decrement.append(("disabled", "")) }
  var increment: [(name: String, value: String)] = [("aria-label", "Increment")]
  if current + step > range.upperBound { increment.append(("disabled", "")) }
  return .tag("span", ["class": "stepper"]) {
    if let label { "\(label) " }
    Node<Action>.element(
      HTMLElement(
        tag: "button", attributes: decrement,
        events: [
          ("click", .input(.perform { value.wrappedValue = max(range.lowerBound, value.wrappedValue - step) }))
        ],
        children: [.text("−")]))
    Node<Action>.tag("span", ["class": "stepper-value"]) { "\(current)" }
    Node<Action>.element(
      HTMLElement(
        tag: "button", attributes: increment,
        events: [
          ("click", .input(.perform { value.wrappedValue = min(range.upperBound, value.wrappedValue + step) }))
        ],
        children: [.text("+")]))
  }
}

/// A drop-down (`<select>`) bound to one of `options`, each shown by `label`. The page sends
/// the position of the chosen option, never the value itself.
///
/// ```swift
/// picker($store.digest, options: Digest.allCases) { $0.title }
/// ```
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

/// A form whose submission (a submit button, or Return in a field) sends `action`. The page
/// does not navigate.
///
/// ```swift
/// form(onSubmit: .saveButtonTapped) {
///   textField($store.name)
///   submitButton("Save")
/// }
/// ```
public func form<Action>(
  onSubmit action: Action,
  _ attributes: KeyValuePairs<String, String> = [:],
  @NodeBuilder<Action> _ children: () -> [Node<Action>]
) -> Node<Action> {
  .tag("form", attributes, events: [("submit", .send(action))], children)
}

/// A button that submits the form it is in.
///
/// ```swift
/// submitButton("Save")
/// ```
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

/// A button that runs `perform` when clicked, e.g. one that writes a binding.
///
/// ```swift
/// button("Reset", perform: { $store.count.wrappedValue = 0 })
/// ```
public func button<Action>(
  _ label: String,
  perform: @escaping () -> Void,
  _ attributes: KeyValuePairs<String, String> = [:]
) -> Node<Action> {
  .tag("button", attributes, events: [("click", .input(.perform(perform)))]) { label }
}

extension LiveStore where State: ObservableState {
  /// A binding that reads `get` of the state (observed) and writes by sending the action
  /// `send` makes from the new value: the store counterpart of `ViewStore.binding(get:send:)`,
  /// for features whose actions are not `BindableAction`s.
  ///
  /// ```swift
  /// textField(store.binding(get: \.query, send: { .queryChanged($0) }))
  /// ```
  public func binding<Value>(
    get: @escaping (_ state: State) -> Value,
    send makeAction: @escaping (_ value: Value) -> Action
  ) -> Binding<Value> {
    Binding(
      get: { get(self.state) },
      set: { self.send(makeAction($0)) }
    )
  }

  /// A binding that reads `get` of the state (observed) and sends the fixed `action` when
  /// written, whatever the value.
  ///
  /// ```swift
  /// toggle(store.binding(get: \.isOn, send: .toggleTapped), "On")
  /// ```
  public func binding<Value>(
    get: @escaping (_ state: State) -> Value, send action: Action
  ) -> Binding<Value> {
    binding(get: get, send: { _ in action })
  }
}
