import Testing

@_spi(Internals) @testable import ComposableArchitecture

/// The Swift Testing side of `TestStoreRegistrationsXCTests`. Tests run in parallel here, so each
/// counts only the registrations made in it.
@MainActor
@Suite struct TestStoreRegistrationsTests {
  @Test func aSkippedStoreLeavesNothingRegisteredOnceItHasGone() async throws {
    let test = try #require(currentTest())
    do {
      let store = TestStore(initialState: RegistrationsTimer.State()) {
        RegistrationsTimer()
      } withDependencies: {
        $0.continuousClock = TestClock()
      }
      store.exhaustivity = .off
      await store.send(.start)
      await store.send(.startUntracked)
      #expect(registrations(in: test) > 0)
    }
    #expect(registrations(in: test) == 0)
  }

  @Test func aFinishedStoreLeavesNothingRegistered() async throws {
    let test = try #require(currentTest())
    let clock = TestClock()
    let store = TestStore(initialState: RegistrationsTimer.State()) {
      RegistrationsTimer()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.exhaustivity = .off
    await store.send(.startUntracked)
    await clock.advance(by: .seconds(60))
    await store.finish()
    #expect(registrations(in: test) == 0)
  }

  private func currentTest() -> TestContext.Testing.Test.ID? {
    guard case let .swiftTesting(.some(testing)) = TestContext.current else { return nil }
    return testing.test.id
  }

  private func registrations(in test: TestContext.Testing.Test.ID) -> Int {
    _cancellationCancellables.withValue { $0.count(inTest: test) }
  }
}
