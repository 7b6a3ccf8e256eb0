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
      guard events.isDefault, let sink = self[LivePageSinkKey.self] else { return events }
      return PageEvents { name, payload in sink.push(name: name, payload: payload) }
    }
    set { self[PageEvents.self] = newValue }
  }
}

/// The sink of the ``LiveStore`` whose feature runs: its `pageEvents` and `pageStreams` reach it
/// unless they were set otherwise (one entry in a store's dependencies for both).
enum LivePageSinkKey: DependencyKey {
  static let liveValue: PageEventSink? = nil
  static let testValue: PageEventSink? = nil
}

/// The events pushed to a session's page and not yet sent, from whichever thread pushed them:
/// the next patch carries them (see ``PatchAssembly``).
///
/// A ``LiveStore`` makes one and gives its feature's `pageEvents` to it (``dependencies(_:)``);
/// the session that shows the store connects to it, and events pushed before are kept for it.
@usableFromInline
package final class PageEventSink: Sendable {
  /// What waits to be sent, and how to ask the session for a flush (set once the session
  /// exists): one lock for all of it, since a session keeps one sink for as long as it lives.
  private struct Contents {
    var events: [(name: String, payload: String)] = []
    var streams: [(name: String, operation: StreamOperation)] = []
    var scheduleFlush: (@Sendable () -> Void)?
  }
  private let contents = Locked(Contents())

  @usableFromInline
  package init() {}

  /// The dependencies a store of this sink is made with: its `pageEvents` pushes here, unless
  /// they were set otherwise (by an outer `withDependencies`, or by `prepare`, which runs after).
  @usableFromInline
  package func dependencies(
    _ prepare: ((inout DependencyValues) -> Void)?
  ) -> (inout DependencyValues) -> Void {
    { values in
      values[LivePageSinkKey.self] = self
      prepare?(&values)
    }
  }

  /// Connects the sink to its session's flush.
  func connect(_ flush: @escaping @Sendable () -> Void) {
    contents.withLock { $0.scheduleFlush = flush }
  }

  /// Queues an event for the page, and asks for a flush.
  func push(name: String, payload: String) {
    contents.withLock {
      $0.events.append((name, payload))
      return $0.scheduleFlush
    }?()
  }

  /// Queues a stream's operation for the page, and asks for a flush.
  func push(stream name: String, _ operation: StreamOperation) {
    contents.withLock {
      $0.streams.append((name, operation))
      return $0.scheduleFlush
    }?()
  }

  /// The stream operations waiting, oldest first; they are then gone.
  func takeStreams() -> [(name: String, operation: StreamOperation)] {
    contents.withLock { contents in
      defer { contents.streams = [] }
      return contents.streams
    }
  }

  /// Whether events or stream operations wait to be sent.
  var hasPending: Bool { contents.withLock { !$0.events.isEmpty || !$0.streams.isEmpty } }

  /// The events waiting, oldest first; they are then gone.
  func take() -> [(name: String, payload: String)] {
    contents.withLock { contents in
      defer { contents.events = [] }
      return contents.events
    }
  }
}
#endif  // Web
