import ConcurrencyExtras
import Foundation
import Sharing

/// Where the effects of a core that runs off the main actor leave the actions they send, for the
/// core to process on its actor in the order they were left.
///
/// An effect's ``Send`` is main-actor isolated, as in TCA 1.x, so an action an effect sends
/// reaches the core from the main actor (or from a publisher's thread), not from the core's actor.
/// Each delivery starts a task that hops to the core's actor and processes the mail there; the
/// task joins the tasks of the send that started the effect, so that waiting for that send waits
/// for the delivered action and the effects it starts.
final class EffectMailbox<Action>: Sendable {
  struct Letter: Sendable {
    let action: UncheckedSendable<Action>
    let tasks: EffectTasks
    /// Whether the action was withdrawn before the core got to it (a cancelled subscription's).
    let isWithdrawn: (@Sendable () -> Bool)?
  }

  private let letters = Locked<[Letter]>([])

  init() {}

  /// Leaves an action for `core`, and has the core process it on its actor.
  func deliver<Root: Reducer>(
    _ action: Action,
    tasks: EffectTasks,
    to core: RootCore<Root>,
    unless isWithdrawn: (@Sendable () -> Bool)? = nil
  ) where Root.Action == Action {
    self.letters.withLock {
      $0.append(
        Letter(action: UncheckedSendable(action), tasks: tasks, isWithdrawn: isWithdrawn)
      )
    }
    guard let isolation = core.isolation else { return }
    let delivery = Task { [weak core] in
      guard let core else { return }
      await core.run(on: isolation) { $0.processMail() }
    }
    tasks.append(delivery)
  }

  /// The first letter left, taken out of the mailbox.
  func next() -> Letter? {
    self.letters.withLock { $0.isEmpty ? nil : $0.removeFirst() }
  }
}
