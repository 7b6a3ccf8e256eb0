import Dependencies
import Foundation

/// A ``SharedReaderKey`` that also saves: every change made with `withLock` is handed to
/// ``save(_:context:continuation:)``.
///
/// ```swift
/// func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
///   storage[self.name] = try? JSONEncoder().encode(value)
///   continuation.resume()
/// }
/// ```
public protocol SharedKey<Value>: SharedReaderKey {
  /// Saves `value`, resuming `continuation` exactly once. For ``SaveContext/userInitiated``
  /// saves, write at once; for ``SaveContext/didSet``, a key may coalesce rapid changes.
  func save(_ value: Value, context: SaveContext, continuation: SaveContinuation)
}

extension Shared {
  /// Creates a shared value stored by `key`, or `wrappedValue` while none is stored.
  ///
  /// ```swift
  /// @Shared(.fileStorage(.documentsDirectory.appending(component: "todos.json")))
  /// var todos: IdentifiedArrayOf<Todo> = []
  /// ```
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedKey<Value>) {
    self.init(
      reference: PersistentReferences.reference(
        for: key, default: wrappedValue(), skipInitialLoad: false
      )
    )
  }

  /// Creates an optional shared value stored by `key`, `nil` while none is stored.
  @_disfavoredOverload
  public init<Wrapped>(_ key: some SharedKey<Value>) where Value == Wrapped? {
    self.init(wrappedValue: nil, key)
  }

  @available(*, unavailable, message: "Give the shared value a default: '@Shared(key) var value = …'")
  public init(_ key: some SharedKey<Value>) {
    fatalError()
  }

  /// Creates a shared value from a key that carries its default: `@Shared(.currentUser)`.
  public init<Key: SharedKey<Value>>(_ key: _SharedKeyDefault<Key>) {
    self.init(wrappedValue: key.defaultValue(), key.base)
  }

  /// Creates a shared value from a key that carries a default, with another default.
  public init<Key: SharedKey<Value>>(
    wrappedValue: @autoclosure () -> Value, _ key: _SharedKeyDefault<Key>
  ) {
    self.init(wrappedValue: wrappedValue(), key.base)
  }

  /// Creates a shared value by loading the value stored by `key`, throwing when it can't be
  /// loaded or none is stored.
  public init(require key: some SharedKey<Value>) async throws {
    let loaded = try await loadRequired(key)
    self.init(
      reference: PersistentReferences.reference(
        for: key, default: loaded.value, skipInitialLoad: true
      )
    )
    if let loadError { throw loadError }
  }
}
