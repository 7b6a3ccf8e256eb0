#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif
import Foundation

/// Holds a view store's current view state and publishes it: the current value to each new
/// subscriber, then every new value, to the subscribers in the order they subscribed.
///
/// ```swift
/// let relay = StateRelay(0)
/// let first = relay.sink { print("first", $0) }
/// let second = relay.sink { print("second", $0) }
/// relay.value = 1   // first 1, then second 1
/// ```
///
/// A subject would do, except that the order in which it notifies its subscribers is not
/// specified (OpenCombine keeps them in a set), and views and tests rely on the order.
final class StateRelay<Output>: Publisher, @unchecked Sendable {
  typealias Failure = Never

  private let lock = NSRecursiveLock()
  private var currentValue: Output
  private var conduits: [Conduit] = []

  init(_ value: Output) {
    self.currentValue = value
  }

  /// The current value; setting it publishes it.
  var value: Output {
    get { self.lock.withLock { self.currentValue } }
    set { self.send(newValue) }
  }

  /// Publishes a new value to the subscribers, in subscription order.
  func send(_ value: Output) {
    let conduits = self.lock.withLock {
      self.currentValue = value
      return self.conduits
    }
    for conduit in conduits {
      conduit.receive(value)
    }
  }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    let conduit = self.lock.withLock {
      let conduit = Conduit(
        relay: self, downstream: AnySubscriber(subscriber), initialValue: self.currentValue
      )
      self.conduits.append(conduit)
      return conduit
    }
    subscriber.receive(subscription: conduit)
  }

  fileprivate func remove(_ conduit: Conduit) {
    self.lock.withLock {
      self.conduits.removeAll { $0 === conduit }
    }
  }

  /// One subscriber's subscription. A value that arrives while the subscriber has no demand is
  /// held, replaced by any later one, and delivered on the next request.
  final class Conduit: Subscription, @unchecked Sendable {
    private let lock = NSRecursiveLock()
    private weak var relay: StateRelay?
    private var downstream: AnySubscriber<Output, Never>?
    private var demand = Subscribers.Demand.none
    private var pendingValue: Output?

    fileprivate init(
      relay: StateRelay, downstream: AnySubscriber<Output, Never>, initialValue: Output
    ) {
      self.relay = relay
      self.downstream = downstream
      self.pendingValue = initialValue
    }

    var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }

    func request(_ demand: Subscribers.Demand) {
      self.lock.withLock {
        guard self.downstream != nil else { return }
        self.demand += demand
      }
      self.deliverPendingValue()
    }

    func cancel() {
      let relay = self.lock.withLock {
        self.downstream = nil
        self.pendingValue = nil
        return self.relay
      }
      relay?.remove(self)
    }

    fileprivate func receive(_ value: Output) {
      let canDeliver = self.lock.withLock {
        guard self.downstream != nil else { return false }
        guard self.demand > 0 else {
          self.pendingValue = value
          return false
        }
        self.demand -= 1
        return true
      }
      if canDeliver {
        self.deliver(value)
      }
    }

    /// Delivers the held value if the subscriber wants one.
    private func deliverPendingValue() {
      let value = self.lock.withLock { () -> Output? in
        guard self.demand > 0, let value = self.pendingValue else { return nil }
        self.pendingValue = nil
        self.demand -= 1
        return value
      }
      if let value {
        self.deliver(value)
      }
    }

    private func deliver(_ value: Output) {
      guard let downstream = self.lock.withLock({ self.downstream }) else { return }
      let additionalDemand = downstream.receive(value)
      guard additionalDemand > 0 else { return }
      self.lock.withLock {
        self.demand += additionalDemand
      }
      // A value may have been held while the subscriber had no demand left.
      self.deliverPendingValue()
    }
  }
}
