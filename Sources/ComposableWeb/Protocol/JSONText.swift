#if Web
import Foundation

/// The server's messages written as JSON text directly, with keys sorted and slashes unescaped
/// (what `JSONEncoder` with `[.sortedKeys, .withoutEscapingSlashes]` writes), and the page's one
/// common message read without a decoder. Every page message is one of these, so they are worth
/// the few lines: a `JSONEncoder` builds a tree of values and sorts keys for each patch.
enum JSONText {
  /// Appends `text` as a JSON string literal, quotes included.
  static func appendString(_ text: String, into output: inout [UInt8]) {
    let done: Void? = text.utf8.withContiguousStorageIfAvailable {
      appendString($0, into: &output)
    }
    if done == nil {
      Array(text.utf8).withUnsafeBufferPointer { appendString($0, into: &output) }
    }
  }

  /// Appends the UTF-8 text `bytes` as a JSON string literal, quotes included.
  static func appendString(_ bytes: [UInt8], into output: inout [UInt8]) {
    bytes.withUnsafeBufferPointer { appendString($0, into: &output) }
  }

  /// Appends `source` as a JSON string literal, quotes included, copying the runs between the
  /// bytes it escapes whole.
  private static func appendString(_ source: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var runStart = 0
    for index in source.indices {
      let byte = source[index]
      guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 else {
        continue
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<index]))
      runStart = index + 1
      output.append(UInt8(ascii: "\\"))
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
      case UInt8(ascii: "\n"): output.append(UInt8(ascii: "n"))
      case UInt8(ascii: "\r"): output.append(UInt8(ascii: "r"))
      case UInt8(ascii: "\t"): output.append(UInt8(ascii: "t"))
      case 0x08: output.append(UInt8(ascii: "b"))
      case 0x0C: output.append(UInt8(ascii: "f"))
      default:
        // Below 0x20: `\u00` and two hex digits, the high one 0 or 1, the low one 0-9 or a-f.
        output.append(contentsOf: "u00".utf8)
        output.append(UInt8(ascii: "0") + byte >> 4)
        let low = byte & 0x0F
        output.append(low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "a") + low - 10)
      }
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart...]))
    output.append(UInt8(ascii: "\""))
  }

  /// Appends `json` as JSON text (compact; an object's fields in the order read).
  static func append(json: JSONValue, into output: inout [UInt8]) {
    switch json {
    case let .string(string): appendString(string, into: &output)
    case let .number(number): append(.number(number), into: &output)
    case let .bool(bool): output.append(contentsOf: (bool ? "true" : "false").utf8)
    case .null: output.append(contentsOf: "null".utf8)
    case let .array(values):
      output.append(UInt8(ascii: "["))
      for (index, value) in values.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        append(json: value, into: &output)
      }
      output.append(UInt8(ascii: "]"))
    case let .object(fields):
      output.append(UInt8(ascii: "{"))
      for (index, field) in fields.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        appendString(field.key, into: &output)
        output.append(UInt8(ascii: ":"))
        append(json: field.value, into: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  /// Appends `value` as a JSON value: text as a string literal, a Boolean, or a number written
  /// as the page shows it.
  static func append(_ value: InputValue, into output: inout [UInt8]) {
    switch value {
    case let .string(string): appendString(string, into: &output)
    case let .bool(bool): output.append(contentsOf: (bool ? "true" : "false").utf8)
    case let .number(number): output.append(contentsOf: InputValue.format(number).utf8)
    }
  }

  /// `{"reason":…,"type":…}`: a message that tells the page why it stops.
  static func reasoned(type: String, reason: String) -> String {
    var output: [UInt8] = []
    output.append(contentsOf: #"{"reason":"#.utf8)
    appendString(reason, into: &output)
    output.append(contentsOf: #","type":"#.utf8)
    appendString(type, into: &output)
    output.append(UInt8(ascii: "}"))
    return String(decoding: output, as: UTF8.self)
  }

  /// `{"type":…}`: a message with nothing but its type.
  static func typeOnly(_ type: String) -> String {
    var output: [UInt8] = []
    output.append(contentsOf: #"{"type":"#.utf8)
    appendString(type, into: &output)
    output.append(UInt8(ascii: "}"))
    return String(decoding: output, as: UTF8.self)
  }

  /// `value` encoded by a `JSONEncoder`, keys sorted and slashes unescaped (for the messages'
  /// rare parts that are not worth writing by hand).
  static func encoded(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
  }

  /// `{"html":…,"location":…,"session":…,"type":"render"}`, from the HTML's UTF-8 bytes; the
  /// location (of a routed page's state, see ``LiveRoute``) only when there is one.
  static func render(
    session: String, html: [UInt8], location: String? = nil, page: String? = nil
  ) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(html.count + html.count / 8 + session.utf8.count + 48)
    output.append(contentsOf: #"{"html":"#.utf8)
    appendString(html, into: &output)
    if let location {
      output.append(contentsOf: #","location":"#.utf8)
      appendString(location, into: &output)
    }
    if let page {
      // A JSON object already (see `ServerMessage.SwitchedPage`).
      output.append(contentsOf: #","page":"#.utf8)
      output.append(contentsOf: page.utf8)
    }
    output.append(contentsOf: #","session":"#.utf8)
    appendString(session, into: &output)
    output.append(contentsOf: #","type":"render"}"#.utf8)
    return String(decoding: output, as: UTF8.self)
  }

  /// `{"session":…,"type":"attached"}`: the page's socket took over the session it shows.
  static func attached(session: String) -> String {
    var output: [UInt8] = []
    output.append(contentsOf: #"{"session":"#.utf8)
    appendString(session, into: &output)
    output.append(contentsOf: #","type":"attached"}"#.utf8)
    return String(decoding: output, as: UTF8.self)
  }

  /// `{"patches":[{"html":…,"id":…},…],"type":"patch","values":[…]}`, from each patch's HTML as
  /// UTF-8 bytes; with `"history":"push"` (or `"replace"`) and `"location":…` first when a
  /// routed page's location changed, and `"acknowledged":[refs]` before them when the page
  /// waits to hear its messages answered.
  static func patch(
    _ patches: [(id: String, html: [UInt8])], values: [ServerMessage.Patch.Value],
    location: (text: String, history: LiveHistory)? = nil, acknowledged: [Int] = [],
    events: [(name: String, payload: String)] = [], streams: [UInt8]? = nil
  ) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(
      patches.reduce(64) { $0 + $1.html.count + $1.html.count / 8 + $1.id.utf8.count + 24 })
    output.append(UInt8(ascii: "{"))
    if !acknowledged.isEmpty {
      output.append(contentsOf: #""acknowledged":["#.utf8)
      for (index, ref) in acknowledged.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        output.append(contentsOf: String(ref).utf8)
      }
      output.append(contentsOf: "],".utf8)
    }
    if !events.isEmpty {
      // A payload is JSON text already (encoded by `PageEvents.push`, or read by `ServerMessage`).
      output.append(contentsOf: #""events":["#.utf8)
      for (index, event) in events.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        output.append(contentsOf: #"{"name":"#.utf8)
        appendString(event.name, into: &output)
        output.append(contentsOf: #","payload":"#.utf8)
        output.append(contentsOf: event.payload.utf8)
        output.append(UInt8(ascii: "}"))
      }
      output.append(contentsOf: "],".utf8)
    }
    if let location {
      output.append(contentsOf: #""history":"#.utf8)
      appendString(location.history.wireName, into: &output)
      output.append(UInt8(ascii: ","))
      output.append(contentsOf: #""location":"#.utf8)
      appendString(location.text, into: &output)
      output.append(UInt8(ascii: ","))
    }
    output.append(contentsOf: #""patches":["#.utf8)
    for (index, patch) in patches.enumerated() {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      output.append(contentsOf: #"{"html":"#.utf8)
      appendString(patch.html, into: &output)
      output.append(contentsOf: #","id":"#.utf8)
      appendString(patch.id, into: &output)
      output.append(UInt8(ascii: "}"))
    }
    output.append(UInt8(ascii: "]"))
    if let streams {
      // JSON already: each stream's name and operations (see `ComponentRenderer.streamPatch`).
      output.append(contentsOf: #","streams":"#.utf8)
      output.append(contentsOf: streams)
    }
    output.append(contentsOf: #","type":"patch","values":"#.utf8)
    if values.isEmpty {
      output.append(contentsOf: "[]".utf8)
    } else {
      // Corrections are rare; their numbers are written the way `JSONEncoder` writes them.
      output.append(contentsOf: encoded(values).utf8)
    }
    output.append(UInt8(ascii: "}"))
    return String(decoding: output, as: UTF8.self)
  }

  /// The handler id of `{"handler":"ID"}` exactly, with an id of ASCII letters, digits, `-` and
  /// `_` (what every click sends); `nil` for any other text, which a `JSONDecoder` then reads.
  static func plainHandler(in text: String) -> String? {
    var text = text
    return text.withUTF8 { bytes -> String? in
      let prefix = plainHandlerPrefix
      // `"}` after the id.
      let end = bytes.count - 2
      guard end > prefix.count, bytes[end] == UInt8(ascii: "\""), bytes[end + 1] == UInt8(ascii: "}")
      else { return nil }
      for index in 0..<prefix.count where bytes[index] != prefix[index] { return nil }
      let id = UnsafeBufferPointer(rebasing: bytes[prefix.count..<end])
      for byte in id {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
          continue
        default:
          return nil
        }
      }
      return String(decoding: id, as: UTF8.self)
    }
  }

  /// What `plainHandler(in:)` looks for before the id.
  private static let plainHandlerPrefix = Array(#"{"handler":""#.utf8)
}

#endif  // Web
