import ComposableArchitecture
import Foundation
import Testing

#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

// MARK: - Fixtures

private enum EffectDebounceThrottleID {
  case search
  case tap
}

/// Searches debounced on a clock or a scheduler. `performed` records which effects actually ran,
/// not only which actions were received.
private struct EffectDebounceFeature: Reducer {
  struct State: Equatable {
    var results: [String] = []
  }
  enum Action: Equatable {
    case queryChanged(String)
    case queryChangedSend(String)
    case queryChangedOnScheduler(String)
    case cancel
    case searched(String)
  }
  let clock: TestClock<Duration>
  let scheduler: TestSchedulerOf<DispatchQueue>
  let performed: LockIsolated<[String]>

  var body: some ReducerOf<Self> {
    Reduce { [clock, scheduler, performed] state, action in
      func search(_ query: String) -> Effect<Action> {
        .run { send in
          performed.withValue { $0.append(query) }
          await send(.searched(query))
        }
      }

      switch action {
      case let .queryChanged(query):
        return search(query)
          .debounce(id: EffectDebounceThrottleID.search, for: .milliseconds(300), clock: clock)
      case let .queryChangedSend(query):
        return Effect<Action>.send(.searched(query))
          .debounce(id: EffectDebounceThrottleID.search, for: .milliseconds(300), clock: clock)
      case let .queryChangedOnScheduler(query):
        return search(query)
          .debounce(
            id: EffectDebounceThrottleID.search, for: .milliseconds(300), scheduler: scheduler
          )
      case .cancel:
        return .cancel(id: EffectDebounceThrottleID.search)
      case let .searched(query):
        state.results.append(query)
        return .none
      }
    }
  }
}

/// Taps throttled on a clock or a scheduler, with one-second intervals.
private struct EffectThrottleFeature: Reducer {
  struct State: Equatable {
    var ran: [Int] = []
  }
  enum Action: Equatable {
    case tapped(Int, latest: Bool)
    case tappedOnScheduler(Int, latest: Bool)
    case cancel
    case ran(Int)
  }
  let clock: TestClock<Duration>
  let scheduler: TestSchedulerOf<DispatchQueue>
  let performed: LockIsolated<[Int]>

  var body: some ReducerOf<Self> {
    Reduce { [clock, scheduler, performed] state, action in
      func work(_ value: Int) -> Effect<Action> {
        .run { send in
          performed.withValue { $0.append(value) }
          await send(.ran(value))
        }
      }

      switch action {
      case let .tapped(value, latest):
        return work(value)
          .throttle(id: EffectDebounceThrottleID.tap, for: .seconds(1), clock: clock, latest: latest)
      case let .tappedOnScheduler(value, latest):
        return work(value)
          .throttle(
            id: EffectDebounceThrottleID.tap, for: .seconds(1), scheduler: scheduler,
            latest: latest
          )
      case .cancel:
        return .cancel(id: EffectDebounceThrottleID.tap)
      case let .ran(value):
        state.ran.append(value)
        return .none
      }
    }
  }
}

// MARK: - Debounce

@MainActor
struct EffectDebounceTests {
  let clock = TestClock()
  let scheduler = DispatchQueue.test
  let performed = LockIsolated<[String]>([])

  fileprivate func makeStore() -> TestStoreOf<EffectDebounceFeature> {
    TestStore(initialState: EffectDebounceFeature.State()) {
      EffectDebounceFeature(clock: self.clock, scheduler: self.scheduler, performed: self.performed)
    }
  }

  @Test func debounceOnClockRunsOnlyTheLastEffectOfABurst() async {
    let store = makeStore()
    await store.send(.queryChanged("a"))
    await self.clock.advance(by: .milliseconds(100))
    await store.send(.queryChanged("ab"))
    await self.clock.advance(by: .milliseconds(100))
    await store.send(.queryChanged("abc"))
    await self.clock.advance(by: .milliseconds(300))
    await store.receive(.searched("abc")) { $0.results = ["abc"] }
    #expect(self.performed.value == ["abc"])
    await store.finish()
  }

  @Test func debounceOnClockWaitsTheWholeIntervalAfterTheLastEffect() async {
    let store = makeStore()
    await store.send(.queryChanged("a"))
    await self.clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("ab"))
    await self.clock.advance(by: .milliseconds(299))
    #expect(self.performed.value == [])
    await self.clock.advance(by: .milliseconds(1))
    #expect(self.performed.value == ["ab"])
    await store.receive(.searched("ab")) { $0.results = ["ab"] }
  }

  @Test func debounceDelaysSynchronousSendUntilTheIntervalPassed() async {
    let store = makeStore()
    await store.send(.queryChangedSend("a"))
    await store.send(.queryChangedSend("ab"))
    await self.clock.advance(by: .milliseconds(300))
    await store.receive(.searched("ab")) { $0.results = ["ab"] }
    await store.finish()
  }

  @Test func debounceOnSchedulerRunsOnlyTheLastEffectOfABurst() async {
    let store = makeStore()
    await store.send(.queryChangedOnScheduler("a"))
    await self.scheduler.advance(by: .milliseconds(100))
    await store.send(.queryChangedOnScheduler("ab"))
    await self.scheduler.advance(by: .milliseconds(299))
    #expect(self.performed.value == [])
    await self.scheduler.advance(by: .milliseconds(1))
    await store.receive(.searched("ab")) { $0.results = ["ab"] }
    #expect(self.performed.value == ["ab"])
    await store.finish()
  }

  @Test func cancelIDCancelsPendingDebouncedEffect() async {
    let store = makeStore()
    await store.send(.queryChanged("a"))
    await store.send(.cancel)
    await self.clock.advance(by: .seconds(1))
    #expect(self.performed.value == [])
    await store.finish()
  }
}

// MARK: - Throttle

@MainActor
struct EffectThrottleTests {
  let clock = TestClock()
  let scheduler = DispatchQueue.test
  let performed = LockIsolated<[Int]>([])

  fileprivate func makeStore() -> TestStoreOf<EffectThrottleFeature> {
    TestStore(initialState: EffectThrottleFeature.State()) {
      EffectThrottleFeature(clock: self.clock, scheduler: self.scheduler, performed: self.performed)
    }
  }

  @Test func throttleRunsTheFirstEffectImmediately() async {
    let store = makeStore()
    await store.send(.tapped(1, latest: true))
    #expect(self.performed.value == [1])
    await store.receive(.ran(1)) { $0.ran = [1] }
    await store.finish()
  }

  @Test func throttleLatestRunsTheMostRecentHeldEffectAtTheEndOfTheInterval() async {
    let store = makeStore()
    await store.send(.tapped(1, latest: true))
    await store.receive(.ran(1)) { $0.ran = [1] }
    await self.clock.advance(by: .milliseconds(100))
    await store.send(.tapped(2, latest: true))
    await self.clock.advance(by: .milliseconds(100))
    await store.send(.tapped(3, latest: true))
    await self.clock.advance(by: .milliseconds(799))
    #expect(self.performed.value == [1])
    await self.clock.advance(by: .milliseconds(1))
    #expect(self.performed.value == [1, 3])
    await store.receive(.ran(3)) { $0.ran = [1, 3] }
    await store.finish()
  }

  @Test func throttleNotLatestRunsTheFirstHeldEffectAtTheEndOfTheInterval() async {
    let store = makeStore()
    await store.send(.tapped(1, latest: false))
    await store.receive(.ran(1)) { $0.ran = [1] }
    await self.clock.advance(by: .milliseconds(100))
    await store.send(.tapped(2, latest: false))
    await self.clock.advance(by: .milliseconds(100))
    await store.send(.tapped(3, latest: false))
    await self.clock.advance(by: .milliseconds(799))
    #expect(self.performed.value == [1])
    await self.clock.advance(by: .milliseconds(1))
    #expect(self.performed.value == [1, 2])
    await store.receive(.ran(2)) { $0.ran = [1, 2] }
    await store.finish()
  }

  @Test func throttleRunsImmediatelyOnceTheIntervalHasPassed() async {
    let store = makeStore()
    await store.send(.tapped(1, latest: true))
    await store.receive(.ran(1)) { $0.ran = [1] }
    await self.clock.advance(by: .seconds(1))
    await store.send(.tapped(2, latest: true))
    #expect(self.performed.value == [1, 2])
    await store.receive(.ran(2)) { $0.ran = [1, 2] }
    await store.finish()
  }

  @Test func throttleMeasuresTheNextIntervalFromTheHeldEffectThatRan() async {
    let store = makeStore()
    await store.send(.tapped(1, latest: true))
    await store.receive(.ran(1)) { $0.ran = [1] }
    await self.clock.advance(by: .milliseconds(500))
    await store.send(.tapped(2, latest: true))
    await self.clock.advance(by: .milliseconds(500))
    await store.receive(.ran(2)) { $0.ran = [1, 2] }
    // 2 ran at 1s, so 3, at 1.5s, is held until 2s.
    await self.clock.advance(by: .milliseconds(500))
    await store.send(.tapped(3, latest: true))
    #expect(self.performed.value == [1, 2])
    await self.clock.advance(by: .milliseconds(500))
    await store.receive(.ran(3)) { $0.ran = [1, 2, 3] }
    await store.finish()
  }

  @Test func throttleOnSchedulerLatestRunsTheMostRecentHeldEffect() async {
    let store = makeStore()
    await store.send(.tappedOnScheduler(1, latest: true))
    await store.receive(.ran(1)) { $0.ran = [1] }
    await self.scheduler.advance(by: .milliseconds(100))
    await store.send(.tappedOnScheduler(2, latest: true))
    await store.send(.tappedOnScheduler(3, latest: true))
    await self.scheduler.advance(by: .milliseconds(899))
    #expect(self.performed.value == [1])
    await self.scheduler.advance(by: .milliseconds(1))
    await store.receive(.ran(3)) { $0.ran = [1, 3] }
    #expect(self.performed.value == [1, 3])
    await store.finish()
  }

  @Test func throttleOnSchedulerNotLatestRunsTheFirstHeldEffect() async {
    let store = makeStore()
    await store.send(.tappedOnScheduler(1, latest: false))
    await store.receive(.ran(1)) { $0.ran = [1] }
    await self.scheduler.advance(by: .milliseconds(100))
    await store.send(.tappedOnScheduler(2, latest: false))
    await store.send(.tappedOnScheduler(3, latest: false))
    await self.scheduler.advance(by: .milliseconds(900))
    await store.receive(.ran(2)) { $0.ran = [1, 2] }
    #expect(self.performed.value == [1, 2])
    await store.finish()
  }

  @Test func cancelIDCancelsHeldThrottledEffect() async {
    // In TCA, `throttle(id:)` makes the effect cancellable by `id`, as `debounce(id:)` does.
    let store = makeStore()
    await store.send(.tapped(1, latest: true))
    await store.receive(.ran(1)) { $0.ran = [1] }
    await store.send(.tapped(2, latest: true))
    await store.send(.cancel)
    await self.clock.advance(by: .seconds(1))
    #expect(self.performed.value == [1])
    await store.finish()
  }
}
