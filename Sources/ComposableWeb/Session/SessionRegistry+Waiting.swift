#if Web
import ComposableArchitecture
import Foundation
import Logging
import Sharing

extension SessionRegistry {
  /// Waits for `effects` to finish, or for `limit`, whichever comes first, without cancelling
  /// them.
  func wait(for effects: StoreTask, upTo limit: Duration) async {
    await wait(upTo: limit) { await effects.finish() }
  }

  /// Waits for `work` to finish, or for `limit`, whichever comes first, without cancelling it
  /// (work waiting for an actor can't be): `true` when it finished in time.
  @discardableResult
  nonisolated func wait(
    upTo limit: Duration, for work: @escaping @Sendable () async -> Void
  ) async -> Bool {
    await ComposableWeb.wait(upTo: limit, clock: clock, for: work)
  }
}

/// Waits for `work` to finish, or for `limit` on `clock`, whichever comes first, without
/// cancelling it: `true` when it finished in time.
func wait(
  upTo limit: Duration, clock: EngineClock, for work: @escaping @Sendable () async -> Void
) async -> Bool {
  let deadline = clock.now() + limit
  let once = ResumeOnce()
  return await withCheckedContinuation { continuation in
    once.set(continuation)
    Task {
      await work()
      once.resume(true)
    }
    Task {
      try? await clock.sleep(until: deadline)
      once.resume(false)
    }
  }
}

/// Resumes a continuation once, whichever of its resumers comes first.
private final class ResumeOnce: Sendable {
  let continuation = Locked<CheckedContinuation<Bool, Never>?>(nil)

  func set(_ continuation: CheckedContinuation<Bool, Never>) {
    self.continuation.withLock { $0 = continuation }
  }

  func resume(_ value: Bool) {
    continuation.withLock { $0.take() }?.resume(returning: value)
  }
}
#endif  // Web
