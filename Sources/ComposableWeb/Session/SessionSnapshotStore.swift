#if Web
import Foundation

/// Where a server keeps its sessions' snapshots (see ``SessionSnapshots``): files in a
/// directory, for one process, or a store that every process of an app shares, such as
/// ComposableDatabase's `DatabaseSessionStore`, so that a page whose process stops resumes its
/// session in another.
///
/// A store that several processes share owns each session for one process at a time: a
/// ``claim(id:if:)`` takes the session for this process (or finds that another process holds it),
/// and a ``save(_:id:sessionName:onLost:)`` that finds the session taken by another process
/// calls `onLost`, and the registry ends its own copy. Saves and removals run in the order they
/// are asked for, after the call returns.
///
/// ```swift
/// let store = try await DatabaseSessionStore.open(database: database)
/// LiveEndpoint(
///   title: "App", features: features, hosts: hosts,
///   snapshots: SessionSnapshots(store: store), logger: logger)
/// ```
public protocol SessionSnapshotStore: Sendable {
  /// Takes session `id` for this process, with its snapshot, if `accepted` accepts the
  /// snapshot (its browser's secret is the page's, say); `.none` when there is no snapshot or
  /// `accepted` refuses it (then nothing changes), and `.heldElsewhere` while another process
  /// holds it.
  func claim(
    id: String, if accepted: @escaping @Sendable (SessionSnapshot) -> Bool
  ) async -> SnapshotClaim
  /// Saves the snapshot of session `id` (named `sessionName` in the log), after the saves and
  /// removals asked for before. Calls `onLost` if another process has taken the session since
  /// this one claimed or saved it: this process must end its copy.
  func save(
    _ snapshot: SessionSnapshot, id: String, sessionName: String,
    onLost: @escaping @Sendable () -> Void)
  /// Deletes the snapshot of session `id`, which ended, after the saves asked for before.
  func remove(id: String)
  /// Returns once every save and removal asked for so far is done.
  func flush() async
  /// The server is stopping, its sessions saved: other processes may claim them at once.
  func release() async
}

/// What ``SessionSnapshotStore/claim(id:if:)`` found.
public enum SnapshotClaim: Sendable, Equatable {
  /// The session's snapshot, now this process's to run.
  case claimed(SessionSnapshot)
  /// The store has no snapshot of the session.
  case none
  /// Another process runs the session (its hold has not run out): the page is asked to try
  /// again shortly.
  case heldElsewhere
}

/// A session as saved: its feature's path, its browser's secret, the identity of the request
/// that started it, and its state as its feature encoded it.
///
/// ```swift
/// SessionSnapshot(feature: "counter", browserSecret: secret, state: Data(#"{"count":2}"#.utf8))
/// ```
public struct SessionSnapshot: Codable, Equatable, Sendable {
  /// The path of the session's feature (``LiveFeature/path``).
  public var feature: String
  /// The secret of the browser that started the session (only it resumes the session).
  public var browserSecret: String
  /// The identity of the request that started the session (``LiveRequest/identity``).
  public var identity: String?
  /// The session's state, encoded by its feature.
  public var state: Data

  /// A snapshot of a session.
  public init(feature: String, browserSecret: String, identity: String? = nil, state: Data) {
    self.feature = feature
    self.browserSecret = browserSecret
    self.identity = identity
    self.state = state
  }
}
#endif  // Web
