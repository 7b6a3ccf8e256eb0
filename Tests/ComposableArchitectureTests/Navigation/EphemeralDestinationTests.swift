import Testing
import XCTest

@testable import ComposableArchitecture

/// A destination enum holding an alert beside a child feature. While the alert is up, an action
/// of the child's case (sent by a stray effect or a stale view) is misrouted: it is reported, and
/// the alert stays. Only the alert's own actions dismiss it.
@Reducer
struct EphemeralDestinationFeature {
  @Reducer
  enum Destination {
    case alert(AlertState<Alert>)
    case counter(EphemeralCounter)

    enum Alert: Equatable { case confirm }
  }

  @ObservableState
  struct State: Equatable {
    @Presents var destination: Destination.State?
  }

  enum Action {
    case destination(PresentationAction<Destination.Action>)
  }

  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
      .ifLet(\.$destination, action: \.destination)
  }
}

extension EphemeralDestinationFeature.Destination.State: Equatable {}

@Reducer
struct EphemeralCounter {
  @ObservableState
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case increment }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

private let alertUp = EphemeralDestinationFeature.State(
  destination: .alert(AlertState { TextState("Sure?") })
)

@MainActor
@Suite struct EphemeralDestinationTests {
  @Test func anotherCasesActionLeavesTheAlertPresented() async {
    let store = TestStore(initialState: alertUp) { EphemeralDestinationFeature() }
    await withKnownIssue {
      await store.send(.destination(.presented(.counter(.increment))))
    }
    #expect(store.state.destination == alertUp.destination)
  }

  @Test func theAlertsOwnActionDismissesIt() async {
    let store = TestStore(initialState: alertUp) { EphemeralDestinationFeature() }
    await store.send(.destination(.presented(.alert(.confirm)))) {
      $0.destination = nil
    }
  }
}

final class EphemeralDestinationXCTests: XCTestCase {
  @MainActor
  func testAnotherCasesActionLeavesTheAlertPresented() async {
    let recorder = TSIssueRecorder()
    let store = Store(initialState: alertUp) { EphemeralDestinationFeature() }
    withIssueReporters([recorder]) {
      store.send(.destination(.presented(.counter(.increment))))
    }
    XCTAssertEqual(recorder.messages.count, 1)
    XCTAssertEqual(store.withState(\.destination), alertUp.destination)
    store.send(.destination(.presented(.alert(.confirm))))
    XCTAssertNil(store.withState(\.destination))
  }
}

/// A new test store turns the main serial executor on even when other code turned it off while an
/// earlier store was alive (XCTest only: the flag is process-wide, and Swift Testing runs tests
/// side by side).
final class MainSerialExecutorXCTests: XCTestCase {
  @MainActor
  func testEveryNewStoreTurnsItOn() async {
    let first = TestStore(initialState: 0) { EmptyReducer<Int, Void>() }
    uncheckedUseMainSerialExecutor = false
    let second = TestStore(initialState: 0) { EmptyReducer<Int, Void>() }
    XCTAssertTrue(uncheckedUseMainSerialExecutor)
    _ = (first, second)
  }
}
