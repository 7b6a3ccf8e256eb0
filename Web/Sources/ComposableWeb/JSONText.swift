import Foundation

/// The server's messages written as JSON text directly, with keys sorted and slashes unescaped
/// (what `JSONEncoder` with `[.sortedKeys, .withoutEscapingSlashes]` writes), and the page's one
/// common message read without a decoder. Every page message is one of these, so they are worth
/// the few lines: a `JSONEncoder` builds a tree of values and sorts keys for each patch.
enum JSONText {
  /// Appends `text` as a JSON string literal, quotes included.
  static func appendString(_ text: String, into output: inout String) {
    output += "\""
    let utf8 = text.utf8
    var runStart = utf8.startIndex
    var index = runStart
    while index != utf8.endIndex {
      let byte = utf8[index]
      if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        if runStart != index { output += text[runStart..<index] }
        switch byte {
        case UInt8(ascii: "\""): output += "\\\""
        case UInt8(ascii: "\\"): output += "\\\\"
        case UInt8(ascii: "\n"): output += "\\n"
        case UInt8(ascii: "\r"): output += "\\r"
        case UInt8(ascii: "\t"): output += "\\t"
        case 0x08: output += "\\b"
        case 0x0C: output += "\\f"
        default:
          output += "\\u00"
          output += byte < 0x10 ? "0" : "1"
          output += String(byte & 0x0F, radix: 16)
        }
        runStart = utf8.index(after: index)
      }
      index = utf8.index(after: index)
    }
    if runStart == utf8.startIndex {
      output += text
    } else if runStart != utf8.endIndex {
      output += text[runStart...]
    }
    output += "\""
  }

  /// `{"html":…,"session":…,"type":"render"}`
  static func render(session: String, html: String) -> String {
    var output = ""
    output.reserveCapacity(html.utf8.count + session.utf8.count + 48)
    output += #"{"html":"#
    appendString(html, into: &output)
    output += #","session":"#
    appendString(session, into: &output)
    output += #","type":"render"}"#
    return output
  }

  /// `{"patches":[{"html":…,"id":…},…],"type":"patch","values":[…]}`
  static func patch(_ patches: [(id: String, html: String)], values: [PatchValue]) -> String {
    var output = ""
    output.reserveCapacity(patches.reduce(64) { $0 + $1.html.utf8.count + $1.id.utf8.count + 24 })
    output += #"{"patches":["#
    for (index, patch) in patches.enumerated() {
      if index > 0 { output += "," }
      output += #"{"html":"#
      appendString(patch.html, into: &output)
      output += #","id":"#
      appendString(patch.id, into: &output)
      output += "}"
    }
    output += #"],"type":"patch","values":"#
    if values.isEmpty {
      output += "[]"
    } else {
      // Corrections are rare; their numbers are written the way `JSONEncoder` writes them.
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      output += (try? String(decoding: encoder.encode(values), as: UTF8.self)) ?? "[]"
    }
    output += "}"
    return output
  }

  /// The handler id of `{"handler":"ID"}` exactly, with an id of ASCII letters, digits, `-` and
  /// `_` (what every click sends); `nil` for any other text, which a `JSONDecoder` then reads.
  static func plainHandler(in text: String) -> String? {
    let prefix = #"{"handler":""#.utf8
    let suffix = #""}"#.utf8
    let utf8 = text.utf8
    guard utf8.count > prefix.count + suffix.count, utf8.starts(with: prefix),
      utf8.reversed().starts(with: suffix.reversed())
    else { return nil }
    let start = utf8.index(utf8.startIndex, offsetBy: prefix.count)
    let end = utf8.index(utf8.endIndex, offsetBy: -suffix.count)
    for byte in utf8[start..<end] {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
        continue
      default:
        return nil
      }
    }
    return String(text[start..<end])
  }
}

/// A value the page is told its field holds.
struct PatchValue: Encodable {
  let handler: String
  let value: InputValue
}
