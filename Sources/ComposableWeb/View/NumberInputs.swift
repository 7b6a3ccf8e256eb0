#if Web
import ComposableArchitecture

// Form controls bound through the library's binding API. Each control shows the binding's value
// (read while rendering, so the component observes it) and writes what the user enters through
// the binding, which for `$store.field` sends `.binding(.set(\.field, value))`.

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
#endif  // Web
