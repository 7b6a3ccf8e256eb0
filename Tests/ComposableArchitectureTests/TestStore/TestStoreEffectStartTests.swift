@testable import ComposableArchitecture
import Testing

/// A feature whose effects record when their operation begins, and one that then sleeps.
private struct EffectStartFeature: Reducer {
  struct State: Equatable { var ticks = 0 }

  @CasePathable
  enum Action: Equatable {
    case start
    case startAndTick
    case tick
  }

  let started: LockIsolated<Int>
  let clock: TestClock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [started] _ in started.withValue { $0 += 1 } }
    case .startAndTick:
      return .run { [started, clock] send in
        started.withValue { $0 += 1 }
        try await clock.sleep(for: .seconds(1))
        await send(.tick)
      }
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

/// `send` returns once the effects it started have begun their operations, so that a test can
/// advance a clock right away however busy the machine is.
@MainActor
struct TestStoreEffectStartTests {
  @Test func sendReturnsOnceTheEffectsItStartedHaveBegun() async {
    let started = LockIsolated(0)
    let store = TestStore(initialState: EffectStartFeature.State()) {
      EffectStartFeature(started: started, clock: TestClock())
    }
    await store.send(.start)
    #expect(started.value == 1)
    await store.finish()
  }

  @Test func aClockAdvancedRightAfterTheSendReachesTheEffectsSleep() async {
    let started = LockIsolated(0)
    let clock = TestClock()
    let store = TestStore(initialState: EffectStartFeature.State()) {
      EffectStartFeature(started: started, clock: clock)
    }
    await store.send(.startAndTick)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
  }

  @Test func aRunThatNeverBeginsHoldsTheSendForAtMostTheTimeoutAndReportsNothing() async {
    let store = TestStore(initialState: EffectStartFeature.State()) {
      EffectStartFeature(started: LockIsolated(0), clock: TestClock())
    }
    store.timeout = .milliseconds(100)
    // As if a run had been handed to the store and its task never got a thread.
    store.reducer.unstartedRuns.setValue(1)
    let clock = ContinuousClock()
    let start = clock.now
    await store.send(.tick) { $0.ticks = 1 }
    // It waited for the timeout, and then gave up: the send returned while the run still had
    // not begun. (How long it took beyond the timeout is not asserted: on a loaded machine, and
    // under ThreadSanitizer, the wait's own hops can take seconds each.)
    #expect(clock.now - start >= .milliseconds(100))
    #expect(store.reducer.unstartedRuns.value == 1)
    store.reducer.unstartedRuns.setValue(0)
  }
}
