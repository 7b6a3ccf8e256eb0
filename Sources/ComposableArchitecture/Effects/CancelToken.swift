import ConcurrencyExtras
import Dependencies
import Foundation

/// Cancels one piece of in-flight work: a task or a subscription. It can be cancelled before the
/// work it controls exists, in which case the work is cancelled as soon as it is attached.
@usableFromInline
final class CancelToken: @unchecked Sendable {
  // The lock guards the two properties. (One is made for every effect run that can be cancelled,
  // so it is a plain lock rather than a `LockIsolated`, which is another object.)
  private let lock = NSLock()
  private var isCancelled = false
  private var onCancel: (@Sendable () -> Void)?

  @usableFromInline
  init() {}

  @usableFromInline
  func attach<S, F>(_ task: Task<S, F>) {
    self.attach { task.cancel() }
  }

  /// Attaches the work that cancelling performs, such as cancelling a subscription.
  func attach(_ cancel: @escaping @Sendable () -> Void) {
    let isCancelled = self.lock.withLock {
      if !self.isCancelled { self.onCancel = cancel }
      return self.isCancelled
    }
    if isCancelled { cancel() }
  }

  /// Cancels the work attached, or the work attached later. The work is performed once, and let
  /// go of: what it holds may hold this token.
  func cancel() {
    let cancel = self.lock.withLock {
      defer { self.onCancel = nil }
      self.isCancelled = true
      return self.onCancel
    }
    cancel?()
  }

  /// Lets go of the work attached, without cancelling it: for work that ended by itself, whose
  /// cancellation may hold this token.
  func detach() {
    self.lock.withLock { self.onCancel = nil }
  }
}
