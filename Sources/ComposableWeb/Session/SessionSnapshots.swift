#if Web
import Foundation
import Logging

/// Where and how a server keeps snapshots of its sessions, so that a restart resumes them.
///
/// Only features made with a `Codable` state opt in (see
/// ``LiveFeature/init(path:title:summary:initialState:makeStore:appearAction:view:)``). A
/// session's snapshot is saved at most once per `debounce` while its state changes, and once
/// more when the server stops; a page that reconnects after a restart with the session's id and
/// its browser's secret gets the session back, with its state, and its feature's appear action
/// is sent again to restart long-lived effects. A session that ends (its page gone for the
/// disconnected lifetime) has its snapshot deleted.
///
/// Snapshots are files in a directory, one per session, written atomically, for one process:
///
/// ```swift
/// LiveEndpoint(
///   title: "App", features: features, hosts: hosts,
///   snapshots: SessionSnapshots(directory: URL(filePath: "/var/lib/app/sessions")),
///   logger: logger)
/// ```
///
/// or they are in a ``SessionSnapshotStore`` that several processes share, such as a database,
/// so that the pages of a process that stops resume in another: `SessionSnapshots(store:)`.
public struct SessionSnapshots: Sendable {
  /// The directory of the snapshot files (created if missing; one file per session); `nil`
  /// when the snapshots are in a ``store``.
  public var directory: URL?
  /// The store the snapshots are in, when they are not files in ``directory``.
  public var store: (any SessionSnapshotStore)?
  /// How long changes are gathered before a session's snapshot is saved.
  public var debounce: Duration
  /// The most snapshot files kept; past it, the oldest are deleted.
  public var maximumCount: Int
  /// The largest snapshot saved, in bytes; a larger state is logged and not saved.
  public var maximumBytes: Int
  /// Snapshot files older than this are deleted when the server starts.
  public var maximumAge: Duration

  /// Describes snapshots in files in `directory`.
  public init(
    directory: URL,
    debounce: Duration = .seconds(1),
    maximumCount: Int = 10_000,
    maximumBytes: Int = 256 * 1024,
    maximumAge: Duration = .seconds(24 * 60 * 60)
  ) {
    self.directory = directory
    self.debounce = debounce
    self.maximumCount = maximumCount
    self.maximumBytes = maximumBytes
    self.maximumAge = maximumAge
  }

  /// Describes snapshots kept in `store`, which ages them itself.
  ///
  /// ```swift
  /// SessionSnapshots(store: try await DatabaseSessionStore.open(database: database))
  /// ```
  public init(
    store: any SessionSnapshotStore, debounce: Duration = .seconds(1),
    maximumBytes: Int = 256 * 1024
  ) {
    self.store = store
    self.debounce = debounce
    self.maximumCount = .max
    self.maximumBytes = maximumBytes
    self.maximumAge = .seconds(Int64.max)
  }

  /// The store these settings name: the given one, or the files in the directory (trimmed
  /// first).
  func makeStore(logger: Logger) -> any SessionSnapshotStore {
    if let store { return store }
    let files = SnapshotFiles(settings: self, logger: logger)
    files.trimLater()
    return files
  }
}

/// The snapshot files, for one process. Writes and deletions happen in order on a queue of their
/// own, off the main actor (so a deletion is never overtaken by an earlier write); reads happen
/// on the caller's thread.
final class SnapshotFiles: SessionSnapshotStore {
  let settings: SessionSnapshots
  let logger: Logger
  private let queue = DispatchQueue(label: "ComposableWeb.SnapshotFiles")

  init(settings: SessionSnapshots, logger: Logger) {
    self.settings = settings
    self.logger = logger
  }

  // MARK: SessionSnapshotStore

  /// A file's snapshot: one process holds every session, so there is no other holder.
  func claim(
    id: String, if accepted: @escaping @Sendable (SessionSnapshot) -> Bool
  ) async -> SnapshotClaim {
    guard let snapshot = load(id: id), accepted(snapshot) else { return .none }
    return .claimed(snapshot)
  }

  /// Saves a snapshot on the files' queue (see ``write(_:id:sessionName:)``). No other process
  /// shares the files, so a session is never lost to one.
  func save(
    _ snapshot: SessionSnapshot, id: String, sessionName: String,
    onLost: @escaping @Sendable () -> Void
  ) {
    queue.async { self.write(snapshot, id: id, sessionName: sessionName) }
  }

  /// Deletes a snapshot on the files' queue, after the writes asked for before.
  func remove(id: String) {
    queue.async { self.delete(id: id) }
  }

  func flush() async {
    await withCheckedContinuation { done in queue.async { done.resume() } }
  }

  /// Nothing to release: no other process reads the files.
  func release() async {}

  // MARK: The files

  /// Trims the directory on the files' queue.
  func trimLater() {
    queue.async { self.trim() }
  }

  /// The file of a session: its id is 32 hex digits, anything else has none.
  func url(id: String) -> URL? {
    guard id.utf8.count == 32, id.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) })
    else { return nil }
    return settings.directory?.appending(path: id + ".json")
  }

  /// The snapshot of session `id`, if there is a readable one.
  func load(id: String) -> SessionSnapshot? {
    guard let url = url(id: id), let data = try? Data(contentsOf: url) else { return nil }
    do {
      return try JSONDecoder().decode(SessionSnapshot.self, from: data)
    } catch {
      logger.warning(
        "Ignored an unreadable session snapshot", metadata: ["file": "\(url.lastPathComponent)"])
      return nil
    }
  }

  /// Writes the snapshot of session `id` atomically (a temporary file renamed over the old
  /// one), readable by the server's user only; then keeps the directory within its count.
  func write(_ snapshot: SessionSnapshot, id: String, sessionName: String) {
    guard let url = url(id: id), let directory = settings.directory else { return }
    do {
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
      let data = try JSONEncoder().encode(snapshot)
      try data.write(to: url, options: [.atomic])
      try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
    } catch {
      logger.warning(
        "Could not save a session's snapshot",
        metadata: ["session": "\(sessionName)", "error": "\(error)"])
      return
    }
    trim()
  }

  /// Deletes the snapshot of session `id`, if any.
  func delete(id: String) {
    guard let url = url(id: id) else { return }
    try? FileManager.default.removeItem(at: url)
  }

  /// Deletes snapshots older than the maximum age, then the oldest beyond the maximum count.
  func trim() {
    let keys: [URLResourceKey] = [.contentModificationDateKey]
    guard let directory = settings.directory,
      let files = try? FileManager.default.contentsOfDirectory(
        at: directory, includingPropertiesForKeys: keys)
    else { return }
    let snapshots = files.filter { $0.pathExtension == "json" && url(id: $0.deletingPathExtension().lastPathComponent) != nil }
      .map { file in
        (file, (try? file.resourceValues(forKeys: Set(keys)).contentModificationDate) ?? .distantPast)
      }
      .sorted { $0.1 > $1.1 }
    let age = settings.maximumAge
    let oldest = Date.now.addingTimeInterval(
      -(Double(age.components.seconds) + Double(age.components.attoseconds) / 1e18))
    for (index, (file, modified)) in snapshots.enumerated()
    where index >= settings.maximumCount || modified < oldest {
      try? FileManager.default.removeItem(at: file)
    }
  }
}
#endif  // Web
