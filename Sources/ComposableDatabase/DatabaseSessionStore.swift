#if Web && (SQLite || PostgreSQL)
import ComposableWeb
import Foundation
import Logging
import SQLKit

/// Session snapshots in a database that every process of an app shares, so that when one
/// process stops (a rolling deploy, say), its pages reconnect to another and resume there with
/// their state.
///
/// One process runs a session at a time, and the database says which: each snapshot row has an
/// owner (the process that runs the session) and a lease, which the owner renews every third of
/// ``lease``. Another process claims a session only when it has no owner, when its owner
/// released it (a stopping server releases all of its own after saving them), or when the
/// owner's lease ran out (the owner died). A process that finds, when it saves, that another
/// took its session ends its own copy. The rows are in the table `ocaf_sessions`, made when
/// the store opens.
///
/// ```swift
/// let database = try await PostgresLiveDatabase.connect(url: url, migrator: .app)
/// let store = try await DatabaseSessionStore.open(database: database)
/// let endpoint = LiveEndpoint(
///   title: "App", features: features, hosts: hosts,
///   snapshots: SessionSnapshots(store: store), logger: logger)
/// ```
public final class DatabaseSessionStore: SessionSnapshotStore {
  /// This process's name in the `owner` column.
  public let owner: String
  /// How long a claim or a save holds a session for this process without being renewed.
  public let lease: Duration
  private let operations: AsyncStream<Operation>.Continuation
  private let tasks: [Task<Void, Never>]

  /// The store's work, done one at a time in the order asked for.
  private enum Operation: Sendable {
    case claim(
      id: String, accepted: @Sendable (SessionSnapshot) -> Bool,
      CheckedContinuation<SnapshotClaim, Never>)
    case save(SessionSnapshot, id: String, name: String, onLost: @Sendable () -> Void)
    case remove(id: String)
    case release(CheckedContinuation<Void, Never>)
    case flush(CheckedContinuation<Void, Never>)
  }

  /// Opens the store in `database`: makes its table if missing, deletes the snapshots saved
  /// longer than `maximumAge` ago that no live process holds, and starts renewing this
  /// process's leases.
  ///
  /// - Parameters:
  ///   - owner: This process's name among the app's processes (unique: the host, the process id
  ///     and a random part by default).
  ///   - lease: How long a process holds a session without renewing; after it dies, its pages
  ///     wait about this long to resume elsewhere.
  ///   - renewal: How often this process renews its leases (a third of `lease` by default).
  ///   - maximumAge: Snapshots saved longer ago than this, and held by no live process, are
  ///     deleted when a store opens.
  ///   - now: The time leases are measured in (the wall clock; the processes' clocks are
  ///     assumed to agree within a small part of `lease`).
  public static func open(
    database: any LiveDatabase,
    owner: String = defaultOwner(),
    lease: Duration = .seconds(10),
    renewal: Duration? = nil,
    maximumAge: Duration = .seconds(24 * 60 * 60),
    logger: Logger = Logger(label: "ComposableDatabase"),
    now: @escaping @Sendable () -> Date = Date.init
  ) async throws -> DatabaseSessionStore {
    try await createTable(in: database)
    let old = milliseconds(now()) - milliseconds(maximumAge)
    let current = milliseconds(now())
    try await database.write { db in
      try await db.raw(
        """
        DELETE FROM ocaf_sessions WHERE saved_at < \(bind: old)
          AND (owner IS NULL OR lease_until < \(bind: current))
        """
      ).run()
    }
    return DatabaseSessionStore(
      database: database, owner: owner, lease: lease, renewal: renewal ?? lease / 3,
      logger: logger, now: now)
  }

  /// A name for this process: its host, its process id and a random part.
  public static func defaultOwner() -> String {
    "\(ProcessInfo.processInfo.hostName)-\(ProcessInfo.processInfo.processIdentifier)-"
      + UUID().uuidString.prefix(8).lowercased()
  }

  private init(
    database: any LiveDatabase, owner: String, lease: Duration, renewal: Duration,
    logger: Logger, now: @escaping @Sendable () -> Date
  ) {
    self.owner = owner
    self.lease = lease
    let (stream, operations) = AsyncStream<Operation>.makeStream()
    self.operations = operations
    let worker = Task { [database, owner, lease, logger, now] in
      let rows = Rows(database: database, owner: owner, lease: lease, logger: logger, now: now)
      for await operation in stream {
        await rows.perform(operation)
      }
    }
    let renewing = Task { [database, owner, lease, logger, now] in
      let rows = Rows(database: database, owner: owner, lease: lease, logger: logger, now: now)
      while !Task.isCancelled {
        try? await Task.sleep(for: renewal)
        if Task.isCancelled { return }
        await rows.renew()
      }
    }
    tasks = [worker, renewing]
  }

  deinit {
    operations.finish()
    for task in tasks { task.cancel() }
  }

  // MARK: SessionSnapshotStore

  /// Takes session `id` for this process if `accepted` accepts its snapshot and no live process
  /// holds it: `await store.claim(id: id) { $0.browserSecret == secret }`.
  public func claim(
    id: String, if accepted: @escaping @Sendable (SessionSnapshot) -> Bool
  ) async -> SnapshotClaim {
    await withCheckedContinuation { operations.yield(.claim(id: id, accepted: accepted, $0)) }
  }

  /// Saves a snapshot owned by this process, after the operations asked for before; calls `onLost`
  /// when another process owns the row now.
  public func save(
    _ snapshot: SessionSnapshot, id: String, sessionName: String,
    onLost: @escaping @Sendable () -> Void
  ) {
    operations.yield(.save(snapshot, id: id, name: sessionName, onLost: onLost))
  }

  /// Deletes the snapshot of an ended session, if this process owns it: `store.remove(id: id)`.
  public func remove(id: String) {
    operations.yield(.remove(id: id))
  }

  /// Returns once every operation asked for before is done: `await store.flush()`.
  public func flush() async {
    await withCheckedContinuation { operations.yield(.flush($0)) }
  }

  /// Lets every session this process owns go, so that other processes claim them at once:
  /// `await store.release()` as the server stops.
  public func release() async {
    await withCheckedContinuation { operations.yield(.release($0)) }
  }

  // MARK: The table

  static func createTable(in database: any LiveDatabase) async throws {
    do {
      try await database.write { db in
        try await db.raw(
          """
          CREATE TABLE IF NOT EXISTS ocaf_sessions (
            id TEXT PRIMARY KEY, feature TEXT NOT NULL, browser_secret TEXT NOT NULL,
            identity TEXT, state TEXT NOT NULL, owner TEXT, lease_until BIGINT NOT NULL,
            saved_at BIGINT NOT NULL)
          """
        ).run()
      }
    } catch {
      // Two processes that start together may both try to make it; one of them fails.
      _ = try await database.read { db in
        try await db.raw("SELECT id FROM ocaf_sessions LIMIT 1").all()
      }
    }
  }

  static func milliseconds(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1000).rounded())
  }

  static func milliseconds(_ duration: Duration) -> Int64 {
    duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
  }

  /// The statements, run by the store's one worker (and its renewal).
  private struct Rows: Sendable {
    let database: any LiveDatabase
    let owner: String
    let lease: Duration
    let logger: Logger
    let now: @Sendable () -> Date

    func perform(_ operation: Operation) async {
      switch operation {
      case let .claim(id, accepted, done): done.resume(returning: await claim(id, accepted))
      case let .save(snapshot, id, name, onLost): await save(snapshot, id, name, onLost)
      case let .remove(id): await remove(id)
      case let .release(done):
        await release()
        done.resume()
      case let .flush(done): done.resume()
      }
    }

    var current: Int64 { milliseconds(now()) }
    var leaseEnd: Int64 { current + milliseconds(lease) }

    func claim(_ id: String, _ accepted: @escaping @Sendable (SessionSnapshot) -> Bool) async -> SnapshotClaim {
      do {
        return try await database.write { [owner] db -> SnapshotClaim in
          guard
            let row = try await db.raw(
              """
              SELECT feature, browser_secret, identity, state, owner, lease_until
              FROM ocaf_sessions WHERE id = \(bind: id)
              """
            ).first()
          else { return .none }
          guard let state = Data(base64Encoded: try row.decode(column: "state", as: String.self))
          else { return .none }
          let snapshot = SessionSnapshot(
            feature: try row.decode(column: "feature", as: String.self),
            browserSecret: try row.decode(column: "browser_secret", as: String.self),
            identity: try row.decode(column: "identity", as: String?.self), state: state)
          guard accepted(snapshot) else { return .none }
          let holder = try row.decode(column: "owner", as: String?.self)
          let held = try row.decode(column: "lease_until", as: Int64.self)
          let now = current
          if let holder, holder != owner, held >= now { return .heldElsewhere }
          // Taken only if still free: another process may have claimed it since the read.
          let taken = try await db.raw(
            """
            UPDATE ocaf_sessions SET owner = \(bind: owner), lease_until = \(bind: leaseEnd)
            WHERE id = \(bind: id)
              AND (owner IS NULL OR owner = \(bind: owner) OR lease_until < \(bind: now))
            RETURNING id
            """
          ).all()
          return taken.isEmpty ? .heldElsewhere : .claimed(snapshot)
        }
      } catch {
        logger.warning(
          "Could not read a session's snapshot; the page starts afresh",
          metadata: ["error": "\(String(reflecting: error))"])
        return .none
      }
    }

    func save(
      _ snapshot: SessionSnapshot, _ id: String, _ name: String, _ onLost: @Sendable () -> Void
    ) async {
      do {
        let saved = try await database.write { [owner] db in
          try await db.raw(
            """
            INSERT INTO ocaf_sessions
              (id, feature, browser_secret, identity, state, owner, lease_until, saved_at)
            VALUES (\(bind: id), \(bind: snapshot.feature), \(bind: snapshot.browserSecret),
              \(bind: snapshot.identity), \(bind: snapshot.state.base64EncodedString()),
              \(bind: owner), \(bind: leaseEnd), \(bind: current))
            ON CONFLICT (id) DO UPDATE SET
              feature = excluded.feature, browser_secret = excluded.browser_secret,
              identity = excluded.identity, state = excluded.state,
              lease_until = excluded.lease_until, saved_at = excluded.saved_at
            WHERE ocaf_sessions.owner = excluded.owner
            RETURNING id
            """
          ).all()
        }
        if saved.isEmpty {
          onLost()
        }
      } catch {
        logger.warning(
          "Could not save a session's snapshot",
          metadata: ["session": "\(name)", "error": "\(String(reflecting: error))"])
      }
    }

    func remove(_ id: String) async {
      await run("Could not delete an ended session's snapshot") { [owner] db in
        try await db.raw(
          "DELETE FROM ocaf_sessions WHERE id = \(bind: id) AND owner = \(bind: owner)"
        ).run()
      }
    }

    func release() async {
      await run(
        "Could not release this server's sessions; other servers resume them once their leases run out"
      ) { [owner] db in
        try await db.raw("UPDATE ocaf_sessions SET owner = NULL WHERE owner = \(bind: owner)").run()
      }
    }

    func renew() async {
      let until = leaseEnd
      await run("Could not renew this server's hold on its sessions") { [owner] db in
        try await db.raw(
          "UPDATE ocaf_sessions SET lease_until = \(bind: until) WHERE owner = \(bind: owner)"
        ).run()
      }
    }

    /// Runs `statement` in a transaction; a failure is logged with `failure`, and nothing else
    /// happens (the next save, renewal or stop tries again).
    private func run(
      _ failure: String, _ statement: @escaping @Sendable (any SQLDatabase) async throws -> Void
    ) async {
      do {
        try await database.write(statement)
      } catch {
        logger.warning("\(failure)", metadata: ["error": "\(String(reflecting: error))"])
      }
    }
  }
}
#endif
