import ConcurrencyExtras
import Dependencies
import Foundation

/// The shared values alive for each key, so that every `@Shared(key)` with the same key shares
/// one value. One cache per dependency context: each test starts with none.
final class PersistentReferences: Sendable {
  private struct Weak<Key: SharedReaderKey> {
    weak var reference: PersistentReference<Key>?
  }

  /// A `Weak<Key>` for each key's ID. Recursive, though nothing under it takes it again: a shared
  /// value deinitialized under it would (its `onDeinit` takes it), and no strong reference read
  /// under it is released there.
  private let storage = Locked<[AnyHashable: Any]>([:], recursive: true)

  /// The live shared value for `key`, or a new one starting from `defaultValue` and loading.
  static func reference<Key: SharedReaderKey>(
    for key: Key,
    default defaultValue: @autoclosure () throws -> Key.Value,
    skipInitialLoad: Bool
  ) rethrows -> PersistentReference<Key> {
    let references = DependencyValues._current[PersistentReferencesKey.self]
    return try references.reference(
      for: key, default: defaultValue(), skipInitialLoad: skipInitialLoad
    )
  }

  private func reference<Key: SharedReaderKey>(
    for key: Key,
    default defaultValue: @autoclosure () throws -> Key.Value,
    skipInitialLoad: Bool
  ) rethrows -> PersistentReference<Key> {
    if let reference = self.existing(for: key) {
      return reference
    }
    // Made outside the lock: a key may load synchronously, and its callbacks may create other
    // shared values.
    let created = PersistentReference(
      key: key, initialValue: try defaultValue(), skipInitialLoad: skipInitialLoad
    )
    return self.storage.withLock { storage in
      if let reference = (storage[key.id] as? Weak<Key>)?.reference {
        return reference
      }
      storage[key.id] = Weak(reference: created)
      let id = UncheckedSendable(AnyHashable(key.id))
      created.onDeinit = { [weak self] in
        guard let self else { return }
        // The reference read is returned, to be released after the lock: were it the last one,
        // its own `onDeinit` would take the lock.
        _ = self.storage.withLock { storage -> PersistentReference<Key>? in
          guard let weak = storage[id.value] as? Weak<Key> else { return nil }
          let reference = weak.reference
          if reference == nil {
            storage[id.value] = nil
          }
          return reference
        }
      }
      return created
    }
  }

  private func existing<Key: SharedReaderKey>(for key: Key) -> PersistentReference<Key>? {
    self.storage.withLock { ($0[key.id] as? Weak<Key>)?.reference }
  }
}

private enum PersistentReferencesKey: DependencyKey {
  static var liveValue: PersistentReferences { PersistentReferences() }
  /// Made once per test where the dependency cache starts afresh per test; under XCTest off
  /// Apple platforms without the observer that resets it, once for the whole process, and the
  /// missing line is reported (see `TestSupportCheck`).
  static var testValue: PersistentReferences {
    TestSupportCheck.current.check()
    return PersistentReferences()
  }
}
