import Foundation

/// The server's messages written as JSON text directly, with keys sorted and slashes unescaped
/// (what `JSONEncoder` with `[.sortedKeys, .withoutEscapingSlashes]` writes), and the page's one
/// common message read without a decoder. Every page message is one of these, so they are worth
/// the few lines: a `JSONEncoder` builds a tree of values and sorts keys for each patch.
enum JSONText {
  /// Appends `text` as a JSON string literal, quotes included: the literal's length is counted
  /// first, then its bytes are written into a string of that size.
  static func appendString(_ text: String, into output: inout String) {
    var text = text
    text.withUTF8 { source in
      let length = quotedLength(source)
      output += String(unsafeUninitializedCapacity: length) { target in
        writeQuoted(source, into: target)
      }
    }
  }

  /// The length in bytes of `source` written as a JSON string literal, quotes included.
  private static func quotedLength(_ source: UnsafeBufferPointer<UInt8>) -> Int {
    var length = 2
    for byte in source {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
        UInt8(ascii: "\t"), 0x08, 0x0C:
        length += 2
      case ..<0x20:
        length += 6
      default:
        length += 1
      }
    }
    return length
  }

  /// Writes `source` as a JSON string literal into `target`, which holds exactly
  /// ``quotedLength(_:)`` bytes; returns that length.
  private static func writeQuoted(
    _ source: UnsafeBufferPointer<UInt8>, into target: UnsafeMutableBufferPointer<UInt8>
  ) -> Int {
    var position = 0
    func put(_ byte: UInt8) {
      target[position] = byte
      position += 1
    }
    put(UInt8(ascii: "\""))
    for byte in source {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"):
        put(UInt8(ascii: "\\"))
        put(byte)
      case UInt8(ascii: "\n"):
        put(UInt8(ascii: "\\"))
        put(UInt8(ascii: "n"))
      case UInt8(ascii: "\r"):
        put(UInt8(ascii: "\\"))
        put(UInt8(ascii: "r"))
      case UInt8(ascii: "\t"):
        put(UInt8(ascii: "\\"))
        put(UInt8(ascii: "t"))
      case 0x08:
        put(UInt8(ascii: "\\"))
        put(UInt8(ascii: "b"))
      case 0x0C:
        put(UInt8(ascii: "\\"))
        put(UInt8(ascii: "f"))
      case ..<0x20:
        for escape in "\\u00".utf8 { put(escape) }
        // Below 0x20: the high digit is 0 or 1, the low one 0-9 or a-f.
        put(UInt8(ascii: "0") + byte >> 4)
        let low = byte & 0x0F
        put(low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "a") + low - 10)
      default:
        put(byte)
      }
    }
    put(UInt8(ascii: "\""))
    return position
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
