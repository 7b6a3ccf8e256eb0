import CaseStudies
import ComposableArchitecture
import Testing

@MainActor
@Suite struct CounterTests {
  @Test func incrementAndDecrementClearTheFact() async {
    var state = Counter.State(count: 3)
    state.fact = "3 is a prime number."
    let store = TestStore(initialState: state) { Counter() }
    await store.send(.incrementButtonTapped) {
      $0.count = 4
      $0.fact = nil
    }
    await store.send(.decrementButtonTapped) {
      $0.count = 3
    }
  }

  @Test func factButtonFetchesAFactAboutTheCount() async {
    let store = TestStore(initialState: Counter.State(count: 7)) {
      Counter()
    } withDependencies: {
      $0.factClient.fetch = { "\($0) is lucky." }
    }
    await store.send(.factButtonTapped) {
      $0.isLoadingFact = true
    }
    await store.receive(.factResponse("7 is lucky.")) {
      $0.fact = "7 is lucky."
      $0.isLoadingFact = false
    }
  }

  @Test func aFailingFactClientStillAnswers() async {
    struct Offline: Error {}
    let store = TestStore(initialState: Counter.State(count: 2)) {
      Counter()
    } withDependencies: {
      $0.factClient.fetch = { _ in throw Offline() }
    }
    await store.send(.factButtonTapped) {
      $0.isLoadingFact = true
    }
    await store.receive(.factResponse("No fact about 2 today.")) {
      $0.fact = "No fact about 2 today."
      $0.isLoadingFact = false
    }
  }

  @Test func timerCountsUpEachSecondUntilStopped() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.toggleTimerButtonTapped) {
      $0.isTimerRunning = true
    }
    await clock.advance(by: .seconds(2))
    await store.receive(.timerTicked) { $0.count = 1 }
    await store.receive(.timerTicked) { $0.count = 2 }
    await store.send(.toggleTimerButtonTapped) {
      $0.isTimerRunning = false
    }
    await clock.advance(by: .seconds(5))
  }

  @Test func localFactsDescribeTheNumber() {
    #expect(FactClient.fact(about: 0) == "0 is the only number that is neither positive nor negative.")
    #expect(FactClient.fact(about: 7) == "7 is a prime number.")
    #expect(FactClient.fact(about: 9) == "9 is the square of 3.")
    #expect(FactClient.fact(about: 1) == "1 is the square of 1.")
    #expect(FactClient.fact(about: 8) == "8 is an even number.")
    #expect(FactClient.fact(about: -3) == "-3 is an odd number.")
  }
}
