import ComposableArchitecture
import Foundation
import Testing

// MARK: - Fixtures

private struct EffectTestsFailure: Error, Equatable {}

/// `.send` and its synchronous processing.
private struct EffectSendFeature: Reducer {
  struct State: Equatable {
    var count = 0
    var log: [String] = []
  }
  enum Action: Equatable {
    case tapped
    case increment
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .tapped:
        state.log.append("tapped")
        return .send(.increment)
      case .increment:
        state.count += 1
        state.log.append("increment")
        return .none
      }
    }
  }
}

/// Composition: merge, concatenate, map.
private struct EffectCompositionFeature: Reducer {
  struct State: Equatable {
    var received: [String] = []
  }
  enum ChildAction: Equatable {
    case sync
    case async
  }
  enum Action: Equatable {
    case mergeVariadic
    case mergeSequence
    case mergeWith
    case mergeSyncAndAsync
    case mergeConcurrent
    case concatenateVariadic
    case concatenateCollection
    case concatenateWith
    case concatenateWaits
    case concatenateRunThenSend
    case map
    case child(ChildAction)
    case value(String)
  }
  let clock: TestClock<Duration>

  var body: some ReducerOf<Self> {
    Reduce { [clock] state, action in
      switch action {
      case .mergeVariadic:
        return .merge(.send(.value("a")), .send(.value("b")), .send(.value("c")))

      case .mergeSequence:
        return .merge(["a", "b", "c"].map { Effect<Action>.send(.value($0)) })

      case .mergeWith:
        return Effect<Action>.send(.value("a")).merge(with: .send(.value("b")))

      case .mergeSyncAndAsync:
        return .merge(
          .run { send in await send(.value("run")) },
          .send(.value("send"))
        )

      case .mergeConcurrent:
        return .merge(
          .run { send in
            try await clock.sleep(for: .seconds(2))
            await send(.value("slow"))
          },
          .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.value("fast"))
          }
        )

      case .concatenateVariadic:
        return .concatenate(.send(.value("a")), .send(.value("b")), .send(.value("c")))

      case .concatenateCollection:
        return .concatenate(["a", "b", "c"].map { Effect<Action>.send(.value($0)) })

      case .concatenateWith:
        return Effect<Action>.send(.value("a")).concatenate(with: .send(.value("b")))

      case .concatenateWaits:
        return .concatenate(
          .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.value("first"))
          },
          .run { send in
            await send(.value("second"))
          }
        )

      case .concatenateRunThenSend:
        return .concatenate(
          .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.value("run"))
          },
          .send(.value("send"))
        )

      case .map:
        let childEffect: Effect<ChildAction> = .merge(
          .send(.sync),
          .run { send in await send(.async) }
        )
        return childEffect.map(Action.child)

      case let .child(childAction):
        state.received.append("child.\(childAction)")
        return .none

      case let .value(value):
        state.received.append(value)
        return .none
      }
    }
  }
}

/// `.run`: ordering, errors, catch handlers, names and dependencies.
private struct EffectRunFeature: Reducer {
  struct State: Equatable {
    var values: [Int] = []
    var failure: String?
  }
  enum Action: Equatable {
    case sendMany
    case throwCancellation
    case throwUnhandled
    case throwHandled
    case throwAfterCancellation
    case cancel
    case named
    case readDependency
    case value(Int)
    case failed(String)
    case taskName(String?)
    case uuid(UUID)
  }
  enum CancelID { case throwing }
  let clock: TestClock<Duration>

  var body: some ReducerOf<Self> {
    Reduce { [clock] state, action in
      switch action {
      case .sendMany:
        return .run { send in
          for value in 1...5 {
            await send(.value(value))
          }
        }

      case .throwCancellation:
        return .run { _ in throw CancellationError() }

      case .throwUnhandled:
        return .run { _ in throw EffectTestsFailure() }

      case .throwHandled:
        return .run { send in
          await send(.value(1))
          throw EffectTestsFailure()
        } catch: { error, send in
          await send(.failed(error is EffectTestsFailure ? "EffectTestsFailure" : "\(error)"))
        }

      case .throwAfterCancellation:
        return .run { _ in
          do {
            try await clock.sleep(for: .seconds(1))
          } catch {
            // Turn the cancellation into an ordinary error: it must still be ignored, because the
            // effect was cancelled.
            throw EffectTestsFailure()
          }
        }
        .cancellable(id: CancelID.throwing)

      case .cancel:
        return .cancel(id: CancelID.throwing)

      case .named:
        return .run(name: "EffectRunFeature.named") { send in
          if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, *) {
            await send(.taskName(Task<Never, Never>.name))
          } else {
            // Task names can't be read on older Apple platforms.
            await send(.taskName("EffectRunFeature.named"))
          }
        }

      case .readDependency:
        return .run { send in
          @Dependency(\.uuid) var uuid
          await send(.uuid(uuid()))
        }

      case let .value(value):
        state.values.append(value)
        return .none

      case let .failed(description):
        state.failure = description
        return .none

      case .taskName, .uuid:
        return .none
      }
    }
  }
}

// MARK: - .send

@MainActor
struct EffectSendTests {
  @Test func sendIsProcessedSynchronouslyWithinStoreSend() {
    let store = Store(initialState: EffectSendFeature.State()) { EffectSendFeature() }
    store.send(.tapped)
    // No await: the action fed back by `.send` has already been reduced.
    #expect(store.withState(\.count) == 1)
    #expect(store.withState(\.log) == ["tapped", "increment"])
  }

  @Test func sendIsReceivedByTestStore() async {
    let store = TestStore(initialState: EffectSendFeature.State()) { EffectSendFeature() }
    await store.send(.tapped) { $0.log = ["tapped"] }
    await store.receive(.increment) {
      $0.count = 1
      $0.log = ["tapped", "increment"]
    }
  }

  @Test func noneFeedsNothingBack() async {
    let store = TestStore(initialState: EffectSendFeature.State()) { EffectSendFeature() }
    let task = await store.send(.increment) {
      $0.count = 1
      $0.log = ["increment"]
    }
    #expect(task.isCancelled, "a send whose effect is .none starts no task")
  }
}

// MARK: - merge / concatenate / map

@MainActor
struct EffectCompositionTests {
  let clock = TestClock()

  fileprivate func makeStore() -> TestStoreOf<EffectCompositionFeature> {
    TestStore(initialState: EffectCompositionFeature.State()) {
      EffectCompositionFeature(clock: self.clock)
    }
  }

  @Test func mergeVariadicDeliversActionsInArgumentOrder() async {
    let store = makeStore()
    await store.send(.mergeVariadic)
    await store.receive(.value("a")) { $0.received = ["a"] }
    await store.receive(.value("b")) { $0.received = ["a", "b"] }
    await store.receive(.value("c")) { $0.received = ["a", "b", "c"] }
  }

  @Test func mergeSequenceDeliversActionsInSequenceOrder() async {
    let store = makeStore()
    await store.send(.mergeSequence)
    await store.receive(.value("a")) { $0.received = ["a"] }
    await store.receive(.value("b")) { $0.received = ["a", "b"] }
    await store.receive(.value("c")) { $0.received = ["a", "b", "c"] }
  }

  @Test func mergeWithDeliversReceiverBeforeArgument() async {
    let store = makeStore()
    await store.send(.mergeWith)
    await store.receive(.value("a")) { $0.received = ["a"] }
    await store.receive(.value("b")) { $0.received = ["a", "b"] }
  }

  @Test func mergeDeliversSynchronousSendsBeforeAsynchronousRuns() async {
    let store = makeStore()
    await store.send(.mergeSyncAndAsync)
    await store.receive(.value("send")) { $0.received = ["send"] }
    await store.receive(.value("run")) { $0.received = ["send", "run"] }
  }

  @Test func mergeRunsEffectsConcurrently() async {
    let store = makeStore()
    await store.send(.mergeConcurrent)
    // Sequentially, "fast" could only arrive after 2 + 1 seconds.
    await self.clock.advance(by: .seconds(1))
    await store.receive(.value("fast")) { $0.received = ["fast"] }
    await self.clock.advance(by: .seconds(1))
    await store.receive(.value("slow")) { $0.received = ["fast", "slow"] }
    await store.finish()
  }

  @Test func concatenateVariadicDeliversActionsInArgumentOrder() async {
    let store = makeStore()
    await store.send(.concatenateVariadic)
    await store.receive(.value("a")) { $0.received = ["a"] }
    await store.receive(.value("b")) { $0.received = ["a", "b"] }
    await store.receive(.value("c")) { $0.received = ["a", "b", "c"] }
  }

  @Test func concatenateCollectionDeliversActionsInCollectionOrder() async {
    let store = makeStore()
    await store.send(.concatenateCollection)
    await store.receive(.value("a")) { $0.received = ["a"] }
    await store.receive(.value("b")) { $0.received = ["a", "b"] }
    await store.receive(.value("c")) { $0.received = ["a", "b", "c"] }
  }

  @Test func concatenateWithDeliversReceiverBeforeArgument() async {
    let store = makeStore()
    await store.send(.concatenateWith)
    await store.receive(.value("a")) { $0.received = ["a"] }
    await store.receive(.value("b")) { $0.received = ["a", "b"] }
  }

  @Test func concatenateStartsSecondRunOnlyAfterFirstFinished() async {
    let store = makeStore()
    await store.send(.concatenateWaits)
    await self.clock.advance(by: .milliseconds(500))
    // Had the second run started already, "second" would be received before "first".
    await self.clock.advance(by: .milliseconds(500))
    await store.receive(.value("first")) { $0.received = ["first"] }
    await store.receive(.value("second")) { $0.received = ["first", "second"] }
    await store.finish()
  }

  @Test func concatenateDelaysSynchronousSendUntilPrecedingRunFinished() async {
    let store = makeStore()
    await store.send(.concatenateRunThenSend)
    await self.clock.advance(by: .seconds(1))
    await store.receive(.value("run")) { $0.received = ["run"] }
    await store.receive(.value("send")) { $0.received = ["run", "send"] }
    await store.finish()
  }

  @Test func mapTransformsActionsOfSynchronousAndAsynchronousParts() async {
    let store = makeStore()
    await store.send(.map)
    await store.receive(.child(.sync)) { $0.received = ["child.sync"] }
    await store.receive(.child(.async)) { $0.received = ["child.sync", "child.async"] }
  }
}

// MARK: - .run

@MainActor
struct EffectRunTests {
  let clock = TestClock()

  fileprivate func makeStore() -> TestStoreOf<EffectRunFeature> {
    TestStore(initialState: EffectRunFeature.State()) {
      EffectRunFeature(clock: self.clock)
    }
  }

  @Test func runDeliversActionsInTheOrderTheyWereSent() async {
    let store = makeStore()
    await store.send(.sendMany)
    for value in 1...5 {
      await store.receive(.value(value)) { $0.values.append(value) }
    }
    await store.finish()
  }

  @Test func runSwallowsCancellationErrorSilently() async {
    let store = makeStore()
    // Any issue reported here fails the test.
    await store.send(.throwCancellation)
    await store.finish()
  }

  @Test func runIgnoresErrorThrownAfterItWasCancelled() async {
    let store = makeStore()
    await store.send(.throwAfterCancellation)
    await store.send(.cancel)
    await store.finish()
  }

  @Test func runWithoutCatchReportsUnhandledErrorMentioningEffectRunAndFile() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.throwUnhandled)
      await store.finish()
    } matching: { issue in
      issue.description.contains("Effect.run")
        && issue.description.contains("EffectTests.swift")
        && issue.description.contains("EffectTestsFailure")
    }
  }

  @Test func runCatchHandlerReceivesErrorAndCanSend() async {
    let store = makeStore()
    await store.send(.throwHandled)
    await store.receive(.value(1)) { $0.values = [1] }
    await store.receive(.failed("EffectTestsFailure")) { $0.failure = "EffectTestsFailure" }
    await store.finish()
  }

  @Test func runNameIsGivenToTheTask() async {
    let store = makeStore()
    await store.send(.named)
    await store.receive(.taskName("EffectRunFeature.named"))
  }

  @Test func runOperationSeesTheReducersDependencies() async {
    let store = TestStore(initialState: EffectRunFeature.State()) {
      EffectRunFeature(clock: self.clock)
    } withDependencies: {
      $0.uuid = .constant(UUID(7))
    }
    await store.send(.readDependency)
    await store.receive(.uuid(UUID(7)))
  }
}
