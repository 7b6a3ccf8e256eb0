import CaseStudyFeatures
import ComposableArchitecture
import Testing

@MainActor
struct CounterTests {
  @Test func buttonsChangeTheCountByOne() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    }
    await store.send(.incrementButtonTapped) {
      $0.count = 1
    }
    await store.send(.incrementButtonTapped) {
      $0.count = 2
    }
    await store.send(.decrementButtonTapped) {
      $0.count = 1
    }
  }

  @Test func countGoesBelowZero() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    }
    await store.send(.decrementButtonTapped) {
      $0.count = -1
    }
  }

  @Test func twoCountersChangeIndependently() async {
    let store = TestStore(initialState: TwoCounters.State()) {
      TwoCounters()
    }
    await store.send(.first(.incrementButtonTapped)) {
      $0.first.count = 1
    }
    await store.send(.second(.decrementButtonTapped)) {
      $0.second.count = -1
    }
    await store.send(.first(.incrementButtonTapped)) {
      $0.first.count = 2
    }
    #expect(store.state.total == 1)
  }

  @Test func resetZeroesBothCounters() async {
    let store = TestStore(
      initialState: TwoCounters.State(
        first: Counter.State(count: 3), second: Counter.State(count: -2))
    ) {
      TwoCounters()
    }
    await store.send(.resetButtonTapped) {
      $0.first.count = 0
      $0.second.count = 0
    }
  }
}
