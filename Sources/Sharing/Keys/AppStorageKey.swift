import ConcurrencyExtras
import Dependencies
import Foundation

// The overloads below mirror the types `UserDefaults` stores natively, as SwiftUI's `AppStorage`
// does; each one picks how its type is read, written and compared.

extension SharedReaderKey {
  /// A key for a Boolean stored in `UserDefaults`.
  ///
  /// ```swift
  /// @Shared(.appStorage("isHapticsEnabled")) var isHapticsEnabled = true
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key under which the value is stored.
  ///   - store: The store to use; `nil` for ``Dependencies/DependencyValues/defaultAppStorage``.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Bool> {
    AppStorageKey(key, store: store, coding: .bool)
  }

  /// A key for an optional Boolean stored in `UserDefaults`: `nil` removes it.
  ///
  /// ```swift
  /// @Shared(.appStorage("isHapticsEnabled")) var isHapticsEnabled: Bool?
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key under which the value is stored.
  ///   - store: The store to use; `nil` for ``Dependencies/DependencyValues/defaultAppStorage``.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Bool?> {
    AppStorageKey(key, store: store, coding: .optional(.bool))
  }
}

extension SharedReaderKey {
  /// A key for an integer stored in `UserDefaults`.
  ///
  /// ```swift
  /// @Shared(.appStorage("launchCount")) var launchCount = 0
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key under which the value is stored.
  ///   - store: The store to use; `nil` for ``Dependencies/DependencyValues/defaultAppStorage``.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Int> {
    AppStorageKey(key, store: store, coding: .int)
  }

  /// A key for an optional integer stored in `UserDefaults`: `nil` removes it.
  ///
  /// ```swift
  /// @Shared(.appStorage("launchCount")) var launchCount: Int?
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key under which the value is stored.
  ///   - store: The store to use; `nil` for ``Dependencies/DependencyValues/defaultAppStorage``.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Int?> {
    AppStorageKey(key, store: store, coding: .optional(.int))
  }
}

extension SharedReaderKey {
  /// A key for a floating-point number stored in `UserDefaults`.
  ///
  /// ```swift
  /// @Shared(.appStorage("volume")) var volume = 0.5
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key under which the value is stored.
  ///   - store: The store to use; `nil` for ``Dependencies/DependencyValues/defaultAppStorage``.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Double> {
    AppStorageKey(key, store: store, coding: .double)
  }

  /// A key for an optional floating-point number stored in `UserDefaults`: `nil` removes it.
  ///
  /// ```swift
  /// @Shared(.appStorage("volume")) var volume: Double?
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key under which the value is stored.
  ///   - store: The store to use; `nil` for ``Dependencies/DependencyValues/defaultAppStorage``.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Double?> {
    AppStorageKey(key, store: store, coding: .optional(.double))
  }
}

extension SharedReaderKey {
  /// A key for a string stored in `UserDefaults`.
  ///
  /// ```swift
  /// @Shared(.appStorage("userName")) var userName = ""
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key under which the value is stored.
  ///   - store: The store to use; `nil` for ``Dependencies/DependencyValues/defaultAppStorage``.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<String> {
    AppStorageKey(key, store: store, coding: .string)
  }

  /// A key for an optional string stored in `UserDefaults`: `nil` removes it.
  ///
  /// ```swift
  /// @Shared(.appStorage("userName")) var userName: String?
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key under which the value is stored.
  ///   - store: The store to use; `nil` for ``Dependencies/DependencyValues/defaultAppStorage``.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<String?> {
    AppStorageKey(key, store: store, coding: .optional(.string))
  }
}

extension SharedReaderKey {
  /// A key for a URL stored in `UserDefaults`.
  ///
  /// ```swift
  /// @Shared(.appStorage("serverURL")) var serverURL = URL(string: "https://example.com")!
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key under which the value is stored.
  ///   - store: The store to use; `nil` for ``Dependencies/DependencyValues/defaultAppStorage``.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<URL> {
    AppStorageKey(key, store: store, coding: .url)
  }

  /// A key for an optional URL stored in `UserDefaults`: `nil` removes it.
  ///
  /// ```swift
  /// @Shared(.appStorage("serverURL")) var serverURL: URL?
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key under which the value is stored.
  ///   - store: The store to use; `nil` for ``Dependencies/DependencyValues/defaultAppStorage``.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<URL?> {
    AppStorageKey(key, store: store, coding: .optional(.url))
  }
}

extension SharedReaderKey {
  /// A key for raw data stored in `UserDefaults`.
  ///
  /// ```swift
  /// @Shared(.appStorage("avatar")) var avatar = Data()
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key under which the value is stored.
  ///   - store: The store to use; `nil` for ``Dependencies/DependencyValues/defaultAppStorage``.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Data> {
    AppStorageKey(key, store: store, coding: .data)
  }

  /// A key for optional raw data stored in `UserDefaults`: `nil` removes it.
  ///
  /// ```swift
  /// @Shared(.appStorage("avatar")) var avatar: Data?
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key under which the value is stored.
  ///   - store: The store to use; `nil` for ``Dependencies/DependencyValues/defaultAppStorage``.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Data?> {
    AppStorageKey(key, store: store, coding: .optional(.data))
  }
}

extension SharedReaderKey {
  /// A key for a date stored in `UserDefaults`.
  ///
  /// ```swift
  /// @Shared(.appStorage("lastSync")) var lastSync = Date.distantPast
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key under which the value is stored.
  ///   - store: The store to use; `nil` for ``Dependencies/DependencyValues/defaultAppStorage``.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Date> {
    AppStorageKey(key, store: store, coding: .date)
  }

  /// A key for any `Codable` value, stored in `UserDefaults` as its JSON encoding. A stored value
  /// that doesn't decode (say, after the type changed) reads as none: the default is used.
  ///
  /// ```swift
  /// struct Layout: Codable, Sendable { var columns = 2; var showsHidden = false }
  ///
  /// @Shared(.appStorage("layout")) var layout = Layout()
  /// ```
  ///
  /// Types `UserDefaults` stores natively, and `RawRepresentable` ones, use their own overloads.
  ///
  /// - Parameters:
  ///   - key: The key under which the value is stored.
  ///   - store: The store to use; `nil` for ``Dependencies/DependencyValues/defaultAppStorage``.
  @_disfavoredOverload
  public static func appStorage<Value: Codable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Value> {
    AppStorageKey(key, store: store, coding: .codable)
  }

  /// A key for an array of strings stored in `UserDefaults`.
  ///
  /// ```swift
  /// @Shared(.appStorage("recentSearches")) var recentSearches: [String] = []
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key under which the value is stored.
  ///   - store: The store to use; `nil` for ``Dependencies/DependencyValues/defaultAppStorage``.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<[String]> {
    AppStorageKey(key, store: store, coding: .strings)
  }

  /// A key for an optional array of strings stored in `UserDefaults`: `nil` removes it.
  ///
  /// ```swift
  /// @Shared(.appStorage("pinnedTags")) var pinnedTags: [String]?
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key under which the value is stored.
  ///   - store: The store to use; `nil` for ``Dependencies/DependencyValues/defaultAppStorage``.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<[String]?> {
    AppStorageKey(key, store: store, coding: .optional(.strings))
  }

  /// A key for an optional date stored in `UserDefaults`: `nil` removes it.
  ///
  /// ```swift
  /// @Shared(.appStorage("lastSync")) var lastSync: Date?
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key under which the value is stored.
  ///   - store: The store to use; `nil` for ``Dependencies/DependencyValues/defaultAppStorage``.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Date?> {
    AppStorageKey(key, store: store, coding: .optional(.date))
  }
}

extension SharedReaderKey {
  /// A key for a value stored in `UserDefaults` by its `Int` raw value.
  ///
  /// ```swift
  /// enum Theme: Int { case system, light, dark }
  ///
  /// @Shared(.appStorage("theme")) var theme = Theme.system
  /// ```
  ///
  /// A stored raw value that no case matches reads as no value: the default is used.
  ///
  /// - Parameters:
  ///   - key: The key under which the value is stored.
  ///   - store: The store to use; `nil` for ``Dependencies/DependencyValues/defaultAppStorage``.
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Value.RawValue == Int, Self == AppStorageKey<Value> {
    AppStorageKey(key, store: store, coding: .rawRepresentable(.int))
  }

  /// A key for an optional value stored in `UserDefaults` by its `Int` raw value: `nil`
  /// removes it.
  ///
  /// ```swift
  /// @Shared(.appStorage("theme")) var theme: Theme?
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key under which the value is stored.
  ///   - store: The store to use; `nil` for ``Dependencies/DependencyValues/defaultAppStorage``.
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Value.RawValue == Int, Self == AppStorageKey<Value?> {
    AppStorageKey(key, store: store, coding: .optional(.rawRepresentable(.int)))
  }
}

extension SharedReaderKey {
  /// A key for a value stored in `UserDefaults` by its `String` raw value.
  ///
  /// ```swift
  /// enum Sorting: String { case name, date }
  ///
  /// @Shared(.appStorage("sorting")) var sorting = Sorting.name
  /// ```
  ///
  /// A stored raw value that no case matches reads as no value: the default is used.
  ///
  /// - Parameters:
  ///   - key: The key under which the value is stored.
  ///   - store: The store to use; `nil` for ``Dependencies/DependencyValues/defaultAppStorage``.
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Value.RawValue == String, Self == AppStorageKey<Value> {
    AppStorageKey(key, store: store, coding: .rawRepresentable(.string))
  }

  /// A key for an optional value stored in `UserDefaults` by its `String` raw value: `nil`
  /// removes it.
  ///
  /// ```swift
  /// @Shared(.appStorage("sorting")) var sorting: Sorting?
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key under which the value is stored.
  ///   - store: The store to use; `nil` for ``Dependencies/DependencyValues/defaultAppStorage``.
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Value.RawValue == String, Self == AppStorageKey<Value?> {
    AppStorageKey(key, store: store, coding: .optional(.rawRepresentable(.string)))
  }
}

/// A key for a value stored in `UserDefaults`. Create one with
/// `.appStorage(_:store:)` overloads, one per stored type:
///
/// ```swift
/// @Shared(.appStorage("launchCount")) var launchCount = 0
/// ```
///
/// - The first shared value created for a key that holds nothing stores its default.
/// - Every shared value using the same key and store shares one value, even when declared with
///   different defaults.
/// - Changes made to the store by other code are picked up: on Apple platforms through
///   `UserDefaults.didChangeNotification`; elsewhere, where `UserDefaults` announces nothing,
///   reads check the store, saves announce themselves, the observed keys are checked ten times a
///   second, and each test's fresh store announces its own writes.
/// - Removing the key brings back the default value.
///
/// In tests, ``Dependencies/DependencyValues/defaultAppStorage`` is a fresh store for each test.
public struct AppStorageKey<Value: Sendable>: SharedKey {
  private let key: String
  private let store: UncheckedSendable<UserDefaults>
  private let coding: AppStorageCoding<Value>
  /// Recursive: a check yields what changed holding it, and a subscriber may save at once, taking
  /// it again.
  private let lastSeen: Locked<LastSeen>

  init(_ key: String, store: UserDefaults?, coding: AppStorageCoding<Value>) {
    @Dependency(\.defaultAppStorage) var defaultStore
    self.key = key
    self.store = UncheckedSendable(store ?? defaultStore)
    self.coding = coding
    self.lastSeen = Locked(LastSeen(), recursive: true)
  }

  /// The key and the store: shared values with the same key in the same store share one value.
  public var id: AppStorageKeyID {
    AppStorageKeyID(key: self.key, store: ObjectIdentifier(self.store.value))
  }

  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    let store = self.store.value
    let stored: Value? = self.lastSeen.withLock { lastSeen in
      let value = self.coding.read(store, self.key)
      lastSeen.value = .some(value)
      return value
    }
    if let stored {
      continuation.resume(returning: stored)
      return
    }
    // The first value created for an empty key stores its default, so that every other reader
    // of the store (and every later shared value, whatever its default) agrees on it.
    if let initialValue = context.initialValue {
      self.write(initialValue, to: store)
    }
    continuation.resumeReturningInitialValue()
  }

  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    let key = self
    return UserDefaultsChangeMonitor.shared.observe(self.store.value) {
      key.storeDidChange(subscriber: subscriber)
    }
  }

  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    self.write(value, to: self.store.value)
    continuation.resume()
  }

  /// Writes a value without holding the lock while `UserDefaults` announces the change (on
  /// Apple platforms it does so synchronously, and another key's observer taking its own lock
  /// meanwhile could deadlock with it): checks made during the write take the store's contents
  /// as this key's own.
  private func write(_ value: Value, to store: UserDefaults) {
    self.lastSeen.withLock { $0.writesInProgress += 1 }
    self.coding.write(store, self.key, value)
    self.lastSeen.withLock { lastSeen in
      lastSeen.writesInProgress -= 1
      lastSeen.value = .some(self.coding.read(store, self.key))
    }
    UserDefaultsChangeMonitor.shared.didSave(to: store)
  }

  /// Yields the stored value if it isn't the one last loaded, saved or yielded. Reading,
  /// comparing and yielding happen under one lock, so two checks racing can't yield out of
  /// order.
  private func storeDidChange(subscriber: SharedSubscriber<Value>) {
    // Held across the yield, whose subscriber may save at once and so take the lock again.
    self.lastSeen.withLockHeld {
      let current = self.coding.read(self.store.value, self.key)
      let isNews = self.lastSeen.withLock { lastSeen in
        defer { lastSeen.value = .some(current) }
        if lastSeen.writesInProgress > 0 { return false }
        if case let .some(value) = lastSeen.value, self.isSame(value, current) { return false }
        return true
      }
      guard isNews else { return }
      if let current {
        subscriber.yield(current)
      } else {
        subscriber.yieldReturningInitialValue()
      }
    }
  }

  private func isSame(_ lhs: Value?, _ rhs: Value?) -> Bool {
    switch (lhs, rhs) {
    case let (lhs?, rhs?): return self.coding.isEqual(lhs, rhs)
    case (nil, nil): return true
    default: return false
    }
  }

  /// What the store held for the key when last read by this key (`.some(nil)`: nothing), or
  /// `nil` before the first read.
  private struct LastSeen {
    var value: Value??
    /// Writes by this key under way.
    var writesInProgress = 0
  }
}

extension AppStorageKey: ReadThroughKey {
  /// A value written to the store by other code is read at once, as on Apple platforms, where
  /// the store announces writes as they happen; subscribers also hear of it within a poll.
  func refresh(subscriber: SharedSubscriber<Value>) {
    self.storeDidChange(subscriber: subscriber)
  }
}

extension AppStorageKey: CustomStringConvertible {
  public var description: String {
    ".appStorage(\(String(reflecting: self.key)))"
  }
}

/// The identity of an ``AppStorageKey``: its key, in its store.
public struct AppStorageKeyID: Hashable, Sendable {
  let key: String
  let store: ObjectIdentifier
}

private enum DefaultAppStorageKey: DependencyKey {
  static var liveValue: UncheckedSendable<UserDefaults> { UncheckedSendable(.standard) }
  static var previewValue: UncheckedSendable<UserDefaults> { Self.freshStore() }
  static var testValue: UncheckedSendable<UserDefaults> { Self.freshStore() }

  /// An empty store of its own, kept in the temporary directory. Where Foundation's
  /// `UserDefaults` announces no changes, it is one that does (``AnnouncingUserDefaults``), so a
  /// test's `defaults.set` reaches subscribers at once, as on Apple platforms.
  static func freshStore() -> UncheckedSendable<UserDefaults> {
    let suiteName =
      NSTemporaryDirectory() + "open-composable-architecture.app-storage.\(UUID().uuidString)"
    #if canImport(Darwin)
      return UncheckedSendable(UserDefaults(suiteName: suiteName) ?? .standard)
    #else
      return UncheckedSendable(AnnouncingUserDefaults(suiteName: suiteName) ?? .standard)
    #endif
  }
}

extension DependencyValues {
  /// The store that `.appStorage(_:store:)` keys use when given
  /// none: `UserDefaults.standard` when the app runs, a fresh, empty store in each test and
  /// preview.
  ///
  /// ```swift
  /// withDependencies {
  ///   $0.defaultAppStorage = UserDefaults(suiteName: "group.com.example.app")!
  /// } operation: {
  ///   @Shared(.appStorage("launchCount")) var launchCount = 0
  /// }
  /// ```
  public var defaultAppStorage: UserDefaults {
    get { self[DefaultAppStorageKey.self].value }
    set { self[DefaultAppStorageKey.self] = UncheckedSendable(newValue) }
  }

  /// Whether an app storage key that key-value observing can't watch (one containing `.` or
  /// starting with `@`) is reported, as swift-sharing does. This library watches app storage
  /// without key-value observing, on every platform, so every key is watched alike and none is
  /// reported: the value is kept for the code that sets it.
  ///
  /// ```swift
  /// prepareDependencies { $0.appStorageKeyFormatWarningEnabled = false }
  /// ```
  public var appStorageKeyFormatWarningEnabled: Bool {
    get { self[AppStorageKeyFormatWarningKey.self] }
    set { self[AppStorageKeyFormatWarningKey.self] = newValue }
  }
}

private enum AppStorageKeyFormatWarningKey: DependencyKey {
  static let liveValue = true
  static let testValue = true
}
