import ConcurrencyExtras
import Dependencies
import Foundation

extension SharedReaderKey {
  /// A key for a value kept in memory for as long as the app runs, under a name: every
  /// `@Shared(.inMemory("name"))` shares it. Each test starts with empty storage.
  ///
  /// ```swift
  /// @Shared(.inMemory("isOnboarded")) var isOnboarded = false
  /// ```
  public static func inMemory<Value>(_ key: String) -> Self where Self == InMemoryKey<Value> {
    InMemoryKey(key)
  }
}

/// A key for a value kept in memory under a name. See ``SharedReaderKey/inMemory(_:)``.
public struct InMemoryKey<Value: Sendable>: SharedKey {
  private let key: String
  private let storage: InMemoryStorage

  init(_ key: String) {
    @Dependency(\.defaultInMemoryStorage) var storage
    self.key = key
    self.storage = storage
  }

  public var id: InMemoryKeyID {
    InMemoryKeyID(key: self.key, storage: self.storage)
  }

  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    switch context {
    case let .initialValue(initialValue):
      continuation.resume(returning: self.storage.value(forKey: self.key, default: initialValue))
    case .userInitiated:
      // Unwrapped before the cast: a missing value cast to an Optional `Value` would succeed
      // as `nil`.
      if let stored = self.storage.value(forKey: self.key), let value = stored as? Value {
        continuation.resume(returning: value)
      } else {
        continuation.resumeReturningInitialValue()
      }
    }
  }

  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    SharedSubscription {}
  }

  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    self.storage.setValue(value, forKey: self.key)
    continuation.resume()
  }
}

extension InMemoryKey: CustomStringConvertible {
  public var description: String {
    ".inMemory(\(String(reflecting: self.key)))"
  }
}

/// The identity of an ``InMemoryKey``: its name, in its storage.
public struct InMemoryKeyID: Hashable, Sendable {
  let key: String
  let storage: InMemoryStorage
}

/// Where ``InMemoryKey`` values live. The ``Dependencies/DependencyValues/defaultInMemoryStorage``
/// dependency holds one per dependency context, so each test starts empty.
public struct InMemoryStorage: Hashable, Sendable {
  private let id = UUID()
  private let values = LockIsolated<[String: any Sendable]>([:])

  /// Creates empty storage.
  public init() {}

  func value(forKey key: String) -> (any Sendable)? {
    self.values.value[key]
  }

  func value<Value: Sendable>(forKey key: String, default defaultValue: Value) -> Value {
    self.values.withValue { values in
      if let stored = values[key], let value = stored as? Value { return value }
      values[key] = defaultValue
      return defaultValue
    }
  }

  func setValue(_ value: some Sendable, forKey key: String) {
    self.values.withValue { $0[key] = value }
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
  public func hash(into hasher: inout Hasher) { hasher.combine(self.id) }
}

private enum DefaultInMemoryStorageKey: DependencyKey {
  static var liveValue: InMemoryStorage { InMemoryStorage() }
  static var testValue: InMemoryStorage { InMemoryStorage() }
}

extension DependencyValues {
  /// The storage of ``InMemoryKey`` values.
  public var defaultInMemoryStorage: InMemoryStorage {
    get { self[DefaultInMemoryStorageKey.self] }
    set { self[DefaultInMemoryStorageKey.self] = newValue }
  }
}
