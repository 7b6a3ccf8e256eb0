import IssueReporting

/// Escaping and serialisation shared by static pages and sessions.
enum HTMLWriter {
  /// Elements that have no closing tag.
  static let voidElements: Set<String> = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
    "wbr",
  ]

  /// Escapes text for use between tags.
  static func escapeText(_ text: String, into output: inout String) {
    for character in text {
      switch character {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      default: output.append(character)
      }
    }
  }

  /// Escapes text for use inside a double-quoted attribute value.
  static func escapeAttribute(_ text: String, into output: inout String) {
    for character in text {
      switch character {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      case "'": output += "&#39;"
      default: output.append(character)
      }
    }
  }

  /// Whether `name` is safe as a tag or attribute name (letters, digits, `-`, `_`, `:`).
  static func isSafeName(_ name: String) -> Bool {
    !name.isEmpty
      && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_:".contains($0)) }
      && !name.lowercased().hasPrefix("on")
  }

  static func openTag(
    _ tag: String, attributes: [(name: String, value: String)], into output: inout String
  ) {
    output += "<"
    output += isSafeName(tag) ? tag : "span"
    for (name, value) in attributes where isSafeName(name) {
      output += " "
      output += name
      output += "=\""
      escapeAttribute(value, into: &output)
      output += "\""
    }
    output += ">"
  }

  static func closeTag(_ tag: String, into output: inout String) {
    guard !voidElements.contains(tag) else { return }
    output += "</"
    output += isSafeName(tag) ? tag : "span"
    output += ">"
  }

  static func write(_ node: Node<Never>, into output: inout String) {
    switch node {
    case let .element(element):
      openTag(element.tag, attributes: element.attributes, into: &output)
      for child in element.children { write(child, into: &output) }
      closeTag(element.tag, into: &output)
    case let .text(text):
      escapeText(text, into: &output)
    case let .fragment(nodes):
      for child in nodes { write(child, into: &output) }
    case .component:
      reportIssue(
        "A component was rendered outside a session: components render only in a LiveSession, so it was left out."
      )
    }
  }
}
