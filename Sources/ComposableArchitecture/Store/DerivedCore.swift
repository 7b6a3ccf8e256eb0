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
final class DerivedCoreObservation<State> {
  var observers = CoreObservers()
  var isObservingBase = false
  /// Whether the core is telling its observers of a change.
  var isNotifying = false
  /// The core's state, once read while it tells its observers of a change; `nil` otherwise, so
  /// that the core holds no state of its own that the root has moved on from.
  var stateDuringNotification: State?

  init() {}
}

extension DerivedCore {
  var state: State {
    let observation = self.observation
    guard observation.isNotifying else { return self.readState() }
    if let state = observation.stateDuringNotification { return state }
    let state = self.readState()
    observation.stateDuringNotification = state
    return state
  }

  func observe(_ observer: AnyObject, didChange: @escaping () -> Void) {
    if !self.observation.isObservingBase {
      self.observation.isObservingBase = true
      self.base.observe(self) { [weak self] in self?.baseDidChange() }
    }
    self.observation.observers.add(observer, didChange: didChange)
  }

  private func baseDidChange() {
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
