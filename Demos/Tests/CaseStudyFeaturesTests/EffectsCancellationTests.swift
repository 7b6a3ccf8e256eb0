import CaseStudyFeatures
import ComposableArchitecture
import Testing

@MainActor
struct EffectsCancellationTests {
  func slowFacts(_ clock: TestClock<Duration>) -> FactClient {
    FactClient(fetch: { number in
      try await clock.sleep(for: .seconds(1))
      return "\(number) is a slow fact."
    })
  }

  @Test func factArrivesWhenNotCancelled() async {
    let clock = TestClock()
    let store = TestStore(initialState: EffectsCancellation.State()) {
      EffectsCancellation()
    } withDependencies: {
      $0.factClient = self.slowFacts(clock)
    }
    await store.send(.binding(.set(\.count, 3))) {
      $0.count = 3
    }
    await store.send(.factButtonTapped) {
      $0.isFactRequestInFlight = true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.factResponse.success, "3 is a slow fact.") {
      $0.currentFact = "3 is a slow fact."
      $0.isFactRequestInFlight = false
    }
  }

  @Test func cancelButtonStopsTheRequest() async {
    let clock = TestClock()
    let store = TestStore(initialState: EffectsCancellation.State()) {
      EffectsCancellation()
    } withDependencies: {
      $0.factClient = self.slowFacts(clock)
    }
    await store.send(.factButtonTapped) {
      $0.isFactRequestInFlight = true
    }
    await store.send(.cancelButtonTapped) {
      $0.isFactRequestInFlight = false
    }
    await clock.run()
  }

  @Test func changingTheNumberStopsTheRequest() async {
    let clock = TestClock()
    let store = TestStore(initialState: EffectsCancellation.State()) {
      EffectsCancellation()
    } withDependencies: {
      $0.factClient = self.slowFacts(clock)
    }
    await store.send(.factButtonTapped) {
      $0.isFactRequestInFlight = true
    }
    await clock.advance(by: .milliseconds(500))
    await store.send(.binding(.set(\.count, 1))) {
      $0.count = 1
      $0.isFactRequestInFlight = false
    }
    await clock.run()
  }

  @Test func secondTapReplacesTheFirstRequest() async {
    let clock = TestClock()
    let store = TestStore(initialState: EffectsCancellation.State()) {
      EffectsCancellation()
    } withDependencies: {
      $0.factClient = self.slowFacts(clock)
    }
    await store.send(.factButtonTapped) {
      $0.isFactRequestInFlight = true
    }
    await clock.advance(by: .milliseconds(500))
    await store.send(.factButtonTapped)
    await clock.advance(by: .milliseconds(500))
    await clock.advance(by: .milliseconds(500))
    await store.receive(\.factResponse.success, "0 is a slow fact.") {
      $0.currentFact = "0 is a slow fact."
      $0.isFactRequestInFlight = false
    }
  }

  @Test func failureIsShown() async {
    let store = TestStore(initialState: EffectsCancellation.State()) {
      EffectsCancellation()
    } withDependencies: {
      $0.factClient.fetch = { _ in throw FactClient.Failure(message: "server said no") }
    }
    await store.send(.factButtonTapped) {
      $0.isFactRequestInFlight = true
    }
    await store.receive(\.factResponse.failure, .init(message: "server said no")) {
      $0.errorMessage = "Could not load a number fact: server said no"
      $0.isFactRequestInFlight = false
    }
  }
}
