import Foundation

/// Fans a shared value's changes out to its publishers and async sequences, and keeps following
/// the value when the property is pointed at another one (`$value.load(otherKey)`).
final class ValueRelay<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var subscribers: [UUID: @Sendable (Value) -> Void] = [:]

  /// Forwards every change of `reference` to this relay's subscribers.
  func follow(_ reference: any SharedReference<Value>) -> SharedSubscription {
    reference.observeValues { [weak self] value in self?.send(value) }
  }

  func subscribe(_ onValue: @escaping @Sendable (Value) -> Void) -> SharedSubscription {
    let id = UUID()
    self.lock.withLock { self.subscribers[id] = onValue }
    return SharedSubscription { [weak self] in
      guard let self else { return }
      self.lock.withLock { _ = self.subscribers.removeValue(forKey: id) }
    }
  }

  func send(_ value: Value) {
    let subscribers = self.lock.withLock { Array(self.subscribers.values) }
    for subscriber in subscribers {
      subscriber(value)
    }
  }
}

/// What a `Shared` or `SharedReader` holds: the reference it reads through, which
/// `$value.load(otherKey)` or an assignment to `$value` can replace, and the relay its
/// publishers subscribe to, which follows whichever reference is current.
final class SharedBox<Value, Reference>: @unchecked Sendable {
  private let lock = NSRecursiveLock()
  private var _reference: Reference
  private let view: (Reference) -> any SharedReference<Value>
  let relay = ValueRelay<Value>()
  private var relaySubscription: SharedSubscription?

  init(_ reference: Reference) where Reference == any SharedReference<Value> {
    self._reference = reference
    self.view = { $0 }
    self.relaySubscription = self.relay.follow(reference)
  }

  init(_ reference: Reference) where Reference == any MutableSharedReference<Value> {
    self._reference = reference
    self.view = { $0 }
    self.relaySubscription = self.relay.follow(reference)
  }

  var reference: Reference {
    get { self.lock.withLock { self._reference } }
    set {
      let view = self.view(newValue)
      // The switch itself publishes nothing: `$value.load(otherKey)` publishes what it loads,
      // once; an assignment to `$value` publishes the new value (`publishCurrentValue()`), as
      // swift-sharing's do.
      self.lock.withLock {
        self._reference = newValue
        self.relaySubscription = self.relay.follow(view)
      }
    }
  }

  /// Publishes the current reference's value, even if it equals the last one published.
  func publishCurrentValue() {
    let view = self.lock.withLock { self.view(self._reference) }
    self.relay.send(view.currentValue)
  }
}
