#if Web
/// A JSON value as ``JSONReader`` reads it.
enum JSONValue: Equatable {
  case string(String)
  case number(Double)
  case bool(Bool)
  case null
  case array([JSONValue])
  /// An object's fields in the order the text has them (a message has a handful: a list is
  /// cheaper to make and search than a dictionary).
  case object([Field])

  struct Field: Equatable {
    let key: String
    let value: JSONValue
  }

  /// The value of the object's field `key` (its last, if the text repeats it).
  subscript(key: String) -> JSONValue? {
    if case let .object(fields) = self { return fields.last { $0.key == key }?.value }
    return nil
  }

  var string: String? {
    if case let .string(string) = self { return string }
    return nil
  }
}

extension InputValue {
  /// The input value JSON holds: text, a number or a Boolean; `nil` for anything else.
  init?(_ json: JSONValue?) {
    switch json {
    case let .string(string)?: self = .string(string)
    case let .number(number)?: self = .number(number)
    case let .bool(bool)?: self = .bool(bool)
    default: return nil
    }
  }
}

/// Reads JSON text in one pass over its UTF-8 bytes: the reader of the page protocol's messages
/// (``ServerMessage/init(text:)``), which a page test or the load benchmark reads by the
/// thousand, where a `JSONDecoder` costs several times the message's own work.
///
/// ```swift
/// JSONReader.read(#"{"type":"reload"}"#)?["type"]  // .string("reload")
/// ```
struct JSONReader {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  /// Nesting deeper than this is refused, so that no text can exhaust the stack.
  private static let maximumDepth = 64

  /// The value `text` holds; `nil` when it is not one JSON value.
  static func read(_ text: String) -> JSONValue? {
    var text = text
    return text.withUTF8 { read(utf8: UnsafeRawBufferPointer($0)) }
  }

  /// The value the UTF-8 text `utf8` holds; `nil` when it is not one JSON value.
  static func read(utf8: UnsafeRawBufferPointer) -> JSONValue? {
    var reader = JSONReader(bytes: utf8.assumingMemoryBound(to: UInt8.self))
    guard let value = reader.value(depth: 0) else { return nil }
    reader.skipSpace()
    return reader.index == reader.bytes.count ? value : nil
  }

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  private mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private mutating func value(depth: Int) -> JSONValue? {
    guard depth < Self.maximumDepth else { return nil }
    skipSpace()
    guard index < bytes.count else { return nil }
    switch bytes[index] {
    case UInt8(ascii: "\""):
      return string().map(JSONValue.string)
    case UInt8(ascii: "{"):
      index += 1
      var fields: [JSONValue.Field] = []
      skipSpace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(fields)
      }
      while true {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else {
          return nil
        }
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        guard let field = value(depth: depth + 1) else { return nil }
        fields.append(JSONValue.Field(key: key, value: field))
        skipSpace()
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
        } else if bytes[index] == UInt8(ascii: "}") {
          index += 1
          return .object(fields)
        } else {
          return nil
        }
      }
    case UInt8(ascii: "["):
      index += 1
      var elements: [JSONValue] = []
      skipSpace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      }
      while true {
        guard let element = value(depth: depth + 1) else { return nil }
        elements.append(element)
        skipSpace()
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
        } else if bytes[index] == UInt8(ascii: "]") {
          index += 1
          return .array(elements)
        } else {
          return nil
        }
      }
    case UInt8(ascii: "t"): return literal("true", .bool(true))
    case UInt8(ascii: "f"): return literal("false", .bool(false))
    case UInt8(ascii: "n"): return literal("null", .null)
    default: return number()
    }
  }

  private mutating func literal(_ word: StaticString, _ value: JSONValue) -> JSONValue? {
    let count = word.utf8CodeUnitCount
    guard bytes.count - index >= count,
      word.withUTF8Buffer({ bytes[index..<index + count].elementsEqual($0) })
    else { return nil }
    index += count
    return value
  }

  private mutating func number() -> JSONValue? {
    let start = index
    scan: while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
        UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
        index += 1
      default:
        break scan
      }
    }
    guard index > start, let number = Double(String(decoding: bytes[start..<index], as: UTF8.self))
    else { return nil }
    return .number(number)
  }

  /// A string literal at `index` (its opening quote), unescaped; `nil` when it is malformed.
  /// The literal is scanned first for its end; one with escapes is then unescaped straight into
  /// the new string's storage, so it is allocated once.
  private mutating func string() -> String? {
    let start = index + 1
    var end = start
    var hasEscapes = false
    while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
      guard bytes[end] >= 0x20 else { return nil }
      if bytes[end] == UInt8(ascii: "\\") {
        hasEscapes = true
        end += 1
      }
      end += 1
    }
    guard end < bytes.count else { return nil }
    index = end + 1
    let literal = UnsafeBufferPointer(rebasing: bytes[start..<end])
    guard hasEscapes else { return String(decoding: literal, as: UTF8.self) }
    var malformed = false
    // Unescaped text is never longer than its literal: an escape of n bytes stands for at most n.
    let text = String(unsafeUninitializedCapacity: literal.count) { output in
      guard let count = Self.unescape(literal, into: output) else {
        malformed = true
        return 0
      }
      return count
    }
    return malformed ? nil : text
  }

  /// Writes the unescaped UTF-8 of a string literal's contents (`literal`) into `output`, which
  /// is as long as `literal`; returns the bytes written, or `nil` when an escape is malformed or a
  /// control character is unescaped.
  private static func unescape(
    _ literal: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>
  ) -> Int? {
    var written = 0
    func write(_ byte: UInt8) {
      output[written] = byte
      written += 1
    }
    var index = 0
    while index < literal.count {
      let byte = literal[index]
      guard byte >= 0x20 else { return nil }
      guard byte == UInt8(ascii: "\\") else {
        write(byte)
        index += 1
        continue
      }
      index += 1
      guard index < literal.count else { return nil }
      switch literal[index] {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): write(literal[index])
      case UInt8(ascii: "n"): write(0x0A)
      case UInt8(ascii: "r"): write(0x0D)
      case UInt8(ascii: "t"): write(0x09)
      case UInt8(ascii: "b"): write(0x08)
      case UInt8(ascii: "f"): write(0x0C)
      case UInt8(ascii: "u"):
        // `\uXXXX` is six bytes and its UTF-8 at most three; a surrogate pair is twelve and four.
        guard var scalar = hex4(literal, at: index + 1) else { return nil }
        index += 4
        if (0xD800..<0xDC00).contains(scalar) {
          // A high surrogate: its low half follows as another `\u` escape.
          guard index + 6 < literal.count, literal[index + 1] == UInt8(ascii: "\\"),
            literal[index + 2] == UInt8(ascii: "u"), let low = hex4(literal, at: index + 3),
            (0xDC00..<0xE000).contains(low)
          else { return nil }
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          index += 6
        }
        guard let unicode = Unicode.Scalar(scalar) else { return nil }
        for unit in UTF8.encode(unicode)! { write(unit) }
      default:
        return nil
      }
      index += 1
    }
    return written
  }

  private static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> UInt32? {
    guard start + 4 <= bytes.count else { return nil }
    var value: UInt32 = 0
    for byte in bytes[start..<start + 4] {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }
}
#endif  // Web
