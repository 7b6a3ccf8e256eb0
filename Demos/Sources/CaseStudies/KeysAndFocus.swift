import ComposableArchitecture
import ComposableWeb
import Foundation

/// A people picker driven from the keyboard: a debounced search field whose arrow keys move the
/// highlight and whose Enter picks, a window shortcut that focuses it (a client command, no
/// round trip), an email field checked when it is left, the window's size, and a help panel a
/// button shows in the browser alone.
@Reducer
public struct KeysAndFocus {
  /// The search, the picked person, the email and its check, the window's size and the shortcut count.
  @ObservableState
  public struct State: Equatable {
    /// What the search field holds.
    public var query = ""
    /// The position of the highlighted match.
    public var highlighted = 0
    /// The person Enter picked.
    public var picked: String?
    /// What the email field holds.
    public var email = ""
    /// Why the email, once left, is wrong.
    public var emailError: String?
    /// Whether the email field has focus (its hint shows).
    public var isEditingEmail = false
    /// The window's size, once the page said.
    public var windowSize: WindowSize?
    /// How many times the page's "?" shortcut was pressed.
    public var shortcutCount = 0

    /// An empty search and email.
    public init() {}

    /// The people whose name holds the query.
    public var matches: [String] {
      let query = self.query.trimmingCharacters(in: .whitespaces)
      guard !query.isEmpty else { return KeysAndFocus.people }
      return KeysAndFocus.people.filter { $0.localizedCaseInsensitiveContains(query) }
    }
  }

  /// What the page's keys, focus and window send.
  public enum Action: Equatable {
    case emailBlurred(String)
    case emailChanged(String)
    case emailFocused
    case keyPressed(String)
    case queryChanged(String)
    case shortcutPressed
    case windowResized(WindowSize)
  }

  /// The people the picker searches.
  public static let people = [
    "Ada Lovelace", "Alan Turing", "Barbara Liskov", "Edsger Dijkstra", "Frances Allen",
    "Grace Hopper", "Katherine Johnson", "Margaret Hamilton",
  ]

  /// The feature.
  public init() {}

  /// Moves the highlight, picks, checks the email on blur, and keeps the window's size.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .emailBlurred(text):
        state.isEditingEmail = false
        state.email = text
        state.emailError =
          text.isEmpty || text.wholeMatch(of: /[^@\s]+@[^@\s]+\.[^@\s]+/) != nil
          ? nil : "That is not an email address."
        return .none
      case let .emailChanged(text):
        state.email = text
        return .none
      case .emailFocused:
        state.isEditingEmail = true
        return .none
      case let .keyPressed(key):
        let count = state.matches.count
        switch key {
        case "ArrowDown" where count > 0: state.highlighted = (state.highlighted + 1) % count
        case "ArrowUp" where count > 0: state.highlighted = (state.highlighted + count - 1) % count
        case "Enter" where count > 0: state.picked = state.matches[min(state.highlighted, count - 1)]
        case "Escape":
          state.query = ""
          state.highlighted = 0
        default: break
        }
        return .none
      case let .queryChanged(query):
        state.query = query
        state.highlighted = 0
        return .none
      case .shortcutPressed:
        state.shortcutCount += 1
        return .none
      case let .windowResized(size):
        state.windowSize = size
        return .none
      }
    }
  }
}

/// The keys-and-focus page.
public func keysAndFocusView(_ store: LiveStoreOf<KeysAndFocus>) -> Node<KeysAndFocus.Action> {
  div(["class": "keys-and-focus"]) {
    style(
      """
      .keys-and-focus .people{list-style:none;padding:0;margin:.5rem 0}\
      .keys-and-focus .people li{padding:.2rem .5rem;border-radius:.3rem}\
      .keys-and-focus .people li.highlighted{background:#dbeafe}\
      .keys-and-focus .help{background:#f1f5f9;border-radius:.4rem;padding:.5rem .75rem}\
      .keys-and-focus .error{color:#b91c1c}.keys-and-focus .hint{color:#6b7280}
      """)
    // Anywhere on the page, "/" or Control-K (⌘K) moves focus to the search: a client
    // command, which needs no round trip. "?" is counted by the server.
    Node.tag("p", ["class": "shortcuts"]) {
      "Press / or Control-K to search, ? to count."
    }
    .on(.windowKeyDown("/", "Control+k", "Meta+k"), js: .focus(to: "#people-search"))
    Node.tag("label", ["for": "people-search"]) { "Search people" }
    Node.tag(
      "input",
      ["id": "people-search", "type": "search", "value": store.query, "autocomplete": "off"],
      events: [("input", .value { .queryChanged($0) })]
    )
    .debounce(.milliseconds(250), .input)
    .on(.keyDown("ArrowDown", "ArrowUp", "Enter", "Escape"), .value { .keyPressed($0) })
    Node.tag("ul", ["class": "people"]) {
      for (index, name) in store.matches.enumerated() {
        Node.tag("li", ["data-ocaf-key": name]) { name }
          .attribute("class", index == store.highlighted ? "highlighted" : nil)
      }
    }
    p(store.picked.map { "Picked: \($0)" } ?? "Nobody picked yet.", ["id": "picked"])
    Node.tag("label", ["for": "email"]) { "Email" }
    Node.tag(
      "input", ["id": "email", "type": "email", "value": store.email],
      events: [("input", .value { .emailChanged($0) })]
    )
    .on(.focus, send: .emailFocused)
    .on(.blur, .value { .emailBlurred($0) })
    .disabledWhileSending()
    if store.isEditingEmail { p("We check it when you leave the field.", ["class": "hint"]) }
    if let error = store.emailError { p(error, ["id": "email-error", "class": "error", "role": "alert"]) }
    p(
      store.windowSize.map { "Window: \($0.width) × \($0.height)\($0.width < 600 ? " (narrow)" : "")" }
        ?? "Window: not measured yet.",
      ["id": "window-size"]
    )
    .on(.windowResize, .decode { (size: WindowSize) in .windowResized(size) })
    .throttle(.milliseconds(200))
    p("Shortcut pressed \(store.shortcutCount) times.", ["id": "shortcut-count"])
      .on(.windowKeyDown("?"), send: .shortcutPressed)
    Node.tag("button", ["type": "button", "id": "help-button", "aria-controls": "help"]) { "Help" }
      .on(.click, js: .toggle(to: "#help").toggleClass("open"))
    Node.tag("div", ["id": "help", "class": "help", "hidden": ""]) {
      "Arrow keys move the highlight, Enter picks, Escape clears. This panel opens in the browser alone: patches leave it open."
    }
  }
}
