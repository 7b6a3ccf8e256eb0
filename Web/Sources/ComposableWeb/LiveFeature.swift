import ComposableArchitecture
import Logging

/// A feature the server offers: where it lives, how to describe it, and how a session makes its
/// store and page.
///
/// ```swift
/// LiveFeature(
///   path: "counter",
///   title: "Counter",
///   summary: "Count up and down, fetch a fact, run a timer.",
///   makeStore: { Store(initialState: Counter.State()) { Counter() } },
///   view: counterView
/// )
/// ```
public struct LiveFeature: Sendable {
  /// The URL path segment of the feature's page, e.g. `"counter"` for `/counter`.
  public let path: String
  /// The page title.
  public let title: String
  /// One sentence for the index page.
  public let summary: String
  let makeSession: @MainActor @Sendable (_ id: String, _ limits: LiveLimits, _ logger: Logger) -> LiveSession

  /// Describes a feature whose sessions each own a store made by `makeStore`, shown by `view`.
  public init<State, Action>(
    path: String,
    title: String,
    summary: String,
    makeStore: @escaping @MainActor @Sendable () -> Store<State, Action>,
    view: @escaping @MainActor @Sendable (Store<State, Action>) -> Node<Action>
  ) {
    self.path = path
    self.title = title
    self.summary = summary
    self.makeSession = { id, limits, logger in
      LiveSession(id: id, store: makeStore(), view: view, limits: limits, logger: logger)
    }
  }
}
