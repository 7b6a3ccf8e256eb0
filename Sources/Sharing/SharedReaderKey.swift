import ConcurrencyExtras
import Dependencies
import Foundation

/// A way to load a shared value from outside the app's memory, and to follow changes made there.
///
/// ``InMemoryKey``, ``FileStorageKey`` and ``AppStorageKey`` cover most needs; conform to this
/// protocol (or ``SharedKey``, to also save) for other storage:
///
/// ```swift
/// struct RemoteConfigKey: SharedReaderKey {
///   let name: String
///   var id: String { self.name }
///
///   func load(context: LoadContext<Bool>, continuation: LoadContinuation<Bool>) {
///     continuation.resume(returning: RemoteConfig.shared.flag(self.name))
///   }
///
///   func subscribe(
///     context: LoadContext<Bool>, subscriber: SharedSubscriber<Bool>
///   ) -> SharedSubscription {
///     let token = RemoteConfig.shared.onChange(self.name) { subscriber.yield($0) }
///     return SharedSubscription { RemoteConfig.shared.remove(token) }
///   }
/// }
///
/// extension SharedReaderKey where Self == RemoteConfigKey {
///   static func remoteConfig(_ name: String) -> Self { RemoteConfigKey(name: name) }
/// }
/// ```
///
/// Two shared values whose keys have the same ``id`` share one value.
public protocol SharedReaderKey<Value>: Sendable {
  /// The type of the value loaded.
  associatedtype Value: Sendable

  /// The identity of the stored value: shared values whose keys have equal IDs are one value.
  associatedtype ID: Hashable = Self

  /// The identity of the stored value.
  var id: ID { get }

  /// Loads the value, resuming `continuation` exactly once.
  func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>)

  /// Follows changes made to the stored value from outside, yielding them to `subscriber` until
  /// the returned subscription is cancelled.
  func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription
}

extension SharedReaderKey where ID == Self {
  public var id: ID { self }
}

extension SharedReader {
  /// Creates a reader of the value stored by `key`, or `wrappedValue` while none is stored.
  ///
  /// ```swift
  /// @SharedReader(.appStorage("isHapticsEnabled")) var isHapticsEnabled = true
  /// ```
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedReaderKey<Value>) {
    self.init(
      reference: PersistentReferences.reference(
        for: key, default: wrappedValue(), skipInitialLoad: false
      )
    )
  }

  @_disfavoredOverload
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedKey<Value>) {
    self.init(
      reference: PersistentReferences.reference(
        for: key, default: wrappedValue(), skipInitialLoad: false
      )
    )
  }

  /// Creates a reader of an optional value stored by `key`, `nil` while none is stored.
  @_disfavoredOverload
  public init<Wrapped>(_ key: some SharedReaderKey<Value>) where Value == Wrapped? {
    self.init(wrappedValue: nil, key)
  }

  @available(*, unavailable, message: "Give the shared value a default: '@SharedReader(key) var value = …'")
  public init(_ key: some SharedReaderKey<Value>) {
    fatalError()
  }

  /// Creates a reader from a key that carries its default: `@SharedReader(.isHapticsEnabled)`.
  public init<Key: SharedReaderKey<Value>>(_ key: _SharedKeyDefault<Key>) {
    self.init(wrappedValue: key.defaultValue(), key.base)
  }

  /// Creates a reader from a key that carries a default, with another default.
  public init<Key: SharedReaderKey<Value>>(
    wrappedValue: @autoclosure () -> Value, _ key: _SharedKeyDefault<Key>
  ) {
    self.init(wrappedValue: wrappedValue(), key.base)
  }

  /// Creates a reader by loading the value stored by `key`, throwing when it can't be loaded or
  /// none is stored.
  public init(require key: some SharedReaderKey<Value>) async throws {
    let loaded = try await loadRequired(key)
    self.init(
      reference: PersistentReferences.reference(
        for: key, default: loaded.value, skipInitialLoad: true
      )
    )
    if let loadError { throw loadError }
  }
}

/// Loads a key's value for `init(require:)`.
func loadRequired<Key: SharedReaderKey>(_ key: Key) async throws -> UncheckedSendable<Key.Value> {
  let loaded = try await withUnsafeThrowingContinuation {
    (continuation: UnsafeContinuation<UncheckedSendable<Key.Value?>, any Error>) in
    key.load(
      context: .userInitiated,
      continuation: LoadContinuation("\(key)") { result in
        continuation.resume(with: result.map { UncheckedSendable($0) })
      }
    )
  }
  guard let value = loaded.value else { throw SharedKeyHasNoValue(description: "\(key)") }
  return UncheckedSendable(value)
}

/// Thrown by `init(require:)` when the key stores no value.
struct SharedKeyHasNoValue: Error, CustomStringConvertible {
  let description: String
}
