import ConcurrencyExtras
import Dependencies
import Foundation
import Sharing

/// A presented feature's wait for its dismissal, as a store runs it: without a task, it ends
/// when the feature dismisses itself, and the store is sent the action that tells its parent,
/// or when the run is cancelled (the parent removed the feature, or the store went away),
/// sending nothing. No task waits for it: it lasts as long as the feature.
final class DismissalWait<Root: Reducer>: @unchecked Sendable {
  // Unchecked: `core` is a weak reference, which only a `var` can hold (`weak let` needs Swift
  // 6.2); it is set once, at creation. `phase` is behind its lock.
  private let phase = Locked(DismissalPhase.waiting)
  private let dismissal: Effect<Root.Action>.Run.Dismissal
  private let registration: RunRegistration
  private weak var core: RootCore<Root>?

  init(
    _ dismissal: Effect<Root.Action>.Run.Dismissal,
    registration: RunRegistration,
    core: RootCore<Root>
  ) {
    self.dismissal = dismissal
    self.registration = registration
    self.core = core
  }

  func start() {
    self.registration.token.attach { self.cancelled() }
    self.dismissal.token.attach { self.dismissed() }
  }

  /// The run is cancelled: the wait ends without a word, even after a dismissal whose action is
  /// not sent yet (the feature's parent removed it meanwhile, as when an ancestor dismissed).
  private func cancelled() {
    let previous = self.phase.withLock { phase in
      defer { phase = .ended }
      return phase
    }
    if previous == .waiting {
      self.end()
    }
  }

  /// The feature dismissed itself.
  private func dismissed() {
    let isDismissing = self.phase.withLock { phase in
      guard phase == .waiting else { return false }
      phase = .dismissing
      return true
    }
    guard isDismissing else { return }
    // The feature's `dismiss()` has nothing left to cancel.
    self.dismissal.end()
    let action = UncheckedSendable(self.dismissal.action())
    // Sent from a task of its own, as TCA's presentation sends it: the effect that called
    // `dismiss()` goes on until it suspends, before the parent removes the feature.
    Task { @MainActor in
      let wasCancelled = self.phase.withLock { phase in
        defer { phase = .ended }
        return phase == .ended
      }
      self.end()
      if !wasCancelled {
        _ = self.core?.send(action.value)
      }
    }
  }

  /// Gives up the wait's registrations, and the tokens' hold on the wait.
  private func end() {
    self.dismissal.end()
    self.dismissal.token.detach()
    self.registration.end()
  }
}

/// Where a `DismissalWait` is. (Outside the generic class, so that its lock's type is not
/// generic, and making a wait looks up no type metadata.)
private enum DismissalPhase {
  case waiting
  /// The feature dismissed itself; the action for its parent is on its way.
  case dismissing
  /// Over: cancelled, or the action was sent.
  case ended
}
