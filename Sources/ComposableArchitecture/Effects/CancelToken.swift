import ConcurrencyExtras
import Dependencies
import Foundation
import Sharing

/// Cancels one piece of in-flight work: a task or a subscription. It can be cancelled before the
/// work it controls exists, in which case the work is cancelled as soon as it is attached.
@usableFromInline
final class CancelToken: Sendable {
  private struct State {
    var isCancelled = false
    var onCancel: (@Sendable () -> Void)?
  }

  private let state = Locked(State())

  @usableFromInline
  init() {}

  @usableFromInline
  func attach<S, F>(_ task: Task<S, F>) {
    self.attach { task.cancel() }
  }

  /// Attaches the work that cancelling performs, such as cancelling a subscription.
  func attach(_ cancel: @escaping @Sendable () -> Void) {
    let isCancelled = self.state.withLock { state in
      if !state.isCancelled { state.onCancel = cancel }
      return state.isCancelled
    }
    if isCancelled { cancel() }
  }

  /// Cancels the work attached, or the work attached later. The work is performed once, and let
  /// go of: what it holds may hold this token.
  func cancel() {
    let cancel = self.state.withLock { state in
      defer { state.onCancel = nil }
      state.isCancelled = true
      return state.onCancel
    }
    cancel?()
  }

  /// Lets go of the work attached, without cancelling it: for work that ended by itself, whose
  /// cancellation may hold this token.
  func detach() {
    self.state.withLock { $0.onCancel = nil }
  }
}
