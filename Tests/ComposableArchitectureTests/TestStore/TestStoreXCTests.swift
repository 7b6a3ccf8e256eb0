import ComposableArchitecture
import XCTest

private struct TSXCFeature: Reducer {
  struct State: Equatable {
    var count = 0
    var fact: String?
  }

  @CasePathable
  enum Action: Equatable {
    case increment
    case factButtonTapped
    case factResponse(String)
    case startTimer
    case stopTimer
    case tick
  }

  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .factButtonTapped:
        return .run { [count = state.count] send in
          try await self.clock.sleep(for: .seconds(1))
          await send(.factResponse("\(count) is a good number."))
        }
      case let .factResponse(fact):
        state.fact = fact
        return .none
      case .startTimer:
        return .run { send in
          for await _ in self.clock.timer(interval: .seconds(1)) {
            await send(.tick)
          }
        }
        .cancellable(id: CancelID.timer)
      case .stopTimer:
        return .cancel(id: CancelID.timer)
      case .tick:
        state.count += 1
        return .none
      }
    }
  }
}

/// Passing flows only: XCTest on Linux cannot expect failures. Methods are `async` because
/// synchronous main-actor test methods are not discovered by XCTest on Linux.
final class TestStoreXCTests: XCTestCase {
  @MainActor
  func testSendReceiveAndFinishWithATestClock() async {
    let clock = TestClock()
    let store = TestStore(initialState: TSXCFeature.State()) {
      TSXCFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.increment) { $0.count = 1 }
    await store.send(.factButtonTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(\.factResponse, "1 is a good number.") {
      $0.fact = "1 is a good number."
    }
    await store.finish()
    XCTAssertEqual(store.state, TSXCFeature.State(count: 1, fact: "1 is a good number."))
  }

  @MainActor
  func testLongLivingEffectIsCancelledByAnAction() async {
    let clock = TestClock()
    let store = TestStore(initialState: TSXCFeature.State()) {
      TSXCFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startTimer)
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0.count = 1 }
    await store.receive(.tick) { $0.count = 2 }
    await store.send(.stopTimer)
    await store.finish()
    XCTAssertEqual(store.state.count, 2)
  }

  @MainActor
  func testNonExhaustiveStoreChecksOnlyWhatIsAsserted() async {
    let store = TestStore(initialState: TSXCFeature.State()) {
      TSXCFeature()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    store.exhaustivity = .off
    await store.send(.increment)
    await store.send(.factButtonTapped)
    await store.receive(\.factResponse) { $0.fact = "1 is a good number." }
    XCTAssertEqual(store.state.count, 1)
  }

  @MainActor
  func testTaskCancelTearsDownALongLivingEffect() async {
    let store = TestStore(initialState: TSXCFeature.State()) {
      TSXCFeature()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    let task = await store.send(.startTimer)
    XCTAssertFalse(task.isCancelled)
    await task.cancel()
    XCTAssertTrue(task.isCancelled)
    await store.finish()
  }
}
