#if Web
/// The names a page and its server share: the protocol's version, the `type` of each message the
/// server sends (``ServerMessage``), the attributes the server writes on elements, the ids and
/// form fields of a page, and the query parameters of a page's socket.
///
/// Every name ComposableWeb puts in a page starts with `ocaf` (open composable architecture
/// framework), so that it does not collide with the app's own.
///
/// The page script takes the same names from its module `protocol.js`, which is generated from
/// these: ``scriptTable`` is that module's text, and a test fails when the two differ.
///
/// ```swift
/// PageProtocol.Attribute.click.name  // "data-ocaf-click"
/// ```
public enum PageProtocol {
  /// The protocol's version. A page's socket names the version its script speaks; a page of
  /// another version (a tab left open across a deploy) is told to reload, which loads the
  /// script that speaks this one.
  public static let version = 1

  /// The prefix of every attribute ComposableWeb writes on a page's elements.
  public static let attributePrefix = "data-ocaf-"

  /// The prefix of a hook's event among an element's events: a hook's `pushEvent("picked", …)`
  /// sends the element's `data-ocaf-push-picked` handler.
  public static let hookEventPrefix = "push-"

  /// The `type` of a message the server sends.
  public enum ServerMessageType: String, CaseIterable, Sendable {
    case attached, patch, refused, reload, render, replaced, stopping
  }

  /// An attribute the server writes on a page's elements and the page script reads.
  public enum Attribute: String, CaseIterable, Sendable {
    /// On the page's root: the path of the page, below which a routed page's locations are.
    case base
    /// An element's handler for losing focus.
    case blur
    /// A form the server wraps around a button outside any form, for browsers without script.
    case buttonForm = "button-form"
    /// A field's handler for its `change` event.
    case change
    /// An element's handler for its `click` event.
    case click
    /// A component's id: the unit a patch replaces.
    case component
    /// A navigation stack level's depth.
    case depth
    /// An element that is busy (disabled, if it is a control) while its message is on the way:
    /// its messages carry a `ref` the server acknowledges.
    case disableWhileSending = "disable-while-sending"
    /// A dialog's handler for Escape and its backdrop.
    case dismiss
    /// On the page's root: the feature it shows.
    case feature
    /// An element's handler for gaining focus.
    case focus
    /// An element's client hook: the hook's name (see ``LiveHook``).
    case hook
    /// On the page's root: the client hooks' modules, a JSON object of names and URLs.
    case hooks
    /// A field's handler for its `input` event.
    case input
    /// An element's handler for a key pressed inside it.
    case keydown
    /// An element's handler for a key released inside it.
    case keyup
    /// An element a patch of its parent leaves in place.
    case keep
    /// An element's key among its siblings, which keeps its DOM node across patches.
    case key
    /// On the page's root, in a development build: the simulated latency, in milliseconds, by
    /// which the page delays every message it sends and receives (see
    /// ``LiveLayout/simulatedLatency``).
    case latency
    /// A link to another live page of the app, followed without a reload.
    case liveLink = "live-link"
    /// On the page's root: the routed page's location, shown in the URL.
    case location
    /// A dialog opened as a modal.
    case modal
    /// How the page sends an element's events (keys, debounce, throttle) and the client
    /// commands it runs first: JSON keyed by event name (see ``PageEventOptions``).
    case options
    /// An element whose content is its hook's: patches leave it alone.
    case owned
    /// A navigation stack's handler for Back.
    case pop
    /// On the page's root: the page's feature has a route.
    case routed
    /// On the page's root rendered over HTTP: the session its socket takes over.
    case session
    /// On the page's root: the path of the page's socket.
    case socket
    /// A navigation stack.
    case stack
    /// A stream's container: the stream's name (see ``LiveStream``). The page keeps its rows.
    case stream
    /// A form's handler for its `submit` event.
    case submit
    /// A file input's handler: its selection and its chunks (see ``fileInput(_:_:)``).
    case upload
    /// A file input's entries to send bytes of: JSON, each entry's id, the page's number for
    /// the file, its size and what the server has of it.
    case uploadEntries = "upload-entries"
    /// An element's handler for coming into view (see ``PageEvent/visible``).
    case visible
    /// An element's handler for a key pressed anywhere in the window.
    case windowKeydown = "window-keydown"
    /// An element's handler for a key released anywhere in the window.
    case windowKeyup = "window-keyup"
    /// An element's handler for the window's resizing.
    case windowResize = "window-resize"

    /// The attribute's name in the page, e.g. `data-ocaf-click`.
    public var name: String { PageProtocol.attributePrefix + rawValue }

    /// The attribute's name in the page script's table: its name after the prefix, in camel
    /// case.
    var scriptKey: String { PageProtocol.camelCase(rawValue) }
  }

  /// The ids of the page's elements that the page script finds.
  public enum ElementID: String, CaseIterable, Sendable {
    /// The element the feature's view renders into.
    case root = "ocaf-root"
    /// The line that says when the page is offline or reconnecting.
    case status = "ocaf-status"
  }

  /// The hidden fields of a form in a page rendered for browsers without script (see
  /// ``LiveEndpoint``'s form posts).
  public enum FormField: String, CaseIterable, Sendable {
    /// The form's name, by which the session finds it when it is posted.
    case form = "ocaf-form"
    /// The session that rendered the page.
    case session = "ocaf-session"
  }

  /// The query parameters of a page's socket URL.
  public enum SocketParameter: String, CaseIterable, Sendable {
    /// The path of the feature the page shows.
    case feature
    /// The page's Content-Security-Policy nonce, for the inline styles of a session the socket
    /// starts.
    case nonce
    /// The page's own path and query, for a new session's request.
    case page
    /// The session the page shows, to resume.
    case session
    /// The protocol version the page's script speaks.
    case version
  }

  /// A text that is no message of the protocol.
  public struct UnreadableMessage: Error, CustomStringConvertible {
    /// The text read.
    public let text: String
    /// What it lacks.
    public let missing: String

    /// What the text lacks, and the text.
    public var description: String { "Not a message of the page protocol (no \(missing)): \(text)" }
  }

  /// The text of the page script's module `protocol.js`: these names as JavaScript constants.
  public static var scriptTable: String {
    func block(
      _ comment: String, _ name: String, _ entries: [(key: String, value: String)]
    ) -> String {
      let lines = entries.sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
        .map { "  \($0.key): \"\($0.value)\",\n" }
      return "// \(comment)\nexport const \(name) = Object.freeze({\n" + lines.joined() + "});\n"
    }
    return """
      // The names the page script shares with the server, generated from ComposableWeb's
      // `PageProtocol` (Sources/ComposableWeb/Protocol/PageProtocol.swift). Edit that file, not this
      // one: the test `pageScriptProtocolTableMatchesTheServer` fails when the two disagree and prints
      // this file's text.

      // The protocol's version. A page whose script speaks another version is told to reload.
      export const VERSION = \(version);

      // The prefix of every attribute the server writes on the page's elements.
      export const ATTRIBUTE_PREFIX = "\(attributePrefix)";

      // The prefix of a hook's event among an element's events (`data-ocaf-push-<event>`).
      export const HOOK_EVENT_PREFIX = "\(hookEventPrefix)";


      """
      + [
        block(
          "The `type` of each message the server sends.", "ServerMessage",
          ServerMessageType.allCases.map { ($0.rawValue, $0.rawValue) }),
        block(
          "The attributes the server writes on the page's elements.", "Attribute",
          Attribute.allCases.map { ($0.scriptKey, $0.name) }),
        block(
          "The ids of the page's elements the script finds.", "ElementID",
          ElementID.allCases.map { (String(describing: $0), $0.rawValue) }),
        block(
          "The hidden form fields of a page rendered for browsers without JavaScript.", "FormField",
          FormField.allCases.map { (String(describing: $0), $0.rawValue) }),
        block(
          "The query parameters of the socket's URL.", "SocketParameter",
          SocketParameter.allCases.map { ($0.rawValue, $0.rawValue) }),
      ].joined(separator: "\n")
  }

  /// `disable-while-sending` as `disableWhileSending`.
  static func camelCase(_ name: String) -> String {
    let words = name.split(separator: "-")
    return words.enumerated().map { $0 == 0 ? String($1) : $1.prefix(1).uppercased() + $1.dropFirst() }
      .joined()
  }
}
#endif  // Web
