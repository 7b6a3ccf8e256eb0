import CaseStudyFeatures
import ComposableArchitecture
import Testing

@MainActor
struct NavigationStackDemoTests {
  @Test func pushingAndPoppingScreens() async {
    let store = TestStore(initialState: NavigationStackDemo.State()) {
      NavigationStackDemo()
    }
    await store.send(.pushButtonTapped(.counter)) {
      $0.path[id: 0] = .counter(Counter.State())
    }
    await store.send(.pushButtonTapped(.numberFact)) {
      $0.path[id: 1] = .numberFact(EffectsBasics.State())
    }
    await store.send(\.path.popFrom, 1) {
      $0.path.pop(from: 1)
    }
    await store.send(.pushButtonTapped(.counter)) {
      $0.path[id: 2] = .counter(Counter.State())
    }
    await store.send(.popToRootButtonTapped) {
      $0.path.removeAll()
    }
  }

  @Test func rootSeesTheScreensOnTheStack() async {
    let store = TestStore(initialState: NavigationStackDemo.State()) {
      NavigationStackDemo()
    }
    await store.send(.pushButtonTapped(.counter)) {
      $0.path[id: 0] = .counter(Counter.State())
    }
    await store.send(.pushButtonTapped(.counter)) {
      $0.path[id: 1] = .counter(Counter.State())
    }
    await store.send(\.path[id: 0].counter.incrementButtonTapped) {
      $0.path[id: 0, case: \.counter]?.count = 1
    }
    await store.send(\.path[id: 1].counter.incrementButtonTapped) {
      $0.path[id: 1, case: \.counter]?.count = 1
    }
    await store.send(\.path[id: 1].counter.incrementButtonTapped) {
      $0.path[id: 1, case: \.counter]?.count = 2
    }
    #expect(store.state.counterTotal == 3)
  }

  @Test func poppingAScreenStopsItsTimer() async {
    let clock = TestClock()
    let store = TestStore(initialState: NavigationStackDemo.State()) {
      NavigationStackDemo()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.pushButtonTapped(.ticker)) {
      $0.path[id: 0] = .ticker(Ticker.State())
    }
    await store.send(\.path[id: 0].ticker.task)
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].ticker.tick) {
      $0.path[id: 0, case: \.ticker]?.ticks = 1
    }
    await store.send(\.path.popFrom, 0) {
      $0.path.removeAll()
    }
    await clock.advance(by: .seconds(5))
  }

  @Test func poppingToRootStopsEveryTimerOnTheStack() async {
    let clock = TestClock()
    let store = TestStore(initialState: NavigationStackDemo.State()) {
      NavigationStackDemo()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.pushButtonTapped(.ticker)) {
      $0.path[id: 0] = .ticker(Ticker.State())
    }
    await store.send(.pushButtonTapped(.ticker)) {
      $0.path[id: 1] = .ticker(Ticker.State())
    }
    await store.send(\.path[id: 0].ticker.task)
    await store.send(\.path[id: 1].ticker.task)
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].ticker.tick) {
      $0.path[id: 0, case: \.ticker]?.ticks = 1
    }
    await store.receive(\.path[id: 1].ticker.tick) {
      $0.path[id: 1, case: \.ticker]?.ticks = 1
    }
    await store.send(.popToRootButtonTapped) {
      $0.path.removeAll()
    }
    await clock.advance(by: .seconds(5))
  }

  @Test func pushedScreenDismissesItself() async {
    let clock = TestClock()
    let store = TestStore(initialState: NavigationStackDemo.State()) {
      NavigationStackDemo()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.pushButtonTapped(.counter)) {
      $0.path[id: 0] = .counter(Counter.State())
    }
    await store.send(.pushButtonTapped(.ticker)) {
      $0.path[id: 1] = .ticker(Ticker.State())
    }
    await store.send(\.path[id: 1].ticker.task)
    await store.send(\.path[id: 1].ticker.doneButtonTapped)
    await store.receive(\.path.popFrom, 1) {
      $0.path.pop(from: 1)
    }
    await clock.advance(by: .seconds(5))
  }

  @Test func numberFactWorksOnTheStack() async {
    let store = TestStore(initialState: NavigationStackDemo.State()) {
      NavigationStackDemo()
    } withDependencies: {
      $0.factClient.fetch = { "\($0) is on the stack." }
    }
    await store.send(.pushButtonTapped(.numberFact)) {
      $0.path[id: 0] = .numberFact(EffectsBasics.State())
    }
    await store.send(\.path[id: 0].numberFact.numberFactButtonTapped) {
      $0.path[id: 0, case: \.numberFact]?.isNumberFactRequestInFlight = true
    }
    await store.receive(\.path[id: 0].numberFact.numberFactResponse.success) {
      $0.path[id: 0, case: \.numberFact]?.isNumberFactRequestInFlight = false
      $0.path[id: 0, case: \.numberFact]?.numberFact = "0 is on the stack."
    }
  }
}
