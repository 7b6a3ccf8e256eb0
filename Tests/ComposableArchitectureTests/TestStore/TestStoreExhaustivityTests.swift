import ComposableArchitecture
import Testing
@_spi(Testing) import ComposableArchitectureTestSupport

/// Records the message of every issue reported through IssueReporting while it is installed
/// (together with the default reporter) by `withIssueReporters`. The store reports skipped
/// assertions as known issues, which Swift Testing does not let a test read back; the recorder
/// makes their messages checkable.
final class TSIssueRecorder: IssueReporter {
  private let storage = LockIsolated<[String]>([])

  var messages: [String] { self.storage.value }

  func reportIssue(
    _ message: @autoclosure () -> String?,
    severity: IssueSeverity,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    let message = message() ?? ""
    self.storage.withValue { $0.append(message) }
  }
}

private struct TSExhaustFeature: Reducer {
  struct State: Equatable {
    var count = 0
    var text = ""
    var log: [String] = []
  }

  @CasePathable
  enum Action: Equatable {
    case incrementAndDescribe
    case feedBackFirst
    case feedBackTwo
    case feedBackSecondLater
    case first
    case second
    case startForever
  }

  let events: LockIsolated<[String]>
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementAndDescribe:
        state.count += 1
        state.text = "count: \(state.count)"
        return .none
      case .feedBackFirst:
        return .send(.first)
      case .feedBackTwo:
        return .merge(.send(.first), .send(.second))
      case .feedBackSecondLater:
        return .run { send in
          await send(.first)
          try await Task.sleep(for: .milliseconds(50))
          await send(.second)
        }
      case .first:
        state.log.append("first")
        return .none
      case .second:
        state.log.append("second")
        return .none
      case .startForever:
        return .run { [events] _ in
          do {
            try await self.clock.sleep(for: .seconds(1_000))
          } catch {
            events.withValue { $0.append("cancelled") }
          }
        }
      }
    }
  }
}

@MainActor
struct TestStoreExhaustivityTests {
  private func makeStore(
    _ exhaustivity: Exhaustivity,
    events: LockIsolated<[String]> = LockIsolated([])
  ) -> TestStoreOf<TSExhaustFeature> {
    let store = TestStore(initialState: TSExhaustFeature.State()) {
      TSExhaustFeature(events: events)
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    store.exhaustivity = exhaustivity
    return store
  }

  @Test func storesAreExhaustiveByDefault() {
    let store = TestStore(initialState: TSExhaustFeature.State()) {
      TSExhaustFeature(events: LockIsolated([]))
    }
    #expect(store.exhaustivity == .on)
  }

  @Test func plainOffHidesSkippedAssertions() {
    #expect(Exhaustivity.off == .off(showSkippedAssertions: false))
    #expect(Exhaustivity.off != .off(showSkippedAssertions: true))
  }

  // MARK: - .off

  @Test func nonExhaustiveSendChecksOnlyTheAssertedPartOfTheState() async {
    let store = makeStore(.off)
    await store.send(.incrementAndDescribe) { $0.count = 1 }
    #expect(store.state == TSExhaustFeature.State(count: 1, text: "count: 1"))
  }

  @Test func nonExhaustiveAssertionClosureStartsFromTheActualState() async {
    let store = makeStore(.off)
    var textSeenByClosure: String?
    await store.send(.incrementAndDescribe) {
      textSeenByClosure = $0.text
      $0.count = 1
    }
    #expect(textSeenByClosure == "count: 1")
  }

  @Test func nonExhaustiveSendWithoutAssertionAcceptsAnyStateChange() async {
    let recorder = TSIssueRecorder()
    let store = makeStore(.off)
    _ = await withIssueReporters(IssueReporters.current + [recorder]) {
      await store.send(.incrementAndDescribe)
    }
    #expect(recorder.messages.isEmpty)
    #expect(store.state.count == 1)
  }

  @Test func nonExhaustiveContradictingAssertionStillFails() async {
    let store = makeStore(.off)
    await withKnownIssue {
      await store.send(.incrementAndDescribe) { $0.count = 5 }
    } matching: { issue in
      issue.description.contains("The state does not match the asserted change:")
        && issue.description.contains("−   count: 5")
        && issue.description.contains("+   count: 1")
    }
  }

  @Test func nonExhaustiveReceiveSkipsEarlierUnassertedActions() async {
    let store = makeStore(.off)
    await store.send(.feedBackTwo)
    await store.receive(.second) { $0.log = ["first", "second"] }
    #expect(store.state.log == ["first", "second"])
  }

  @Test func nonExhaustiveReceiveTimesOutWhenNoReceivedActionMatches() async {
    let store = makeStore(.off)
    await store.send(.feedBackFirst)
    await withKnownIssue {
      await store.receive(.second, timeout: .milliseconds(50))
    } matching: { issue in
      issue.description.contains(
        "Expected to receive a matching action, but none arrived"
      )
    }
  }

  @Test func nonExhaustiveReceiveTimeoutAsksForAMatchingAction() async {
    let store = makeStore(.off)
    await withKnownIssue {
      await store.receive(.second, timeout: .milliseconds(50))
    } matching: { issue in
      issue.description.contains(
        "Expected to receive a matching action, but none arrived"
      )
    }
  }

  @Test func nonExhaustiveReceiveWaitsForAMatchingActionAfterAnotherArrived() async {
    let store = makeStore(.off)
    await store.send(.feedBackSecondLater)
    await store.receive(.second, timeout: .seconds(30)) { $0.log = ["first", "second"] }
    await store.finish()
  }

  @Test func nonExhaustiveSendDropsPendingReceivedActionsAndAdoptsTheirState() async {
    let recorder = TSIssueRecorder()
    let store = makeStore(.off)
    await store.send(.feedBackTwo)
    _ = await withIssueReporters(IssueReporters.current + [recorder]) {
      await store.send(.incrementAndDescribe) { $0.count = 1 }
    }
    #expect(recorder.messages.isEmpty)
    #expect(store.state.log == ["first", "second"])
    #expect(store.state.count == 1)
  }

  @Test func nonExhaustiveSkipsReportNothing() async {
    let events = LockIsolated<[String]>([])
    let recorder = TSIssueRecorder()
    let store = makeStore(.off, events: events)
    await store.send(.startForever)
    await store.send(.feedBackTwo)
    await withIssueReporters(IssueReporters.current + [recorder]) {
      await store.skipReceivedActions()
      await store.skipInFlightEffects()
    }
    #expect(recorder.messages.isEmpty)
    #expect(store.state.log == ["first", "second"])
    // Skipping stops tracking the effect; it keeps running until the store goes away.
    await Task.megaYield()
    #expect(events.value.isEmpty)
  }

  @Test func nonExhaustiveStoreDoesNotReportInFlightEffectsAtTheEnd() async {
    // The in-flight message says: 'To stop checking, call "await store.skipInFlightEffects()" or
    // set "store.exhaustivity = .off"': a non-exhaustive store lets effects outlive the test.
    let events = LockIsolated<[String]>([])
    do {
      let store = makeStore(.off, events: events)
      await store.send(.startForever)
    }
    #expect(await eventually { !events.value.isEmpty })
    #expect(events.value == ["cancelled"])
  }

  // MARK: - .off(showSkippedAssertions: true)

  @Test func showSkippedAssertionsReportsTheUnassertedStateAsAKnownIssue() async {
    let recorder = TSIssueRecorder()
    let store = makeStore(.off(showSkippedAssertions: true))
    _ = await withIssueReporters(IssueReporters.current + [recorder]) {
      await store.send(.incrementAndDescribe) { $0.count = 1 }
    }
    #expect(recorder.messages.count == 1)
    #expect(
      recorder.messages.contains {
        $0.hasPrefix("Skipped assertions.")
          && $0.contains("The state does not match the asserted change:")
          && $0.contains("−   text: \"\"")
          && $0.contains("+   text: \"count: 1\"")
      }
    )
    #expect(store.state.text == "count: 1")
  }

  @Test func showSkippedAssertionsReportsActionsSkippedByReceive() async {
    let recorder = TSIssueRecorder()
    let store = makeStore(.off(showSkippedAssertions: true))
    await store.send(.feedBackTwo)
    await withIssueReporters(IssueReporters.current + [recorder]) {
      await store.receive(.second) { $0.log = ["first", "second"] }
    }
    #expect(
      recorder.messages.contains {
        $0.hasPrefix("Skipped assertions.") && $0.contains("1 received action was skipped.")
      }
    )
    #expect(store.state.log == ["first", "second"])
  }

  @Test func showSkippedAssertionsReportsActionsDroppedBeforeASend() async {
    let recorder = TSIssueRecorder()
    let store = makeStore(.off(showSkippedAssertions: true))
    await store.send(.feedBackTwo)
    _ = await withIssueReporters(IssueReporters.current + [recorder]) {
      await store.send(.incrementAndDescribe) {
        $0.count = 1
        $0.text = "count: 1"
      }
    }
    #expect(
      recorder.messages.contains {
        $0.hasPrefix("Skipped assertions.") && $0.contains("2 received actions were skipped.")
      }
    )
  }

  @Test func showSkippedAssertionsReportsSkippedReceivedActionsWithTheirList() async {
    let recorder = TSIssueRecorder()
    let store = makeStore(.off(showSkippedAssertions: true))
    await store.send(.feedBackTwo)
    await withIssueReporters(IssueReporters.current + [recorder]) {
      await store.skipReceivedActions()
    }
    #expect(
      recorder.messages.contains {
        $0.hasPrefix("Skipped assertions.")
          && $0.contains("2 received actions were skipped:")
          && $0.contains("[0]: .first")
          && $0.contains("[1]: .second")
      }
    )
  }

  // MARK: - withExhaustivity

  @Test func synchronousWithExhaustivityAppliesOnlyDuringTheOperation() {
    let store = makeStore(.on)
    let inside = store.withExhaustivity(.off) { store.exhaustivity }
    #expect(inside == .off)
    #expect(store.exhaustivity == .on)
  }

  @Test func asyncWithExhaustivityOffAllowsPartialAssertionsThenRestoresOn() async {
    let store = makeStore(.on)
    _ = await store.withExhaustivity(.off) {
      await store.send(.incrementAndDescribe) { $0.count = 1 }
    }
    #expect(store.exhaustivity == .on)
    await withKnownIssue {
      await store.send(.incrementAndDescribe) { $0.count = 2 }
    } matching: { issue in
      issue.description.contains("The state does not match the asserted change:")
        && issue.description.contains("+   text: \"count: 2\"")
    }
  }

  @Test func withExhaustivityOnMakesANonExhaustiveStoreStrictDuringTheOperation() async {
    let store = makeStore(.off)
    await store.withExhaustivity(.on) {
      await withKnownIssue {
        await store.send(.incrementAndDescribe) { $0.count = 1 }
      } matching: { issue in
        issue.description.contains("The state does not match the asserted change:")
          && issue.description.contains("−   text: \"\"")
          && issue.description.contains("+   text: \"count: 1\"")
      }
    }
    #expect(store.exhaustivity == .off)
  }

  @Test func withExhaustivityReturnsTheOperationResult() async {
    let store = makeStore(.on)
    let value = await store.withExhaustivity(.off) { () async -> Int in 42 }
    #expect(value == 42)
  }
}
