import Foundation
import Testing

@testable import ComposableArchitecture

/// A cancel token performs the work attached to it once, and then lets go of it: the work (a
/// task's cancellation, a subscription, a presented feature's wait) may hold the token, and a
/// token that kept it would keep both alive after the work ended.
@Suite("Cancel tokens")
struct CancelTokenTests {
  /// Work that only `token` holds: whether it is still alive, and how often it was performed.
  private func attachWork(
    to token: CancelToken
  ) -> (isAlive: () -> Bool, performed: LockIsolated<Int>) {
    final class Work: Sendable {
      let performed = LockIsolated(0)
    }
    let work = Work()
    token.attach { work.performed.withValue { $0 += 1 } }
    return ({ [weak work] in work != nil }, work.performed)
  }

  @Test func cancellingPerformsTheWorkOnceAndLetsGoOfIt() {
    let token = CancelToken()
    let work = self.attachWork(to: token)
    #expect(work.isAlive())
    token.cancel()
    #expect(work.performed.value == 1)
    #expect(!work.isAlive())
    token.cancel()
    #expect(work.performed.value == 1)
  }

  @Test func detachingLetsGoOfTheWorkWithoutPerformingIt() {
    let token = CancelToken()
    let work = self.attachWork(to: token)
    token.detach()
    #expect(!work.isAlive())
    #expect(work.performed.value == 0)
    token.cancel()
    #expect(work.performed.value == 0)
  }

  @Test func workAttachedAfterCancellingIsPerformedAtOnceAndNotKept() {
    let token = CancelToken()
    token.cancel()
    let work = self.attachWork(to: token)
    #expect(work.performed.value == 1)
    #expect(!work.isAlive())
  }
}
