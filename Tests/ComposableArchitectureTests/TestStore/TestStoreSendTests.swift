import ComposableArchitecture
import Testing

private struct TSSendError: Error, CustomStringConvertible {
  var description: String { "TSSendError: the closure gave up" }
}

private struct TSSendFeature: Reducer {
  struct State: Equatable {
    var count = 0
    var text = ""
  }

  @CasePathable
  enum Action: Equatable {
    case increment
    case setText(String)
    case noop
    case ping
    case pingTwice
    case pong
    case setTextLater
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case let .setText(text):
        state.text = text
        return .none
      case .noop, .pong:
        return .none
      case .ping:
        return .send(.pong)
      case .pingTwice:
        return .merge(.send(.pong), .send(.pong))
      case .setTextLater:
        return .send(.setText("later"))
      }
    }
  }
}

@MainActor
struct TestStoreSendTests {
  @Test func sendWithMatchingAssertionPassesAndUpdatesStoreState() async {
    let store = TestStore(initialState: TSSendFeature.State()) { TSSendFeature() }
    await store.send(.increment) { $0.count = 1 }
    #expect(store.state == TSSendFeature.State(count: 1))
  }

  @Test func assertionClosureStartsFromTheStateBeforeTheAction() async {
    let store = TestStore(initialState: TSSendFeature.State(count: 5)) { TSSendFeature() }
    var countSeenByClosure: Int?
    await store.send(.increment) {
      countSeenByClosure = $0.count
      $0.count = 6
    }
    #expect(countSeenByClosure == 5)
  }

  @Test func sendWithoutAssertionPassesWhenStateDoesNotChange() async {
    let store = TestStore(initialState: TSSendFeature.State()) { TSSendFeature() }
    await store.send(.noop)
    #expect(store.state == TSSendFeature.State())
  }

  @Test func sendByCaseKeyPathWithoutPayloadSendsTheAction() async {
    let store = TestStore(initialState: TSSendFeature.State()) { TSSendFeature() }
    await store.send(\.increment) { $0.count = 1 }
    #expect(store.state.count == 1)
  }

  @Test func sendByCaseKeyPathWithPayloadEmbedsTheValue() async {
    let store = TestStore(initialState: TSSendFeature.State()) { TSSendFeature() }
    await store.send(\.setText, "hello") { $0.text = "hello" }
    #expect(store.state.text == "hello")
  }

  @Test func stateMismatchIsReportedWithExpectedAndActualDiff() async {
    let store = TestStore(initialState: TSSendFeature.State()) { TSSendFeature() }
    await withKnownIssue {
      await store.send(.increment) { $0.count = 2 }
    } matching: { issue in
      let message = issue.description
      return message.contains("The state does not match the asserted change:")
        && message.contains("−   count: 2")
        && message.contains("+   count: 1")
        && message.contains("(Expected: −, Actual: +)")
    }
  }

  @Test func afterAMismatchTheStoreContinuesFromTheActualState() async {
    let store = TestStore(initialState: TSSendFeature.State()) { TSSendFeature() }
    await withKnownIssue {
      await store.send(.increment) { $0.count = 100 }
    } matching: { $0.description.contains("The state does not match the asserted change:") }
    await store.send(.increment) { $0.count = 2 }
    #expect(store.state.count == 2)
  }

  @Test func stateChangeWithoutAssertionIsReportedWithDiff() async {
    let store = TestStore(initialState: TSSendFeature.State()) { TSSendFeature() }
    await withKnownIssue {
      await store.send(.increment)
    } matching: { issue in
      let message = issue.description
      return message.contains("The state changed, but the step asserted no change:")
        && message.contains("−   count: 0")
        && message.contains("+   count: 1")
        && message.contains("(Expected: −, Actual: +)")
    }
  }

  @Test func assertionThatChangesNothingIsReportedAsExpectedToChange() async {
    let store = TestStore(initialState: TSSendFeature.State()) { TSSendFeature() }
    await withKnownIssue {
      await store.send(.noop) { $0.count = 0 }
    } matching: { issue in
      issue.description.contains("The state was expected to change, but it did not.")
        && issue.description.contains("When a step changes nothing, leave out the closure.")
    }
  }

  @Test func throwingAssertionClosureIsReportedWithTheError() async {
    let store = TestStore(initialState: TSSendFeature.State()) { TSSendFeature() }
    await withKnownIssue {
      await store.send(.increment) { _ in throw TSSendError() }
    } matching: { issue in
      issue.description.contains("The assertion closure threw an error: TSSendError: the closure gave up")
    }
  }

  @Test func failureIsReportedAtTheLocationOfTheSend() async {
    let store = TestStore(initialState: TSSendFeature.State()) { TSSendFeature() }
    let sendLine = #line + 2
    await withKnownIssue {
      await store.send(.increment) { $0.count = 2 }
    } matching: { issue in
      issue.sourceLocation?.line == sendLine
        && issue.sourceLocation?.fileName == "TestStoreSendTests.swift"
    }
  }

  @Test func unassertedReceivedActionIsReportedBeforeTheNextSend() async {
    let store = TestStore(initialState: TSSendFeature.State()) { TSSendFeature() }
    await store.send(.ping)
    await withKnownIssue {
      await store.send(.noop)
    } matching: { issue in
      issue.description.contains("1 received action must be asserted before another action is sent.")
        && issue.description.contains("Unhandled actions: [")
        && issue.description.contains(".pong")
    }
    await store.receive(.pong)
  }

  @Test func severalUnassertedReceivedActionsAreCountedBeforeTheNextSend() async {
    let store = TestStore(initialState: TSSendFeature.State()) { TSSendFeature() }
    await store.send(.pingTwice)
    await withKnownIssue {
      await store.send(.noop)
    } matching: { issue in
      issue.description.contains("2 received actions must be asserted before another action is sent.")
        && issue.description.contains("[0]: .pong")
        && issue.description.contains("[1]: .pong")
    }
    await store.receive(.pong)
    await store.receive(.pong)
  }

  @Test func actionsFedBackSynchronouslyAreNotPartOfTheSendAssertion() async {
    let store = TestStore(initialState: TSSendFeature.State()) { TSSendFeature() }
    await store.send(.setTextLater)
    await store.receive(.setText("later")) { $0.text = "later" }
  }

  @Test func sendThatStartsNoEffectReturnsACancelledTask() async {
    let store = TestStore(initialState: TSSendFeature.State()) { TSSendFeature() }
    let task = await store.send(.increment) { $0.count = 1 }
    #expect(task.isCancelled)
  }

  @Test func storeAssertPassesWhenTheClosureDescribesTheCurrentState() async {
    let store = TestStore(initialState: TSSendFeature.State()) { TSSendFeature() }
    await store.send(.increment) { $0.count = 1 }
    store.assert { $0.count = 1 }
    #expect(store.state.count == 1)
  }

  @Test func storeAssertReportsAMismatchWithTheCurrentState() async {
    let store = TestStore(initialState: TSSendFeature.State()) { TSSendFeature() }
    withKnownIssue {
      store.assert { $0.count = 3 }
    } matching: { issue in
      issue.description.contains("The state does not match the asserted change:")
        && issue.description.contains("−   count: 3")
        && issue.description.contains("+   count: 0")
    }
  }
}
