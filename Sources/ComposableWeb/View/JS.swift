#if Web
/// Commands the page runs in the browser when an element's event fires, without a round trip to
/// the server: show, hide or toggle an element, add, remove or toggle a class, set or remove an
/// attribute, move focus, and dispatch a DOM event. Give them to ``Node/on(_:_:js:)``; they run
/// in order, before the event's action (if any) is sent.
///
/// ```swift
/// button("Menu").on(.click, js: .toggle(to: "#menu").toggleClass("open"))
/// button("Save").on(.click, .send(.saveButtonTapped), js: .hide(to: "#unsaved-note"))
/// div { … }.on(.windowKeyDown("/"), js: .focus(to: "#query"))
/// ```
///
/// `to` is a CSS selector for the elements a command changes, anywhere on the page; without
/// one, a command changes the element whose event fired. What a command changed stays changed
/// when a patch re-renders the element (the page applies it again): a menu a click opened stays
/// open while the server patches the list around it. Showing and hiding set the `hidden`
/// attribute (the engine's stylesheet makes `[hidden]` win over a `display` rule).
public struct JS: Equatable, Sendable {
  /// One command: its name in the page script and its arguments.
  public struct Command: Equatable, Sendable {
    /// The command's name, e.g. `"add-class"`.
    public let name: String
    /// Its arguments, e.g. `[("names", "open"), ("to", "#menu")]`, in name order.
    public let arguments: [Argument]

    /// A command's argument.
    public struct Argument: Equatable, Sendable {
      /// Its name, e.g. `"to"`.
      public let name: String
      /// Its value.
      public let value: String
    }

    init(_ name: String, _ arguments: KeyValuePairs<String, String?>) {
      self.name = name
      self.arguments = arguments.compactMap { name, value in
        value.map { Argument(name: name, value: $0) }
      }.sorted { $0.name < $1.name }
    }
  }

  /// The commands, in the order they run.
  public var commands: [Command]

  /// No commands.
  ///
  /// ```swift
  /// JS().commands.isEmpty  // true
  /// ```
  public init() {
    commands = []
  }

  private init(_ commands: [Command]) {
    self.commands = commands
  }

  private func adding(_ name: String, _ arguments: KeyValuePairs<String, String?>) -> JS {
    JS(commands + [Command(name, arguments)])
  }

  // MARK: Commands

  /// Shows the elements (removes `hidden`).
  ///
  /// ```swift
  /// button("Details").on(.click, js: .show(to: "#details"))
  /// ```
  public static func show(to selector: String? = nil) -> JS { JS().show(to: selector) }
  /// These commands, then ``show(to:)-swift.type.method``.
  public func show(to selector: String? = nil) -> JS { adding("show", ["to": selector]) }

  /// Hides the elements (sets `hidden`).
  ///
  /// ```swift
  /// button("Close").on(.click, js: .hide(to: "#banner"))
  /// ```
  public static func hide(to selector: String? = nil) -> JS { JS().hide(to: selector) }
  /// These commands, then ``hide(to:)-swift.type.method``.
  public func hide(to selector: String? = nil) -> JS { adding("hide", ["to": selector]) }

  /// Shows the elements that are hidden and hides those that are shown.
  ///
  /// ```swift
  /// button("Menu").on(.click, js: .toggle(to: "#menu"))
  /// ```
  public static func toggle(to selector: String? = nil) -> JS { JS().toggle(to: selector) }
  /// These commands, then ``toggle(to:)-swift.type.method``.
  public func toggle(to selector: String? = nil) -> JS { adding("toggle", ["to": selector]) }

  /// Adds the classes `names` (separated by spaces).
  ///
  /// ```swift
  /// li { … }.on(.click, js: .addClass("selected"))
  /// ```
  public static func addClass(_ names: String, to selector: String? = nil) -> JS {
    JS().addClass(names, to: selector)
  }
  /// These commands, then ``addClass(_:to:)-swift.type.method``.
  public func addClass(_ names: String, to selector: String? = nil) -> JS {
    adding("add-class", ["names": names, "to": selector])
  }

  /// Removes the classes `names` (separated by spaces).
  ///
  /// ```swift
  /// button("Dismiss").on(.click, js: .removeClass("highlighted", to: ".row"))
  /// ```
  public static func removeClass(_ names: String, to selector: String? = nil) -> JS {
    JS().removeClass(names, to: selector)
  }
  /// These commands, then ``removeClass(_:to:)-swift.type.method``.
  public func removeClass(_ names: String, to selector: String? = nil) -> JS {
    adding("remove-class", ["names": names, "to": selector])
  }

  /// Adds each of the classes `names` an element lacks, and removes each it has.
  ///
  /// ```swift
  /// button("Dark").on(.click, js: .toggleClass("dark", to: "#panel"))
  /// ```
  public static func toggleClass(_ names: String, to selector: String? = nil) -> JS {
    JS().toggleClass(names, to: selector)
  }
  /// These commands, then ``toggleClass(_:to:)-swift.type.method``.
  public func toggleClass(_ names: String, to selector: String? = nil) -> JS {
    adding("toggle-class", ["names": names, "to": selector])
  }

  /// Sets the attribute `name` to `value`. An inline event handler (`on…`) is refused by the
  /// page, as the server refuses to render one.
  ///
  /// ```swift
  /// button("Menu").on(.click, js: .toggle(to: "#menu").setAttribute("aria-expanded", "true"))
  /// ```
  public static func setAttribute(_ name: String, _ value: String, to selector: String? = nil) -> JS {
    JS().setAttribute(name, value, to: selector)
  }
  /// These commands, then ``setAttribute(_:_:to:)-swift.type.method``.
  public func setAttribute(_ name: String, _ value: String, to selector: String? = nil) -> JS {
    adding("set-attribute", ["name": name, "to": selector, "value": value])
  }

  /// Removes the attribute `name`.
  ///
  /// ```swift
  /// button("Edit").on(.click, js: .removeAttribute("readonly", to: "#title"))
  /// ```
  public static func removeAttribute(_ name: String, to selector: String? = nil) -> JS {
    JS().removeAttribute(name, to: selector)
  }
  /// These commands, then ``removeAttribute(_:to:)-swift.type.method``.
  public func removeAttribute(_ name: String, to selector: String? = nil) -> JS {
    adding("remove-attribute", ["name": name, "to": selector])
  }

  /// Moves focus to the first element `selector` matches (or the element itself).
  ///
  /// ```swift
  /// div { … }.on(.windowKeyDown("/"), js: .focus(to: "#query"))
  /// ```
  public static func focus(to selector: String? = nil) -> JS { JS().focus(to: selector) }
  /// These commands, then ``focus(to:)-swift.type.method``.
  public func focus(to selector: String? = nil) -> JS { adding("focus", ["to": selector]) }

  /// Dispatches a DOM event named `event` at the elements, bubbling, with `detail` (text) as
  /// its `detail`: for the page's own scripts, or a hook (see ``Node/hook(_:ownsContent:events:)``), to act on.
  ///
  /// ```swift
  /// button("Copy").on(.click, js: .dispatch("app:copy", to: "#share-link"))
  /// ```
  public static func dispatch(_ event: String, to selector: String? = nil, detail: String? = nil) -> JS {
    JS().dispatch(event, to: selector, detail: detail)
  }
  /// These commands, then ``dispatch(_:to:detail:)-swift.type.method``.
  public func dispatch(_ event: String, to selector: String? = nil, detail: String? = nil) -> JS {
    adding("dispatch", ["detail": detail, "event": event, "to": selector])
  }

  /// The commands as the page reads them: `[["show",{"to":"#menu"}],…]`.
  func write(into output: inout [UInt8]) {
    output.append(UInt8(ascii: "["))
    for (index, command) in commands.enumerated() {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      output.append(UInt8(ascii: "["))
      JSONText.appendString(command.name, into: &output)
      output.append(contentsOf: ",{".utf8)
      for (position, argument) in command.arguments.enumerated() {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        JSONText.appendString(argument.name, into: &output)
        output.append(UInt8(ascii: ":"))
        JSONText.appendString(argument.value, into: &output)
      }
      output.append(contentsOf: "}]".utf8)
    }
    output.append(UInt8(ascii: "]"))
  }
}
#endif  // Web
