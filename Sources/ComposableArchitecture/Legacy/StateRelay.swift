#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif
import Foundation
import Sharing

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
  // Unchecked: `Output` need not be `Sendable`; values are handed to subscribers as Combine hands
  // them on. The relay's own state is behind its lock.
  typealias Failure = Never

  private struct State {
    var currentValue: Output
    var conduits: [Conduit] = []
  }

  private let state: Locked<State>

  init(_ value: Output) {
    self.state = Locked(State(currentValue: value), recursive: true)
  }

  /// The current value; setting it publishes it.
  var value: Output {
    get { self.state.withLock { $0.currentValue } }
    set { self.send(newValue) }
  }

  /// Publishes a new value to the subscribers, in subscription order.
  func send(_ value: Output) {
    let conduits = self.state.withLock { state in
      state.currentValue = value
      return state.conduits
    }
    for conduit in conduits {
      conduit.receive(value)
    }
  }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    let conduit = self.state.withLock { state in
      let conduit = Conduit(
        relay: self, downstream: AnySubscriber(subscriber), initialValue: state.currentValue
      )
      state.conduits.append(conduit)
      return conduit
    }
    subscriber.receive(subscription: conduit)
  }

  fileprivate func remove(_ conduit: Conduit) {
    self.state.withLock { state in
      state.conduits.removeAll { $0 === conduit }
    }
  }

  /// One subscriber's subscription. A value that arrives while the subscriber has no demand is
  /// held, replaced by any later one, and delivered on the next request.
  final class Conduit: Subscription, @unchecked Sendable {
    // Unchecked: as the relay's, and `AnySubscriber` is not `Sendable`. The state is behind the
    // lock.
    private struct State {
      weak var relay: StateRelay?
      var downstream: AnySubscriber<Output, Never>?
      var demand = Subscribers.Demand.none
      var pendingValue: Output?
    }

    private let state: Locked<State>

    fileprivate init(
      relay: StateRelay, downstream: AnySubscriber<Output, Never>, initialValue: Output
    ) {
      self.state = Locked(
        State(relay: relay, downstream: downstream, pendingValue: initialValue), recursive: true
      )
    }

    var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }

    func request(_ demand: Subscribers.Demand) {
      self.state.withLock { state in
        guard state.downstream != nil else { return }
        state.demand += demand
      }
      self.deliverPendingValue()
    }

    func cancel() {
      let relay = self.state.withLock { state in
        state.downstream = nil
        state.pendingValue = nil
        return state.relay
      }
      relay?.remove(self)
    }

    fileprivate func receive(_ value: Output) {
      let canDeliver = self.state.withLock { state in
        guard state.downstream != nil else { return false }
        guard state.demand > 0 else {
          state.pendingValue = value
          return false
        }
        state.demand -= 1
        return true
      }
      if canDeliver {
        self.deliver(value)
      }
    }

    /// Delivers the held value if the subscriber wants one.
    private func deliverPendingValue() {
      let value = self.state.withLock { state -> Output? in
        guard state.demand > 0, let value = state.pendingValue else { return nil }
        state.pendingValue = nil
        state.demand -= 1
        return value
      }
      if let value {
        self.deliver(value)
      }
    }

    private func deliver(_ value: Output) {
      guard let downstream = self.state.withLock({ $0.downstream }) else { return }
      let additionalDemand = downstream.receive(value)
      guard additionalDemand > 0 else { return }
      self.state.withLock { $0.demand += additionalDemand }
      // A value may have been held while the subscriber had no demand left.
      self.deliverPendingValue()
    }
  }
}
