import ConcurrencyExtras
import CustomDump
import Dependencies
import Foundation
import Observation
import Perception

/// A read-only view of a shared value: it sees every change, but can't make one.
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   @SharedReader(.appStorage("isHapticsEnabled")) var isHapticsEnabled = true
/// }
/// ```
///
/// Make one from a ``Shared`` to hand a child feature read access only:
/// `SharedReader(state.$settings)`, or `state.$settings.theme` for a read-only member.
@dynamicMemberLookup
@propertyWrapper
public struct SharedReader<Value> {
  let box: SharedBox<Value, any SharedReference<Value>>

  init(reference: any SharedReference<Value>) {
    self.box = SharedBox(reference)
  }

  var reference: any SharedReference<Value> {
    get { self.box.reference }
    nonmutating set { self.box.reference = newValue }
  }

  /// A read-only view of a shared value.
  public init(_ base: Shared<Value>) {
    self.init(reference: base.reference)
  }

  /// Unwraps an optional shared value, or returns `nil` when it is `nil`.
  public init?(_ base: Shared<Value?>) {
    self.init(SharedReader<Value?>(base))
  }

  /// Unwraps an optional read-only shared value, or returns `nil` when it is `nil`.
  public init?(_ base: SharedReader<Value?>) {
    guard let initialValue = base.reference.currentValue else { return nil }
    func unwrap(_ reference: some SharedReference<Value?>) -> any SharedReference<Value> {
      UnwrappedReference(base: reference, initialValue: initialValue)
    }
    self.init(reference: unwrap(base.reference))
  }

  /// A reader of a value that never changes: for previews and tests of features that read
  /// shared state.
  ///
  /// ```swift
  /// let state = Banner.State(isPremium: .constant(true))
  /// ```
  public static func constant(_ value: Value) -> Self {
    Self(reference: ValueReference(value: value))
  }

  /// Creates a reader holding a value in memory.
  public init(value: sending Value) {
    self.init(reference: ValueReference(value: value))
  }

  /// Creates a reader from another one's projection.
  public init(projectedValue: SharedReader<Value>) {
    self = projectedValue
  }

  /// The value. Reading it is observed.
  public var wrappedValue: Value {
    self.reference.wrappedValue
  }

  /// The reader itself (`$isHapticsEnabled`), to pass on or derive members from.
  public var projectedValue: SharedReader<Value> {
    get { self }
    nonmutating set {
      self.reference.touch()
      self.reference = newValue.reference
      self.box.publishCurrentValue()
    }
  }

  /// A reader of a member of this value.
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> SharedReader<Member> {
    func append(_ reference: some SharedReference<Value>) -> SharedReader<Member> {
      SharedReader<Member>(reference: KeyPathReference(base: reference, keyPath: keyPath))
    }
    return append(self.reference)
  }

  /// A reader of a value computed from this one.
  public func read<Member>(
    _ transform: @escaping @Sendable (Value) -> Member
  ) -> SharedReader<Member> {
    func compute(_ reference: some SharedReference<Value>) -> SharedReader<Member> {
      SharedReader<Member>(reference: ComputedReference(base: reference, transform: transform))
    }
    return compute(self.reference)
  }

  /// Loads the value again from its key.
  public func load() async throws {
    try await self.reference.load()
  }

  /// Makes this property read the value of another key, and loads it.
  public func load(_ key: some SharedReaderKey<Value>) async throws {
    // Switched without publishing (an assignment to `$value` would): the load publishes what
    // it loads.
    self.reference.touch()
    self.reference = PersistentReferences.reference(
      for: key, default: self.reference.currentValue, skipInitialLoad: true
    )
    try await self.load()
  }

  /// Whether the key is loading the value.
  public var isLoading: Bool { self.reference.isLoading }

  /// The error of the last load, if it failed.
  public var loadError: (any Error)? { self.reference.loadError }
}

extension SharedReader: Sendable {}

extension SharedReader: Equatable where Value: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.wrappedValue == rhs.wrappedValue
  }
}

extension SharedReader: Identifiable where Value: Identifiable {
  /// The identity of the value.
  public var id: Value.ID { self.wrappedValue.id }
}

extension SharedReader: CustomStringConvertible {
  public var description: String {
    "SharedReader<\(typeName(Value.self))>(\(self.reference.description))"
  }
}

extension SharedReader: CustomReflectable {
  public var customMirror: Mirror { Mirror(reflecting: self.wrappedValue) }
}

extension SharedReader: CustomDumpRepresentable {
  public var customDumpValue: Any { self.wrappedValue }
}

extension SharedReader: Perceptible {}
