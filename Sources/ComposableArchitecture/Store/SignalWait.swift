import ConcurrencyExtras
import Dependencies
import Foundation
import Sharing

/// A run that waits for a signal, as a store runs it (``Effect/Run/Body/signal(_:)``): without a
/// task, it ends when the signal comes, and the store is sent the signal's action, or when the run
/// is cancelled (by its own registrations, or because the store went away), sending nothing. No
/// task waits for it: it lasts as long as whatever gives the signal.
///
/// Navigation uses it for a presented feature's wait for its dismissal: the feature's `dismiss()`
/// gives the signal, the action tells the parent, and the parent removing the feature cancels
/// the run.
final class SignalWait<Root: Reducer>: @unchecked Sendable {
  // Unchecked: `core` is a weak reference, which only a `var` can hold (`weak let` needs Swift
  // 6.2); it is set once, at creation. `phase` is behind its lock.
  private let phase = Locked(SignalWaitPhase.waiting)
  private let signal: Effect<Root.Action>.Run.Signal
  private let registration: RunRegistration
  private weak var core: RootCore<Root>?

  init(
    _ signal: Effect<Root.Action>.Run.Signal,
    registration: RunRegistration,
    core: RootCore<Root>
  ) {
    self.signal = signal
    self.registration = registration
    self.core = core
  }

  func start() {
    self.registration.token.attach { self.cancelled() }
    self.signal.token.attach { self.signalled() }
  }

  /// The run is cancelled: the wait ends without a word, even after a signal whose action is not
  /// sent yet (a presented feature's parent removed it meanwhile, as when an ancestor dismissed).
  private func cancelled() {
    let previous = self.phase.withLock { phase in
      defer { phase = .ended }
      return phase
    }
    if previous == .waiting {
      self.end()
    }
  }

  /// The signal came.
  private func signalled() {
    let isSignalled = self.phase.withLock { phase in
      guard phase == .waiting else { return false }
      phase = .signalled
      return true
    }
    guard isSignalled else { return }
    // The signal has nothing left to cancel.
    self.signal.end()
    let action = UncheckedSendable(self.signal.action())
    let deliver: @Sendable (RootCore<Root>?) -> Void = { core in
      let wasCancelled = self.phase.withLock { phase in
        defer { phase = .ended }
        return phase == .ended
      }
      self.end()
      if !wasCancelled {
        _ = core?.send(action.value)
      }
    }
    // Sent from a task of its own, as TCA's presentation sends a dismissal: the effect that gave
    // the signal goes on until it suspends, before the store acts on it.
    if let core = self.core {
      core.perform(deliver)
    } else {
      deliver(nil)
    }
  }

  /// Gives up the wait's registrations, and the tokens' hold on the wait.
  private func end() {
    self.signal.end()
    self.signal.token.detach()
    self.registration.end()
  }
}

/// Where a `SignalWait` is. (Outside the generic class, so that its lock's type is not generic,
/// and making a wait looks up no type metadata.)
private enum SignalWaitPhase {
  case waiting
  /// The signal came; the action is on its way.
  case signalled
  /// Over: cancelled, or the action was sent.
  case ended
}
