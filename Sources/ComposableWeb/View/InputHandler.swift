#if Web
import ComposableArchitecture

/// A value the page reports with an event: the text of a field, the state of a checkbox, the
/// number of a number field or slider, or the position of a picker's option.
///
/// ```swift
/// InputValue.string("Blob")
/// InputValue.bool(true)
/// InputValue.number(3)
/// ```
public enum InputValue: Equatable, Sendable, Encodable {
  /// Text, from a text field or text area.
  case string(String)
  /// A checkbox's state.
  case bool(Bool)
  /// A number, from a number field, a slider, or a picker (the option's position).
  case number(Double)

  /// Writes the value as a JSON string, Boolean or number.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case let .string(string): try container.encode(string)
    case let .bool(bool): try container.encode(bool)
    case let .number(number): try container.encode(number)
    }
  }

  /// What the page shows for the value in an attribute, e.g. `"3"` for `.number(3)`.
  var attributeText: String {
    switch self {
    case let .string(string): return string
    case let .bool(bool): return bool ? "true" : "false"
    case let .number(number): return Self.format(number)
    }
  }

  /// A number as the page writes it: integral values without a fraction.
  static func format(_ number: Double) -> String {
    if number.rounded() == number, abs(number) < 1e15 {
      return String(Int64(number))
    }
    return "\(number)"
  }
}

/// What an element does with the value the page reports: usually writes it through a `Binding`.
///
/// A value of the wrong type is refused (the session logs and ignores it). When the value the
/// binding holds after the write differs from the one the page sent (a reducer truncated a name,
/// or refused a toggle), the page is told the binding's value, so the field shows it.
///
/// ```swift
/// Handler<Settings.Action>.input(.binding($store.displayName))
/// ```
public struct InputHandler {
  /// The kind of value the handler takes, as the log names it (`"a string"`), or `nil` for one
  /// that takes no value.
  let expected: String?
  let write: (InputValue?) -> InputOutcome

  /// A handler that takes no value and runs `perform`, e.g. a button that writes a binding.
  ///
  /// ```swift
  /// InputHandler.perform { $store.count.wrappedValue += 1 }
  /// ```
  public static func perform(_ perform: @escaping () -> Void) -> InputHandler {
    InputHandler(expected: nil) { _ in
      perform()
      return .applied
    }
  }

  /// A handler that writes the text the page sends through `binding`.
  ///
  /// ```swift
  /// InputHandler.binding($store.displayName)
  /// ```
  public static func binding(_ binding: Binding<String>) -> InputHandler {
    typed(binding, expected: "a string", decode: { if case let .string(text) = $0 { text } else { nil } }) {
      .string($0)
    }
  }

  /// A handler that writes the checkbox state the page sends through `binding`.
  ///
  /// ```swift
  /// InputHandler.binding($store.sendsNotifications)
  /// ```
  public static func binding(_ binding: Binding<Bool>) -> InputHandler {
    typed(binding, expected: "a Boolean", decode: { if case let .bool(flag) = $0 { flag } else { nil } }) {
      .bool($0)
    }
  }

  /// A handler that writes the number the page sends through `binding`; a number with a fraction
  /// or out of `Int`'s range is refused.
  ///
  /// ```swift
  /// InputHandler.binding($store.count)
  /// ```
  public static func binding(_ binding: Binding<Int>) -> InputHandler {
    typed(binding, expected: Self.integer, decode: { value in
      guard case let .number(number) = value, number.rounded() == number,
        let integer = Int(exactly: number)
      else { return nil }
      return integer
    }) { .number(Double($0)) }
  }

  /// A handler that writes the number the page sends through `binding`.
  ///
  /// ```swift
  /// InputHandler.binding($store.volume)
  /// ```
  public static func binding(_ binding: Binding<Double>) -> InputHandler {
    typed(binding, expected: Self.number, decode: { value in
      guard case let .number(number) = value, number.isFinite else { return nil }
      return number
    }) { .number($0) }
  }

  /// A handler that writes the option whose position the page sends through `binding`.
  ///
  /// ```swift
  /// InputHandler.binding($store.digest, options: Digest.allCases)
  /// ```
  public static func binding<Value: Equatable>(
    _ binding: Binding<Value>, options: [Value]
  ) -> InputHandler {
    typed(binding, expected: Self.optionPosition, decode: { value in
      guard case let .number(number) = value, let index = Int(exactly: number),
        options.indices.contains(index)
      else { return nil }
      return options[index]
    }) { value in
      .number(Double(options.firstIndex(of: value) ?? -1))
    }
  }

  /// What the numeric handlers take, as the log names it; a posted form's text for them is
  /// read as a number (see `LiveSession.formValue(_:expected:)`).
  static let integer = "an integer"
  static let number = "a number"
  static let optionPosition = "an option's position"
  static let numeric: Set<String> = [integer, number, optionPosition]

  static func typed<Value: Equatable>(
    _ binding: Binding<Value>,
    expected: String,
    decode: @escaping (InputValue) -> Value?,
    encode: @escaping (Value) -> InputValue
  ) -> InputHandler {
    InputHandler(expected: expected) { input in
      guard let input, let value = decode(input) else { return .wrongType }
      binding.wrappedValue = value
      let held = binding.wrappedValue
      return held == value ? .applied : .corrected(encode(held))
    }
  }
}

/// What became of a value handed to an ``InputHandler``.
enum InputOutcome: Equatable {
  /// An action was sent, whose effects run as `StoreTask`.
  case sent(StoreTask)
  /// The value was used as sent.
  case applied
  /// The value had the wrong type and was ignored.
  case wrongType
  /// The value was a payload that did not decode (why, as the decoder said), and was ignored.
  case undecodable(String)
  /// Files the page chose were refused, each named with why (the state says so too).
  case refused([String])
  /// The value was written, but the binding now holds another one, which the page should show.
  case corrected(InputValue)
}
#endif  // Web
