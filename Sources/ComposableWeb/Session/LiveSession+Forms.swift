#if Web
import ComposableArchitecture
import Foundation
import Logging
import Observation
import Sharing

extension LiveSession {
  // MARK: Forms posted without JavaScript

  /// Applies a form that a browser without JavaScript posted, as the page script would have:
  /// the page is rendered whole from the current state (which gives its forms and fields their
  /// names), each bound field of the posted form gets its posted value (an unticked checkbox,
  /// which a browser leaves out, is unticked), and the form is submitted, or the button that
  /// posted it runs. Returns the task of the submission's effects, if it started any.
  ///
  /// A form the page does not have, and a value a field does not take, are logged and ignored.
  func submitForm(_ posted: [LiveField]) -> StoreTask? {
    _ = renderAfresh(formsNameSession: false)
    var values: [String: String] = [:]
    for field in posted where values[field.name] == nil { values[field.name] = field.value }
    let key = values[PageForms.formField] ?? ""
    guard let form = renderer.forms.forms[key] else {
      limits.ignore(
        "Ignored a posted form the page does not have",
        metadata: ["form": LogText.escaped(key, limit: 64)])
      return nil
    }
    let now = clock.now()
    for field in form.fields {
      guard let handler = renderer.handlers.lookup(field.handlerID, now: now)?.bound else {
        continue
      }
      let input: InputValue
      if field.isCheckbox {
        input = .bool(values[field.name] != nil)
      } else if let text = values[field.name] {
        input = Self.formValue(text, expected: handler.expected)
      } else {
        continue
      }
      if handler.run(input) == .wrongType {
        limits.ignore(
          "Ignored a posted field whose value is not \(handler.expected ?? "expected")",
          metadata: ["form": LogText.escaped(key, limit: 64), "field": LogText.escaped(field.name, limit: 64)])
      }
    }
    let submitID =
      values[PageForms.buttonField].flatMap(Int.init).flatMap {
        form.buttons.indices.contains($0) ? form.buttons[$0] : nil
      } ?? form.submitHandlerID
    guard let submit = renderer.handlers.lookup(submitID, now: now)?.bound,
      case let .sent(effects) = submit.run(nil)
    else { return nil }
    return effects
  }

  /// A posted field's text as the page script would have sent it to a handler that takes
  /// `expected`: numbers (and a drop-down's position) as numbers, anything else as text.
  static func formValue(_ text: String, expected: String?) -> InputValue {
    guard let expected, InputHandler.numeric.contains(expected) else { return .string(text) }
    return Double(text.trimmingCharacters(in: .whitespaces)).map(InputValue.number) ?? .string(text)
  }
}
#endif  // Web
