import ConcurrencyExtras
import Dependencies
import Foundation

/// The shared values alive for each key, so that every `@Shared(key)` with the same key shares
/// one value. One cache per dependency context: each test starts with none.
final class PersistentReferences: @unchecked Sendable {
  private struct Weak<Key: SharedReaderKey> {
    weak var reference: PersistentReference<Key>?
  }

  private let lock = NSRecursiveLock()
  private var storage: [AnyHashable: Any] = [:]

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
    return self.lock.withLock {
      if let reference = (self.storage[key.id] as? Weak<Key>)?.reference {
        return reference
      }
      self.storage[key.id] = Weak(reference: created)
      let id = UncheckedSendable(AnyHashable(key.id))
      created.onDeinit = { [weak self] in
        guard let self else { return }
        self.lock.withLock {
          if let weak = self.storage[id.value] as? Weak<Key>, weak.reference == nil {
            self.storage[id.value] = nil
          }
        }
      }
      return created
    }
  }

  private func existing<Key: SharedReaderKey>(for key: Key) -> PersistentReference<Key>? {
    self.lock.withLock { (self.storage[key.id] as? Weak<Key>)?.reference }
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
