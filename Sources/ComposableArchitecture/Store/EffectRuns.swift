#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif
import ConcurrencyExtras
import Dependencies
import Sharing
import Foundation

/// What a store registered for one run of an effect: its cancellation IDs and its place among
/// the store's runs in flight, given up when the run ends.
final class RunRegistration: Sendable {
  let id: Int
  let token: CancelToken
  let cancellations: [CancellationRegistration]
  let inFlightRuns: Locked<[Int: CancelToken]>

  init(
    id: Int,
    token: CancelToken,
    cancellations: [CancellationRegistration],
    inFlightRuns: Locked<[Int: CancelToken]>
  ) {
    self.id = id
    self.token = token
    self.cancellations = cancellations
    self.inFlightRuns = inFlightRuns
  }

  /// Unregisters the run: cancelling its IDs no longer reaches it, and its token lets go of the
  /// work it would have cancelled (which may hold this registration).
  func end() {
    for registration in self.cancellations {
      registration.unregister(self.token)
    }
    self.inFlightRuns.withLock { _ = $0.removeValue(forKey: self.id) }
    self.token.detach()
  }
}

/// The subscription of an effect's publisher: active until the publisher completes or the effect
/// is cancelled, whichever comes first, at which point `onEnd` runs, once.
final class EffectSubscription: Sendable {
  private enum Status {
    case active(UncheckedSendable<AnyCancellable>?)
    case completed
    case cancelled
  }

  private let status = LockIsolated<Status>(.active(nil))
  private let onEnd: @Sendable () -> Void

  init(onEnd: @escaping @Sendable () -> Void) {
    self.onEnd = onEnd
  }

  var isActive: Bool {
    guard case .active = self.status.value else { return false }
    return true
  }

  /// Keeps the subscription's cancellable, or cancels it if the effect was cancelled while the
  /// publisher was being subscribed to.
  func attach(_ cancellable: AnyCancellable) {
    let held = UncheckedSendable(cancellable)
    let wasCancelled = self.status.withValue { status in
      switch status {
      case .active:
        status = .active(held)
        return false
      case .completed:
        return false
      case .cancelled:
        return true
      }
    }
    if wasCancelled { cancellable.cancel() }
  }

  func complete() {
    guard self.end(as: .completed) != nil else { return }
    self.onEnd()
  }

  func cancel() {
    guard let cancellable = self.end(as: .cancelled) else { return }
    cancellable?.value.cancel()
    self.onEnd()
  }

  /// Ends the subscription. Returns `nil` if it had already ended, or else the cancellable it
  /// held, if any.
  private func end(as ending: Status) -> UncheckedSendable<AnyCancellable>?? {
    self.status.withValue { status in
      guard case let .active(cancellable) = status else { return nil }
      status = ending
      return .some(cancellable)
    }
  }
}
