#if Web
import Foundation

/// A page's message, read from the text of a socket frame but not yet acted on: what a page may
/// send is `{"handler": id, "value": …}` (an event of an element the page shows) or
/// `{"navigate": location}` (Back, Forward or a live link on a routed page).
///
/// ```swift
/// switch PageMessage.read(#"{"handler":"h3","value":"Ada"}"#) {
/// case let .message(message): print(message.handler ?? "")  // "h3"
/// case .malformed, .oversized: break
/// }
/// ```
enum PageMessage: Sendable {
  case message(ClientMessage)
  case malformed
  case oversized(bytes: Int)

  /// The largest message, in UTF-8 bytes, that a session reads; longer ones are ignored.
  static let maximumSize = 8 * 1024

  /// Reads a text message from the page. A plain click (`{"handler":"h12"}`) is read without
  /// a `JSONDecoder`.
  static func read(_ text: String) -> PageMessage {
    let bytes = text.utf8.count
    guard bytes <= maximumSize else { return .oversized(bytes: bytes) }
    if let handler = JSONText.plainHandler(in: text) {
      return .message(ClientMessage(handler: handler, value: nil))
    }
    do {
      return .message(try JSONDecoder().decode(ClientMessage.self, from: Data(text.utf8)))
    } catch {
      return .malformed
    }
  }
}

/// The fields of a page's message.
struct ClientMessage: Decodable, Sendable {
  enum Value: Decodable, Sendable {
    case string(String)
    case bool(Bool)
    case number(Double)
    case other

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let string = try? container.decode(String.self) {
        self = .string(string)
      } else if let number = try? container.decode(Double.self) {
        self = .number(number)
      } else if let bool = try? container.decode(Bool.self) {
        self = .bool(bool)
      } else {
        self = .other
      }
    }

    var input: InputValue? {
      switch self {
      case let .string(string): return .string(string)
      case let .bool(bool): return .bool(bool)
      case let .number(number): return .number(number)
      case .other: return nil
      }
    }
  }
  /// The handler a page's event names; `nil` in a navigation.
  let handler: String?
  let value: Value?
  /// The location a page went to by Back, Forward or a live link (see ``LiveRoute``).
  let navigate: String?

  init(handler: String?, value: Value?, navigate: String? = nil) {
    self.handler = handler
    self.value = value
    self.navigate = navigate
  }
}
#endif  // Web
