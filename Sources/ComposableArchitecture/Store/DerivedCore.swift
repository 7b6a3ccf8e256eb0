import Dependencies
import Foundation

/// A core derived from another: it observes its base on behalf of its own observers, and reads
/// its state from the base's (see ``Core/observe(_:didChange:)``).
protocol DerivedCore: Core {
  associatedtype BaseState
  associatedtype BaseAction
  /// The core this one derives from.
  var base: any Core<BaseState, BaseAction> { get }
  /// The core's observers, and its state while it tells them of a change.
  var observation: DerivedCoreObservation<State> { get }
  /// Reads the state from the base core's.
  func readState() -> State
}

/// What a ``DerivedCore`` keeps for observation. Confined, like its core, to the isolation of
/// the store that owns it.
///
/// Its properties skip dynamic exclusivity checks: they are confined to one isolation, and no
/// access to them spans a call out of the core. Every scoped store of a list pays for these on
/// every change of the list.
final class DerivedCoreObservation<State> {
  @exclusivity(unchecked) var observers = CoreObservers()
  @exclusivity(unchecked) var isObservingBase = false
  /// Whether the core is telling its observers of a change.
  @exclusivity(unchecked) var isNotifying = false
  /// The core's state, once read while it tells its observers of a change; `nil` otherwise, so
  /// that the core holds no state of its own that the root has moved on from. (Boxed: an
  /// optional reference needs no look-up of the optional state's type in this generic code.)
  @exclusivity(unchecked) var stateDuringNotification: HeldState<State>?

  init() {}
}

/// A state a derived core holds while it tells its observers of a change.
final class HeldState<State> {
  let value: State

  init(_ value: State) {
    self.value = value
  }
}

extension DerivedCore {
  var state: State {
    let observation = self.observation
    // A core with one observer (its store, as a row's has) is read once per change: keeping
    // the state would only copy it.
    guard observation.isNotifying, observation.observers.count > 1 else {
      return self.readState()
    }
    if let held = observation.stateDuringNotification { return held.value }
    let state = self.readState()
    observation.stateDuringNotification = HeldState(state)
    return state
  }

  func observe(_ observer: AnyObject, didChange: @escaping () -> Void) {
    if !self.observation.isObservingBase {
      self.observation.isObservingBase = true
      self.base.observe(self) { [weak self] in self?.baseDidChange() }
    }
    self.observation.observers.add(observer, didChange: didChange)
  }

  /// Tells the core's observers of a change of its base.
  func baseDidChange() {
    let observation = self.observation
    // Nothing can change the root's state while observers are told: actions they send are
    // processed after the notification, in another pass. (Read only when an observer reads it.)
    observation.isNotifying = true
    defer {
      observation.isNotifying = false
      observation.stateDuringNotification = nil
    }
    let observers = observation.observers
    if observers.notify() {
      observation.observers.removeDeparted()
    }
  }
}
