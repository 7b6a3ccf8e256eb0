import ComposableArchitecture
import Testing
@_spi(Testing) import ComposableArchitectureTestSupport

// MARK: - Fixtures

private enum StoreSendNumberKey: DependencyKey {
  static let liveValue = 0
  static let testValue = 0
}

extension DependencyValues {
  var storeSendNumber: Int {
    get { self[StoreSendNumberKey.self] }
    set { self[StoreSendNumberKey.self] = newValue }
  }
}

/// A dependency with a test value only: read from a live context, it is reported as having no
/// live implementation.
private enum StoreSendTestOnlyKey: TestDependencyKey {
  static let testValue = 7
}

func storeSendTestOnlyNumber() -> Int {
  @Dependency(StoreSendTestOnlyKey.self) var number
  return number
}

func storeSendCurrentNumber() -> Int {
  @Dependency(\.storeSendNumber) var number
  return number
}

struct StoreSendFeature: Reducer {
  struct State: Equatable {
    var log: [String] = []
    var count = 0
    var numberAtInit = 0
  }
  @CasePathable
  enum Action: Equatable {
    case tap(Int)
    case chain
    case chainA
    case chainB
    case merged
    case runSequence
    case runNested
    case nested
    case nestedDone
    case wait
    case waitThroughAction
    case waited
    case readDependency
    case readDependencyInEffect
    case dependencyInEffect(Int)
  }

  var numberAtInit = 0
  let clock: TestClock<Duration>
  let cancelled: LockIsolated<Bool>

  init(
    clock: TestClock<Duration> = TestClock(),
    cancelled: LockIsolated<Bool> = LockIsolated(false),
    numberAtInit: Int = 0
  ) {
    self.clock = clock
    self.cancelled = cancelled
    self.numberAtInit = numberAtInit
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      state.log.append("\(action)")
      switch action {
      case let .tap(value):
        state.count += value
        return .none
      case .chain:
        return .send(.chainA)
      case .chainA:
        return .send(.chainB)
      case .chainB:
        return .none
      case .merged:
        return .merge(.send(.tap(1)), .send(.tap(2)), .send(.tap(3)))
      case .runSequence:
        return .run { send in
          await send(.tap(10))
          await send(.tap(20))
          await send(.tap(30))
        }
      case .runNested:
        return .run { send in await send(.nested) }
      case .nested:
        return .run { send in
          await Task.yield()
          await send(.nestedDone)
        }
      case .nestedDone:
        return .none
      case .wait:
        return .run { [clock, cancelled] send in
          await withTaskCancellationHandler {
            do {
              try await clock.sleep(for: .seconds(1))
              await send(.waited)
            } catch {}
          } onCancel: {
            cancelled.setValue(true)
          }
        }
      case .waitThroughAction:
        return .run { send in await send(.wait) }
      case .waited:
        return .none
      case .readDependency:
        state.count = storeSendCurrentNumber()
        state.numberAtInit = self.numberAtInit
        return .none
      case .readDependencyInEffect:
        return .run { send in
          await send(.dependencyInEffect(storeSendCurrentNumber()))
        }
      case let .dependencyInEffect(value):
        state.count = value
        return .none
      }
    }
  }
}

// MARK: - Tests

@MainActor
struct StoreSendTests {
  @Test func sendRunsTheReducerSynchronously() {
    let store = Store(initialState: StoreSendFeature.State()) { StoreSendFeature() }
    store.send(.tap(4))
    #expect(store.withState(\.count) == 4)
  }

  @Test func sentActionsAreProcessedInOrder() {
    let store = Store(initialState: StoreSendFeature.State()) { StoreSendFeature() }
    store.send(.tap(1))
    store.send(.tap(2))
    store.send(.tap(3))
    #expect(store.withState(\.log) == ["tap(1)", "tap(2)", "tap(3)"])
  }

  @Test func synchronousEffectActionsAreProcessedBeforeSendReturns() {
    let store = Store(initialState: StoreSendFeature.State()) { StoreSendFeature() }
    store.send(.chain)
    #expect(store.withState(\.log) == ["chain", "chainA", "chainB"])
  }

  @Test func mergedSynchronousEffectActionsAreProcessedInOrder() {
    let store = Store(initialState: StoreSendFeature.State()) { StoreSendFeature() }
    store.send(.merged)
    #expect(store.withState(\.log) == ["merged", "tap(1)", "tap(2)", "tap(3)"])
    #expect(store.withState(\.count) == 6)
  }

  @Test func runEffectActionsAreFedBackInOrder() async {
    let store = Store(initialState: StoreSendFeature.State()) { StoreSendFeature() }
    await store.send(.runSequence).finish()
    #expect(store.withState(\.log) == ["runSequence", "tap(10)", "tap(20)", "tap(30)"])
    #expect(store.withState(\.count) == 60)
  }

  @Test func finishWaitsForEffectsOfActionsSentByEffects() async {
    let store = Store(initialState: StoreSendFeature.State()) { StoreSendFeature() }
    await store.send(.runNested).finish()
    #expect(store.withState(\.log) == ["runNested", "nested", "nestedDone"])
  }

  @Test func finishWaitsForAnEffectSuspendedOnAClock() async {
    let clock = TestClock()
    let store = Store(initialState: StoreSendFeature.State()) { StoreSendFeature(clock: clock) }
    let task = store.send(.wait)
    #expect(await eventuallySleeping(on: clock))
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.withState(\.log) == ["wait", "waited"])
    #expect(!task.isCancelled)
  }

  @Test func cancelCancelsInFlightEffects() async {
    let clock = TestClock()
    let cancelled = LockIsolated(false)
    let store = Store(initialState: StoreSendFeature.State()) {
      StoreSendFeature(clock: clock, cancelled: cancelled)
    }
    let task = store.send(.wait)
    #expect(!task.isCancelled)
    task.cancel()
    await task.finish()
    #expect(task.isCancelled)
    #expect(cancelled.value)
    // Generous, so that a slow machine (or ThreadSanitizer) has time to retire cancelled sleeps.
    await clock.run(timeout: .seconds(30))
    #expect(store.withState(\.log) == ["wait"])
  }

  @Test func sendWithoutEffectsReturnsACancelledTask() {
    let store = Store(initialState: StoreSendFeature.State()) { StoreSendFeature() }
    #expect(store.send(.tap(1)).isCancelled)
    #expect(store.send(.chain).isCancelled)
  }

  @Test func finishOnASendWithoutEffectsReturnsImmediately() async {
    let store = Store(initialState: StoreSendFeature.State()) { StoreSendFeature() }
    await store.send(.tap(1)).finish()
    #expect(store.withState(\.count) == 1)
  }

  @Test func initialStateIsBuiltWithTheStoreDependencies() {
    let store = Store(
      initialState: StoreSendFeature.State(numberAtInit: storeSendCurrentNumber())
    ) {
      StoreSendFeature()
    } withDependencies: {
      $0.storeSendNumber = 41
    }
    #expect(store.withState(\.numberAtInit) == 41)
  }

  @Test func reducerIsBuiltWithTheStoreDependencies() {
    let store = Store(initialState: StoreSendFeature.State()) {
      StoreSendFeature(numberAtInit: storeSendCurrentNumber())
    } withDependencies: {
      $0.storeSendNumber = 42
    }
    store.send(.readDependency)
    #expect(store.withState(\.numberAtInit) == 42)
  }

  @Test func reducerSeesTheStoreDependenciesWhenReducing() {
    let store = Store(initialState: StoreSendFeature.State()) {
      StoreSendFeature()
    } withDependencies: {
      $0.storeSendNumber = 43
    }
    store.send(.readDependency)
    #expect(store.withState(\.count) == 43)
  }

  @Test func effectsSeeTheStoreDependencies() async {
    let store = Store(initialState: StoreSendFeature.State()) {
      StoreSendFeature()
    } withDependencies: {
      $0.storeSendNumber = 44
    }
    await store.send(.readDependencyInEffect).finish()
    #expect(store.withState(\.count) == 44)
  }

  @Test func aStoreMadeInsideADependencySetUpReadsItsDependenciesAsAnyStoreDoes() {
    // `withDependencies` marks the dependencies as being set up while its first closure runs,
    // which keeps reads there from reporting a missing live value. A store made there, with
    // nothing of its own to prepare, still makes its state with the dependencies marked as read.
    withKnownIssue {
      withDependencies {
        $0.context = .live
      } operation: {
        withDependencies { _ in
          _ = Store(
            initialState: StoreSendFeature.State(numberAtInit: storeSendTestOnlyNumber())
          ) {
            StoreSendFeature()
          }
        } operation: {}
      }
    } matching: { issue in
      issue.description.contains("has no live implementation")
    }
  }

  @Test func storeDependenciesDoNotLeakOutOfTheStore() {
    _ = Store(initialState: StoreSendFeature.State()) {
      StoreSendFeature()
    } withDependencies: {
      $0.storeSendNumber = 45
    }
    #expect(storeSendCurrentNumber() == 0)
  }

  @Test func cancelAlsoCancelsEffectsOfActionsSentByEffects() async {
    let clock = TestClock()
    let cancelled = LockIsolated(false)
    let store = Store(initialState: StoreSendFeature.State()) {
      StoreSendFeature(clock: clock, cancelled: cancelled)
    }
    let task = store.send(.waitThroughAction)
    await eventually { store.withState(\.log).count >= 2 }
    #expect(store.withState(\.log) == ["waitThroughAction", "wait"])
    task.cancel()
    await task.finish()
    #expect(cancelled.value)
    // Generous, so that a slow machine (or ThreadSanitizer) has time to retire cancelled sleeps.
    await clock.run(timeout: .seconds(30))
    #expect(store.withState(\.log) == ["waitThroughAction", "wait"])
  }

  @Test func anActionSentAsAPassReleasesTheStateFromBeforeItIsReducedInTheNextPass() {
    // Once a store keeps the state from before each pass (here, after a read during a pass),
    // committing a pass releases that state, and an object only it held can send from its
    // `deinit`. That action comes after the pass's own, which already ran, and must not be
    // cleared with them.
    let box = LateSendBox()
    let store = Store(initialState: LateSendFeature.State()) {
      LateSendFeature(box: box)
    }
    box.store = store
    // Not in the initial state, which the store keeps, so that only the state holds it.
    store.send(.makeSender)
    withKnownIssue {
      store.send(.readStore)
    } matching: { issue in
      issue.description.contains("A store's state was read while the store was running")
    }
    withKnownIssue {
      store.send(.dropSender)
    } matching: { issue in
      issue.description.contains("while it was still processing another")
    }
    #expect(
      store.withState(\.log) == ["makeSender", "readStore", "dropSender", "step", "released"]
    )
  }
}

/// Holds the store `LateSendFeature` runs in, for its reducer to read and its sender to send to.
private final class LateSendBox: @unchecked Sendable {
  @MainActor weak var store: StoreOf<LateSendFeature>?
}

/// Sends `.released` to the store from its `deinit`.
private final class LateSender: @unchecked Sendable {
  let box: LateSendBox
  init(box: LateSendBox) { self.box = box }
  deinit {
    let box = self.box
    MainActor.assumeIsolated { _ = box.store?.send(.released) }
  }
}

@Reducer
private struct LateSendFeature {
  struct State {
    var sender: LateSender?
    var log: [String] = []
  }
  enum Action {
    case makeSender
    case readStore
    case dropSender
    case step
    case released
  }
  let box: LateSendBox

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .makeSender:
        state.log.append("makeSender")
        state.sender = LateSender(box: self.box)
        return .none
      case .readStore:
        state.log.append("readStore")
        _ = MainActor.assumeIsolated { self.box.store?.withState(\.log) }
        return .none
      case .dropSender:
        state.log.append("dropSender")
        state.sender = nil
        return .send(.step)
      case .step:
        state.log.append("step")
        return .none
      case .released:
        state.log.append("released")
        return .none
      }
    }
  }
}
