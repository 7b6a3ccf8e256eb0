import ComposableArchitecture
import Testing


private struct Counter: Reducer {
  struct State: Equatable {
    var count = 0
    var fact: String?
  }
  enum Action: Equatable {
    case increment
    case factButtonTapped
    case factResponse(String)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .factButtonTapped:
        return .run { [count = state.count] send in
          await send(.factResponse("\(count) is a number"))
        }
      case let .factResponse(fact):
        state.fact = fact
        return .none
      }
    }
  }
}

@MainActor
struct TestStoreBasicsTests {
  @Test func sendAndReceive() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.increment) { $0.count = 1 }
    await store.send(.factButtonTapped)
    await store.receive(.factResponse("1 is a number")) { $0.fact = "1 is a number" }
  }

  @Test func stateMismatchFails() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await withKnownIssue {
      await store.send(.increment) { $0.count = 2 }
    } matching: { issue in
      issue.description.contains("does not match the asserted change")
    }
  }
}
