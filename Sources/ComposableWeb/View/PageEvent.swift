#if Web
/// An event of the page that an element can answer: the name the page script listens for, and,
/// for a key event, the keys it listens to. Give one to ``Node/on(_:_:js:)``.
///
/// ```swift
/// textField($store.query).on(.keyDown("Enter"), send: .searchSubmitted)
/// div { … }.on(.windowKeyDown("/", "Meta+k"), js: .focus(to: "#query"))
/// ```
///
/// | Event | Fires | Value it sends |
/// |---|---|---|
/// | ``click``, ``submit`` | a click, a form's submission | none |
/// | ``input``, ``change`` | a field's every change, a field's committed change | the field's value |
/// | ``keyDown(_:)``, ``keyUp(_:)`` | a key on the element or inside it | the key, e.g. `"Enter"` |
/// | ``focus``, ``blur`` | the element gains or loses focus | a field's text; else none |
/// | ``windowKeyDown(_:)``, ``windowKeyUp(_:)`` | a key anywhere in the window | the key |
/// | ``windowResize`` | the window's size changes | its size, for ``Handler/decode(_:_:)`` with ``WindowSize`` |
/// | ``visible`` | the element comes into view | none |
///
/// A handler of ``Handler/value(_:)`` gets the value as text; one of ``Handler/send(_:)``
/// ignores it.
public struct PageEvent: Hashable, Sendable {
  /// The event's name in the page, e.g. `keydown` (the element's `data-ocaf-keydown`).
  public let name: String
  /// The keys a key event is sent for; empty for every key (see ``keyDown(_:)``).
  public let keys: [String]

  /// An event by its name in the page, for every key.
  ///
  /// ```swift
  /// PageEvent(name: "click") == .click  // true
  /// ```
  public init(name: String, keys: [String] = []) {
    self.name = name
    self.keys = keys
  }

  /// A click.
  public static let click = PageEvent(name: "click")
  /// A field's every change (each keystroke).
  public static let input = PageEvent(name: "input")
  /// A field's committed change (a checkbox ticked, a drop-down chosen, a text field left).
  public static let change = PageEvent(name: "change")
  /// A form's submission.
  public static let submit = PageEvent(name: "submit")
  /// The element gains focus. A field sends its text with it.
  public static let focus = PageEvent(name: "focus")
  /// The element loses focus. A field sends its text with it: validate a field when it is left.
  ///
  /// ```swift
  /// textField($store.email, type: .email).on(.blur, send: .emailFieldLeft)
  /// ```
  public static let blur = PageEvent(name: "blur")
  /// The window changes size. It sends a ``WindowSize``; throttle it
  /// (``Node/throttle(_:_:)``), as it fires many times while a window is dragged.
  ///
  /// ```swift
  /// div { … }.on(.windowResize, .decode { (size: WindowSize) in .resized(size) })
  ///   .throttle(.milliseconds(200))
  /// ```
  public static let windowResize = PageEvent(name: "window-resize")
  /// The element comes into view (scrolled to, or shown): put it after a stream's rows to load
  /// the next ones, an infinite scroll. It fires each time the element enters the view.
  ///
  /// ```swift
  /// p("Loading more…").on(.visible, send: .loadMoreRows)
  /// ```
  public static let visible = PageEvent(name: "visible")

  /// A key pressed while the element, or an element inside it, has focus. The page sends the
  /// key's name (the DOM's `KeyboardEvent.key`: `"Enter"`, `"Escape"`, `"ArrowDown"`, `"k"`).
  ///
  /// With `keys`, only those keys are sent, and the browser's own action for them is prevented
  /// (Enter does not also submit a form). A key may name the modifiers held with it, joined by
  /// `+`: `"Meta+k"`, `"Control+Shift+p"` (`Alt`, `Control`, `Meta`, `Shift`). Letters match in
  /// either case; a key without modifiers matches only when none but Shift is held.
  ///
  /// ```swift
  /// textField($store.query).on(.keyDown("ArrowDown", "ArrowUp"), .value { .arrowKeyPressed($0) })
  /// ```
  public static func keyDown(_ keys: String...) -> PageEvent {
    PageEvent(name: "keydown", keys: keys)
  }

  /// A key released while the element, or an element inside it, has focus (see
  /// ``keyDown(_:)``).
  ///
  /// ```swift
  /// textArea($store.draft).on(.keyUp(), send: .draftEdited)
  /// ```
  public static func keyUp(_ keys: String...) -> PageEvent {
    PageEvent(name: "keyup", keys: keys)
  }

  /// A key pressed anywhere in the window, wherever focus is: a keyboard shortcut. Put it on
  /// any element of the view (it is the window's for as long as the element is on the page).
  /// Keys typed into a text field are not sent unless they hold Control, Meta or Alt, or are
  /// Escape, so that typing does not trigger shortcuts.
  ///
  /// ```swift
  /// div { … }.on(.windowKeyDown("/", "Meta+k"), send: .searchShortcutPressed)
  /// ```
  public static func windowKeyDown(_ keys: String...) -> PageEvent {
    PageEvent(name: "window-keydown", keys: keys)
  }

  /// A key released anywhere in the window (see ``windowKeyDown(_:)``).
  ///
  /// ```swift
  /// div { … }.on(.windowKeyUp("Shift"), send: .shiftReleased)
  /// ```
  public static func windowKeyUp(_ keys: String...) -> PageEvent {
    PageEvent(name: "window-keyup", keys: keys)
  }
}

/// The size of the page's window, in CSS pixels, as a ``PageEvent/windowResize`` event sends it.
///
/// ```swift
/// case let .resized(size): state.isNarrow = size.width < 600
/// ```
public struct WindowSize: Codable, Equatable, Hashable, Sendable {
  /// The window's inner width.
  public var width: Int
  /// The window's inner height.
  public var height: Int

  /// A size: `WindowSize(width: 1280, height: 800)`.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}

/// How the page sends one event of an element: which keys, how often, and what it does in the
/// browser first (``HTMLElement/eventOptions``, set by ``Node/on(_:_:js:)``,
/// ``Node/debounce(_:_:)`` and ``Node/throttle(_:_:)``).
///
/// ```swift
/// var options = PageEventOptions()
/// options.debounce = .milliseconds(300)
/// ```
public struct PageEventOptions: Equatable, Sendable {
  /// The keys a key event is sent for; empty for every key.
  public var keys: [String] = []
  /// Sends the event only once it has not fired again for this long (the last value wins).
  public var debounce: Duration?
  /// Sends the event at once, then at most once per this long (the last value at the end).
  public var throttle: Duration?
  /// Commands the page runs in the browser when the event fires, before it sends the action.
  public var commands: JS = JS()

  /// Options that change nothing: every key, sent at once, no commands.
  ///
  /// ```swift
  /// PageEventOptions().isEmpty  // true
  /// ```
  public init() {}

  /// Whether the options change nothing.
  public var isEmpty: Bool { self == PageEventOptions() }
}

extension Node {
  /// The element answering `event` with `handler`, after running `js` in the browser: the way
  /// to handle any ``PageEvent`` (keys, focus, the window), and to run client commands.
  ///
  /// ```swift
  /// textField($store.query, placeholder: "Search")
  ///   .on(.keyDown("Escape"), .send(.clearButtonTapped))
  ///   .on(.blur, .value { .queryFieldLeft($0) })
  /// button("Menu").on(.click, js: .toggle(to: "#menu"))
  /// ```
  ///
  /// Without a handler, only the commands run (nothing reaches the server). An element answers
  /// an event once: a second `on` for the same event replaces the first's handler and options.
  /// Other nodes are returned as they are.
  public func on(_ event: PageEvent, _ handler: Handler<Action>? = nil, js: JS = JS()) -> Node {
    guard case var .element(element) = self else { return self }
    element.events.removeAll { $0.event == event.name }
    if let handler { element.events.append((event: event.name, handler: handler)) }
    var options = element.eventOptions[event.name] ?? PageEventOptions()
    options.keys = event.keys
    options.commands = js
    element.eventOptions[event.name] = options.isEmpty ? nil : options
    return .element(element)
  }

  /// The element sending `action` when `event` fires, after running `js` in the browser.
  ///
  /// ```swift
  /// div { … }.on(.windowKeyDown("Escape"), send: .closeButtonTapped)
  /// ```
  public func on(_ event: PageEvent, send action: Action, js: JS = JS()) -> Node {
    on(event, .send(action), js: js)
  }

  /// Sends the element's events (or only `events`) once they stop firing for `duration`: a
  /// search field typed into sends its text when the typing pauses. A click, a submission or
  /// any other event of the page sends the waiting one first, so the server sees events in the
  /// order they happened.
  ///
  /// ```swift
  /// textField($store.query, placeholder: "Search").debounce(.milliseconds(300))
  /// ```
  public func debounce(_ duration: Duration, _ events: PageEvent...) -> Node {
    setOption(events) { $0.debounce = duration }
  }

  /// Sends the element's events (or only `events`) at most once per `duration`: the first at
  /// once, and the last one of each interval at its end, so the final value is never lost.
  ///
  /// ```swift
  /// slider($store.volume, in: 0...100).throttle(.milliseconds(100))
  /// ```
  public func throttle(_ duration: Duration, _ events: PageEvent...) -> Node {
    setOption(events) { $0.throttle = duration }
  }

  private func setOption(_ events: [PageEvent], _ change: (inout PageEventOptions) -> Void) -> Node {
    guard case var .element(element) = self else { return self }
    var names = events.map(\.name)
    if names.isEmpty {
      names = element.events.map(\.event) + element.eventOptions.keys.sorted()
    }
    for name in names {
      var options = element.eventOptions[name] ?? PageEventOptions()
      change(&options)
      element.eventOptions[name] = options
    }
    return .element(element)
  }
}

extension HTMLElement {
  /// The element's event options as the page reads them (`data-ocaf-options`): a JSON object
  /// keyed by event name, in name order; `nil` when there are none.
  var eventOptionsJSON: String? {
    let entries = eventOptions.filter { !$0.value.isEmpty }.sorted { $0.key < $1.key }
    guard !entries.isEmpty else { return nil }
    var output: [UInt8] = [UInt8(ascii: "{")]
    for (index, (event, options)) in entries.enumerated() {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      JSONText.appendString(event, into: &output)
      output.append(contentsOf: ":{".utf8)
      var fields: [(String, (inout [UInt8]) -> Void)] = []
      if let debounce = options.debounce {
        fields.append(("debounce", { $0.append(contentsOf: String(debounce.milliseconds).utf8) }))
      }
      if !options.commands.commands.isEmpty {
        fields.append(("js", { options.commands.write(into: &$0) }))
      }
      if !options.keys.isEmpty {
        fields.append(("keys", { output in
          output.append(UInt8(ascii: "["))
          for (position, key) in options.keys.enumerated() {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            JSONText.appendString(key, into: &output)
          }
          output.append(UInt8(ascii: "]"))
        }))
      }
      if let throttle = options.throttle {
        fields.append(("throttle", { $0.append(contentsOf: String(throttle.milliseconds).utf8) }))
      }
      for (position, (name, write)) in fields.enumerated() {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        JSONText.appendString(name, into: &output)
        output.append(UInt8(ascii: ":"))
        write(&output)
      }
      output.append(UInt8(ascii: "}"))
    }
    output.append(UInt8(ascii: "}"))
    return String(decoding: output, as: UTF8.self)
  }
}

extension Duration {
  /// The duration in whole milliseconds, at least 0, as the page script counts time.
  var milliseconds: Int64 {
    let (seconds, attoseconds) = components
    return max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000)
  }
}
#endif  // Web
