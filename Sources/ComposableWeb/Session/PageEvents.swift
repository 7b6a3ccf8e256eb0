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
/// they were pushed; every hook of the page that handles the name gets the payload. In a live
/// page (a served session or a ``LivePage``) the dependency reaches the session whose action
/// started the effect. Anywhere else (a `TestStore` test without a page) it reports an issue:
/// override it to record what is pushed.
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

  /// Sends to the session whose action is being handled (``PageEventSink/current``).
  static let current = PageEvents { name, payload in
    guard let sink = PageEventSink.current else {
      reportIssue(
        "A page event ('\(name)') was pushed outside a live page: override the 'pageEvents' dependency.")
      return
    }
    sink.push(name: name, payload: payload)
  }
}

extension PageEvents: DependencyKey {
  public static let liveValue = PageEvents.current
  public static let testValue = PageEvents.current
}

extension DependencyValues {
  /// The events a feature's effects send its page (see ``PageEvents``).
  ///
  /// ```swift
  /// @Dependency(\.pageEvents) var pageEvents
  /// ```
  public var pageEvents: PageEvents {
    get { self[PageEvents.self] }
    set { self[PageEvents.self] = newValue }
  }
}

/// The events pushed to a session's page and not yet sent, from whichever thread pushed them:
/// the next patch carries them (see ``PatchAssembly``).
///
/// A session's store and its effects find it as ``current``: the session makes it current while
/// its store is made and while it handles the page's messages, so effects started then (which
/// inherit it) push to that session.
package final class PageEventSink: Sendable {
  /// The sink of the session whose work is running.
  @TaskLocal static var current: PageEventSink?

  private let pending = Locked<[(name: String, payload: String)]>([])
  /// Asks the session to flush (set once the session exists).
  private let scheduleFlush = Locked<(@Sendable () -> Void)?>(nil)

  package init() {}

  /// Connects the sink to its session's flush.
  func connect(_ flush: @escaping @Sendable () -> Void) {
    scheduleFlush.withLock { $0 = flush }
  }

  /// Queues an event for the page, and asks for a flush.
  func push(name: String, payload: String) {
    pending.withLock { $0.append((name, payload)) }
    scheduleFlush.withLock { $0 }?()
  }

  /// Whether events wait to be sent.
  var hasPending: Bool { pending.withLock { !$0.isEmpty } }

  /// The events waiting, oldest first; they are then gone.
  func take() -> [(name: String, payload: String)] {
    pending.withLock { events in
      defer { events = [] }
      return events
    }
  }
}
#endif  // Web
