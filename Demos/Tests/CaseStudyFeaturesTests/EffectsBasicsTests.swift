import CaseStudyFeatures
import ComposableArchitecture
import Testing

@MainActor
struct EffectsBasicsTests {
  @Test func numberFactArrivesFromTheClient() async {
    let store = TestStore(initialState: EffectsBasics.State()) {
      EffectsBasics()
    } withDependencies: {
      $0.factClient.fetch = { "\($0) is a good number." }
    }
    await store.send(.incrementButtonTapped) {
      $0.count = 1
    }
    await store.send(.numberFactButtonTapped) {
      $0.isNumberFactRequestInFlight = true
    }
    await store.receive(\.numberFactResponse.success, "1 is a good number.") {
      $0.isNumberFactRequestInFlight = false
      $0.numberFact = "1 is a good number."
    }
    await store.send(.incrementButtonTapped) {
      $0.count = 2
      $0.numberFact = nil
    }
  }

  @Test func failedFactShowsAnError() async {
    let store = TestStore(initialState: EffectsBasics.State()) {
      EffectsBasics()
    } withDependencies: {
      $0.factClient.fetch = { _ in throw FactClient.Failure(message: "no facts today") }
    }
    await store.send(.numberFactButtonTapped) {
      $0.isNumberFactRequestInFlight = true
    }
    await store.receive(\.numberFactResponse.failure) {
      $0.isNumberFactRequestInFlight = false
      $0.errorMessage = "Could not load a number fact: no facts today"
    }
  }

  @Test func goingBelowZeroBouncesBackAfterASecond() async {
    let clock = TestClock()
    let store = TestStore(initialState: EffectsBasics.State()) {
      EffectsBasics()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.decrementButtonTapped) {
      $0.count = -1
    }
    await clock.advance(by: .milliseconds(999))
    await clock.advance(by: .milliseconds(1))
    await store.receive(\.decrementDelayElapsed) {
      $0.count = 0
    }
  }

  @Test func incrementingBackToZeroCancelsTheBounce() async {
    let clock = TestClock()
    let store = TestStore(initialState: EffectsBasics.State()) {
      EffectsBasics()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.decrementButtonTapped) {
      $0.count = -1
    }
    await store.send(.incrementButtonTapped) {
      $0.count = 0
    }
    await clock.run()
  }

  @Test func localFactsAreWorkedOutWithoutAService() async throws {
    #expect(localFact(about: 7) == "7 is a prime number.")
    #expect(localFact(about: 9) == "9 is the square of 3.")
    #expect(localFact(about: 6) == "6 has 4 divisors: 1, 2, 3, 6.")
    let clock = TestClock()
    let fact = try await withDependencies {
      $0.continuousClock = clock
    } operation: {
      async let fact = FactClient.liveValue.fetch(13)
      await clock.advance(by: .seconds(1))
      return try await fact
    }
    #expect(fact == "13 is a prime number.")
  }
}
