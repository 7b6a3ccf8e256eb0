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
/// current value.
///
/// A step's actual shared values are those of its *checkpoint*, taken when its action was
/// reduced: an effect's later actions may already have changed the live values by the time the
/// step is checked, and those changes belong to the steps that receive them. After a step is
/// checked, the tracker moves its snapshots to that step's values.
package final class SharedChangeTracker: Hashable, Sendable {
  /// The values of the changed shared values at one moment, with how many changes each had.
  // Unchecked: holds values as `Any`; `Shared` is Sendable whatever the type of value it holds.
  package struct Checkpoint: @unchecked Sendable {
    fileprivate var values: [ObjectIdentifier: (value: Any, version: Int)] = [:]
  }

  private struct Change {
    var snapshot: Any
    var version = 1
    var isAsserted = false
    let location: SourceLocation
    let reference: AnyObject
    let describe: @Sendable (_ snapshot: Any) -> String
    let read: @Sendable (_ version: () -> Int?) -> (Any, Int?)

    init<Value>(_ snapshot: Value, of reference: RootReference<Value>, location: SourceLocation) {
      self.snapshot = snapshot
      self.location = location
      self.reference = reference
      self.describe = SharedChangeTracker.describe(reference)
      self.read = SharedChangeTracker.reader(reference)
    }
  }

  private struct State {
    var changes: [ObjectIdentifier: Change] = [:]
    var actual: Checkpoint?
  }

  private let state = Locked(State())

  package init() {}

  /// The trackers recording changes in the current dependency context.
  package static var tracking: Set<SharedChangeTracker> {
    DependencyValues._current[TrackingKey.self]
  }

  /// The tracker checking an assertion in the current dependency context, if any.
  package static var asserting: SharedChangeTracker? {
    DependencyValues._current[AssertingKey.self]
  }

  /// Adds this tracker to the dependencies, so changes made with them are recorded.
  package func track(_ dependencies: inout DependencyValues) {
    dependencies[TrackingKey.self].insert(self)
  }

  /// Runs `body` checking an assertion: shared values read and change as their snapshots.
  package func assert<R>(_ body: () throws -> R) rethrows -> R {
    try withDependencies {
      $0[AssertingKey.self] = self
    } operation: {
      try body()
    }
  }

  /// Whether any shared value changed since the last check, and no assertion compared it yet.
  package var hasUnassertedChanges: Bool {
    self.state.withLock { state in state.changes.values.contains { !$0.isAsserted } }
  }

  /// The unasserted changes, as `description: old → new` lines, with where each began.
  package var unassertedChanges: [(description: String, location: SourceLocation)] {
    // Described outside the tracker's lock: describing reads the value under its own lock, which
    // a change takes before the tracker's.
    let changes = self.state.withLock { state in state.changes.values.filter { !$0.isAsserted } }
    return changes.map { ($0.describe($0.snapshot), $0.location) }
  }

  /// Drops every snapshot: the current values become the asserted ones.
  package func reset() {
    self.advance(to: nil)
  }

  /// The values the shared values changed so far have now.
  package func checkpoint() -> Checkpoint {
    // Each value is read under its own lock, and its version under the tracker's inside it: the
    // order a change takes them in, so that the pair is consistent and the locks can't deadlock.
    let readers = self.state.withLock { state in state.changes.map { ($0.key, $0.value.read) } }
    var values: [ObjectIdentifier: (value: Any, version: Int)] = [:]
    for (id, read) in readers {
      let (value, version) = read { self.state.withLock { $0.changes[id]?.version } }
      if let version { values[id] = (value, version) }
    }
    return Checkpoint(values: values)
  }

  /// Runs `body` with `checkpoint` as the actual values of the shared values in it (`nil`: the
  /// live values).
  package func withActualValues<R>(
    _ checkpoint: Checkpoint?, _ body: () throws -> R
  ) rethrows -> R {
    let previous = self.state.withLock { state in
      defer { state.actual = checkpoint }
      return state.actual
    }
    defer { self.state.withLock { $0.actual = previous } }
    return try body()
  }

  /// The actual value of a shared value in the step being checked, if it isn't the live one.
  package func actualValue<Value>(of id: ObjectIdentifier, as _: Value.Type) -> Value? {
    self.state.withLock { state in
      guard let actual = state.actual else { return nil }
      if let value = actual.values[id] { return value.value as? Value }
      // Changed only after the checkpoint: at the checkpoint it still had its snapshot.
      // (Unwrapped before the cast, which would turn a missing snapshot into a `nil` value of
      // an Optional `Value`.)
      guard let snapshot = state.changes[id]?.snapshot else { return nil }
      return snapshot as? Value
    }
  }

  /// Makes a checked step's values the asserted ones. Changes made after the step's checkpoint
  /// stay tracked, for the steps that made them. `nil`: every current value is asserted.
  package func advance(to checkpoint: Checkpoint?) {
    self.state.withLock { state in
      guard let checkpoint else {
        state.changes.removeAll()
        return
      }
      for (id, change) in state.changes {
        guard let point = checkpoint.values[id] else {
          // First changed after the step: comparing the step's values didn't assert it.
          state.changes[id]?.isAsserted = false
          continue
        }
        if point.version == change.version {
          state.changes[id] = nil
        } else {
          state.changes[id]?.snapshot = point.value
          state.changes[id]?.isAsserted = false
        }
      }
    }
  }

  package func snapshot<Value>(of id: ObjectIdentifier, as _: Value.Type) -> Value? {
    self.state.withLock { state in
      guard let snapshot = state.changes[id]?.snapshot else { return nil }
      return snapshot as? Value
    }
  }

  /// Records the value a shared value had before its first change since the last check.
  func recordSnapshot<Value>(
    _ value: Value, of reference: RootReference<Value>, location: SourceLocation
  ) {
    self.state.withLock { state in
      if state.changes[reference.rootID] != nil {
        state.changes[reference.rootID]?.version += 1
      } else {
        state.changes[reference.rootID] = Change(value, of: reference, location: location)
      }
    }
  }

  /// Stores the value an assertion closure gave a shared value.
  func assertSnapshot<Value>(
    _ value: Value, of reference: RootReference<Value>, location: SourceLocation
  ) {
    self.state.withLock { state in
      if state.changes[reference.rootID] != nil {
        state.changes[reference.rootID]?.snapshot = value
      } else {
        state.changes[reference.rootID] = Change(value, of: reference, location: location)
      }
    }
  }

  /// Notes that an assertion compared this shared value, so it needs no further report.
  package func markAsserted(_ id: ObjectIdentifier) {
    self.state.withLock { $0.changes[id]?.isAsserted = true }
  }

  fileprivate static func reader<Value>(
    _ reference: RootReference<Value>
  ) -> @Sendable (_ version: () -> Int?) -> (Any, Int?) {
    let reference = UncheckedSendable(reference)
    return { version in
      reference.value.withUnobservedValue { value in (value, version()) }
    }
  }

  fileprivate static func describe<Value>(
    _ reference: RootReference<Value>
  ) -> @Sendable (_ snapshot: Any) -> String {
    let reference = UncheckedSendable(reference)
    return { snapshot in
      let key = (reference.value as? any CustomStringConvertible)?.description ?? ""
      let old = String(customDumping: snapshot)
      let new = String(customDumping: reference.value.unobservedValue)
      return """
        Shared<\(typeName(Value.self))>(\(key)): \(old) → \(new)
        """
    }
  }

  package static func == (lhs: SharedChangeTracker, rhs: SharedChangeTracker) -> Bool {
    lhs === rhs
  }

  package func hash(into hasher: inout Hasher) {
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
