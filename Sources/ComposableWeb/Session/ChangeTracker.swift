#if Web
import Observation
import Sharing

/// The changes observation reports for a session's components (from whichever thread mutated
/// the state), read on the main actor, and whether a flush is already on its way for them: the
/// first change schedules one, later ones join it.
///
/// It also holds what the feature's effects push to the page (``PageEvents``, ``PageStreams``):
/// the session has its store keep it (`StoreActor.keep(_:)`), where `pageEvents` and
/// `pageStreams` find it, so that a push costs no object or lock of its own; a push schedules a
/// flush as a change does.
///
/// ```swift
/// let changes = ChangeTracker(scheduleFlush: { Task { @MainActor in session.flushToPage() } })
/// let body = changes.observe(id: "c.0", generation: 7) { component.body() }
/// // … a mutation of what `body` read …
/// changes.take()  // [Change(id: "c.0", generation: 7)]
/// ```
final class ChangeTracker: Sendable {
  /// A component whose observed state changed, named by its id and the generation (render) that
  /// observed it: a change of a generation since replaced is stale.
  struct Change: Hashable {
    let id: String
    let generation: Int
  }
  private struct Contents {
    var changes: Set<Change> = []
    /// A flush is scheduled, or the session flushes itself when `held` ends.
    var flushPending = false
    var held = false
    /// Events pushed to the page's hooks, and stream operations, oldest first.
    var events: [(name: String, payload: String)] = []
    var streams: [(name: String, operation: StreamOperation)] = []
  }
  private let contents = Locked(Contents())
  private let scheduleFlush: @Sendable () -> Void

  init(scheduleFlush: @escaping @Sendable () -> Void) {
    self.scheduleFlush = scheduleFlush
  }

  /// Runs `body`, and records a change under `id` and `generation` when what it read changes.
  func observe<T>(id: String, generation: Int, _ body: () -> T) -> T {
    withObservationTracking(body) {
      if self.insert(id: id, generation: generation) { self.scheduleFlush() }
    }
  }

  /// Records a change; `true` when the caller should schedule a flush (none is pending yet).
  func insert(id: String, generation: Int) -> Bool {
    contents.withLock { contents in
      contents.changes.insert(Change(id: id, generation: generation))
      return Self.needsFlush(&contents)
    }
  }

  /// Queues an event for the page, and schedules a flush unless one is on its way.
  func push(name: String, payload: String) {
    let needsFlush = contents.withLock { contents in
      contents.events.append((name, payload))
      return Self.needsFlush(&contents)
    }
    if needsFlush { scheduleFlush() }
  }

  /// Queues a stream's operation for the page, and schedules a flush unless one is on its way.
  func push(stream name: String, _ operation: StreamOperation) {
    let needsFlush = contents.withLock { contents in
      contents.streams.append((name, operation))
      return Self.needsFlush(&contents)
    }
    if needsFlush { scheduleFlush() }
  }

  /// Marks a flush pending; `true` when none was and the session is not holding flushes.
  private static func needsFlush(_ contents: inout Contents) -> Bool {
    guard !contents.flushPending else { return false }
    contents.flushPending = true
    return !contents.held
  }

  /// From now until ``release()``, changes schedule no flush: the session flushes them itself.
  func hold() {
    contents.withLock { $0.held = true }
  }

  /// Ends ``hold()``; `true` when changes, events or stream operations are waiting.
  func release() -> Bool {
    contents.withLock { contents in
      contents.held = false
      return !contents.changes.isEmpty || !contents.events.isEmpty || !contents.streams.isEmpty
    }
  }

  /// The events and stream operations pushed since the last take, oldest first.
  func takePushed() -> (
    events: [(name: String, payload: String)], streams: [(name: String, operation: StreamOperation)]
  ) {
    contents.withLock { contents in
      defer {
        contents.events = []
        contents.streams = []
      }
      return (contents.events, contents.streams)
    }
  }

  /// The changes recorded since the last take.
  @discardableResult
  func take() -> Set<Change> {
    contents.withLock { contents in
      defer {
        contents.changes = []
        contents.flushPending = false
      }
      return contents.changes
    }
  }
}
#endif  // Web
