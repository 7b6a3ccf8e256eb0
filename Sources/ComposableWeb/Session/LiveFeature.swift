#if Web
import ComposableArchitecture
import Foundation
import Logging
import Sharing

/// A feature the server offers: where it lives, how to describe it, and how a session makes its
/// store and page.
///
/// ```swift
/// LiveFeature(
///   path: "counter",
///   title: "Counter",
///   summary: "Count up and down, fetch a fact, run a timer.",
///   makeStore: { LiveStore(initialState: Counter.State()) { Counter() } },
///   view: counterView
/// )
/// ```
public struct LiveFeature: Sendable {
  /// The URL path segment of the feature's page, e.g. `"counter"` for `/counter`.
  public let path: String
  /// The page title.
  public let title: String
  /// One sentence for the index page; the feature's page shows it under its title.
  public let summary: String
  /// A short paragraph the page shows under its summary, e.g. on the idea a demo shows (see
  /// ``about(_:)``); none by default.
  public var about: String?
  /// Makes a session for `request` (the page's) on `isolation`, from a snapshot of its state
  /// when one is given; `nil` when the snapshot can't be read. The first loads of the store's
  /// shared state are given to `awaitLoads` before the session is made (see `SharedLoads`).
  let makeSession:
    @Sendable (
      _ id: String, _ snapshot: Data?, _ request: LiveRequest, _ limits: LiveLimits,
      _ logger: Logger, _ awaitLoads: @Sendable (SharedLoads) async -> Void,
      _ prepareDependencies: (@Sendable (inout DependencyValues) -> Void)?,
      _ isolation: isolated any Actor
    ) async -> LiveSession?
  /// What ``dependencies(_:)`` sets up for the feature's stores.
  var prepareDependencies: (@Sendable (inout DependencyValues) -> Void)?
  /// The client hooks the feature's view uses (see ``hooks(_:)``).
  public private(set) var hooks: [LiveHook] = []
  /// Whether sessions can be saved as snapshots and restored (see ``SessionSnapshots``).
  public let isRestorable: Bool
  /// Whether the feature has a ``LiveRoute``: its page's URL follows its state, and the page
  /// answers every path below its own (`/todos/…`), each a location of the feature.
  public let isRouted: Bool

  /// The feature with `prepare` setting up the dependencies of everything its sessions make:
  /// each store, and the state it starts from, whether initial or restored from a snapshot.
  /// A state that reads a database as it is made (`@FetchAll`) needs it, since a restored one
  /// is decoded before any store exists.
  ///
  /// ```swift
  /// LiveFeature(path: "lists", …).dependencies { $0.defaultDatabase = database }
  /// ```
  ///
  /// A store's own `withDependencies` runs after `prepare`, and wins where both set a value.
  public func dependencies(_ prepare: @escaping @Sendable (inout DependencyValues) -> Void) -> LiveFeature {
    var feature = self
    let earlier = prepareDependencies
    feature.prepareDependencies = { values in
      earlier?(&values)
      prepare(&values)
    }
    return feature
  }

  /// Runs `body` as the feature makes a session's state or store: on `isolation`, with the
  /// feature's dependencies, its shared values' first loads counted in `loads`.
  static func making<T>(
    _ loads: SharedLoads, _ prepare: (@Sendable (inout DependencyValues) -> Void)?,
    _ isolation: isolated any Actor, _ body: () throws -> T
  ) rethrows -> T {
    try withDependencies(prepare ?? { _ in }) {
      try loads.collect { try LiveStoreIsolation.$current.withValue(isolation) { try body() } }
    }
  }

  /// The feature with the client hooks its view uses (see ``LiveHook``): the endpoint serves
  /// them with its ``LiveLayout/hooks``, so that the feature brings its browser code along.
  ///
  /// ```swift
  /// LiveFeature(path: "chart", title: "Chart", summary: "Bars", makeStore: { … }, view: chartView)
  ///   .hooks([barChartHook])
  /// ```
  public func hooks(_ hooks: [LiveHook]) -> LiveFeature {
    var feature = self
    feature.hooks += hooks
    return feature
  }

  /// The feature with `text` as the paragraph its page shows under the summary.
  ///
  /// ```swift
  /// LiveFeature(path: "counter", …).about("State is a value; the reducer changes it.")
  /// ```
  public func about(_ text: String) -> LiveFeature {
    var feature = self
    feature.about = text
    return feature
  }

  /// Describes a feature whose sessions each own a store made by `makeStore`, shown by `view`.
  /// `appearAction`, if any, is sent when a session starts, before its first render, as a
  /// SwiftUI view's `.task` would be.
  ///
  /// ```swift
  /// LiveFeature(
  ///   path: "counter", title: "Counter", summary: "Count up and down.",
  ///   makeStore: { LiveStore(initialState: Counter.State()) { Counter() } },
  ///   view: counterView
  /// )
  /// ```
  public init<State, Action>(
    path: String,
    title: String,
    summary: String,
    makeStore: @escaping @Sendable () -> LiveStore<State, Action>,
    appearAction: (@Sendable () -> Action)? = nil,
    route: LiveRoute<State, Action>? = nil,
    view: @escaping @Sendable (LiveStore<State, Action>) -> Node<Action>
  ) {
    self.init(
      path: path, title: title, summary: summary, makeStore: { _ in makeStore() },
      appearAction: appearAction, route: route, view: view)
  }

  /// Describes a feature whose sessions each own a store made by `makeStore` from the request
  /// of the page that starts the session: its path and query (a deep link), its headers and
  /// cookies, and what the server's middleware added (see ``LiveRequest``).
  ///
  /// ```swift
  /// LiveFeature(
  ///   path: "todos", title: "To-dos", summary: "Your lists.",
  ///   makeStore: { request in
  ///     LiveStore(initialState: Todos.State(filter: Filter(rawValue: request.query("filter") ?? "") ?? .all)) {
  ///       Todos()
  ///     } withDependencies: {
  ///       $0.currentUser = request[User.self]
  ///     }
  ///   },
  ///   view: todosView
  /// )
  /// ```
  public init<State, Action>(
    path: String,
    title: String,
    summary: String,
    makeStore: @escaping @Sendable (LiveRequest) -> LiveStore<State, Action>,
    appearAction: (@Sendable () -> Action)? = nil,
    route: LiveRoute<State, Action>? = nil,
    view: @escaping @Sendable (LiveStore<State, Action>) -> Node<Action>
  ) {
    self.path = path
    self.title = title
    self.summary = summary
    self.isRestorable = false
    self.isRouted = route != nil
    self.makeSession = { id, _, request, limits, logger, awaitLoads, prepare, isolation in
      let loads = SharedLoads()
      let store = LiveFeature.making(loads, prepare, isolation) { makeStore(request) }
      if !loads.isFinished { await awaitLoads(loads) }
      return LiveSession(
        id: id, store: store, view: view, route: route, location: request.location,
        appearAction: appearAction, limits: limits, logger: logger, isolation: isolation)
    }
  }

  /// Describes a feature whose sessions can be saved and restored: its state is `Codable`, and
  /// `makeStore` makes the store from a state, the initial one or a restored one. With
  /// ``SessionSnapshots`` on the server, a restart resumes each session with its state.
  /// `appearAction`, if any, is sent when a session starts and again when it is restored, as
  /// a SwiftUI view's `.task` would be: effects don't survive a restart, so long-lived ones
  /// start from it.
  ///
  /// ```swift
  /// LiveFeature(
  ///   path: "counter",
  ///   title: "Counter",
  ///   summary: "Count up and down.",
  ///   initialState: { Counter.State() },
  ///   makeStore: { state in LiveStore(initialState: state) { Counter() } },
  ///   view: counterView
  /// )
  /// ```
  public init<State: Codable, Action>(
    path: String,
    title: String,
    summary: String,
    initialState: @escaping @Sendable () -> State,
    makeStore: @escaping @Sendable (State) -> LiveStore<State, Action>,
    appearAction: (@Sendable () -> Action)? = nil,
    route: LiveRoute<State, Action>? = nil,
    view: @escaping @Sendable (LiveStore<State, Action>) -> Node<Action>
  ) {
    self.init(
      path: path, title: title, summary: summary, initialState: { _ in initialState() },
      makeStore: makeStore, appearAction: appearAction, route: route, view: view)
  }

  /// Describes a restorable feature, as above, whose initial state comes from the request of
  /// the page that starts the session, e.g. a deep link's query.
  ///
  /// ```swift
  /// LiveFeature(
  ///   path: "counter", title: "Counter", summary: "Count up and down.",
  ///   initialState: { request in Counter.State(count: Int(request.query("count") ?? "") ?? 0) },
  ///   makeStore: { state in LiveStore(initialState: state) { Counter() } },
  ///   view: counterView
  /// )
  /// ```
  public init<State: Codable, Action>(
    path: String,
    title: String,
    summary: String,
    initialState: @escaping @Sendable (LiveRequest) -> State,
    makeStore: @escaping @Sendable (State) -> LiveStore<State, Action>,
    appearAction: (@Sendable () -> Action)? = nil,
    route: LiveRoute<State, Action>? = nil,
    view: @escaping @Sendable (LiveStore<State, Action>) -> Node<Action>
  ) {
    self.path = path
    self.title = title
    self.summary = summary
    self.isRestorable = true
    self.isRouted = route != nil
    self.makeSession = { id, snapshot, request, limits, logger, awaitLoads, prepare, isolation in
      let loads = SharedLoads()
      let state: State
      if let snapshot {
        do {
          state = try LiveFeature.making(loads, prepare, isolation) {
            try JSONDecoder().decode(State.self, from: snapshot)
          }
        } catch {
          logger.warning(
            "A session's snapshot does not decode as its feature's state: it starts afresh",
            metadata: ["feature": "\(path)", "error": "\(error)"])
          return nil
        }
      } else {
        state = LiveFeature.making(loads, prepare, isolation) { initialState(request) }
      }
      let store = LiveFeature.making(loads, prepare, isolation) { makeStore(state) }
      if !loads.isFinished { await awaitLoads(loads) }
      // A restored state is where it was: the page's URL follows it.
      let session = LiveSession(
        id: id, store: store, view: view, route: route,
        location: snapshot == nil ? request.location : nil, appearAction: appearAction,
        limits: limits, logger: logger, isolation: isolation)
      session.encodeState = { try? JSONEncoder().encode(store.withState { $0 }) }
      return session
    }
  }
}
#endif  // Web
