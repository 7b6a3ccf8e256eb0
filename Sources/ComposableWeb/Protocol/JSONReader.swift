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
    return text.withUTF8 { bytes in
      var reader = JSONReader(bytes: bytes)
      guard let value = reader.value(depth: 0) else { return nil }
      reader.skipSpace()
      return reader.index == reader.bytes.count ? value : nil
    }
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
  /// Runs without escapes are copied whole.
  private mutating func string() -> String? {
    index += 1
    var runStart = index
    var unescaped: [UInt8] = []
    var hasEscapes = false
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let run = UnsafeBufferPointer(rebasing: bytes[runStart..<index])
        index += 1
        guard hasEscapes else { return String(decoding: run, as: UTF8.self) }
        unescaped.append(contentsOf: run)
        return String(decoding: unescaped, as: UTF8.self)
      }
      guard byte >= 0x20 else { return nil }
      guard byte == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      if !hasEscapes {
        hasEscapes = true
        unescaped.reserveCapacity(bytes.count - runStart)
      }
      unescaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
      index += 1
      guard index < bytes.count else { return nil }
      switch bytes[index] {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): unescaped.append(bytes[index])
      case UInt8(ascii: "n"): unescaped.append(0x0A)
      case UInt8(ascii: "r"): unescaped.append(0x0D)
      case UInt8(ascii: "t"): unescaped.append(0x09)
      case UInt8(ascii: "b"): unescaped.append(0x08)
      case UInt8(ascii: "f"): unescaped.append(0x0C)
      case UInt8(ascii: "u"):
        guard var scalar = hex4(at: index + 1) else { return nil }
        index += 4
        if (0xD800..<0xDC00).contains(scalar) {
          // A high surrogate: its low half follows as another `\u` escape.
          guard index + 6 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\"),
            bytes[index + 2] == UInt8(ascii: "u"), let low = hex4(at: index + 3),
            (0xDC00..<0xE000).contains(low)
          else { return nil }
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          index += 6
        }
        guard let unicode = Unicode.Scalar(scalar) else { return nil }
        unescaped.append(contentsOf: String(Character(unicode)).utf8)
      default:
        return nil
      }
      index += 1
      runStart = index
    }
    return nil
  }

  private func hex4(at start: Int) -> UInt32? {
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
