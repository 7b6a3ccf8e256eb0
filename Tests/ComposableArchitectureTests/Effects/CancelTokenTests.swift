import Foundation
import Testing

@testable import ComposableArchitecture

/// A cancel token performs the work attached to it once, and then lets go of it: the work (a
/// task's cancellation, a subscription, a presented feature's wait) may hold the token, and a
/// token that kept it would keep both alive after the work ended.
@Suite("Cancel tokens")
struct CancelTokenTests {
  /// Counts its cancellations; the test holds it only weakly once attached.
  final class Work: Sendable {
    let cancellations = LockIsolated(0)
    func cancel() { self.cancellations.withValue { $0 += 1 } }
  }

  @Test func cancellingPerformsTheWorkOnceAndLetsGoOfIt() {
    let token = CancelToken()
    weak var weakWork: Work?
    let counter: LockIsolated<Int>
    do {
      let work = Work()
      weakWork = work
      counter = work.cancellations
      token.attach { work.cancel() }
    }
    #expect(weakWork != nil)
    token.cancel()
    #expect(counter.value == 1)
    #expect(weakWork == nil)
    token.cancel()
    #expect(counter.value == 1)
  }

  @Test func detachingLetsGoOfTheWorkWithoutPerformingIt() {
    let token = CancelToken()
    weak var weakWork: Work?
    let counter: LockIsolated<Int>
    do {
      let work = Work()
      weakWork = work
      counter = work.cancellations
      token.attach { work.cancel() }
    }
    token.detach()
    #expect(weakWork == nil)
    #expect(counter.value == 0)
  }

  @Test func workAttachedAfterCancellingIsPerformedAtOnceAndNotKept() {
    let token = CancelToken()
    token.cancel()
    weak var weakWork: Work?
    let counter: LockIsolated<Int>
    do {
      let work = Work()
      weakWork = work
      counter = work.cancellations
      token.attach { work.cancel() }
    }
    #expect(counter.value == 1)
    #expect(weakWork == nil)
  }
}
