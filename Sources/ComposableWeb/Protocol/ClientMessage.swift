#if Web
import Foundation

/// A message a page sends its session over its socket, as a value: an event of an element the
/// page shows, or a navigation. The session reads it with ``read(_:)``; page tests and the load
/// benchmark write it with ``text``, as the page script does.
///
/// ```swift
/// ClientMessage.event(handler: "h3", value: .string("Ada")).text
/// // {"handler":"h3","value":"Ada"}
/// ClientMessage.navigate(to: "/items/3").text
/// // {"navigate":"/items/3"}
/// ```
public enum ClientMessage: Sendable, Equatable {
  /// An event of the element with the handler id `handler` (a click, a submission, a field's
  /// new value, a key). A payload (see ``Handler/decode(_:_:)``) travels as JSON text in a
  /// `.string` value.
  ///
  /// `ref` is set by a page waiting for the answer to this message (its element is marked busy
  /// meanwhile, see ``Node/disabledWhileSending()``): the server's next message names it in
  /// ``ServerMessage/Patch/acknowledged``, even when the message changed nothing or was
  /// ignored.
  case event(handler: String, value: InputValue? = nil, ref: Int? = nil)
  /// The page went to `location` (the part of its URL below the page's path) by Back, Forward
  /// or a live link (see ``LiveRoute``).
  case navigate(to: String)

  /// The largest message, in UTF-8 bytes, that a session reads; longer ones are ignored.
  public static let maximumSize = 8 * 1024

  /// The message as JSON text.
  public var text: String {
    var output: [UInt8] = []
    output.reserveCapacity(32)
    write(into: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// Appends the message's JSON text, as UTF-8, to `output`: the text of ``text`` without making
  /// a `String`, for a client that writes many messages through one buffer.
  ///
  /// ```swift
  /// var frame: [UInt8] = []
  /// ClientMessage.event(handler: "h3").write(into: &frame)  // {"handler":"h3"}
  /// ```
  public func write(into output: inout [UInt8]) {
    switch self {
    case let .event(handler, value, ref):
      output.append(contentsOf: #"{"handler":"#.utf8)
      JSONText.appendString(handler, into: &output)
      if let ref {
        output.append(contentsOf: #","ref":"#.utf8)
        output.append(contentsOf: String(ref).utf8)
      }
      if let value {
        output.append(contentsOf: #","value":"#.utf8)
        JSONText.append(value, into: &output)
      }
    case let .navigate(location):
      output.append(contentsOf: #"{"navigate":"#.utf8)
      JSONText.appendString(location, into: &output)
    }
    output.append(UInt8(ascii: "}"))
  }

  /// What reading a page's text found.
  public enum Reading: Sendable, Equatable {
    case message(ClientMessage)
    /// Not a message a page sends: not JSON, or neither an event nor a navigation.
    case malformed
    /// Longer than ``ClientMessage/maximumSize``: not read at all.
    case oversized(bytes: Int)
  }

  /// Reads a text message from a page, in one pass (a plain click, `{"handler":"h12"}`, without
  /// even that). A value that is not text, a number or a Boolean reads as no value.
  ///
  /// ```swift
  /// ClientMessage.read(#"{"handler":"h3","value":"Ada"}"#)
  /// // .message(.event(handler: "h3", value: .string("Ada")))
  /// ```
  public static func read(_ text: String) -> Reading {
    let bytes = text.utf8.count
    guard bytes <= maximumSize else { return .oversized(bytes: bytes) }
    if let handler = JSONText.plainHandler(in: text) {
      return .message(.event(handler: handler))
    }
    guard let message = JSONReader.read(text), case .object = message else { return .malformed }
    if let location = message["navigate"]?.string { return .message(.navigate(to: location)) }
    guard let handler = message["handler"]?.string else { return .malformed }
    var ref: Int?
    if case let .number(number)? = message["ref"] {
      // A number the page counts up from 1; anything else is no message of a page.
      guard number >= 0, number < 1e15, let whole = Int(exactly: number) else { return .malformed }
      ref = whole
    }
    return .message(.event(handler: handler, value: InputValue(message["value"]), ref: ref))
  }
}
#endif  // Web
