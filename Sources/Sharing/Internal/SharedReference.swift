import ConcurrencyExtras
import Dependencies
import Foundation
import Observation

/// What a ``SharedReader`` reads through: a root value, or a path into one.
protocol SharedReference<Value>: AnyObject, Sendable, CustomStringConvertible {
  associatedtype Value

  /// The root value this reference reads, for change tracking and custom dumps.
  var rootID: ObjectIdentifier { get }
  /// The value as a test store's assertion sees it: the value as of the last assertion while one
  /// is being checked, the current value otherwise. Reading it is observed.
  var wrappedValue: Value { get }
  /// The current value, whatever is being asserted. Reading it is observed.
  var currentValue: Value { get }
  var isLoading: Bool { get }
  var loadError: (any Error)? { get }
  func load() async throws
  /// Tells observers of the value that it changed, without changing it.
  func touch()
  /// Calls `onChange` with each new value until the returned subscription is cancelled.
  func observeValues(_ onChange: @escaping @Sendable (Value) -> Void) -> SharedSubscription
}

/// What a ``Shared`` reads and writes through.
protocol MutableSharedReference<Value>: SharedReference {
  var saveError: (any Error)? { get }
  func withLock<R>(_ body: (inout Value) throws -> R, location: SourceLocation) rethrows -> R
  func save() async throws
  /// Whether `other` reads the same value by the same path, so that a test store's expected
  /// state and actual state can be told apart only by the value asserted.
  func isSameReference(as other: any MutableSharedReference<Value>) -> Bool
}

/// A key whose storage others can write to without the key hearing of it at once (app storage
/// on Linux, where `UserDefaults` posts no change notifications): every read of its shared value
/// first asks it to check the storage, and what changed is yielded to the subscriber before the
/// value is read.
protocol ReadThroughKey<Value> {
  associatedtype Value
  func refresh(subscriber: SharedSubscriber<Value>)
}

/// Where a shared value was changed, for reports of changes nobody asserted.
package struct SourceLocation: Sendable {
  package let fileID: StaticString
  package let filePath: StaticString
  package let line: UInt
  package let column: UInt
}

/// Storage for one shared value: the lock, the observation registrar, the loading and error
/// states, change tracking for test stores, and the value observers behind `publisher`.
// Unchecked: a non-final class can't be checked Sendable; its mutable state is all in `state`.
class RootReference<Value>: Observable, @unchecked Sendable {
  private struct State {
    var value: Value
    var isLoading = false
    var loadError: (any Error)?
    var saveError: (any Error)?
    var observers: [UUID: @Sendable (Value) -> Void] = [:]
  }

  private let registrar = ObservationRegistrar()
  /// Recursive: a change runs its closure holding the lock, and code in the closure may read this
  /// value again (through another `@Shared` derived from it, say).
  private let state: Locked<State>

  init(value: Value) {
    self.state = Locked(State(value: value), recursive: true)
  }

  // What `registrar` reports reads and changes of, by key path: each reads its part of `state`.
  private var value: Value { self.state.withLock { $0.value } }
  private var _isLoading: Bool { self.state.withLock { $0.isLoading } }
  private var _loadError: (any Error)? { self.state.withLock { $0.loadError } }
  private var _saveError: (any Error)? { self.state.withLock { $0.saveError } }

  var rootID: ObjectIdentifier { ObjectIdentifier(self) }

  var currentValue: Value {
    self.registrar.access(self, keyPath: \.value)
    if let tracker = SharedChangeTracker.asserting,
      let actual = tracker.actualValue(of: self.rootID, as: Value.self)
    {
      return actual
    }
    return self.state.withLock { $0.value }
  }

  /// The current value, read without registering an observation (for saves).
  var unobservedValue: Value {
    self.state.withLock { $0.value }
  }

  /// Runs `body` with the current value, unobserved, holding the lock throughout: a change can't
  /// come between the read and what `body` does.
  func withUnobservedValue<R>(_ body: (Value) throws -> R) rethrows -> R {
    try self.state.withLock { try body($0.value) }
  }

  var wrappedValue: Value {
    if let tracker = SharedChangeTracker.asserting,
      let snapshot = tracker.snapshot(of: self.rootID, as: Value.self)
    {
      self.registrar.access(self, keyPath: \.value)
      return snapshot
    }
    return self.currentValue
  }

  /// Changes the value. While a test store checks an assertion, the change goes to the
  /// assertion's snapshot instead, and `afterChange` is not called.
  func mutate<R>(
    _ body: (inout Value) throws -> R,
    location: SourceLocation,
    afterChange: (Value) -> Void
  ) rethrows -> R {
    if let tracker = SharedChangeTracker.asserting {
      var snapshot = self.state.withLock { state in
        tracker.snapshot(of: self.rootID, as: Value.self) ?? state.value
      }
      defer { tracker.assertSnapshot(snapshot, of: self, location: location) }
      return try body(&snapshot)
    }
    // Held throughout, without lending the state: code inside `body` may read this value
    // (through another `@Shared` derived from it, say), taking the lock again, and sees the
    // value from before the change, which is made to a copy and stored afterwards. Observers are
    // told while it is held, so that a reader they start on another thread waits for the change
    // rather than read the value from before it and never hear of the change.
    let (result, newValue) = try self.state.withLockHeld {
      try self.registrar.withMutation(of: self, keyPath: \.value) {
        let current = self.state.withLock { $0.value }
        for tracker in SharedChangeTracker.tracking {
          tracker.recordSnapshot(current, of: self, location: location)
        }
        var value = current
        let result = try body(&value)
        self.state.withLock { $0.value = value }
        SharedValueChanges.record()
        return (result, value)
      }
    }
    afterChange(newValue)
    self.notify(newValue)
    return result
  }

  /// Replaces the value with one that came from outside (a load or a subscription).
  func replace(with newValue: Value) {
    // Observers are told with the lock held, as in `mutate`.
    self.state.withLockHeld {
      self.registrar.withMutation(of: self, keyPath: \.value) {
        self.state.withLock { $0.value = newValue }
        SharedValueChanges.record()
      }
    }
    self.notify(newValue)
  }

  func touch() {
    self.registrar.withMutation(of: self, keyPath: \.value) {}
  }

  func observeValues(_ onChange: @escaping @Sendable (Value) -> Void) -> SharedSubscription {
    let id = UUID()
    self.state.withLock { $0.observers[id] = onChange }
    return SharedSubscription { [weak self] in
      guard let self else { return }
      self.state.withLock { _ = $0.observers.removeValue(forKey: id) }
    }
  }

  private func notify(_ newValue: Value) {
    let observers = self.state.withLock { Array($0.observers.values) }
    for observer in observers {
      observer(newValue)
    }
  }

  var isLoading: Bool {
    get {
      self.registrar.access(self, keyPath: \._isLoading)
      return self.state.withLock { $0.isLoading }
    }
    set {
      guard self.state.withLock({ $0.isLoading != newValue }) else { return }
      self.registrar.withMutation(of: self, keyPath: \._isLoading) {
        self.state.withLock { $0.isLoading = newValue }
      }
    }
  }

  var loadError: (any Error)? {
    get {
      self.registrar.access(self, keyPath: \._loadError)
      return self.state.withLock { $0.loadError }
    }
    set {
      guard self.state.withLock({ $0.loadError != nil || newValue != nil }) else { return }
      self.registrar.withMutation(of: self, keyPath: \._loadError) {
        self.state.withLock { $0.loadError = newValue }
      }
    }
  }

  var saveError: (any Error)? {
    get {
      self.registrar.access(self, keyPath: \._saveError)
      return self.state.withLock { $0.saveError }
    }
    set {
      guard self.state.withLock({ $0.saveError != nil || newValue != nil }) else { return }
      self.registrar.withMutation(of: self, keyPath: \._saveError) {
        self.state.withLock { $0.saveError = newValue }
      }
    }
  }
}

/// The storage of `Shared(value:)`: a value no key loads or saves.
// Unchecked: a subclass (of `RootReference`) can't be checked Sendable; it adds no state.
final class ValueReference<Value>: RootReference<Value>, MutableSharedReference, @unchecked Sendable
{
  func withLock<R>(_ body: (inout Value) throws -> R, location: SourceLocation) rethrows -> R {
    try self.mutate(body, location: location, afterChange: { _ in })
  }

  func load() async throws {}
  func save() async throws {}

  func isSameReference(as other: any MutableSharedReference<Value>) -> Bool {
    other === self
  }

  var description: String {
    "value: \(String(reflecting: self.currentValue))"
  }
}

/// The storage of a shared value persisted by a key: loads it when created, follows the key's
/// subscription, and saves every change through the key when it can.
// Unchecked: a subclass (of `RootReference`) can't be checked Sendable; its own state is `let`s.
final class PersistentReference<Key: SharedReaderKey>: RootReference<Key.Value>,
  SharedReference, @unchecked Sendable
{
  /// What is set only once the reference exists: the subscription and `refresh` capture it, and
  /// the cache of live references sets `onDeinit`.
  private struct Hooks {
    var subscription: SharedSubscription?
    /// For a key whose storage can change without telling it in time (see ``ReadThroughKey``):
    /// checks the storage, yielding what changed.
    var refresh: (@Sendable () -> Void)?
    var onDeinit: (@Sendable () -> Void)?
  }

  let key: Key
  private let initialValue: Key.Value
  private let hooks = Locked(Hooks())
  /// Serializes saves so that each one hands the key the latest value: two writers racing can't
  /// leave the key with the older of their values. Recursive: a key's save may tell subscribers
  /// of the write at once, and what they run may change the value and save again.
  private let saveLock = Locked<Void>(recursive: true)
  /// Whether the key is read through: decided by its type, so that reads of other keys' values
  /// don't take a lock to find out.
  private let isReadThrough: Bool

  init(key: Key, initialValue: Key.Value, skipInitialLoad: Bool) {
    self.key = key
    self.initialValue = initialValue
    self.isReadThrough = key is any ReadThroughKey
    super.init(value: initialValue)
    let context: LoadContext<Key.Value> =
      skipInitialLoad ? .userInitiated : .initialValue(initialValue)
    if !skipInitialLoad {
      self.isLoading = true
      // A page's server waits for the first loads of the state it renders (see `SharedLoads`).
      let loaded = SharedLoads.current?.begin()
      key.load(
        context: context,
        continuation: LoadContinuation("\(key)") { [weak self] result in
          self?.apply(result)
          loaded?()
        }
      )
    }
    let subscriber = SharedSubscriber<Key.Value>(
      callback: { [weak self] result in self?.apply(result) },
      onLoading: { [weak self] isLoading in self?.isLoading = isLoading }
    )
    let subscription = key.subscribe(context: context, subscriber: subscriber)
    let refresh: (@Sendable () -> Void)? = (key as? any ReadThroughKey<Key.Value>).map { key in
      let key = UncheckedSendable(key)
      return { key.value.refresh(subscriber: subscriber) }
    }
    self.hooks.withLock {
      $0.subscription = subscription
      $0.refresh = refresh
    }
  }

  /// Called when the reference is deinitialized.
  var onDeinit: (@Sendable () -> Void)? {
    get { self.hooks.withLock { $0.onDeinit } }
    set { self.hooks.withLock { $0.onDeinit = newValue } }
  }

  override var currentValue: Key.Value {
    if self.isReadThrough, let refresh = self.hooks.withLock({ $0.refresh }) {
      refresh()
    }
    return super.currentValue
  }

  deinit {
    let hooks = self.hooks.withLock { $0 }
    hooks.subscription?.cancel()
    hooks.onDeinit?()
  }

  private func apply(_ result: Result<Key.Value?, any Error>) {
    self.isLoading = false
    switch result {
    case let .success(newValue):
      self.loadError = nil
      self.replace(with: newValue ?? self.initialValue)
    case let .failure(error):
      self.loadError = error
    }
  }

  func load() async throws {
    self.isLoading = true
    defer { self.isLoading = false }
    do {
      let loaded = try await withUnsafeThrowingContinuation {
        (continuation: UnsafeContinuation<UncheckedSendable<Key.Value?>, any Error>) in
        self.key.load(
          context: .userInitiated,
          continuation: LoadContinuation("\(self.key)") { result in
            continuation.resume(with: result.map { UncheckedSendable($0) })
          }
        )
      }
      if let value = loaded.value {
        self.replace(with: value)
      }
      self.loadError = nil
    } catch {
      self.loadError = error
      throw error
    }
  }

  var description: String {
    String(reflecting: self.key)
  }
}

extension PersistentReference: MutableSharedReference where Key: SharedKey {
  func withLock<R>(_ body: (inout Value) throws -> R, location: SourceLocation) rethrows -> R {
    try self.mutate(body, location: location) { _ in self.saveLatest(context: .didSet) }
  }

  private func saveLatest(context: SaveContext) {
    self.saveLock.withLock {
      let value = UncheckedSendable(self.unobservedValue)
      // Described now: a key may hold the continuation (to coalesce saves), and a description
      // closure capturing `self` would keep this reference alive through its own key.
      let description = "\(self.key)"
      self.key.save(
        value.value,
        context: context,
        continuation: SaveContinuation(description) { [weak self] result in
          guard let self else { return }
          switch result {
          case .success:
            self.saveError = nil
            self.loadError = nil
          case let .failure(error):
            self.saveError = error
          }
        }
      )
    }
  }

  func save() async throws {
    self.saveError = nil
    do {
      try await withUnsafeThrowingContinuation {
        (continuation: UnsafeContinuation<Void, any Error>) in
        self.saveLock.withLock {
          let value = UncheckedSendable(self.unobservedValue)
          let description = "\(self.key)"
          self.key.save(
            value.value,
            context: .userInitiated,
            continuation: SaveContinuation(description) { result in
              continuation.resume(with: result.map { _ in })
            }
          )
        }
      }
      self.loadError = nil
    } catch {
      self.saveError = error
      throw error
    }
  }

  func isSameReference(as other: any MutableSharedReference<Value>) -> Bool {
    other === self
  }
}

/// A path into another shared value: `$settings.theme`.
// Unchecked: `keyPath` is a plain `KeyPath` (what dynamic member lookup gives), so not Sendable.
final class KeyPathReference<Base: SharedReference, Value>: SharedReference, @unchecked Sendable {
  let base: Base
  let keyPath: KeyPath<Base.Value, Value>

  init(base: Base, keyPath: KeyPath<Base.Value, Value>) {
    self.base = base
    self.keyPath = keyPath
  }

  var rootID: ObjectIdentifier { self.base.rootID }
  var wrappedValue: Value { self.base.wrappedValue[keyPath: self.keyPath] }
  var currentValue: Value { self.base.currentValue[keyPath: self.keyPath] }
  var isLoading: Bool { self.base.isLoading }
  var loadError: (any Error)? { self.base.loadError }
  func load() async throws { try await self.base.load() }
  func touch() { self.base.touch() }

  func observeValues(_ onChange: @escaping @Sendable (Value) -> Void) -> SharedSubscription {
    let keyPath = UncheckedSendable(self.keyPath)
    return self.base.observeValues { onChange($0[keyPath: keyPath.value]) }
  }

  var description: String {
    "\(self.base.description)[dynamicMember: \(self.keyPath)]"
  }
}

extension KeyPathReference: MutableSharedReference where Base: MutableSharedReference {
  private var writableKeyPath: WritableKeyPath<Base.Value, Value> {
    self.keyPath as! WritableKeyPath<Base.Value, Value>
  }

  var saveError: (any Error)? { self.base.saveError }

  func withLock<R>(_ body: (inout Value) throws -> R, location: SourceLocation) rethrows -> R {
    try self.base.withLock({ try body(&$0[keyPath: self.writableKeyPath]) }, location: location)
  }

  func save() async throws { try await self.base.save() }

  func isSameReference(as other: any MutableSharedReference<Value>) -> Bool {
    guard let other = other as? KeyPathReference else { return false }
    return other.keyPath == self.keyPath
      && self.base.isSameReference(as: other.base as any MutableSharedReference<Base.Value>)
  }
}

/// A value computed from another shared value: `$settings.read { $0.items.count }`.
final class ComputedReference<Base: SharedReference, Value>: SharedReference, Sendable {
  let base: Base
  let transform: @Sendable (Base.Value) -> Value

  init(base: Base, transform: @escaping @Sendable (Base.Value) -> Value) {
    self.base = base
    self.transform = transform
  }

  var rootID: ObjectIdentifier { self.base.rootID }
  var wrappedValue: Value { self.transform(self.base.wrappedValue) }
  var currentValue: Value { self.transform(self.base.currentValue) }
  var isLoading: Bool { self.base.isLoading }
  var loadError: (any Error)? { self.base.loadError }
  func load() async throws { try await self.base.load() }
  func touch() { self.base.touch() }

  func observeValues(_ onChange: @escaping @Sendable (Value) -> Void) -> SharedSubscription {
    let transform = self.transform
    return self.base.observeValues { onChange(transform($0)) }
  }

  var description: String {
    "\(self.base.description).read(\(Value.self))"
  }
}

/// The unwrapped value of an optional shared value: `Shared($selectedItem)`. When the optional
/// becomes `nil`, the last unwrapped value is kept, so a view being dismissed still has one.
final class UnwrappedReference<Base: SharedReference, Value>: SharedReference, Sendable
where Base.Value == Value? {
  let base: Base
  /// The last value unwrapped.
  private let lastValue: Locked<Value>

  init(base: Base, initialValue: Value) {
    self.base = base
    self.lastValue = Locked(initialValue)
  }

  private func unwrap(_ value: Value?) -> Value {
    self.lastValue.withLock { lastValue in
      if let value { lastValue = value }
      return lastValue
    }
  }

  var rootID: ObjectIdentifier { self.base.rootID }
  var wrappedValue: Value { self.unwrap(self.base.wrappedValue) }
  var currentValue: Value { self.unwrap(self.base.currentValue) }
  var isLoading: Bool { self.base.isLoading }
  var loadError: (any Error)? { self.base.loadError }
  func load() async throws { try await self.base.load() }
  func touch() { self.base.touch() }

  func observeValues(_ onChange: @escaping @Sendable (Value) -> Void) -> SharedSubscription {
    self.base.observeValues { value in
      if let value { onChange(value) }
    }
  }

  var description: String {
    "\(self.base.description)!"
  }
}

extension UnwrappedReference: MutableSharedReference where Base: MutableSharedReference {
  var saveError: (any Error)? { self.base.saveError }

  func withLock<R>(_ body: (inout Value) throws -> R, location: SourceLocation) rethrows -> R {
    try self.base.withLock(
      { optional in
        var value = self.unwrap(optional)
        defer {
          if optional != nil { optional = value }
          self.lastValue.withLock { $0 = value }
        }
        return try body(&value)
      },
      location: location
    )
  }

  func save() async throws { try await self.base.save() }

  func isSameReference(as other: any MutableSharedReference<Value>) -> Bool {
    guard let other = other as? UnwrappedReference else { return false }
    return self.base.isSameReference(as: other.base as any MutableSharedReference<Base.Value>)
  }
}
