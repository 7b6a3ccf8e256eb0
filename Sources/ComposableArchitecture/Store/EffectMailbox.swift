import ConcurrencyExtras
import Foundation
import Sharing

/// Where the effects of a core that runs off the main actor leave what they send, for the core
/// to process on its actor in the order it was left.
///
/// An effect's ``Send`` is main-actor isolated, as in TCA 1.x, so an action an effect sends
/// reaches the core from the main actor (or from a publisher's thread), not from the core's actor.
/// Each delivery starts a task that hops to the core's actor and processes the mail there; the
/// task joins the tasks of the send that started the effect, so that waiting for that send waits
/// for the delivered action and the effects it starts. A publisher's completion goes through the
/// mailbox too, so that it comes after the values the publisher emitted before it.
final class EffectMailbox<Action>: Sendable {
  enum Letter: Sendable {
    /// An action for the core, unless it was withdrawn before the core got to it (a cancelled
    /// subscription's).
    case action(UncheckedSendable<Action>, tasks: EffectTasks, isWithdrawn: (@Sendable () -> Bool)?)
    /// Work to do on the core's actor, in turn.
    case work(@Sendable () -> Void)
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
    let delivery = self.post(
      .action(UncheckedSendable(action), tasks: tasks, isWithdrawn: isWithdrawn), to: core
    )
    if let delivery {
      tasks.append(delivery)
    }
  }

  /// Leaves work for `core` to do on its actor, after what was left before it.
  func deliver<Root: Reducer>(
    _ work: @escaping @Sendable () -> Void,
    to core: RootCore<Root>
  ) where Root.Action == Action {
    _ = self.post(.work(work), to: core)
  }

  private func post<Root: Reducer>(
    _ letter: Letter,
    to core: RootCore<Root>
  ) -> Task<Void, Never>? where Root.Action == Action {
    self.letters.withLock { $0.append(letter) }
    guard let isolation = core.isolation else { return nil }
    return Task { [weak core] in
      guard let core else { return }
      await core.run(on: isolation) { $0.processMail() }
    }
  }

  /// Whether letters wait for the core. The core takes them all at once and handles them before
  /// it gives up its actor, so on that actor an empty mailbox means all were handled.
  var hasLetters: Bool {
    self.letters.withLock { !$0.isEmpty }
  }

  /// The letters left, in the order they were left, taken out of the mailbox. (All at once, so
  /// that a burst of letters costs no more than its length.)
  func takeAll() -> [Letter] {
    self.letters.withLock { letters in
      defer { letters.removeAll() }
      return letters
    }
  }
}
