#if Web
import ComposableArchitecture

// Form controls bound through the library's binding API. Each control shows the binding's value
// (read while rendering, so the component observes it) and writes what the user enters through
// the binding, which for `$store.field` sends `.binding(.set(\.field, value))`.

/// The kind of text an `<input>` takes, which decides how the browser shows and checks it: a
/// password's characters are hidden, an email address is checked, a date gets a picker. Its
/// value is a string either way (a date as `2026-11-26`, a time as `09:30`, a color as
/// `#336699`), so it goes with ``textField(_:type:placeholder:_:)`` and a `Binding<String>`.
///
/// ```swift
/// textField($store.email, type: .email, placeholder: "you@example.com")
/// textField($store.birthday, type: .date)
/// ```
///
/// The browser's checks are a convenience, not a guarantee: the page sends whatever text the
/// field holds, so the reducer checks what it needs to.
public struct InputType: RawRepresentable, Hashable, Sendable {
  /// The value of the `type` attribute.
  ///
  /// ```swift
  /// InputType.dateAndTime.rawValue  // "datetime-local"
  /// ```
  public let rawValue: String

  /// An input type by its attribute value; the constants below are the text types a browser
  /// knows.
  ///
  /// ```swift
  /// InputType(rawValue: "tel") == .telephone  // true
  /// ```
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Plain text on one line (`type="text"`), the default.
  ///
  /// ```swift
  /// textField($store.displayName, type: .text)
  /// ```
  public static let text = InputType(rawValue: "text")
  /// A password: the browser hides what is typed. ``secureField(_:placeholder:_:)`` is the same
  /// field.
  ///
  /// ```swift
  /// textField($store.password, type: .password)
  /// ```
  public static let password = InputType(rawValue: "password")
  /// An email address (`type="email"`): the browser checks its form.
  ///
  /// ```swift
  /// textField($store.email, type: .email, placeholder: "you@example.com")
  /// ```
  public static let email = InputType(rawValue: "email")
  /// A URL (`type="url"`).
  ///
  /// ```swift
  /// textField($store.website, type: .url, placeholder: "https://")
  /// ```
  public static let url = InputType(rawValue: "url")
  /// A telephone number (`type="tel"`): a phone keypad, no check of its form.
  ///
  /// ```swift
  /// textField($store.phone, type: .telephone)
  /// ```
  public static let telephone = InputType(rawValue: "tel")
  /// A search query (`type="search"`): the browser may offer a button that clears it.
  ///
  /// ```swift
  /// textField($store.searchQuery, type: .search, placeholder: "Search")
  /// ```
  public static let search = InputType(rawValue: "search")
  /// A date with a picker (`type="date"`), as `2026-11-26`.
  ///
  /// ```swift
  /// textField($store.birthday, type: .date)
  /// ```
  public static let date = InputType(rawValue: "date")
  /// A time of day (`type="time"`), as `09:30`.
  ///
  /// ```swift
  /// textField($store.wakeUpTime, type: .time)
  /// ```
  public static let time = InputType(rawValue: "time")
  /// A local date and time (`type="datetime-local"`), as `2026-11-26T09:30`.
  ///
  /// ```swift
  /// textField($store.meetingStart, type: .dateAndTime)
  /// ```
  public static let dateAndTime = InputType(rawValue: "datetime-local")
  /// A month (`type="month"`), as `2026-11`.
  ///
  /// ```swift
  /// textField($store.billingMonth, type: .month)
  /// ```
  public static let month = InputType(rawValue: "month")
  /// A week (`type="week"`), as `2026-W48`.
  ///
  /// ```swift
  /// textField($store.sprintWeek, type: .week)
  /// ```
  public static let week = InputType(rawValue: "week")
  /// A color with a picker (`type="color"`), as `#336699`.
  ///
  /// ```swift
  /// textField($store.accentColor, type: .color)
  /// ```
  public static let color = InputType(rawValue: "color")
}

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

/// A number field (`<input type="number" step="1">`) bound to an integer.
///
/// ```swift
/// numberField($store.age, in: 0...150, ["id": "age"])
/// ```
///
/// On every `input` event the page sends the field's number, written through the binding. An
/// empty field sends nothing, and a number with a fraction is refused (logged and ignored).
/// `range` sets the `min` and `max` attributes, which the browser checks but the server does
/// not: clamp in the reducer if it matters.
public func numberField<Action>(
  _ value: Binding<Int>,
  in range: ClosedRange<Int>? = nil,
  _ attributes: KeyValuePairs<String, String> = [:]
) -> Node<Action> {
  numeric(
    type: "number", value: Double(value.wrappedValue), bounds: range.map { (Double($0.lowerBound), Double($0.upperBound)) },
    step: 1, handler: .binding(value), attributes: attributes)
}

/// A number field (`<input type="number">`) bound to a `Double`. `step` is the field's
/// `step` attribute (`any` when `nil`); `range` sets `min` and `max`.
///
/// ```swift
/// numberField($store.price, in: 0...1_000, step: 0.01)
/// ```
///
/// On every `input` event the page sends the field's number, written through the binding; an
/// empty field sends nothing. The browser checks `min`, `max` and `step`; the server does not.
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

/// A slider (`<input type="range">`) bound to a `Double`, from `range`'s lower bound to its
/// upper one; `step` is its `step` attribute (`any` when `nil`).
///
/// ```swift
/// slider($store.volume, in: 0...10, step: 1, ["id": "volume"])
/// ```
///
/// While it is dragged, every `input` event sends its number, written through the binding.
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

/// A slider (`<input type="range" step="1">`) bound to an integer, from `range`'s lower bound
/// to its upper one.
///
/// ```swift
/// slider($store.stars, in: 1...5)
/// ```
///
/// While it is dragged, every `input` event sends its number, written through the binding.
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
/// `range`, after the optional `label`.
///
/// ```swift
/// stepper($store.stars, in: 1...5, label: "Stars")
/// ```
///
/// A click on − writes the value less `step`, a click on + the value plus `step`, kept within
/// `range`, through the binding (for `$store.stars` at 3, + sends `.binding(.set(\.stars, 4))`).
/// A button that would leave the range is rendered `disabled`, and sends nothing. It takes no
/// attributes: it is a `span` of class `stepper`.
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

extension LiveStore where State: ObservableState {
  /// A binding that reads `get` of the state (observed) and writes by sending the action
  /// `send` makes from the new value: the store counterpart of `ViewStore.binding(get:send:)`,
  /// for features whose actions are not `BindableAction`s.
  ///
  /// ```swift
  /// textField(
  ///   store.binding(get: \.searchQuery, send: { .searchQueryChanged($0) }),
  ///   placeholder: "Amsterdam, Japan…")
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
  /// written, whatever the value: e.g. a checkbox whose click the feature handles as a tap.
  ///
  /// ```swift
  /// for item in store.shownItems {
  ///   toggle(store.binding(get: { _ in item.isDone }, send: .itemToggled(item.id)), item.title)
  /// }
  /// ```
  public func binding<Value>(
    get: @escaping (_ state: State) -> Value, send action: Action
  ) -> Binding<Value> {
    binding(get: get, send: { _ in action })
  }
}
#endif  // Web
