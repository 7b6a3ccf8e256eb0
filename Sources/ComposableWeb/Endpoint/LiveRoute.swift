#if Web
import Foundation

/// Where a page is below its feature's own path: the rest of the URL's path and its query. For a
/// feature at `/todos`, the URL `/todos/3?filter=active` is the location with path `"/3"` and
/// the query item `filter=active`; `/todos` itself is the empty location.
///
/// ```swift
/// let location = LiveLocation(path: "/3", query: [LiveField("filter", "active")])
/// location.text               // "/3?filter=active"
/// location.query("filter")    // "active"
/// LiveLocation(text: "/3?filter=active") == location   // true
/// ```
public struct LiveLocation: Sendable, Hashable, CustomStringConvertible {
  /// The path below the feature's: `""`, or text that starts with `/`, as it appears in the
  /// URL (percent-encoded).
  public var path: String
  /// The query's items, decoded, in order.
  public var query: [LiveField]

  /// Creates a location. A `path` that doesn't start with `/` gets one.
  public init(path: String = "", query: [LiveField] = []) {
    self.path = path.isEmpty || path.hasPrefix("/") ? path : "/" + path
    self.query = query
  }

  /// Creates a location from a query's items, with no path of its own: `?name=value&…`. Items
  /// whose value is `nil` are left out, so optional state maps to an absent item.
  ///
  /// ```swift
  /// LiveLocation(query: ["filter": state.filter == .all ? nil : state.filter.rawValue])
  /// ```
  public init(path: String = "", query: KeyValuePairs<String, String?>) {
    self.init(path: path, query: query.compactMap { name, value in value.map { LiveField(name, $0) } })
  }

  /// Reads a location from the text of a URL below its page: `""`, `"?filter=active"`,
  /// `"/3?filter=active"`. Returns `nil` for anything else (another host, a bare word).
  public init?(text: String) {
    guard text.isEmpty || text.hasPrefix("/") || text.hasPrefix("?"), !text.hasPrefix("//"),
      let components = URLComponents(string: text)
    else { return nil }
    self.init(
      path: components.percentEncodedPath,
      query: (components.queryItems ?? []).map { LiveField($0.name, $0.value ?? "") })
  }

  /// The first value of the query item `name`, if any.
  public func query(_ name: String) -> String? {
    query.first { $0.name == name }?.value
  }

  /// The path's segments, decoded: `"/3/edit"` is `["3", "edit"]`.
  public var segments: [String] {
    path.split(separator: "/").map { $0.removingPercentEncoding ?? String($0) }
  }

  /// The location as the text of a URL below its page: the path, then `?` and the query's
  /// items, percent-encoded, when it has any.
  public var text: String {
    guard !query.isEmpty else { return path }
    let items = query.map { Self.encoded($0.name) + "=" + Self.encoded($0.value) }
    return path + "?" + items.joined(separator: "&")
  }

  /// The location as the URL shows it (``text``).
  public var description: String { text }

  private static let unreserved = CharacterSet(
    charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

  private static func encoded(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
  }
}

/// How a page's history follows a change of its location: a new entry (Back returns to where
/// it was), or the current entry changed in place.
public enum LiveHistory: Sendable, Equatable {
  /// A new history entry, as a link would make.
  case push
  /// The current entry, changed in place: for changes that are not places to go back to,
  /// such as each keystroke of a search.
  case replace
}

/// How a feature's state and its page's URL follow each other, in both directions: the
/// feature's equivalent of LiveView's `handle_params` and `push_patch`.
///
/// - `location` says where a state is. After every change the page's URL shows the location of
///   the state, without a reload: pushed as a new history entry or replaced, as `history` says.
/// - `action` says what a location asks of the state. It is sent when a page starts at a deep
///   link (before the appear action), and when Back, Forward or a live link changes the URL
///   under the page. Return `nil` for a location the feature doesn't understand: the URL is
///   then put back to the state's.
///
/// ```swift
/// LiveRoute<TodoList.State, TodoList.Action>(
///   location: { state in
///     LiveLocation(query: ["filter": state.filter == .all ? nil : state.filter.rawValue])
///   },
///   action: { location in
///     .binding(.set(\.filter, location.query("filter").flatMap(TodoList.Filter.init) ?? .all))
///   }
/// )
/// ```
public struct LiveRoute<State, Action>: Sendable {
  let location: @Sendable (State) -> LiveLocation
  let action: @Sendable (LiveLocation) -> Action?
  let history: @Sendable (_ from: LiveLocation, _ to: LiveLocation) -> LiveHistory

  /// Creates a route from where a state is, what a location asks for, and whether a change
  /// from one location to another makes a history entry (by default every change does).
  public init(
    location: @escaping @Sendable (State) -> LiveLocation,
    action: @escaping @Sendable (LiveLocation) -> Action?,
    history: @escaping @Sendable (_ from: LiveLocation, _ to: LiveLocation) -> LiveHistory =
      { _, _ in .push }
  ) {
    self.location = location
    self.action = action
    self.history = history
  }
}
#endif  // Web
