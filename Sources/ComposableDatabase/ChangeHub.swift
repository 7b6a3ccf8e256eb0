#if SQLite || PostgreSQL
import Foundation
import Sharing

/// The observers of one database's changes, and the broadcast of each change to them.
final class ChangeHub: Sendable {
  private let observers = Locked<[UUID: @Sendable (DatabaseChange) -> Void]>([:])

  func observe(_ onChange: @escaping @Sendable (DatabaseChange) -> Void) -> DatabaseObservation {
    let id = UUID()
    observers.withLock { $0[id] = onChange }
    return DatabaseObservation { [weak self] in
      _ = self?.observers.withLock { $0.removeValue(forKey: id) }
    }
  }

  func broadcast(_ change: DatabaseChange) {
    if case let .tables(tables) = change, tables.isEmpty { return }
    for observer in observers.withLock({ Array($0.values) }) { observer(change) }
  }
}

/// Runs async work one piece at a time, in the order it asked.
actor AsyncGate {
  private var isBusy = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  func run<T: Sendable>(_ work: @Sendable () async throws -> T) async throws -> T {
    if isBusy {
      await withCheckedContinuation { waiting.append($0) }
    } else {
      isBusy = true
    }
    defer {
      if waiting.isEmpty { isBusy = false } else { waiting.removeFirst().resume() }
    }
    return try await work()
  }
}
#endif
