import CaseStudies
import ComposableArchitecture
import Testing

@MainActor
@Suite struct TwoCountersTests {
  @Test func eachCounterChangesOnItsOwn() async {
    let store = TestStore(initialState: TwoCounters.State()) { TwoCounters() }
    await store.send(.first(.incrementButtonTapped)) {
      $0.first.count = 1
    }
    await store.send(.second(.decrementButtonTapped)) {
      $0.second.count = -1
    }
    await store.send(.first(.incrementButtonTapped)) {
      $0.first.count = 2
    }
  }

  @Test func eachCounterRunsItsOwnTimer() async {
    let clock = TestClock()
    let store = TestStore(initialState: TwoCounters.State()) {
      TwoCounters()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.second(.toggleTimerButtonTapped)) {
      $0.second.isTimerRunning = true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.second(.timerTicked)) {
      $0.second.count = 1
    }
    await store.send(.second(.toggleTimerButtonTapped)) {
      $0.second.isTimerRunning = false
    }
  }
}
