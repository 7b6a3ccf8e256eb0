#if Web
import IssueReporting

/// Escaping and serialisation shared by static pages and sessions.
///
/// Everything here writes UTF-8 bytes: the characters it escapes are ASCII, so text is copied in
/// runs between them (a `[UInt8]` appends a run with one copy, where a `String` append costs far
/// more).
enum HTMLWriter {
  /// Whether `tag` names an element that has no closing tag.
  ///
  /// Its length and first byte rule out nearly every other tag before a single comparison: a
  /// `switch` over the names would compare each one in turn, and every tag is looked up.
  static func isVoidElement(_ tag: String) -> Bool {
    let utf8 = tag.utf8
    switch (utf8.count, utf8.first) {
    case (2, UInt8(ascii: "b")): return tag == "br"
    case (2, UInt8(ascii: "h")): return tag == "hr"
    case (3, UInt8(ascii: "c")): return tag == "col"
    case (3, UInt8(ascii: "i")): return tag == "img"
    case (3, UInt8(ascii: "w")): return tag == "wbr"
    case (4, UInt8(ascii: "a")): return tag == "area"
    case (4, UInt8(ascii: "b")): return tag == "base"
    case (4, UInt8(ascii: "l")): return tag == "link"
    case (4, UInt8(ascii: "m")): return tag == "meta"
    case (5, UInt8(ascii: "e")): return tag == "embed"
    case (5, UInt8(ascii: "i")): return tag == "input"
    case (5, UInt8(ascii: "t")): return tag == "track"
    case (6, UInt8(ascii: "s")): return tag == "source"
    default: return false
    }
  }

  /// Whether `name` is `lowercase` (ASCII, in lower case) but for the case of its ASCII
  /// letters, as HTML compares attribute names and keyword values such as a `type`.
  ///
  /// ```swift
  /// HTMLWriter.equalsIgnoringASCIICase("TYPE", "type")   // true
  /// ```
  static func equalsIgnoringASCIICase(_ name: String, _ lowercase: String) -> Bool {
    let lowercase = lowercase.utf8
    let utf8 = name.utf8
    guard utf8.count == lowercase.count else { return false }
    return utf8.elementsEqual(lowercase) { byte, expected in
      byte == expected
        || (byte | 0x20 == expected && expected >= UInt8(ascii: "a") && expected <= UInt8(ascii: "z"))
    }
  }

  /// Appends `text`'s UTF-8 bytes.
  @inline(__always)
  static func append(_ text: String, to output: inout [UInt8]) {
    output.append(contentsOf: text.utf8)
  }

  /// Escapes text for use between tags: `&`, `<` and `>`.
  static func escapeText(_ text: String, into output: inout [UInt8]) {
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
  static func escapeAttribute(_ text: String, into output: inout [UInt8]) {
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

  /// Appends `text` with every byte that `replacement` names replaced, copying the runs between
  /// them whole. Only ASCII bytes may be replaced, so the runs are whole scalars.
  @inline(__always)
  static func escape(
    _ text: String, into output: inout [UInt8], replacement: (UInt8) -> StaticString?
  ) {
    let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
      escape(bytes, into: &output, replacement: replacement)
    }
    if done == nil {
      Array(text.utf8).withUnsafeBufferPointer {
        escape($0, into: &output, replacement: replacement)
      }
    }
  }

  @inline(__always)
  private static func escape(
    _ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8],
    replacement: (UInt8) -> StaticString?
  ) {
    var runStart = 0
    for index in bytes.indices {
      guard let escaped = replacement(bytes[index]) else { continue }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
      output.append(
        contentsOf: UnsafeBufferPointer(start: escaped.utf8Start, count: escaped.utf8CodeUnitCount))
      runStart = index + 1
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
  }

  /// Whether `name` is safe as a tag or attribute name (ASCII letters, digits, `-`, `_`, `:`),
  /// and does not start with `on` in any case (an event handler attribute).
  static func isSafeName(_ name: String) -> Bool {
    isSafeName(name, afterPrefix: false)
  }

  /// Whether `name` is safe after a prefix that makes it an attribute name of its own (such as
  /// `data-ocaf-`): the same characters, and it may start with `on`.
  static func isSafeName(_ name: String, afterPrefix: Bool) -> Bool {
    name.utf8.withContiguousStorageIfAvailable { isSafeName($0, afterPrefix: afterPrefix) }
      ?? isSafeName(name.utf8, afterPrefix: afterPrefix)
  }

  private static func isSafeName(_ name: some Sequence<UInt8>, afterPrefix: Bool) -> Bool {
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
      // After a prefix, only the characters count; alone, the name must not start with `on`.
      if !afterPrefix, position == 0 {
        startsWithO = byte | 0x20 == UInt8(ascii: "o")
      } else if !afterPrefix, position == 1, startsWithO, byte | 0x20 == UInt8(ascii: "n") {
        return false
      }
      position += 1
    }
    return position > 0
  }

  /// Appends `<tag` (or `<span` for an unsafe tag name), without the closing `>`.
  static func openTagStart(_ tag: String, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "<"))
    append(isSafeName(tag) ? tag : "span", to: &output)
  }

  /// Appends ` name="value"`, escaped; an unsafe attribute name is left out.
  static func attribute(_ name: String, _ value: String, into output: inout [UInt8]) {
    guard isSafeName(name) else { return }
    output.append(UInt8(ascii: " "))
    append(name, to: &output)
    append("=\"", to: &output)
    escapeAttribute(value, into: &output)
    output.append(UInt8(ascii: "\""))
  }

  /// Appends ` data-ocaf-event="id"`, the attribute through which the page finds an event's
  /// handler; an unsafe event name is left out.
  static func eventAttribute(_ event: String, _ handlerID: String, into output: inout [UInt8]) {
    guard isSafeName(event, afterPrefix: true) else { return }
    append(" data-ocaf-", to: &output)
    append(event, to: &output)
    append("=\"", to: &output)
    escapeAttribute(handlerID, into: &output)
    output.append(UInt8(ascii: "\""))
  }

  static func openTag(
    _ tag: String, attributes: [(name: String, value: String)], into output: inout [UInt8]
  ) {
    openTagStart(tag, into: &output)
    for (name, value) in attributes { attribute(name, value, into: &output) }
    output.append(UInt8(ascii: ">"))
  }

  /// Whether `tag` holds raw text (`style`, `script`): its text is not escaped as HTML.
  @inline(__always)
  static func isRawTextElement(_ tag: String) -> Bool {
    switch tag.utf8.count {
    case 5: return tag == "style"
    case 6: return tag == "script"
    default: return false
    }
  }

  /// Appends the text of a `style` or `script` element as it is, except that it cannot end the
  /// element or open a comment: `</` becomes `<\/` and `<!--` becomes `<\!--` (both mean the
  /// same in CSS and in a JavaScript string).
  static func writeRawText(_ text: String, into output: inout [UInt8]) {
    let bytes = Array(text.utf8)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      output.append(byte)
      if byte == UInt8(ascii: "<"), index + 1 < bytes.count {
        let next = bytes[index + 1]
        if next == UInt8(ascii: "/") || next == UInt8(ascii: "!") {
          output.append(UInt8(ascii: "\\"))
        }
      }
      index += 1
    }
  }

  static func closeTag(_ tag: String, into output: inout [UInt8]) {
    guard !isVoidElement(tag) else { return }
    append("</", to: &output)
    append(isSafeName(tag) ? tag : "span", to: &output)
    output.append(UInt8(ascii: ">"))
  }

  static func write(_ node: Node<Never>, into output: inout [UInt8]) {
    switch node {
    case let .element(element):
      openTag(element.tag, attributes: element.attributes, into: &output)
      let isRawText = isRawTextElement(element.tag)
      for child in element.children {
        if isRawText, case let .text(text) = child {
          writeRawText(text, into: &output)
        } else {
          write(child, into: &output)
        }
      }
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
#endif  // Web
