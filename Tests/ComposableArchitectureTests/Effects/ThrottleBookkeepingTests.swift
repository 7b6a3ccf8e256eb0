import Clocks
@testable import ComposableArchitecture
import Foundation
import Testing

/// A throttle remembers an ID only as long as it matters: while its window is open or an effect
/// is held.
@MainActor
@Suite struct ThrottleBookkeepingTests {
  private func isRemembered(_ id: UUID) -> Bool {
    throttleStates.value[ThrottleKey(CancellationRegistration(id: id).key)] != nil
  }

  private func runThrottled(
    id: UUID, clock: TestClock<Duration>, sent: LockIsolated<[Int]>
  ) async {
    let effect = Effect<Int>.run { send in await send(1) }
      .throttle(id: id, for: .seconds(1), clock: clock, latest: false)
    await effect.execute(send: Send { value in sent.withValue { $0.append(value) } })
  }

  @Test func anEndedThrottleIsRememberedWhileItsWindowIsOpen() async {
    let clock = TestClock()
    let id = UUID()
    let sent = LockIsolated<[Int]>([])
    await self.runThrottled(id: id, clock: clock, sent: sent)
    #expect(sent.value.count == 1)
    #expect(self.isRemembered(id))
  }

  @Test func anEndedThrottleIsForgottenWhenAThrottledEffectEndsAfterItsWindowClosed() async {
    let clock = TestClock()
    let first = UUID()
    let second = UUID()
    let sent = LockIsolated<[Int]>([])
    await self.runThrottled(id: first, clock: clock, sent: sent)
    await clock.advance(by: .seconds(1))
    await self.runThrottled(id: second, clock: clock, sent: sent)
    #expect(sent.value.count == 2)
    #expect(!self.isRemembered(first))
    #expect(self.isRemembered(second))
  }

  @Test func aThrottleWhoseWindowClosedWhileItsEffectRanIsForgottenWhenItEnds() async {
    // An immediate clock's time moves on as the effect sleeps on it.
    let clock = ImmediateClock()
    let id = UUID()
    let effect = Effect<Int>.run { _ in try? await clock.sleep(for: .seconds(2)) }
      .throttle(id: id, for: .seconds(1), clock: clock, latest: false)
    await effect.execute(send: Send { _ in })
    #expect(!self.isRemembered(id))
  }
}
