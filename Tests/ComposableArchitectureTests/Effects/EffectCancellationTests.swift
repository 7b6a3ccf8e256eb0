@testable import ComposableArchitecture
import Testing

// MARK: - Fixtures

private enum EffectCancellationID {
  case timer
  case work
}

/// Two ID types whose values hash identically and claim to be equal to each other's kind.
private struct EffectCancellationCollidingA: Hashable, Sendable {
  static func == (lhs: Self, rhs: Self) -> Bool { true }
  func hash(into hasher: inout Hasher) { hasher.combine(42) }
}

private struct EffectCancellationCollidingB: Hashable, Sendable {
  static func == (lhs: Self, rhs: Self) -> Bool { true }
  func hash(into hasher: inout Hasher) { hasher.combine(42) }
}

/// A long-living timer that can be stopped by ID.
private struct EffectCancellationTimerFeature: Reducer {
  struct State: Equatable {
    var ticks = 0
  }
  enum Action: Equatable {
    case start
    case stop
    case tick
  }
  let clock: TestClock<Duration>

  var body: some ReducerOf<Self> {
    Reduce { [clock] state, action in
      switch action {
      case .start:
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) {
            await send(.tick)
          }
        }
        .cancellable(id: EffectCancellationID.timer)
      case .stop:
        return .cancel(id: EffectCancellationID.timer)
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }
}

/// One-second jobs, cancellable in various ways.
private struct EffectCancellationJobFeature: Reducer {
  struct State: Equatable {
    var finished: [Int] = []
  }
  enum Action: Equatable {
    case start(Int, cancelInFlight: Bool)
    case startWithIntID(Int)
    case cancelWithInt64ID
    case startWithCollidingA(Int)
    case cancelWithCollidingB
    case startConcatenated
    case startMerged
    case startIgnoringCancellation
    case search(Int)
    case cancel
    case finished(Int)
  }
  let clock: TestClock<Duration>

  var body: some ReducerOf<Self> {
    Reduce { [clock] state, action in
      /// Finishes after a second with `.finished(value)`.
      func job(_ value: Int, after duration: Duration = .seconds(1)) -> Effect<Action> {
        .run { send in
          try await clock.sleep(for: duration)
          await send(.finished(value))
        }
      }

      switch action {
      case let .start(value, cancelInFlight):
        return job(value)
          .cancellable(id: EffectCancellationID.work, cancelInFlight: cancelInFlight)

      case let .startWithIntID(value):
        return job(value).cancellable(id: 1 as Int)

      case .cancelWithInt64ID:
        return .cancel(id: 1 as Int64)

      case let .startWithCollidingA(value):
        return job(value).cancellable(id: EffectCancellationCollidingA())

      case .cancelWithCollidingB:
        return .cancel(id: EffectCancellationCollidingB())

      case .startConcatenated:
        return .concatenate(job(1), .send(.finished(2)))
          .cancellable(id: EffectCancellationID.work)

      case .startMerged:
        return .merge(job(1), job(2, after: .seconds(2)))
          .cancellable(id: EffectCancellationID.work)

      case .startIgnoringCancellation:
        return .run { send in
          // Ignores cancellation on purpose and keeps going: `send` must then do nothing.
          try? await clock.sleep(for: .seconds(1))
          await send(.finished(1))
        }
        .cancellable(id: EffectCancellationID.work)

      case let .search(value):
        return .run { send in
          try await withTaskCancellation(id: EffectCancellationID.work, cancelInFlight: true) {
            try await clock.sleep(for: .seconds(1))
            await send(.finished(value))
          }
        }

      case .cancel:
        return .cancel(id: EffectCancellationID.work)

      case let .finished(value):
        state.finished.append(value)
        return .none
      }
    }
  }
}

/// Starts and cancels jobs from different places of the navigation tree, by building the effects
/// under different navigation ID paths.
private struct EffectCancellationNavigationFeature: Reducer {
  enum Place: String, Equatable, Sendable {
    case parent
    case childA
    case childB
  }
  struct State: Equatable {
    var finished: [Place] = []
  }
  enum Action: Equatable {
    case start(Place)
    case cancel(from: Place)
    case finished(Place)
  }
  let clock: TestClock<Duration>

  var body: some ReducerOf<Self> {
    Reduce { [clock] state, action in
      func inPlace<R>(_ place: Place, _ operation: () -> R) -> R {
        withDependencies {
          if place != .parent {
            $0.navigationIDPath = $0.navigationIDPath.appending(NavigationID(kind: place.rawValue))
          }
        } operation: {
          operation()
        }
      }

      switch action {
      case let .start(place):
        return inPlace(place) {
          Effect<Action>.run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.finished(place))
          }
          .cancellable(id: EffectCancellationID.work)
        }
      case let .cancel(place):
        return inPlace(place) {
          Effect<Action>.cancel(id: EffectCancellationID.work)
        }
      case let .finished(place):
        state.finished.append(place)
        return .none
      }
    }
  }
}

/// Signals once the work it wraps has started, and records whether it was cancelled.
private final class EffectCancellationProbe: Sendable {
  let started: AsyncStream<Void>
  private let startedContinuation: AsyncStream<Void>.Continuation
  let isCancelled = LockIsolated(false)

  init() {
    (self.started, self.startedContinuation) = AsyncStream<Void>.makeStream()
  }

  /// Runs until cancelled, recording the cancellation the moment it happens.
  func runUntilCancelled() async throws {
    try await withTaskCancellationHandler {
      self.startedContinuation.yield()
      try await Task.never()
    } onCancel: {
      self.isCancelled.setValue(true)
    }
  }

  func waitUntilStarted() async {
    var iterator = self.started.makeAsyncIterator()
    _ = await iterator.next()
  }
}

// MARK: - cancellable / cancel

@MainActor
struct EffectCancellationTests {
  let clock = TestClock()

  fileprivate func makeJobStore() -> TestStoreOf<EffectCancellationJobFeature> {
    TestStore(initialState: EffectCancellationJobFeature.State()) {
      EffectCancellationJobFeature(clock: self.clock)
    }
  }

  @Test func cancelStopsLongRunningEffect() async {
    let store = TestStore(initialState: EffectCancellationTimerFeature.State()) {
      EffectCancellationTimerFeature(clock: self.clock)
    }
    await store.send(.start)
    await self.clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await self.clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 2 }
    await store.send(.stop)
    await self.clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func cancelInFlightCancelsThePreviousEffect() async {
    let store = makeJobStore()
    await store.send(.start(1, cancelInFlight: true))
    await self.clock.advance(by: .milliseconds(500))
    await store.send(.start(2, cancelInFlight: true))
    // The first job would be due now.
    await self.clock.advance(by: .milliseconds(500))
    await self.clock.advance(by: .milliseconds(500))
    await store.receive(.finished(2)) { $0.finished = [2] }
    await store.finish()
  }

  @Test func withoutCancelInFlightBothEffectsComplete() async {
    let store = makeJobStore()
    await store.send(.start(1, cancelInFlight: false))
    await self.clock.advance(by: .milliseconds(500))
    await store.send(.start(2, cancelInFlight: false))
    await self.clock.advance(by: .milliseconds(500))
    await store.receive(.finished(1)) { $0.finished = [1] }
    await self.clock.advance(by: .milliseconds(500))
    await store.receive(.finished(2)) { $0.finished = [1, 2] }
  }

  @Test func idsOfDifferentTypesWithEqualHashValuesDoNotCollide() async {
    let store = makeJobStore()
    await store.send(.startWithCollidingA(1))
    await store.send(.cancelWithCollidingB)
    await self.clock.advance(by: .seconds(1))
    await store.receive(.finished(1)) { $0.finished = [1] }
  }

  @Test func integerIDsOfDifferentTypesDoNotCollide() async {
    // `AnyHashable(1 as Int) == AnyHashable(1 as Int64)`, but the IDs have different types.
    let store = makeJobStore()
    await store.send(.startWithIntID(1))
    await store.send(.cancelWithInt64ID)
    await self.clock.advance(by: .seconds(1))
    await store.receive(.finished(1)) { $0.finished = [1] }
  }

  @Test func cancellingConcatenatedEffectSkipsItsRemainingParts() async {
    let store = makeJobStore()
    await store.send(.startConcatenated)
    await self.clock.advance(by: .milliseconds(500))
    await store.send(.cancel)
    await self.clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func cancellingMergedEffectCancelsEveryRun() async {
    let store = makeJobStore()
    await store.send(.startMerged)
    await self.clock.advance(by: .seconds(1))
    await store.receive(.finished(1)) { $0.finished = [1] }
    await store.send(.cancel)
    await self.clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func cancelledSendDropsActions() async {
    let store = makeJobStore()
    await store.send(.startIgnoringCancellation)
    await store.send(.cancel)
    // The operation goes on to call `send(.finished(1))`, which must be dropped.
    await store.finish()
  }

  @Test func sendDoesNothingOnceItsTaskIsCancelled() async {
    let sent = LockIsolated<[Int]>([])
    let send = Send<Int> { value in sent.withValue { $0.append(value) } }
    let probe = EffectCancellationProbe()
    let task = Task { @MainActor in
      send(1)
      try? await probe.runUntilCancelled()
      send(2)
    }
    await probe.waitUntilStarted()
    task.cancel()
    await task.value
    #expect(sent.value == [1])
  }

  // MARK: Task.cancel(id:) and withTaskCancellation

  @Test func taskCancelIDCancelsTheStoresEffect() async {
    let store = TestStore(initialState: EffectCancellationTimerFeature.State()) {
      EffectCancellationTimerFeature(clock: self.clock)
    }
    await store.send(.start)
    Task.cancel(id: EffectCancellationID.timer)
    await self.clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func withTaskCancellationCancelInFlightLetsOnlyTheLastCallComplete() async {
    let first = EffectCancellationProbe()
    let firstTask = Task {
      try await withTaskCancellation(id: EffectCancellationID.work, cancelInFlight: true) {
        try await first.runUntilCancelled()
        return "first"
      }
    }
    await first.waitUntilStarted()
    #expect(!first.isCancelled.value)

    let second = await withTaskCancellation(
      id: EffectCancellationID.work, cancelInFlight: true
    ) {
      "second"
    }

    #expect(second == "second")
    #expect(first.isCancelled.value)
    await #expect(throws: CancellationError.self) { try await firstTask.value }
  }

  @Test func withTaskCancellationInEffectsDebouncesSearches() async {
    let store = makeJobStore()
    await store.send(.search(1))
    await self.clock.advance(by: .milliseconds(500))
    await store.send(.search(2))
    await self.clock.advance(by: .milliseconds(500))
    await self.clock.advance(by: .milliseconds(500))
    await store.receive(.finished(2)) { $0.finished = [2] }
    await store.finish()
  }

  @Test func taskCancelIDCancelsWithTaskCancellationBlock() async {
    let probe = EffectCancellationProbe()
    let task = Task {
      try await withTaskCancellation(id: EffectCancellationID.work) {
        try await probe.runUntilCancelled()
      }
    }
    await probe.waitUntilStarted()
    #expect(!probe.isCancelled.value)
    Task.cancel(id: EffectCancellationID.work)
    #expect(probe.isCancelled.value)
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func cancellationIDsAreScopedToTheCurrentTest() async {
    let probe = EffectCancellationProbe()
    let task = Task {
      try await withTaskCancellation(id: EffectCancellationID.work) {
        try await probe.runUntilCancelled()
      }
    }
    await probe.waitUntilStarted()

    // A detached task runs outside of this test, so the same ID means different work there.
    await Task.detached {
      Task.cancel(id: EffectCancellationID.work)
    }.value
    #expect(!probe.isCancelled.value)

    Task.cancel(id: EffectCancellationID.work)
    #expect(probe.isCancelled.value)
    await #expect(throws: CancellationError.self) { try await task.value }
  }
}

// MARK: - Navigation scoping

@MainActor
struct EffectCancellationNavigationTests {
  let clock = TestClock()

  fileprivate func makeStore() -> TestStoreOf<EffectCancellationNavigationFeature> {
    TestStore(initialState: EffectCancellationNavigationFeature.State()) {
      EffectCancellationNavigationFeature(clock: self.clock)
    }
  }

  @Test func parentCancelsChildEffectWithSameID() async {
    let store = makeStore()
    await store.send(.start(.childA))
    await store.send(.cancel(from: .parent))
    await self.clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func childCannotCancelParentEffectWithSameID() async {
    let store = makeStore()
    await store.send(.start(.parent))
    await store.send(.cancel(from: .childA))
    await self.clock.advance(by: .seconds(1))
    await store.receive(.finished(.parent)) { $0.finished = [.parent] }
  }

  @Test func childCannotCancelSiblingEffectWithSameID() async {
    let store = makeStore()
    await store.send(.start(.childA))
    await store.send(.cancel(from: .childB))
    await self.clock.advance(by: .seconds(1))
    await store.receive(.finished(.childA)) { $0.finished = [.childA] }
  }

  @Test func childCancelsItsOwnEffect() async {
    let store = makeStore()
    await store.send(.start(.childA))
    await store.send(.cancel(from: .childA))
    await self.clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func effectsOfDifferentStoresDoNotShareIDs() async {
    let first = makeStore()
    let second = makeStore()
    await first.send(.start(.parent))
    await second.send(.cancel(from: .parent))
    await self.clock.advance(by: .seconds(1))
    await first.receive(.finished(.parent)) { $0.finished = [.parent] }
  }
}
