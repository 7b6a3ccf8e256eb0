import ComposableArchitecture
import Foundation
import Testing

// `store.assert(…)`: a test as a list of steps, run right away on the main actor.

private struct StepError: Error, CustomStringConvertible {
  var description: String { "StepError: gave up" }
}

private struct StepState: Equatable {
  var count = 0
  var fact: String?
}

private enum StepAction: Equatable {
  case increment
  case factButtonTapped
  case factResponse(String)
  case delayedIncrement
}

private struct StepEnvironment {
  var fact: (Int) -> AnyPublisher<String, Never>
  var mainQueue: AnySchedulerOf<DispatchQueue>
}

private struct OtherEnvironment {}

private let stepReducer = AnyReducer<StepState, StepAction, StepEnvironment> {
  state, action, environment in
  switch action {
  case .increment:
    state.count += 1
    return .none
  case .factButtonTapped:
    return .publisher {
      environment.fact(state.count)
        .receive(on: environment.mainQueue)
        .map(StepAction.factResponse)
    }
  case let .factResponse(fact):
    state.fact = fact
    return .none
  case .delayedIncrement:
    return .publisher {
      Just(StepAction.increment).delay(for: .seconds(1), scheduler: environment.mainQueue)
    }
  }
}

@MainActor
struct TestStoreStepTests {
  let scheduler = DispatchQueue.test

  private func makeStore(
    fact: @escaping (Int) -> AnyPublisher<String, Never> = {
      Just("\($0) is a number").eraseToAnyPublisher()
    }
  ) -> TestStore<StepState, StepAction> {
    TestStore(
      initialState: StepState(),
      reducer: stepReducer,
      environment: StepEnvironment(fact: fact, mainQueue: self.scheduler.eraseToAnyScheduler())
    )
  }

  // MARK: Passing steps

  @Test func sendStepsAssertTheStateTheyLeave() {
    let store = makeStore()
    store.assert(
      .send(.increment) { $0.count = 1 },
      .send(.increment) { $0.count = 2 }
    )
    #expect(store.state.count == 2)
  }

  @Test func anArrayOfStepsRunsInOrder() {
    let store = makeStore()
    store.assert([
      .send(.increment) { $0.count = 1 },
      .send(.increment) { $0.count = 2 },
    ])
    #expect(store.state.count == 2)
  }

  @Test func receiveStepsAssertWhatASchedulerDeliveredInADoStep() {
    let store = makeStore()
    store.assert(
      .send(.factButtonTapped),
      .do { self.scheduler.advance() },
      .receive(.factResponse("0 is a number")) { $0.fact = "0 is a number" }
    )
  }

  @Test func anImmediateSchedulerDeliversBeforeTheNextStep() {
    let store = TestStore(
      initialState: StepState(),
      reducer: stepReducer,
      environment: StepEnvironment(
        fact: { Just("\($0)!").eraseToAnyPublisher() },
        mainQueue: .immediate
      )
    )
    store.assert(
      .send(.factButtonTapped),
      .receive(.factResponse("0!")) { $0.fact = "0!" }
    )
  }

  @Test func environmentStepsChangeWhatLaterActionsSee() {
    let store = makeStore()
    store.assert(
      .environment { (environment: inout StepEnvironment) in
        environment.fact = { _ in Just("changed").eraseToAnyPublisher() }
        environment.mainQueue = .immediate
      },
      .send(.factButtonTapped),
      .receive(.factResponse("changed")) { $0.fact = "changed" }
    )
  }

  @Test func sequenceStepsRunTheirStepsInPlace() {
    let store = makeStore()
    let twice: [TestStore<StepState, StepAction>.Step] = [
      .send(.increment) { $0.count += 1 },
      .send(.increment) { $0.count += 1 },
    ]
    store.assert(
      .sequence(twice),
      .send(.delayedIncrement),
      .do { self.scheduler.advance(by: .seconds(1)) },
      .receive(.increment) { $0.count = 3 },
      .sequence(twice)
    )
    #expect(store.state.count == 5)
  }

  @Test func doStepsRunBetweenTheOthers() {
    let store = makeStore()
    var seen: [Int] = []
    store.assert(
      .do { seen.append(store.state.count) },
      .send(.increment) { $0.count = 1 },
      .do { seen.append(store.state.count) }
    )
    #expect(seen == [0, 1])
  }

  @Test func stepsAndAsyncAssertionsMix() async {
    let store = makeStore()
    store.assert(.send(.factButtonTapped))
    await self.scheduler.advance()
    await store.receive(.factResponse("0 is a number")) { $0.fact = "0 is a number" }
  }

  // MARK: Failing steps, each reported at its own line

  @Test func aFailingSendStepShowsTheDiffAtItsLine() {
    let store = makeStore()
    let stepLine = #line + 4
    withKnownIssue {
      store.assert(
        .send(.increment) { $0.count = 1 },
        .send(.increment) { $0.count = 3 }
      )
    } matching: { issue in
      issue.description.contains("The state does not match the asserted change:")
        && issue.description.contains("−   count: 3")
        && issue.description.contains("+   count: 2")
        && issue.sourceLocation?.line == stepLine
        && issue.sourceLocation?.fileName == "TestStoreStepTests.swift"
    }
  }

  @Test func aReceiveStepWithNothingReceivedSaysItDoesNotWait() {
    let store = makeStore()
    let stepLine = #line + 4
    withKnownIssue {
      store.assert(
        .send(.factButtonTapped),
        .receive(.factResponse("0 is a number")) { $0.fact = "0 is a number" }
      )
    } matching: { issue in
      issue.description.contains("Expected to have received an action, but none had arrived.")
        && issue.description.contains("advance the scheduler in a \".do\" step")
        && issue.sourceLocation?.line == stepLine
    }
    self.scheduler.advance()
    store.assert(.receive(.factResponse("0 is a number")) { $0.fact = "0 is a number" })
  }

  @Test func aReceiveStepOfAnotherActionShowsTheDiffAtItsLine() {
    let store = makeStore()
    let stepLine = #line + 5
    withKnownIssue {
      store.assert(
        .send(.factButtonTapped),
        .do { self.scheduler.advance() },
        .receive(.factResponse("1 is a number")) { $0.fact = "1 is a number" }
      )
    } matching: { issue in
      issue.description.contains("Received an unexpected action:")
        && issue.description.contains("(Expected: −, Received: +)")
        && issue.sourceLocation?.line == stepLine
    }
  }

  @Test func aReceiveStepWithTheWrongStateShowsTheDiff() {
    let store = makeStore()
    withKnownIssue {
      store.assert(
        .send(.factButtonTapped),
        .do { self.scheduler.advance() },
        .receive(.factResponse("0 is a number")) { $0.fact = "zero" }
      )
    } matching: { issue in
      issue.description.contains("The state does not match the asserted change:")
        && issue.description.contains("zero")
    }
  }

  @Test func anEnvironmentStepOfAnotherTypeIsReported() {
    let store = makeStore()
    let stepLine = #line + 2
    withKnownIssue {
      store.assert(.environment { (_: inout OtherEnvironment) in })
    } matching: { issue in
      issue.description.contains("An \".environment\" step changes an environment of type")
        && issue.description.contains("OtherEnvironment")
        && issue.description.contains("but the store runs with an environment of type")
        && issue.sourceLocation?.line == stepLine
    }
  }

  @Test func anEnvironmentStepOnAStoreWithoutEnvironmentIsReported() {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Int> { state, action in
        state = action
        return .none
      }
    }
    withKnownIssue {
      store.assert(.environment { (_: inout StepEnvironment) in })
    } matching: { issue in
      issue.description.contains("but the store runs with no environment")
    }
  }

  @Test func aThrowingEnvironmentStepIsReported() {
    let store = makeStore()
    withKnownIssue {
      store.assert(.environment { (_: inout StepEnvironment) in throw StepError() })
    } matching: { issue in
      issue.description.contains("An \".environment\" step threw an error: StepError: gave up")
    }
  }

  @Test func aThrowingDoStepIsReportedAtItsLine() {
    let store = makeStore()
    let stepLine = #line + 4
    withKnownIssue {
      store.assert(
        .send(.increment) { $0.count = 1 },
        .do { throw StepError() }
      )
    } matching: { issue in
      issue.description.contains("A \".do\" step threw an error: StepError: gave up")
        && issue.sourceLocation?.line == stepLine
    }
  }

  @Test func aSendStepWithActionsLeftToReceiveIsReported() async {
    let store = makeStore()
    withKnownIssue {
      store.assert(
        .send(.factButtonTapped),
        .do { self.scheduler.advance() },
        .send(.increment) {
          $0.count = 1
          $0.fact = "0 is a number"
        }
      )
    } matching: { issue in
      issue.description.contains("1 received action must be asserted before another action is sent.")
    }
    await store.skipReceivedActions()
  }

  @Test func aFailingStepInsideASequenceIsReportedAtItsOwnLine() {
    let store = makeStore()
    let stepLine = #line + 4
    withKnownIssue {
      store.assert(
        .sequence([
          .send(.increment) { $0.count = 5 }
        ])
      )
    } matching: { issue in
      issue.sourceLocation?.line == stepLine
    }
  }
}
