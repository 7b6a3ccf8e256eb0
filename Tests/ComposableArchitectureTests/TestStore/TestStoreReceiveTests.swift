import ComposableArchitecture
import Testing

private struct TSReceiveFeature: Reducer {
  struct State: Equatable {
    var value = 0
    var log: [String] = []
  }

  @CasePathable
  enum Action: Equatable {
    case load
    case loadTwo
    case loadAfterDelay
    case first
    case loaded(Int)
  }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .load:
        return .run { send in await send(.loaded(42)) }
      case .loadTwo:
        return .run { send in
          await send(.first)
          await send(.loaded(2))
        }
      case .loadAfterDelay:
        return .run { send in
          try await self.clock.sleep(for: .seconds(1))
          await send(.loaded(7))
        }
      case .first:
        state.log.append("first")
        return .none
      case let .loaded(value):
        state.value = value
        return .none
      }
    }
  }
}

@MainActor
struct TestStoreReceiveTests {
  private func makeStore(
    clock: TestClock<Duration> = TestClock()
  ) -> TestStoreOf<TSReceiveFeature> {
    TestStore(initialState: TSReceiveFeature.State()) {
      TSReceiveFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func receiveEquatableActionAssertsItsStateChange() async {
    let store = makeStore()
    await store.send(.load)
    await store.receive(.loaded(42)) { $0.value = 42 }
    #expect(store.state.value == 42)
  }

  @Test func receiveByCaseKeyPathMatchesAnyPayload() async {
    let store = makeStore()
    await store.send(.load)
    await store.receive(\.loaded) { $0.value = 42 }
  }

  @Test func receiveByCaseKeyPathAndValueMatchesThePayload() async {
    let store = makeStore()
    await store.send(.load)
    await store.receive(\.loaded, 42) { $0.value = 42 }
  }

  @Test func receiveByPredicateMatchesTheAction() async {
    let store = makeStore()
    await store.send(.load)
    await store.receive({ $0 == .loaded(42) }) { $0.value = 42 }
  }

  @Test func receivedActionsAreAssertedInTheOrderEffectsSendThem() async {
    let store = makeStore()
    await store.send(.loadTwo)
    await store.receive(.first) { $0.log = ["first"] }
    await store.receive(.loaded(2)) { $0.value = 2 }
  }

  @Test func receiveGetsTheActionOnceTheTestClockIsAdvanced() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.loadAfterDelay)
    await clock.advance(by: .seconds(1))
    await store.receive(.loaded(7)) { $0.value = 7 }
  }

  @Test func receiveReportsStateMismatchWithDiff() async {
    let store = makeStore()
    await store.send(.load)
    await withKnownIssue {
      await store.receive(.loaded(42)) { $0.value = 41 }
    } matching: { issue in
      issue.description.contains("The state does not match the asserted change:")
        && issue.description.contains("−   value: 41")
        && issue.description.contains("+   value: 42")
        && issue.description.contains("(Expected: −, Actual: +)")
    }
  }

  @Test func receiveWithoutAssertionReportsTheStateChange() async {
    let store = makeStore()
    await store.send(.load)
    await withKnownIssue {
      await store.receive(.loaded(42))
    } matching: { issue in
      issue.description.contains("The state changed, but the step asserted no change:")
        && issue.description.contains("−   value: 0")
        && issue.description.contains("+   value: 42")
    }
  }

  @Test func receiveWithNoEffectRunningFailsAtOnceAndSuggestsTheEffectNeverStarted() async {
    let store = makeStore()
    let clock = ContinuousClock()
    let start = clock.now
    await withKnownIssue {
      await store.receive(.loaded(1), timeout: .seconds(5))
    } matching: { issue in
      issue.description.contains(
        "Expected to receive an action, but none arrived, and no effect is running that could send it."
      )
    }
    // Nothing could send the action, so the assertion did not wait out its timeout.
    #expect(clock.now - start < .seconds(2))
  }

  @Test func receiveTimeoutWithAnEffectRunningSuggestsAdvancingTheClock() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.loadAfterDelay)
    await withKnownIssue {
      await store.receive(.loaded(7), timeout: .milliseconds(50))
    } matching: { issue in
      issue.description.contains(
        "Expected to receive an action, but none arrived within 0.05 seconds."
      )
        && issue.description.contains("Effects are still running.")
        && issue.description.contains("advance it in the test")
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.loaded(7)) { $0.value = 7 }
  }

  @Test func receiveWaitsForTheStoreTimeoutByDefault() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    store.timeout = .milliseconds(50)
    await store.send(.loadAfterDelay)
    await withKnownIssue {
      await store.receive(.loaded(1))
    } matching: { $0.description.contains("none arrived within 0.05 seconds.") }
    await clock.advance(by: .seconds(1))
    await store.receive(.loaded(7)) { $0.value = 7 }
  }

  @Test func receiveByPredicateTimeoutDescribesThePredicate() async {
    let store = makeStore()
    await withKnownIssue {
      await store.receive({ $0 == .first }, timeout: .milliseconds(50))
    } matching: {
      $0.description.contains("Expected to receive an action matching the predicate, but none arrived")
    }
  }

  @Test func receiveByCaseKeyPathTimeoutDescribesTheCase() async {
    let store = makeStore()
    await withKnownIssue {
      await store.receive(\.first, timeout: .milliseconds(50))
    } matching: {
      $0.description.contains("Expected to receive an action in the expected case, but none arrived")
    }
  }

  @Test func receivingADifferentActionIsReportedWithADiff() async {
    let store = makeStore()
    await store.send(.load)
    await withKnownIssue {
      await store.receive(.loaded(41))
    } matching: { issue in
      issue.description.contains("Received an unexpected action:")
        && issue.description.contains("− TSReceiveFeature.Action.loaded(41)")
        && issue.description.contains("+ TSReceiveFeature.Action.loaded(42)")
        && issue.description.contains("(Expected: −, Received: +)")
    }
  }

  @Test func unexpectedActionArrivingBeforeTheExpectedOneIsReportedAsSuch() async {
    let store = makeStore()
    await store.send(.loadTwo)
    await withKnownIssue {
      await store.receive(.loaded(2))
    } matching: { issue in
      issue.description.contains("Received an unexpected action before the expected one:")
        && issue.description.contains("− TSReceiveFeature.Action.loaded(2)")
        && issue.description.contains("+ TSReceiveFeature.Action.first")
    }
    await store.receive(.loaded(2)) { $0.value = 2 }
  }

  @Test func receiveByCaseKeyPathReportsAnActionOfAnotherCase() async {
    let store = makeStore()
    await store.send(.load)
    await withKnownIssue {
      await store.receive(\.first)
    } matching: { issue in
      issue.description.contains("Received an unexpected action:")
        && issue.description.contains("TSReceiveFeature.Action.loaded(42)")
    }
  }

  @Test func receiveByPredicateReportsAnActionThatDoesNotSatisfyIt() async {
    let store = makeStore()
    await store.send(.load)
    await withKnownIssue {
      await store.receive({ $0 == .first })
    } matching: { issue in
      issue.description.contains("Received an unexpected action:")
        && issue.description.contains("TSReceiveFeature.Action.loaded(42)")
    }
  }

  @Test func receiveByCaseKeyPathAndValueReportsAPayloadMismatchWithADiff() async {
    let store = makeStore()
    await store.send(.load)
    await withKnownIssue {
      await store.receive(\.loaded, 41)
    } matching: { issue in
      issue.description.contains("Received an unexpected action:")
        && issue.description.contains("− TSReceiveFeature.Action.loaded(41)")
        && issue.description.contains("+ TSReceiveFeature.Action.loaded(42)")
        && issue.description.contains("(Expected: −, Received: +)")
    }
  }

  @Test func unexpectedActionIsConsumedSoTheNextReceiveGetsTheFollowingOne() async {
    let store = makeStore()
    await store.send(.loadTwo)
    await withKnownIssue {
      await store.receive(.loaded(99))
    } matching: { $0.description.contains("Received an unexpected action") }
    #expect(store.state.log == ["first"])
    await store.receive(.loaded(2)) { $0.value = 2 }
  }
}
