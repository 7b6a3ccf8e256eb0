#if Web
import ComposableArchitecture
import Foundation
import Logging
import Sharing

/// The server's live sessions, by id. A session whose page disconnects is kept for
/// `disconnectedLifetime` so that the page can reconnect to it; then it is closed and its store
/// released, which cancels its effects.
///
/// A session belongs to the browser that started it: it remembers the browser's secret (an
/// HttpOnly cookie the page's own browser holds) and is resumed only by a page presenting the
/// same secret. A client that knows a session's id but not its secret gets a new session.
///
/// No one client can lock others out: each client address may hold at most
/// ``LiveLimits/maximumSessionsPerAddress`` sessions and start at most
/// ``LiveLimits/newSessionsPerSecondPerAddress`` a second, and when a cap is reached the oldest
/// disconnected session (of that address, or of the address holding the most) is ended to make
/// room before anyone is turned away.
///
/// The registry keeps its table on the main actor, and each session runs on the actor of the
/// request that started it (``LiveRequest/sessionActor``: the adapters give each request one on
/// its connection's event loop), or on the main actor when the request names none. A session
/// on a ``SessionActor`` moves to the loop of each page's socket that attaches to it. The registry reaches a
/// session only on the session's actor, so connecting, rendering for a response and ending
/// are `async`; a page's messages go straight to its session's actor.
///
/// ```swift
/// let registry = SessionRegistry(features: [counter], logger: logger)
/// let visitor = Visitor(address: "203.0.113.7", browserSecret: cookie)
/// let connection = await registry.connect(featurePath: "counter", resumeID: nil, visitor: visitor) {
///   print($0)
/// }
/// ```
@MainActor
public final class SessionRegistry {
  /// A page's attachment to a session.
  public struct Connection: Hashable, Sendable {
    /// The session's id.
    public let sessionID: String
    let token: Int
  }

  struct Entry {
    var host: SessionHost
    var featurePath: String
    var token: Int
    var address: String
    var browserSecret: String?
    /// The identity of the request that started it (see ``LiveRequest/identity``).
    var identity: String?
    /// Rendered over HTTP and not yet attached to its page's socket: the page already shows
    /// its first render, so attaching sends only what changed since.
    var awaitsPage = false
    /// Closes the attached page's socket; `nil` while no page is attached.
    var close: (@Sendable () -> Void)?
    /// Sends to the attached page, while one is.
    var output: (@Sendable (String) -> Void)?
    /// When the page went away, while it is away.
    var disconnectedAt: Duration?
    var expiry: Task<Void, Never>?
  }

  let features: [String: LiveFeature]
  let logger: Logger
  let disconnectedLifetime: Duration
  let limits: LiveLimits
  /// The clock of expiry, snapshot debounce, the new-session rate and the waits of a stop.
  let clock: EngineClock
  var entries: [String: Entry] = [:]
  var sessionsByAddress: [String: Int] = [:]
  /// Sessions being made on their actors, counted against the limits already.
  var sessionsStarting = 0
  var newSessionGates: [String: FloodGate] = [:]
  let offenders = OffenderLog()
  var nextToken = 0
  var isShutDown = false
  /// Where sessions are saved, when snapshots are on.
  let snapshotStore: (any SessionSnapshotStore)?
  let snapshotSettings: SessionSnapshots?
  var pendingSnapshots: Set<String> = []

  /// Creates a registry for the given features.
  public nonisolated init(
    features: [LiveFeature],
    disconnectedLifetime: Duration = .seconds(120),
    limits: LiveLimits = LiveLimits(),
    snapshots: SessionSnapshots? = nil,
    clock: any Clock<Duration> = ContinuousClock(),
    logger: Logger
  ) {
    self.snapshotStore = snapshots.map { $0.makeStore(logger: logger) }
    self.snapshotSettings = snapshots
    self.features = Dictionary(features.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    self.disconnectedLifetime = disconnectedLifetime
    self.limits = limits
    self.clock = EngineClock(clock)
    self.logger = logger
  }

  /// The number of live sessions, attached or waiting for their page to come back.
  public var count: Int { entries.count }

  /// The number of live sessions started from `address`, and of those being made for it.
  public func count(address: String) -> Int { sessionsByAddress[address] ?? 0 }

  /// Whether a session with the given id is live.
  public func isLive(id: String) -> Bool { entries[id] != nil }

  /// Runs `body` with the live session `id` on the session's actor, and returns what it
  /// returns; `nil` when no such session is live.
  ///
  /// ```swift
  /// let html = await registry.withSession(id: id) { $0.startHTML() }
  /// ```
  public func withSession<T: Sendable>(
    id: String, _ body: @escaping @Sendable (LiveSession) -> T
  ) async -> T? {
    guard let host = entries[id]?.host else { return nil }
    return await host.run(body)
  }

  /// The live session `id` when it runs on the main actor, as the registry does (tests); `nil`
  /// otherwise.
  func session(id: String) -> LiveSession? {
    guard let host = entries[id]?.host, host.isolation === MainActor.shared else { return nil }
    return host.sessionOnMainActor
  }

  /// The session a connection is attached to, for code elsewhere that hands it the page's
  /// messages on its actor (a session is not `Sendable`: it stays where it was made).
  func host(of connection: Connection) -> SessionHost? {
    entries[connection.sessionID]?.host
  }

  /// Ends a session now: its page's handlers are revoked, its store released, and its
  /// snapshot, if any, deleted.
  public func end(sessionID: String) async {
    await end(sessionID: sessionID, keepingSnapshot: false)
  }

  func end(sessionID: String, keepingSnapshot: Bool) async {
    guard let host = remove(sessionID: sessionID, keepingSnapshot: keepingSnapshot) else { return }
    await Self.close(host, logger: logger)
  }

  /// The table's part of ending a session: it leaves the table and the counts at once; returns
  /// its host, to be closed.
  func remove(sessionID: String, keepingSnapshot: Bool) -> SessionHost? {
    guard let entry = entries.removeValue(forKey: sessionID) else { return nil }
    if !keepingSnapshot { snapshotStore?.remove(id: sessionID) }
    entry.expiry?.cancel()
    removeCount(of: entry.address)
    return entry.host
  }

  /// Closes a session that left the table, on its actor.
  static func close(_ host: SessionHost, logger: Logger) async {
    await host.run { session in
      session.close()
      logger.info(
        "Ended a session",
        metadata: session.droppedSummary.merging(["session": "\(session.logName)"]) { $1 })
    }
  }

  /// Ends every session.
  public func endAll() async {
    await withTaskGroup(of: Void.self) { group in
      for id in Array(entries.keys) {
        group.addTask { await self.end(sessionID: id) }
      }
    }
  }

  /// Stops for good: every attached page is told the server is stopping and its socket closed,
  /// every session that can be restored is saved (see ``SessionSnapshots``), every session
  /// ends (cancelling its effects), and later connections are refused. Saving and closing each
  /// wait for the sessions' actors at most ``LiveLimits/stopWait`` (then the saved snapshots are
  /// written to their files).
  public func shutDown() async {
    isShutDown = true
    for entry in entries.values {
      if let close = entry.close {
        entry.output?(Self.stopping)
        close()
      }
    }
    let ids = Array(entries.keys)
    if let snapshotStore {
      let saved = LockIsolated(0)
      await wait(upTo: limits.stopWait) {
        await withTaskGroup(of: Void.self) { group in
          for id in ids {
            group.addTask {
              await self.writeSnapshot(sessionID: id)
              saved.withValue { $0 += 1 }
            }
          }
        }
      }
      await snapshotStore.flush()
      await snapshotStore.release()
      reportUnanswered(ids.count - saved.value, "saved their snapshots")
    }
    let hosts = ids.compactMap { remove(sessionID: $0, keepingSnapshot: true) }
    let logger = self.logger
    let closed = LockIsolated(0)
    await wait(upTo: limits.stopWait) {
      await withTaskGroup(of: Void.self) { group in
        for host in hosts {
          group.addTask {
            await Self.close(host, logger: logger)
            closed.withValue { $0 += 1 }
          }
        }
      }
    }
    reportUnanswered(hosts.count - closed.value, "closed")
  }

  /// Logs that `count` sessions (if any) had not `done` what a stop asked of them in time.
  func reportUnanswered(_ count: Int, _ done: String) {
    guard count > 0 else { return }
    logger.warning(
      "Stopped without waiting longer for sessions whose actors did not answer: \(count) had not \(done)",
      metadata: ["limit": "\(limits.stopWait)"])
  }

  /// What a page is told when the server has no room for its session.
  static let refusal = ServerMessage.refused(
    reason: "The server is busy: it has as many sessions as it allows. Try again later.").text

  /// What a page is told when its address starts sessions faster than it may.
  static let tooFast = ServerMessage.refused(
    reason: "Too many new pages from your address at once. Trying again shortly.").text

  /// What a page is told when its session was opened by another page of the same browser.
  static let replaced = ServerMessage.replaced(
    reason: "This page was opened again in another tab or window.").text

  /// What a page is told when another process of the app runs its session just now (it tries
  /// again after a while, by which time that process has let the session go or stopped).
  static let heldElsewhere = ServerMessage.refused(
    reason: "This page's session is still open on another server. Trying again shortly.").text

  /// What a page is told when the server stops.
  static let stopping = ServerMessage.stopping(reason: "The server is stopping.").text
}
#endif  // Web
