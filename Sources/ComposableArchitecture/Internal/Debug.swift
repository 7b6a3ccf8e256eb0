import Foundation
import CasePaths

/// Renders a value, typically an action, as a compact description of its enum cases, such as
/// `Feature.Action.row(id:, action: .tapped)`. Payloads that are not enums are elided, which
/// keeps warnings and failure messages short.
@usableFromInline
func debugCaseOutput(_ value: Any, abbreviated: Bool = false) -> String {
  func caseOutput(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .enum:
      guard let child = mirror.children.first else {
        let description = "\(value)"
        return description.contains("(") ? "" : ".\(description)"
      }
      let payload = caseOutput(child.value)
      let label = child.label ?? ""
      return ".\(label)\(payload.isEmpty ? "" : "(\(payload))")"
    case .tuple:
      return mirror.children.map { label, value in
        let payload = caseOutput(value)
        let name = label.map { $0.hasPrefix(".") ? "_:" : "\($0):" } ?? ""
        return "\(name)\(payload.isEmpty ? "" : " \(payload)")"
      }
      .joined(separator: ", ")
    default:
      return ""
    }
  }

  if let value = value as? any CustomDebugStringConvertible, Mirror(reflecting: value).displayStyle != .enum {
    return value.debugDescription
  }
  return (abbreviated ? "" : typeName(type(of: value))) + caseOutput(value)
}


extension String {
  func indent(by indent: Int) -> String {
    let indentation = String(repeating: " ", count: indent)
    return indentation + self.replacingOccurrences(of: "\n", with: "\n\(indentation)")
  }
}

/// A case key path as a message names it: the case it embeds into (`"Destination.alert"`) when a
/// value is at hand, otherwise the key path's own description.
func describeCase<Root, Value>(_ path: CaseKeyPath<Root, Value>, embedding value: Value?) -> String {
  guard let value else { return String(describing: path) }
  return debugCaseOutput(path(value))
}
