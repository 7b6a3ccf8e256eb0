import ConcurrencyExtras
import CustomDump
import Dependencies
import Foundation

/// How a ``TestStore`` makes changes to shared state assertable.
///
/// Shared values are references: the state before an action and the state after it hold the same
/// `Shared`, so comparing them can't show what changed. While a test store's reducer runs, the
/// store's tracker is *tracking*: the first change to each shared value records a snapshot of
/// the value as it was. While the store checks an assertion, the tracker is *asserting*: shared
/// values read as their snapshot, changes made by the assertion closure go to the snapshot, and
/// comparing an expected `Shared` with the actual one compares the asserted snapshot with the
/// current value. After each check the snapshots are dropped: the current value is asserted.
final class SharedChangeTracker: Hashable, @unchecked Sendable {
  private struct Change {
    var snapshot: Any
    var isAsserted = false
    let location: SourceLocation
    let reference: AnyObject
    let describe: @Sendable (_ snapshot: Any) -> String
  }

  private let lock = NSLock()
  private var changes: [ObjectIdentifier: Change] = [:]

  /// The trackers recording changes in the current dependency context.
  static var tracking: Set<SharedChangeTracker> {
    DependencyValues._current[TrackingKey.self]
  }

  /// The tracker checking an assertion in the current dependency context, if any.
  static var asserting: SharedChangeTracker? {
    DependencyValues._current[AssertingKey.self]
  }

  /// Adds this tracker to the dependencies, so changes made with them are recorded.
  func track(_ dependencies: inout DependencyValues) {
    dependencies[TrackingKey.self].insert(self)
  }

  /// Runs `body` checking an assertion: shared values read and change as their snapshots.
  func assert<R>(_ body: () throws -> R) rethrows -> R {
    try withDependencies {
      $0[AssertingKey.self] = self
    } operation: {
      try body()
    }
  }

  /// Whether any shared value changed since the last check, and no assertion compared it yet.
  var hasUnassertedChanges: Bool {
    self.lock.withLock { self.changes.values.contains { !$0.isAsserted } }
  }

  /// The unasserted changes, as `description: old → new` lines, with where each began.
  var unassertedChanges: [(description: String, location: SourceLocation)] {
    self.lock.withLock {
      self.changes.values.filter { !$0.isAsserted }.map { ($0.describe($0.snapshot), $0.location) }
    }
  }

  /// Drops every snapshot: the current values become the asserted ones.
  func reset() {
    self.lock.withLock { self.changes.removeAll() }
  }

  func snapshot<Value>(of id: ObjectIdentifier, as _: Value.Type) -> Value? {
    self.lock.withLock { self.changes[id]?.snapshot as? Value }
  }

  /// Records the value a shared value had before its first change since the last check.
  func recordSnapshot<Value>(
    _ value: Value, of reference: RootReference<Value>, location: SourceLocation
  ) {
    self.lock.withLock {
      guard self.changes[reference.rootID] == nil else { return }
      self.changes[reference.rootID] = Change(
        snapshot: value,
        location: location,
        reference: reference,
        describe: Self.describe(reference)
      )
    }
  }

  /// Stores the value an assertion closure gave a shared value.
  func assertSnapshot<Value>(
    _ value: Value, of reference: RootReference<Value>, location: SourceLocation
  ) {
    self.lock.withLock {
      if self.changes[reference.rootID] != nil {
        self.changes[reference.rootID]?.snapshot = value
      } else {
        self.changes[reference.rootID] = Change(
          snapshot: value,
          location: location,
          reference: reference,
          describe: Self.describe(reference)
        )
      }
    }
  }

  /// Notes that an assertion compared this shared value, so it needs no further report.
  func markAsserted(_ id: ObjectIdentifier) {
    self.lock.withLock { self.changes[id]?.isAsserted = true }
  }

  private static func describe<Value>(
    _ reference: RootReference<Value>
  ) -> @Sendable (_ snapshot: Any) -> String {
    let reference = UncheckedSendable(reference)
    return { snapshot in
      let key = (reference.value as? any CustomStringConvertible)?.description ?? ""
      return """
        Shared<\(typeName(Value.self))>(\(key)): \
        \(String(customDumping: snapshot)) → \(String(customDumping: reference.value.unobservedValue))
        """
    }
  }

  static func == (lhs: SharedChangeTracker, rhs: SharedChangeTracker) -> Bool {
    lhs === rhs
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

private enum TrackingKey: DependencyKey {
  static var liveValue: Set<SharedChangeTracker> { [] }
  static var testValue: Set<SharedChangeTracker> { [] }
}

private enum AssertingKey: DependencyKey {
  static var liveValue: SharedChangeTracker? { nil }
  static var testValue: SharedChangeTracker? { nil }
}
