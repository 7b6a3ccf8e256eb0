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

/// A type's name without module qualification: `Feature.Action` rather than
/// `MyApp.Feature.Action`, `Int` rather than `Swift.Int`.
@usableFromInline
func typeName(_ type: Any.Type) -> String {
  var name = String(reflecting: type)
  // Drop extension and private-context decorations, which only add noise in messages.
  while let range = name.range(of: "(extension in ") {
    guard let end = name[range.upperBound...].range(of: "):") else { break }
    name.removeSubrange(range.lowerBound..<end.upperBound)
  }
  while let range = name.range(of: "(unknown context at ") {
    guard let end = name[range.upperBound...].range(of: ").") else { break }
    name.removeSubrange(range.lowerBound..<end.upperBound)
  }
  var result = ""
  var token = ""
  func flush() {
    // A token after a closing bracket, like `.State` in `Feature<Int>.State`, is a member of
    // what precedes it, not a module-qualified name.
    if token.first != ".", let dot = token.firstIndex(of: ".") {
      result += token[token.index(after: dot)...]
    } else {
      result += token
    }
    token = ""
  }
  for character in name {
    if character.isLetter || character.isNumber || character == "_" || character == "." {
      token.append(character)
    } else {
      flush()
      result.append(character)
    }
  }
  flush()
  return result
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
