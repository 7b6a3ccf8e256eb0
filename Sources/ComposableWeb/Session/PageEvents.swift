#if Web
import ComposableArchitecture
import Foundation

/// Sends the page named events with a JSON payload, for its client hooks to handle (a hook's
/// `this.handleEvent(name, callback)`, see ``Node/hook(_:ownsContent:events:)``): what LiveView
/// calls `push_event`. Use it from an effect through the `pageEvents` dependency:
///
/// ```swift
/// @Dependency(\.pageEvents) var pageEvents
///
/// case let .barPicked(index):
///   state.picked = index
///   return .run { [pageEvents] _ in pageEvents.push("highlight", Bar(index: index)) }
/// ```
///
/// The events go with the session's next patch, after the page has applied it, in the order
/// they were pushed; every hook of the page that handles the name gets the payload. A
/// ``LiveStore`` gives its feature a `pageEvents` that reaches the session showing the store (a
/// served session or a ``LivePage``), unless the dependency was set otherwise. Anywhere else (a
/// `TestStore` test without a page) it reports an issue: override it to record what is pushed.
///
/// ```swift
/// let pushed = LockIsolated<[String]>([])
/// let store = TestStore(initialState: Chart.State()) { Chart() } withDependencies: {
///   $0.pageEvents = PageEvents { name, _ in pushed.withValue { $0.append(name) } }
/// }
/// ```
public struct PageEvents: Sendable {
  /// Sends the event `name` with `payload`, JSON text.
  public var send: @Sendable (_ name: String, _ payload: String) -> Void

  /// Events that `send` delivers.
  ///
  /// ```swift
  /// PageEvents { name, payload in print(name, payload) }
  /// ```
  public init(send: @escaping @Sendable (_ name: String, _ payload: String) -> Void) {
    self.send = send
    self.isDefault = false
  }

  /// Whether this is the dependency's default, which only reports: a ``LiveStore`` replaces it.
  let isDefault: Bool

  private init(default send: @escaping @Sendable (String, String) -> Void) {
    self.send = send
    self.isDefault = true
  }

  /// Sends the event `name` with `payload`, encoded as JSON. A payload that does not encode is
  /// reported, and nothing is sent.
  ///
  /// ```swift
  /// pageEvents.push("highlight", Bar(index: 2))
  /// ```
  public func push<Payload: Encodable>(_ name: String, _ payload: Payload) {
    do {
      let json = try JSONEncoder().encode(payload)
      send(name, String(decoding: json, as: UTF8.self))
    } catch {
      reportIssue("The payload of the page event '\(name)' does not encode as JSON: \(error)")
    }
  }

  /// Sends the event `name` with an empty payload (`{}`).
  ///
  /// ```swift
  /// pageEvents.push("saved")
  /// ```
  public func push(_ name: String) {
    send(name, "{}")
  }

  /// The default: a store that is no ``LiveStore`` has no page to push to.
  static let unset = PageEvents(default: { name, _ in
    reportIssue(
      "A page event ('\(name)') was pushed outside a live page: override the 'pageEvents' dependency.")
  })
}

extension PageEvents: DependencyKey {
  /// Reports a push: outside a ``LiveStore`` there is no page.
  ///
  /// ```swift
  /// @Dependency(\.pageEvents) var pageEvents
  /// ```
  public static let liveValue = PageEvents.unset
  /// Reports a push, as ``liveValue`` does: override it in a test to record what is pushed.
  ///
  /// ```swift
  /// withDependencies { $0.pageEvents = PageEvents { name, _ in print(name) } } operation: { … }
  /// ```
  public static let testValue = PageEvents.unset
}

extension DependencyValues {
  /// The events a feature's effects send its page (see ``PageEvents``).
  ///
  /// ```swift
  /// @Dependency(\.pageEvents) var pageEvents
  /// ```
  public var pageEvents: PageEvents {
    get {
      let events = self[PageEvents.self]
      guard events.isDefault, let tracker = storeObject(ChangeTracker.self) else { return events }
      return PageEvents { name, payload in tracker.push(name: name, payload: payload) }
    }
    set { self[PageEvents.self] = newValue }
  }
}

#endif  // Web
