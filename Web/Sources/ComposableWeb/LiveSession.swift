import ComposableArchitecture
import Foundation
import Logging
import Observation

/// One browser tab: owns the root component of a feature (and so its store), renders it, and
/// turns the page's messages into actions.
///
/// The page only ever sees opaque handler ids. Each render issues fresh ids for the component it
/// renders and revokes the ids of that component's previous render, so a message is accepted only
/// if it names a handler of the page as it currently is.
///
/// ```swift
/// let session = LiveSession(id: "…", store: store, view: counterView, logger: logger)
/// let first = session.start()       // {"html":"…","session":"…","type":"render"}
/// session.receive(#"{"handler":"h1"}"#)
/// let patch = session.flush()       // {"patches":[{"html":"…","id":"c"}],"type":"patch"}
/// ```
@MainActor
public final class LiveSession {
  /// The session's id (what a reconnecting page presents to resume it).
  public let id: String
  /// The largest message, in UTF-8 bytes, that the session reads; longer ones are ignored.
  public nonisolated static let maximumMessageSize = 8 * 1024

  let root: Component
  let logger: Logger
  /// Called with every message for the page (a full render or patches), while a page is attached.
  var output: (@Sendable (String) -> Void)?

  private struct MountedComponent {
    var component: Component
    var generation: Int
    var handlerIDs: [String] = []
    var childIDs: [String] = []
  }

  private var mounted: [String: MountedComponent] = [:]
  private var handlers: [String: BoundHandler] = [:]
  private var nextHandlerNumber = 0
  private var nextGeneration = 0
  private let changes = ChangeBox()
  private let reference = SessionReference()
  private static let rootID = "c"

  /// Creates a session whose page is `view` of `store`.
  ///
  /// ```swift
  /// LiveSession(
  ///   id: LiveSession.makeID(),
  ///   store: Store(initialState: Counter.State()) { Counter() },
  ///   view: counterView,
  ///   logger: logger
  /// )
  /// ```
  public convenience init<State, Action>(
    id: String,
    store: Store<State, Action>,
    view: @escaping @MainActor (Store<State, Action>) -> Node<Action>,
    logger: Logger
  ) {
    self.init(
      id: id, root: Component(key: nil, body: { view(store).bound(to: store) }), logger: logger)
  }

  init(id: String, root: Component, logger: Logger) {
    self.id = id
    self.root = root
    self.logger = logger
    reference.session = self
  }

  /// A new session id: 128 random bits as 32 hex digits.
  public static func makeID() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<2).map { _ in
      let word = generator.next() as UInt64
      let hex = String(word, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }.joined()
  }

  /// Renders the whole page afresh and returns the message that carries it. Handler ids of any
  /// earlier render stop being accepted.
  public func start() -> String {
    changes.take()
    let html = render(componentID: Self.rootID, component: root)
    return Self.encode(RenderMessage(type: "render", session: id, html: html))
  }

  /// Handles one text message from the page: `{"handler": id, "value": …}`. Anything else is
  /// logged and ignored.
  public func receive(_ text: String) {
    guard text.utf8.count <= Self.maximumMessageSize else {
      logger.warning(
        "Ignored an oversized message",
        metadata: ["session": "\(id)", "bytes": "\(text.utf8.count)"])
      return
    }
    let message: ClientMessage
    do {
      message = try JSONDecoder().decode(ClientMessage.self, from: Data(text.utf8))
    } catch {
      logger.warning("Ignored a malformed message", metadata: ["session": "\(id)"])
      return
    }
    guard let handler = handlers[message.handler] else {
      logger.warning(
        "Ignored a message for an unknown or stale handler id",
        metadata: ["session": "\(id)", "handler": "\(message.handler.prefix(64))"])
      return
    }
    if handler.needsValue {
      guard case let .string(value) = message.value else {
        logger.warning(
          "Ignored a message whose value is not a string",
          metadata: ["session": "\(id)", "handler": "\(message.handler)"])
        return
      }
      handler.run(value)
    } else {
      handler.run(nil)
    }
  }

  /// Logs and ignores a binary frame; the protocol uses text frames only.
  public func receiveBinary(byteCount: Int) {
    logger.warning(
      "Ignored a binary message", metadata: ["session": "\(id)", "bytes": "\(byteCount)"])
  }

  /// Renders again every component whose observed state changed since it last rendered, and
  /// returns the patches as one message, or `nil` when nothing changed.
  public func flush() -> String? {
    let changed = changes.take()
    guard !changed.isEmpty else { return nil }
    var patches: [PatchMessage.Patch] = []
    // Parents first: a parent's new render replaces its children, whose pending changes then
    // belong to a generation that no longer exists.
    for change in changed.sorted(by: { ($0.id.count, $0.id) < ($1.id.count, $1.id) }) {
      guard let current = mounted[change.id], current.generation == change.generation else {
        continue
      }
      let html = renderContents(componentID: change.id, component: current.component)
      patches.append(PatchMessage.Patch(id: change.id, html: html))
    }
    guard !patches.isEmpty else { return nil }
    return Self.encode(PatchMessage(type: "patch", patches: patches))
  }

  /// The ids of the handlers the current page may send.
  public var issuedHandlerIDs: Set<String> { Set(handlers.keys) }

  /// Tears the page's components down: every handler id is revoked and changes are ignored.
  public func close() {
    unmount(Self.rootID)
    output = nil
  }

  // MARK: Rendering

  private func render(componentID: String, component: Component) -> String {
    var output = "<div data-ocaf-component=\""
    HTMLWriter.escapeAttribute(componentID, into: &output)
    output += "\" style=\"display:contents\">"
    output += renderContents(componentID: componentID, component: component)
    output += "</div>"
    return output
  }

  private func renderContents(componentID: String, component: Component) -> String {
    unmount(componentID)
    nextGeneration += 1
    let generation = nextGeneration
    mounted[componentID] = MountedComponent(component: component, generation: generation)
    let changes = self.changes
    let reference = self.reference
    let body = withObservationTracking {
      component.body()
    } onChange: {
      changes.insert(id: componentID, generation: generation)
      Task { @MainActor in reference.session?.flushToPage() }
    }
    var output = ""
    var childIndex = 0
    write(body, componentID: componentID, childIndex: &childIndex, into: &output)
    return output
  }

  private func write(
    _ node: BoundNode, componentID: String, childIndex: inout Int, into output: inout String
  ) {
    switch node {
    case let .element(tag, attributes, events, children):
      var allAttributes = attributes
      for (event, handler) in events {
        nextHandlerNumber += 1
        let handlerID = "h\(nextHandlerNumber)"
        handlers[handlerID] = handler
        mounted[componentID]?.handlerIDs.append(handlerID)
        allAttributes.append((name: "data-ocaf-\(event)", value: handlerID))
      }
      HTMLWriter.openTag(tag, attributes: allAttributes, into: &output)
      for child in children {
        write(child, componentID: componentID, childIndex: &childIndex, into: &output)
      }
      HTMLWriter.closeTag(tag, into: &output)
    case let .text(text):
      HTMLWriter.escapeText(text, into: &output)
    case let .fragment(nodes):
      for child in nodes {
        write(child, componentID: componentID, childIndex: &childIndex, into: &output)
      }
    case let .component(child):
      let childID = "\(componentID).\(child.key ?? String(childIndex))"
      childIndex += 1
      if mounted[childID] != nil {
        logger.warning(
          "Two components share a key; the later one replaces the earlier",
          metadata: ["session": "\(id)", "component": "\(childID)"])
      }
      mounted[componentID]?.childIDs.append(childID)
      output += render(componentID: childID, component: child)
    }
  }

  private func unmount(_ componentID: String) {
    guard let old = mounted.removeValue(forKey: componentID) else { return }
    for handlerID in old.handlerIDs { handlers.removeValue(forKey: handlerID) }
    for childID in old.childIDs { unmount(childID) }
  }

  private func flushToPage() {
    guard let output, let message = flush() else { return }
    output(message)
  }

  private static func encode(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Encoding strings and arrays of strings cannot fail.
    return (try? String(decoding: encoder.encode(value), as: UTF8.self)) ?? "{}"
  }
}

/// A weak reference to a session, so that pending observations do not keep its store alive.
@MainActor
private final class SessionReference {
  weak var session: LiveSession?
}

/// Changes reported by observation (from whichever thread mutated), read on the main actor.
private final class ChangeBox: Sendable {
  struct Change: Hashable {
    let id: String
    let generation: Int
  }
  private let changes = LockIsolated<Set<Change>>([])

  func insert(id: String, generation: Int) {
    changes.withValue { _ = $0.insert(Change(id: id, generation: generation)) }
  }

  @discardableResult
  func take() -> Set<Change> {
    changes.withValue { changes in
      defer { changes = [] }
      return changes
    }
  }
}

struct RenderMessage: Encodable {
  let type: String
  let session: String
  let html: String
}

struct PatchMessage: Encodable {
  struct Patch: Encodable {
    let id: String
    let html: String
  }
  let type: String
  let patches: [Patch]
}

struct ClientMessage: Decodable {
  enum Value: Decodable {
    case string(String)
    case other

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let string = try? container.decode(String.self) {
        self = .string(string)
      } else {
        self = .other
      }
    }
  }
  let handler: String
  let value: Value?
}
