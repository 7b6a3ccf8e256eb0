import Foundation

/// Fans a shared value's changes out to its publishers and async sequences, and keeps following
/// the value when the property is pointed at another one (`$value.load(otherKey)`).
final class ValueRelay<Value>: Sendable {
  private let subscribers = Locked<[UUID: @Sendable (Value) -> Void]>([:])

  /// Forwards every change of `reference` to this relay's subscribers.
  func follow(_ reference: any SharedReference<Value>) -> SharedSubscription {
    reference.observeValues { [weak self] value in self?.send(value) }
  }

  func subscribe(_ onValue: @escaping @Sendable (Value) -> Void) -> SharedSubscription {
    let id = UUID()
    self.subscribers.withLock { $0[id] = onValue }
    return SharedSubscription { [weak self] in
      guard let self else { return }
      self.subscribers.withLock { _ = $0.removeValue(forKey: id) }
    }
  }

  func send(_ value: Value) {
    let subscribers = self.subscribers.withLock { Array($0.values) }
    for subscriber in subscribers {
      subscriber(value)
    }
  }
}

/// What a `Shared` or `SharedReader` holds: the reference it reads through, which
/// `$value.load(otherKey)` or an assignment to `$value` can replace, and the relay its
/// publishers subscribe to, which follows whichever reference is current.
final class SharedBox<Value, Reference>: Sendable {
  private struct State {
    var reference: Reference
    var relaySubscription: SharedSubscription
  }

  /// The old reference and its subscription are released after the lock when replaced: that
  /// can run other code (a key's subscription ending).
  private let state: Locked<State>
  private let view: @Sendable (Reference) -> any SharedReference<Value>
  let relay: ValueRelay<Value>

  init(_ reference: Reference) where Reference == any SharedReference<Value> {
    let relay = ValueRelay<Value>()
    self.relay = relay
    self.view = { $0 }
    self.state = Locked(
      State(reference: reference, relaySubscription: relay.follow(reference))
    )
  }

  init(_ reference: Reference) where Reference == any MutableSharedReference<Value> {
    let relay = ValueRelay<Value>()
    self.relay = relay
    self.view = { $0 }
    self.state = Locked(
      State(reference: reference, relaySubscription: relay.follow(reference))
    )
  }

  var reference: Reference {
    get { self.state.withLock { $0.reference } }
    set {
      let view = self.view(newValue)
      // The switch itself publishes nothing: `$value.load(otherKey)` publishes what it loads,
      // once; an assignment to `$value` publishes the new value (`publishCurrentValue()`), as
      // swift-sharing's do.
      let replaced = self.state.withLock { state in
        defer { state = State(reference: newValue, relaySubscription: self.relay.follow(view)) }
        return state
      }
      // Released after the lock: ending the old subscription runs other code.
      withExtendedLifetime(replaced) {}
    }
  }

  /// Publishes the current reference's value, even if it equals the last one published.
  func publishCurrentValue() {
    let view = self.state.withLock { self.view($0.reference) }
    self.relay.send(view.currentValue)
  }
}
