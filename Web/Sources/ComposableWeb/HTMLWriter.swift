import IssueReporting

/// Escaping and serialisation shared by static pages and sessions.
///
/// Everything here works on UTF-8 bytes: the characters it escapes are ASCII, so a string
/// without any of them is appended whole, and one with some is appended in runs between them.
enum HTMLWriter {
  /// Whether `tag` names an element that has no closing tag.
  ///
  /// A `switch` rather than a `Set`: tag names are small strings, which compare without hashing.
  static func isVoidElement(_ tag: String) -> Bool {
    switch tag {
    case "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
      "track", "wbr":
      true
    default:
      false
    }
  }

  /// Escapes text for use between tags: `&`, `<` and `>`.
  static func escapeText(_ text: String, into output: inout String) {
    escape(text, into: &output) { byte in
      switch byte {
      case UInt8(ascii: "&"): "&amp;"
      case UInt8(ascii: "<"): "&lt;"
      case UInt8(ascii: ">"): "&gt;"
      default: nil
      }
    }
  }

  /// Escapes text for use inside a double-quoted attribute value: `&`, `<`, `>`, `"` and `'`.
  static func escapeAttribute(_ text: String, into output: inout String) {
    escape(text, into: &output) { byte in
      switch byte {
      case UInt8(ascii: "&"): "&amp;"
      case UInt8(ascii: "<"): "&lt;"
      case UInt8(ascii: ">"): "&gt;"
      case UInt8(ascii: "\""): "&quot;"
      case UInt8(ascii: "'"): "&#39;"
      default: nil
      }
    }
  }

  /// Appends `text` with every byte that `replacement` names replaced. Only ASCII bytes may be
  /// replaced, so the runs between them are whole scalars.
  @inline(__always)
  static func escape(
    _ text: String, into output: inout String, replacement: (UInt8) -> String?
  ) {
    // Most text has nothing to escape: one pass over its bytes finds that out.
    let clean = text.utf8.withContiguousStorageIfAvailable { bytes in
      !bytes.contains { replacement($0) != nil }
    }
    if clean == true {
      output += text
      return
    }
    let utf8 = text.utf8
    var runStart = utf8.startIndex
    var index = runStart
    while index != utf8.endIndex {
      if let escaped = replacement(utf8[index]) {
        if runStart != index { output += text[runStart..<index] }
        output += escaped
        runStart = utf8.index(after: index)
      }
      index = utf8.index(after: index)
    }
    if runStart == utf8.startIndex {
      output += text
    } else if runStart != utf8.endIndex {
      output += text[runStart...]
    }
  }

  /// Whether `name` is safe as a tag or attribute name (ASCII letters, digits, `-`, `_`, `:`),
  /// and does not start with `on` in any case (an event handler attribute).
  static func isSafeName(_ name: String) -> Bool {
    name.utf8.withContiguousStorageIfAvailable(isSafeName) ?? isSafeName(name.utf8)
  }

  private static func isSafeName(_ name: some Sequence<UInt8>) -> Bool {
    var position = 0
    var startsWithO = false
    for byte in name {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
        UInt8(ascii: ":"):
        break
      default:
        return false
      }
      if position == 0 {
        startsWithO = byte | 0x20 == UInt8(ascii: "o")
      } else if position == 1, startsWithO, byte | 0x20 == UInt8(ascii: "n") {
        return false
      }
      position += 1
    }
    return position > 0
  }

  /// Appends `<tag` (or `<span` for an unsafe tag name), without the closing `>`.
  static func openTagStart(_ tag: String, into output: inout String) {
    output += "<"
    output += isSafeName(tag) ? tag : "span"
  }

  /// Appends ` name="value"`, escaped; an unsafe attribute name is left out.
  static func attribute(_ name: String, _ value: String, into output: inout String) {
    guard isSafeName(name) else { return }
    output += " "
    output += name
    output += "=\""
    escapeAttribute(value, into: &output)
    output += "\""
  }

  static func openTag(
    _ tag: String, attributes: [(name: String, value: String)], into output: inout String
  ) {
    openTagStart(tag, into: &output)
    for (name, value) in attributes { attribute(name, value, into: &output) }
    output += ">"
  }

  static func closeTag(_ tag: String, into output: inout String) {
    guard !isVoidElement(tag) else { return }
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
