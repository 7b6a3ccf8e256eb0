#if Web
import ComposableArchitecture

/// A client hook: a small JavaScript module that runs in the browser for every element that
/// names it (``Node/hook(_:ownsContent:events:)``), for code that must run there, such as focusing
/// a field, copying to the clipboard, or drawing a chart. Give a feature the hooks its view uses
/// (``LiveFeature/hooks(_:)``), or give the endpoint's to ``LiveLayout/hooks``.
///
/// The module's default export is the hook: an object whose methods the page calls with `this`
/// the hook's instance for one element, as LiveView's hooks are called:
///
/// | Member | What it is |
/// |---|---|
/// | `mounted()` | the element is on the page (after the render or patch that added it) |
/// | `updated()` | a patch rendered the element again |
/// | `destroyed()` | the element left the page |
/// | `this.el` | the element |
/// | `this.pushEvent(name, payload)` | sends the view's handler for `name` the payload (JSON) |
/// | `this.handleEvent(name, callback)` | calls `callback(payload)` for each event the feature pushes (``PageEvents``) |
///
/// A hook's source written next to its view is served by the engine, at
/// `/ocaf/hooks/<name>.js` below the endpoint's mount path, under the page's
/// Content-Security-Policy like the engine's own modules:
///
/// ```swift
/// let copyHook = LiveHook(name: "CopyText", source: """
///   export default {
///     mounted() {
///       this.el.addEventListener("click", () => {
///         navigator.clipboard.writeText(this.el.dataset.text);
///         this.pushEvent("copied", { characters: this.el.dataset.text.length });
///       });
///     },
///   };
///   """)
/// ```
///
/// A hook your server serves itself is named by its URL: `LiveHook(name: "Map", url: "/assets/map.js")`.
public struct LiveHook: Sendable, Equatable {
  /// The hook's name, which elements give ``Node/hook(_:ownsContent:events:)``: letters, digits
  /// and `_`, starting with a letter.
  public let name: String
  /// The module's source, when the engine serves it.
  public let source: String?
  /// The module's URL, when your server serves it.
  public let url: String?

  /// A hook whose module source the engine serves.
  ///
  /// ```swift
  /// LiveHook(name: "Focus", source: "export default { mounted() { this.el.focus(); } };")
  /// ```
  public init(name: String, source: String) {
    self.name = name
    self.source = source
    self.url = nil
  }

  /// A hook whose module your server serves at `url` (on the same site, or the page's
  /// Content-Security-Policy must allow its origin).
  ///
  /// ```swift
  /// LiveHook(name: "Map", url: "/assets/map-hook.js")
  /// ```
  public init(name: String, url: String) {
    self.name = name
    self.source = nil
    self.url = url
  }

  /// Whether `name` can name a hook: an ASCII letter, then letters, digits or `_`.
  static func isValidName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else {
      return false
    }
    return name.unicodeScalars.allSatisfy {
      $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
    }
  }

  /// Whether `name` can name a hook's event: lowercase ASCII letters, digits and `-`.
  static func isValidEventName(_ name: String) -> Bool {
    !name.isEmpty && name.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
    }
  }
}

extension Node {
  /// Runs the client hook `name` (see ``LiveHook``) for the element: the hook is told when the
  /// element is mounted, updated and removed, and can send the element's `events` with a
  /// payload. With `ownsContent`, patches leave the element's content to the hook (its
  /// attributes still follow the state): a chart the hook draws stays drawn.
  ///
  /// ```swift
  /// div(["class": "chart", "data-values": values]) { }
  ///   .hook("BarChart", ownsContent: true, events: [
  ///     "picked": .decode { (bar: Bar) in .barPicked(bar.index) },
  ///   ])
  /// ```
  ///
  /// The hook sends an event with `this.pushEvent("picked", {index: 2})`; its handler decodes
  /// the payload (``Handler/decode(_:_:)``), and a payload that does not decode is logged and
  /// sends nothing. A hook or event name that cannot be one (see ``LiveHook/name``; events are
  /// lowercase letters, digits and `-`) is reported, and left out.
  public func hook(
    _ name: String, ownsContent: Bool = false,
    events: KeyValuePairs<String, Handler<Action>> = [:]
  ) -> Node {
    guard case var .element(element) = self else { return self }
    guard LiveHook.isValidName(name) else {
      reportIssue("'\(name)' cannot name a client hook: use letters, digits and _, starting with a letter.")
      return self
    }
    element.attributes.removeAll {
      $0.name == PageProtocol.Attribute.hook.name || $0.name == PageProtocol.Attribute.owned.name
    }
    element.attributes.append((name: PageProtocol.Attribute.hook.name, value: name))
    if ownsContent { element.attributes.append((name: PageProtocol.Attribute.owned.name, value: "")) }
    for (event, handler) in events {
      guard LiveHook.isValidEventName(event) else {
        reportIssue("'\(event)' cannot name a hook's event: use lowercase letters, digits and -.")
        continue
      }
      let name = PageProtocol.hookEventPrefix + event
      element.events.removeAll { $0.event == name }
      element.events.append((event: name, handler: handler))
    }
    return .element(element)
  }
}
#endif  // Web
