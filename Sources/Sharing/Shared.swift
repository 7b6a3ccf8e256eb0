import ConcurrencyExtras
import CustomDump
import Dependencies
import Foundation
import Observation
import Perception

/// A value shared by reference between features, and optionally persisted by a key.
///
/// Every copy of a `Shared` reads and writes the same value, so a change made by one feature is
/// seen by every other feature, and by views observing any of them:
///
/// ```swift
/// @Reducer
/// struct Settings {
///   @ObservableState
///   struct State: Equatable {
///     @Shared(.fileStorage(.settingsURL)) var preferences = Preferences()
///   }
///   enum Action { case darkModeToggled }
///
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       switch action {
///       case .darkModeToggled:
///         state.$preferences.withLock { $0.isDarkMode.toggle() }
///         return .none
///       }
///     }
///   }
/// }
/// ```
///
/// Mutate a shared value with ``withLock(_:fileID:filePath:line:column:)``: the lock makes each
/// change atomic however many features and effects write at once. `$preferences.isDarkMode`
/// derives a `Shared<Bool>` that reads and writes into the parent value.
///
/// In a ``TestStore``, a reducer's changes to shared state are asserted like any other change:
///
/// ```swift
/// await store.send(.darkModeToggled) {
///   $0.$preferences.withLock { $0.isDarkMode = true }
/// }
/// ```
@dynamicMemberLookup
@propertyWrapper
public struct Shared<Value> {
  let box: SharedBox<Value, any MutableSharedReference<Value>>

  init(reference: any MutableSharedReference<Value>) {
    self.box = SharedBox(reference)
  }

  var reference: any MutableSharedReference<Value> {
    get { self.box.reference }
    nonmutating set { self.box.reference = newValue }
  }

  /// Creates a shared value that lives in memory, not persisted by any key.
  ///
  /// ```swift
  /// let count = Shared(value: 0)
  /// let parent = Parent.State(count: count)
  /// let child = Child.State(count: count)
  /// ```
  public init(value: sending Value) {
    self.init(reference: ValueReference(value: value))
  }

  /// Unwraps an optional shared value, or returns `nil` when it is `nil`. The result reads and
  /// writes through the optional one; when the optional becomes `nil`, it keeps its last value.
  ///
  /// ```swift
  /// if let user = Shared($currentUser) {
  ///   state.profile = Profile.State(user: user)
  /// }
  /// ```
  public init?(_ base: Shared<Value?>) {
    guard let initialValue = base.reference.currentValue else { return nil }
    func unwrap(_ reference: some MutableSharedReference<Value?>) -> any MutableSharedReference<Value> {
      UnwrappedReference(base: reference, initialValue: initialValue)
    }
    self.init(reference: unwrap(base.reference))
  }

  /// Shares another shared value: what `@Shared var count: Int` initialized from a projection
  /// (`Child.State(count: $count)`) comes down to.
  public init(projectedValue: Shared<Value>) {
    self = projectedValue
  }

  /// The value. Reading it is observed; change it with ``withLock(_:fileID:filePath:line:column:)``.
  public var wrappedValue: Value {
    get { self.reference.wrappedValue }
    @available(
      *, deprecated,
      message: "Change a shared value with '$value.withLock { $0 = newValue }', which is atomic."
    )
    nonmutating set {
      self.withLock { $0 = newValue }
    }
  }

  /// The shared value itself (`$count`): pass it to child features so they share it, derive
  /// members from it, or lock it to change it. Assigning another shared value to it makes this
  /// property share that one instead.
  public var projectedValue: Shared<Value> {
    get { self }
    nonmutating set {
      self.reference.touch()
      self.reference = newValue.reference
      self.box.publishCurrentValue()
    }
  }

  /// Changes the value atomically: no other change to it can happen while `operation` runs.
  ///
  /// ```swift
  /// state.$todos.withLock { $0.append(Todo(title: "Buy milk")) }
  /// ```
  ///
  /// The change is saved by the shared value's key, if it has one.
  public func withLock<R>(
    _ operation: (inout Value) throws -> R,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) rethrows -> R {
    try self.reference.withLock(
      operation,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// A shared value for a member of this one, that reads and writes into it:
  /// `$settings.theme` is a `Shared<Theme>`.
  public subscript<Member>(
    dynamicMember keyPath: WritableKeyPath<Value, Member>
  ) -> Shared<Member> {
    func append(_ reference: some MutableSharedReference<Value>) -> Shared<Member> {
      Shared<Member>(reference: KeyPathReference(base: reference, keyPath: keyPath))
    }
    return append(self.reference)
  }

  /// A read-only shared value for a read-only member of this one.
  public subscript<Member>(
    dynamicMember keyPath: KeyPath<Value, Member>
  ) -> SharedReader<Member> {
    SharedReader(self)[dynamicMember: keyPath]
  }

  /// A read-only shared value computed from this one: `$todos.read { $0.filter(\.isDone).count }`.
  public func read<Member>(
    _ transform: @escaping @Sendable (Value) -> Member
  ) -> SharedReader<Member> {
    SharedReader(self).read(transform)
  }

  /// Loads the value again from its key. Throws what the key failed with.
  public func load() async throws {
    try await self.reference.load()
  }

  /// Makes this property share the value persisted by another key, and loads it.
  ///
  /// ```swift
  /// try await $profile.load(.fileStorage(.profileURL(for: user.id)))
  /// ```
  public func load(_ key: some SharedKey<Value>) async throws {
    // Switched without publishing (an assignment to `$value` would): the load publishes what
    // it loads.
    self.reference.touch()
    self.reference = PersistentReferences.reference(
      for: key, default: self.reference.currentValue, skipInitialLoad: true
    )
    try await self.load()
  }

  /// Saves the value through its key at once, without waiting for any coalescing the key does.
  public func save() async throws {
    try await self.reference.save()
  }

  /// Whether the key is loading the value.
  public var isLoading: Bool { self.reference.isLoading }

  /// The error of the last load, if it failed. The value keeps what it had.
  public var loadError: (any Error)? { self.reference.loadError }

  /// The error of the last save, if it failed.
  public var saveError: (any Error)? { self.reference.saveError }
}

extension Shared: Sendable {}

extension Shared: Equatable where Value: Equatable {
  /// Two shared values are equal when their values are. While a ``TestStore`` checks an
  /// assertion, the expected state's value is the one its assertion gave it.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    if let tracker = SharedChangeTracker.asserting,
      lhs.reference.isSameReference(as: rhs.reference)
    {
      tracker.markAsserted(lhs.reference.rootID)
      return lhs.reference.wrappedValue == rhs.reference.currentValue
    }
    return lhs.wrappedValue == rhs.wrappedValue
  }
}

extension Shared: Identifiable where Value: Identifiable {
  /// The identity of the value.
  public var id: Value.ID { self.wrappedValue.id }
}

extension Shared: CustomStringConvertible {
  public var description: String {
    "Shared<\(typeName(Value.self))>(\(self.reference.description))"
  }
}

extension Shared: CustomReflectable {
  public var customMirror: Mirror { Mirror(reflecting: self.wrappedValue) }
}

extension Shared: CustomDumpRepresentable {
  public var customDumpValue: Any { self.wrappedValue }
}

extension Shared: _CustomDiffObject {
  public var _customDiffValues: (Any, Any) {
    (self.reference.wrappedValue, self.reference.currentValue)
  }

  public var _objectIdentifier: ObjectIdentifier { self.reference.rootID }
}

extension Shared: Perceptible {}
