import CaseStudyFeatures
import ComposableArchitecture
import Testing

@MainActor
struct TimersTests {
  @Test func timerTicksEverySecondUntilStopped() async {
    let clock = TestClock()
    let store = TestStore(initialState: Timers.State()) {
      Timers()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.toggleTimerButtonTapped) {
      $0.isTimerActive = true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.timerTicked) {
      $0.secondsElapsed = 1
    }
    await clock.advance(by: .seconds(2))
    await store.receive(\.timerTicked) {
      $0.secondsElapsed = 2
    }
    await store.receive(\.timerTicked) {
      $0.secondsElapsed = 3
    }
    await store.send(.toggleTimerButtonTapped) {
      $0.isTimerActive = false
    }
    await clock.advance(by: .seconds(5))
  }

  @Test func resetStopsAndZeroes() async {
    let clock = TestClock()
    let store = TestStore(initialState: Timers.State()) {
      Timers()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.toggleTimerButtonTapped) {
      $0.isTimerActive = true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.timerTicked) {
      $0.secondsElapsed = 1
    }
    await store.send(.resetButtonTapped) {
      $0.isTimerActive = false
      $0.secondsElapsed = 0
    }
    await clock.advance(by: .seconds(3))
  }

  @Test func disappearingStopsTheTimer() async {
    let clock = TestClock()
    let store = TestStore(initialState: Timers.State()) {
      Timers()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.toggleTimerButtonTapped) {
      $0.isTimerActive = true
    }
    await store.send(.onDisappear) {
      $0.isTimerActive = false
    }
    await clock.advance(by: .seconds(3))
  }
}
