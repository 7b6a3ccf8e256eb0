#if Web
import Foundation

/// A message the server sends a page over its socket, as a value: what the session, the
/// registry and the endpoint write, and what page tests, the load benchmark and tools read
/// back. Its JSON is written by ``text`` and read by ``init(text:)``; the page script reads the
/// same JSON (its names are in ``PageProtocol``).
///
/// ```swift
/// let message = try ServerMessage(text: #"{"session":"s1","type":"attached"}"#)
/// #expect(message == .attached(session: "s1"))
/// #expect(message.text == #"{"session":"s1","type":"attached"}"#)
/// ```
public enum ServerMessage: Sendable, Equatable {
  /// The whole page: its HTML, the session it shows, a routed page's location, and, after a
  /// live link switched the page, what the page now is.
  case render(Render)
  /// The page's socket took over the session the page shows (rendered over HTTP): what changed
  /// since follows as patches.
  case attached(session: String)
  /// What changed: components' new HTML, values the page's fields are told they hold, and a
  /// routed page's new location.
  case patch(Patch)
  /// The server will not start a session for the page now.
  case refused(reason: String)
  /// Another page of the same browser took the session over.
  case replaced(reason: String)
  /// The server is stopping.
  case stopping(reason: String)
  /// The page is to load its URL again: it is no live page, or the page's script speaks
  /// another version of the protocol.
  case reload

  /// A whole page's render.
  public struct Render: Sendable, Equatable {
    /// The id of the session the page shows, which its socket resumes after a reconnection.
    public var session: String
    /// The HTML of the page's root element's contents.
    public var html: String
    /// A routed page's location (see ``LiveRoute``).
    public var location: String?
    /// What the page is after a live link switched it to another feature.
    public var page: SwitchedPage?

    /// A render of a session's page.
    ///
    /// ```swift
    /// ServerMessage.render(.init(session: "s1", html: "<p>1</p>", location: "?filter=done"))
    /// ```
    public init(session: String, html: String, location: String? = nil, page: SwitchedPage? = nil) {
      self.session = session
      self.html = html
      self.location = location
      self.page = page
    }
  }

  /// The page a live link switched to: what its header and title show.
  public struct SwitchedPage: Sendable, Equatable, Codable {
    /// The paragraph about the feature under its summary, if it has one.
    public var about: String?
    /// The page's path, below which a routed page's locations are.
    public var base: String
    /// The feature's path, as ``LiveFeature/path``.
    public var feature: String
    /// The page's heading: the feature's title.
    public var heading: String
    /// Whether the feature has a route (see ``LiveRoute``).
    public var routed: Bool
    /// The line under the heading.
    public var summary: String
    /// The document's title.
    public var title: String

    /// Describes the page a live link switched to.
    ///
    /// ```swift
    /// ServerMessage.SwitchedPage(
    ///   about: nil, base: "/todos", feature: "todos", heading: "To-dos", routed: true,
    ///   summary: "Things to do", title: "To-dos · Demo")
    /// ```
    public init(
      about: String?, base: String, feature: String, heading: String, routed: Bool,
      summary: String, title: String
    ) {
      self.about = about
      self.base = base
      self.feature = feature
      self.heading = heading
      self.routed = routed
      self.summary = summary
      self.title = title
    }
  }

  /// What changed since the page's last render or patch.
  public struct Patch: Sendable, Equatable {
    /// A component's new HTML, by its id.
    public struct Part: Sendable, Equatable {
      /// The component's id (its `data-ocaf-component`).
      public var id: String
      /// The component's new contents.
      public var html: String
      /// A component's new HTML: `Part(id: "c.row-3", html: "<li>Milk</li>")`.
      public init(id: String, html: String) {
        self.id = id
        self.html = html
      }
    }
    /// A value a field is told it holds (the reducer changed what the page sent).
    public struct Value: Sendable, Equatable, Encodable {
      /// The field's handler id.
      public var handler: String
      /// The value the field is to show.
      public var value: InputValue
      /// A correction: `Value(handler: "h4", value: .string("A name of sixteen"))`.
      public init(handler: String, value: InputValue) {
        self.handler = handler
        self.value = value
      }
    }
    /// A routed page's new location, pushed on the history or replacing its entry.
    public struct Location: Sendable, Equatable {
      /// The part of the URL below the page's path, e.g. `"?filter=done"`.
      public var text: String
      /// Whether the location is pushed on the history or replaces its entry.
      public var history: LiveHistory
      /// A location: `Location("/items/3", history: .push)`.
      public init(_ text: String, history: LiveHistory) {
        self.text = text
        self.history = history
      }
    }
    /// The components that render anew.
    public var parts: [Part]
    /// The values fields are told they hold.
    public var values: [Value]
    /// A routed page's new location, if it changed.
    public var location: Location?
    /// An event pushed to the page's hooks (see ``PageEvents``).
    public struct Event: Sendable, Equatable {
      /// The event's name, which a hook's `handleEvent` names.
      public var name: String
      /// Its payload, as JSON text.
      public var payload: String
      /// An event: `Event(name: "highlight", payload: #"{"index":2}"#)`.
      public init(name: String, payload: String) {
        self.name = name
        self.payload = payload
      }
    }
    /// The events pushed to the page's hooks, in order; hooks get them after the patch is
    /// applied.
    public var events: [Event]
    /// What a stream's rows undergo (see ``LiveStream``): applied after the components' parts.
    public struct StreamChange: Sendable, Equatable {
      /// One operation on the stream's rows.
      public enum Operation: Sendable, Equatable {
        /// A row inserted at a position, or, when the page has its key, updated in place.
        case insert(key: String, html: String, position: StreamPosition)
        /// A row deleted.
        case delete(key: String)
        /// Every row deleted.
        case reset
      }
      /// The stream's name.
      public var name: String
      /// Its operations, in order.
      public var operations: [Operation]
      /// A stream's change: `StreamChange(name: "contacts", operations: [.delete(key: "3")])`.
      public init(name: String, operations: [Operation]) {
        self.name = name
        self.operations = operations
      }
    }
    /// The streams' changes, in order.
    public var streams: [StreamChange]
    /// The refs of the page's messages this answers (see ``ClientMessage/event(handler:value:ref:)``):
    /// the page stops showing their elements as busy.
    public var acknowledged: [Int]

    /// What changed.
    ///
    /// ```swift
    /// ServerMessage.patch(.init(parts: [.init(id: "c.count", html: "<span>2</span>")]))
    /// ServerMessage.patch(.init(parts: [], acknowledged: [3]))
    /// ```
    public init(
      parts: [Part], values: [Value] = [], location: Location? = nil, acknowledged: [Int] = [],
      events: [Event] = [], streams: [StreamChange] = []
    ) {
      self.parts = parts
      self.values = values
      self.location = location
      self.acknowledged = acknowledged
      self.events = events
      self.streams = streams
    }
  }

  /// The message's `type`, as the page script names it (``PageProtocol/ServerMessageType``).
  public var type: PageProtocol.ServerMessageType {
    switch self {
    case .render: .render
    case .attached: .attached
    case .patch: .patch
    case .refused: .refused
    case .replaced: .replaced
    case .stopping: .stopping
    case .reload: .reload
    }
  }

  /// The message as JSON text, keys sorted.
  public var text: String {
    switch self {
    case let .render(render):
      return JSONText.render(
        session: render.session, html: Array(render.html.utf8), location: render.location,
        page: render.page.map(JSONText.encoded))
    case let .attached(session):
      return JSONText.attached(session: session)
    case let .patch(patch):
      return JSONText.patch(
        patch.parts.map { (id: $0.id, html: Array($0.html.utf8)) }, values: patch.values,
        location: patch.location.map { (text: $0.text, history: $0.history) },
        acknowledged: patch.acknowledged,
        events: patch.events.map { (name: $0.name, payload: $0.payload) },
        streams: patch.streams.isEmpty ? nil : Self.streamsJSON(patch.streams))
    case let .refused(reason), let .replaced(reason), let .stopping(reason):
      return JSONText.reasoned(type: type.rawValue, reason: reason)
    case .reload:
      return JSONText.typeOnly(type.rawValue)
    }
  }

  /// Reads a message the server sent (in one pass, without a `JSONDecoder`); throws when the
  /// text is not one.
  ///
  /// ```swift
  /// if case let .patch(patch) = try ServerMessage(text: frame) { print(patch.parts.count) }
  /// ```
  public init(text: String) throws {
    var text = text
    self = try text.withUTF8 { try ServerMessage(utf8: UnsafeRawBufferPointer($0)) }
  }

  /// Reads a message the server sent from its UTF-8 bytes, such as a WebSocket frame's, as
  /// ``init(text:)`` reads its text, without copying them into a `String` first.
  ///
  /// ```swift
  /// let message = try frame.data.withUnsafeReadableBytes { try ServerMessage(utf8: $0) }
  /// ```
  public init(utf8: UnsafeRawBufferPointer) throws {
    func unreadable(_ missing: String) -> PageProtocol.UnreadableMessage {
      PageProtocol.UnreadableMessage(text: String(decoding: utf8, as: UTF8.self), missing: missing)
    }
    guard let message = JSONReader.read(utf8: utf8), case .object = message else {
      throw unreadable("JSON object")
    }
    func string(_ key: String) throws -> String {
      guard let value = message[key]?.string else { throw unreadable(key) }
      return value
    }
    guard let type = message["type"]?.string.flatMap(PageProtocol.ServerMessageType.init) else {
      throw unreadable("known type")
    }
    switch type {
    case .render:
      self = .render(
        Render(
          session: try string("session"), html: try string("html"),
          location: message["location"]?.string,
          page: try message["page"].map { try SwitchedPage($0, or: unreadable("a whole page")) }))
    case .attached:
      self = .attached(session: try string("session"))
    case .patch:
      guard case let .array(parts)? = message["patches"] else { throw unreadable("patches") }
      let history = message["history"]?.string.flatMap(LiveHistory.init(wireName:)) ?? .replace
      self = .patch(
        Patch(
          parts: try parts.map { part in
            guard let id = part["id"]?.string, let html = part["html"]?.string else {
              throw unreadable("a part's id and html")
            }
            return Patch.Part(id: id, html: html)
          },
          values: try Self.values(message["values"], or: unreadable),
          location: message["location"]?.string.map { Patch.Location($0, history: history) },
          acknowledged: try Self.refs(message["acknowledged"], or: unreadable),
          events: try Self.events(message["events"], or: unreadable),
          streams: try Self.streams(message["streams"], or: unreadable)))
    case .refused:
      self = .refused(reason: try string("reason"))
    case .replaced:
      self = .replaced(reason: try string("reason"))
    case .stopping:
      self = .stopping(reason: try string("reason"))
    case .reload:
      self = .reload
    }
  }

  /// A patch's events: each a name and a payload, written back as JSON text.
  private static func events(
    _ json: JSONValue?, or unreadable: (String) -> PageProtocol.UnreadableMessage
  ) throws -> [Patch.Event] {
    guard let json else { return [] }
    guard case let .array(events) = json else { throw unreadable("events") }
    return try events.map { event in
      guard let name = event["name"]?.string, let payload = event["payload"] else {
        throw unreadable("an event's name and payload")
      }
      var text: [UInt8] = []
      JSONText.append(json: payload, into: &text)
      return Patch.Event(name: name, payload: String(decoding: text, as: UTF8.self))
    }
  }

  /// The streams' changes as a patch writes them.
  private static func streamsJSON(_ streams: [Patch.StreamChange]) -> [UInt8] {
    var output: [UInt8] = [UInt8(ascii: "[")]
    for (index, stream) in streams.enumerated() {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      output.append(contentsOf: #"{"name":"#.utf8)
      JSONText.appendString(stream.name, into: &output)
      output.append(contentsOf: #","ops":["#.utf8)
      for (position, operation) in stream.operations.enumerated() {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        switch operation {
        case let .insert(key, html, at):
          output.append(contentsOf: #"{"at":"#.utf8)
          JSONText.appendString(at == .end ? "end" : "start", into: &output)
          output.append(contentsOf: #","html":"#.utf8)
          JSONText.appendString(html, into: &output)
          output.append(contentsOf: #","key":"#.utf8)
          JSONText.appendString(key, into: &output)
          output.append(contentsOf: #","op":"insert"}"#.utf8)
        case let .delete(key):
          output.append(contentsOf: #"{"key":"#.utf8)
          JSONText.appendString(key, into: &output)
          output.append(contentsOf: #","op":"delete"}"#.utf8)
        case .reset:
          output.append(contentsOf: #"{"op":"reset"}"#.utf8)
        }
      }
      output.append(contentsOf: "]}".utf8)
    }
    output.append(UInt8(ascii: "]"))
    return output
  }

  /// A patch's stream changes.
  private static func streams(
    _ json: JSONValue?, or unreadable: (String) -> PageProtocol.UnreadableMessage
  ) throws -> [Patch.StreamChange] {
    guard let json else { return [] }
    guard case let .array(streams) = json else { throw unreadable("streams") }
    return try streams.map { stream in
      guard let name = stream["name"]?.string, case let .array(operations)? = stream["ops"] else {
        throw unreadable("a stream's name and operations")
      }
      return Patch.StreamChange(
        name: name,
        operations: try operations.map { operation in
          switch operation["op"]?.string {
          case "insert":
            guard let key = operation["key"]?.string, let html = operation["html"]?.string else {
              throw unreadable("an insertion's key and html")
            }
            return .insert(key: key, html: html, position: operation["at"]?.string == "start" ? .start : .end)
          case "delete":
            guard let key = operation["key"]?.string else { throw unreadable("a deletion's key") }
            return .delete(key: key)
          case "reset":
            return .reset
          default:
            throw unreadable("a known stream operation")
          }
        })
    }
  }

  /// A patch's acknowledged refs: whole numbers.
  private static func refs(
    _ json: JSONValue?, or unreadable: (String) -> PageProtocol.UnreadableMessage
  ) throws -> [Int] {
    guard let json else { return [] }
    guard case let .array(refs) = json else { throw unreadable("acknowledged") }
    return try refs.map { ref in
      guard case let .number(number) = ref, let whole = Int(exactly: number) else {
        throw unreadable("acknowledged refs")
      }
      return whole
    }
  }

  /// A patch's values: each a field's handler id and the value it holds.
  private static func values(
    _ json: JSONValue?, or unreadable: (String) -> PageProtocol.UnreadableMessage
  ) throws -> [Patch.Value] {
    guard let json else { return [] }
    guard case let .array(values) = json else { throw unreadable("values") }
    return try values.map { value in
      guard let handler = value["handler"]?.string, let input = InputValue(value["value"]) else {
        throw unreadable("a value's handler and value")
      }
      return Patch.Value(handler: handler, value: input)
    }
  }
}

extension ServerMessage.SwitchedPage {
  fileprivate init(_ json: JSONValue, or unreadable: @autoclosure () -> any Error) throws {
    guard let base = json["base"]?.string, let feature = json["feature"]?.string,
      let heading = json["heading"]?.string, case let .bool(routed)? = json["routed"],
      let summary = json["summary"]?.string, let title = json["title"]?.string
    else { throw unreadable() }
    self.init(
      about: json["about"]?.string, base: base, feature: feature, heading: heading,
      routed: routed, summary: summary, title: title)
  }
}

extension LiveHistory {
  /// The history's name in a patch: `push` or `replace`.
  var wireName: String { self == .push ? "push" : "replace" }

  init?(wireName: String) {
    switch wireName {
    case "push": self = .push
    case "replace": self = .replace
    default: return nil
    }
  }
}
#endif  // Web
