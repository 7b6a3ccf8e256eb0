import XCTest

@_spi(Internals) @testable import ComposableArchitecture

/// A feature whose effects outlive the actions that start them: a timer, registered under a
/// cancellation ID, and a child feature's effect, registered under the child's.
@Reducer
struct RegistrationsTimer {
  @ObservableState
  struct State: Equatable {
    var ticks = 0
  }

  enum Action: Equatable {
    case start
    case startUntracked
    case tick
  }

  enum CancelID { case timer, untracked }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        return .run { send in
          for await _ in self.clock.timer(interval: .seconds(1)) {
            await send(.tick)
          }
        }
        .cancellable(id: CancelID.timer)
      case .startUntracked:
        return .run { _ in
          try await withTaskCancellation(id: CancelID.untracked) {
            try await self.clock.sleep(for: .seconds(60))
          }
        }
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }
}

/// TCA's own test suite checks, after every XCTest method, that nothing is left in the
/// cancellation registry. A test store that goes with its effects still running must leave
/// nothing registered by the time it has gone, not some hops later.
final class TestStoreRegistrationsXCTests: XCTestCase {
  @MainActor
  func testASkippedStoreLeavesNothingRegisteredOnceItHasGone() async {
    let before = _cancellationCancellables.withValue { $0.count }
    do {
      let store = TestStore(initialState: RegistrationsTimer.State()) {
        RegistrationsTimer()
      } withDependencies: {
        $0.continuousClock = TestClock()
      }
      store.exhaustivity = .off
      await store.send(.start)
      await store.send(.startUntracked)
      XCTAssertGreaterThan(_cancellationCancellables.withValue { $0.count }, before)
    }
    XCTAssertEqual(_cancellationCancellables.withValue { $0.count }, before)
  }

  @MainActor
  func testAStoreThatSkipsItsInFlightEffectsLeavesNothingRegistered() async {
    let before = _cancellationCancellables.withValue { $0.count }
    do {
      let clock = TestClock()
      let store = TestStore(initialState: RegistrationsTimer.State()) {
        RegistrationsTimer()
      } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(.start)
      await clock.advance(by: .seconds(1))
      await store.receive(\.tick) { $0.ticks = 1 }
      await store.skipInFlightEffects()
    }
    // Read as TCA's own test base class reads it.
    XCTAssertEqual(_cancellationCancellables.count, before)
  }
}
