#if SQLite || PostgreSQL
import Dependencies
import Foundation
import SQLKit
import Sharing

/// A query that ``Fetch`` runs, and runs again whenever a committed write changes a table it
/// reads. Equal requests share one value, so make it a value type of its parameters.
///
/// ```swift
/// struct ListSummary: FetchRequest {
///   let listID: Int
///   var tables: Set<String>? { ["items"] }
///   func fetch(_ db: any SQLDatabase) async throws -> (open: Int, done: Int) {
///     let items = try await db.raw("SELECT done FROM items WHERE list = \(bind: listID)")
///       .all(decodingColumn: "done", as: Bool.self)
///     return (items.count { !$0 }, items.count { $0 })
///   }
/// }
/// ```
public protocol FetchRequest<Value>: Hashable, Sendable {
  /// What the request fetches.
  associatedtype Value: Sendable

  /// The tables the request reads: it runs again when a write changes one of them. `nil`
  /// (the default) runs it again after every write.
  var tables: Set<String>? { get }

  /// Reads the value.
  func fetch(_ db: any SQLDatabase) async throws -> Value
}

extension FetchRequest {
  /// No tables named: the request runs again after every write.
  public var tables: Set<String>? { nil }
}

/// The shared key of a ``FetchRequest`` in a database: it loads the request's value, and
/// loads it again after each write that changes a table it reads.
public struct FetchKey<Request: FetchRequest>: SharedReaderKey {
  let request: Request
  let database: any LiveDatabase
  private let refetch: Refetch<Request>

  init(request: Request, database: (any LiveDatabase)?) {
    self.request = request
    if let database {
      self.database = database
    } else {
      @Dependency(\.defaultDatabase) var defaultDatabase
      self.database = defaultDatabase
    }
    refetch = Refetch(request: request, database: self.database)
  }

  /// The request in its database: fetches of equal requests in one database share a value.
  public var id: FetchKeyID {
    FetchKeyID(request: AnyHashableSendable(request), database: DatabaseIdentity(database))
  }

  /// Runs the request and hands its value to `continuation` (or its error): the first read, and
  /// `$value.load()`.
  public func load(
    context: LoadContext<Request.Value>, continuation: LoadContinuation<Request.Value>
  ) {
    // Changes from now on are seen: one that commits while this reads runs the fetch again
    // once the key is subscribed.
    refetch.watch()
    let request = request
    let database = database
    Task {
      do {
        continuation.resume(returning: try await database.read { try await request.fetch($0) })
      } catch {
        continuation.resume(throwing: error)
      }
    }
  }

  /// Runs the request again after each write that changes a table it reads, handing each value to
  /// `subscriber`, until the subscription ends.
  public func subscribe(
    context: LoadContext<Request.Value>, subscriber: SharedSubscriber<Request.Value>
  ) -> SharedSubscription {
    refetch.attach(subscriber)
    let refetch = refetch
    return SharedSubscription { refetch.stop() }
  }
}

/// The identity of a ``FetchKey``.
public struct FetchKeyID: Hashable, Sendable {
  let request: AnyHashableSendable
  let database: DatabaseIdentity
}

/// A database compared by identity: the same instance is the same database.
struct DatabaseIdentity: Hashable, Sendable {
  let id: ObjectIdentifier?
  init(_ database: any LiveDatabase) {
    id = (database as? AnyObject).map(ObjectIdentifier.init)
  }
}

/// Runs a subscribed request again after changes: one run at a time, and a change during a
/// run makes one more run after it, so the last value yielded is read after the last change.
/// Changes are watched from the key's first load; one that comes before the subscriber does
/// runs the request once the subscriber is there.
final class Refetch<Request: FetchRequest>: Sendable {
  let request: Request
  let database: any LiveDatabase
  private let state = Locked(State())

  struct State {
    var observation: DatabaseObservation?
    var subscriber: SharedSubscriber<Request.Value>?
    var isRunning = false
    var runsAgain = false
    var changedBeforeSubscriber = false
    var isStopped = false
    var task: Task<Void, Never>?
  }

  init(request: Request, database: any LiveDatabase) {
    self.request = request
    self.database = database
  }

  /// Starts watching the database's changes, if not yet.
  func watch() {
    let starts = state.withLock { state -> Bool in
      guard state.observation == nil, !state.isStopped else { return false }
      // Claimed at once; the observation is set below.
      state.observation = DatabaseObservation {}
      return true
    }
    guard starts else { return }
    let tables = request.tables
    let observation = database.observeChanges { [weak self] change in
      if change.affects(tables) { self?.changed() }
    }
    let stopped = state.withLock { state -> Bool in
      state.observation = observation
      return state.isStopped
    }
    if stopped { observation.cancel() }
  }

  /// Hands the values of later runs to `subscriber`.
  func attach(_ subscriber: SharedSubscriber<Request.Value>) {
    watch()
    let runs = state.withLock { state -> Bool in
      state.subscriber = subscriber
      defer { state.changedBeforeSubscriber = false }
      return state.changedBeforeSubscriber
    }
    if runs { changed() }
  }

  private func changed() {
    let starts = state.withLock { state -> Bool in
      guard !state.isStopped else { return false }
      guard state.subscriber != nil else {
        state.changedBeforeSubscriber = true
        return false
      }
      if state.isRunning {
        state.runsAgain = true
        return false
      }
      state.isRunning = true
      return true
    }
    guard starts else { return }
    let task = Task { await self.loop() }
    state.withLock { state in
      if state.isRunning { state.task = task }
    }
  }

  private func loop() async {
    while true {
      let result: Result<Request.Value?, any Error>
      do {
        result = .success(try await database.read { [request] in try await request.fetch($0) })
      } catch {
        result = .failure(error)
      }
      // A value already outdated by a later change is not yielded: the next run's is.
      let (again, subscriber) = state.withLock { state -> (Bool, SharedSubscriber<Request.Value>?) in
        if state.isStopped { return (false, nil) }
        if state.runsAgain {
          state.runsAgain = false
          return (true, nil)
        }
        state.isRunning = false
        state.task = nil
        return (false, state.subscriber)
      }
      subscriber?.yield(with: result)
      if !again { return }
    }
  }

  /// Stops watching and running.
  func stop() {
    let (task, observation) = state.withLock { state in
      state.isStopped = true
      state.subscriber = nil
      defer { state.observation = nil }
      return (state.task, state.observation)
    }
    observation?.cancel()
    task?.cancel()
  }
}
#endif
