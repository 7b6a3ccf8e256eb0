import ComposableArchitecture
import Testing

private struct Relay: Reducer {
  struct State: Equatable {
    var legs = 0
  }

  enum Action: Equatable {
    case start
    case handOff
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        state.legs += 1
        return .merge(.send(.handOff), .send(.handOff), .send(.handOff))
      case .handOff:
        state.legs += 1
        return .none
      }
    }
  }
}

@MainActor
struct TestStoreStateInAssertionTests {
  @Test func storeStateInsideASendAssertionIsTheStateBeforeTheAction() async {
    let store = TestStore(initialState: Relay.State()) { Relay() }
    await store.send(.start) {
      #expect(store.state.legs == 0)
      #expect($0 == store.state)
      $0.legs = 1
    }
    #expect(store.state.legs == 1)
    await store.skipReceivedActions()
  }

  @Test func storeStateInsideEachReceiveAssertionIsTheStateBeforeThatAction() async {
    let store = TestStore(initialState: Relay.State()) { Relay() }
    await store.send(.start) { $0.legs = 1 }
    for leg in 2...4 {
      await store.receive(.handOff) {
        #expect(store.state.legs == leg - 1)
        #expect($0 == store.state)
        $0.legs = leg
      }
      #expect(store.state.legs == leg)
    }
  }

  @Test func storeStateInsideASynchronousSendAssertionIsTheStateBeforeTheAction() {
    let store = TestStore(initialState: Relay.State()) { Relay() }
    store.send(.handOff) {
      #expect(store.state.legs == 0)
      $0.legs = 1
    }
    #expect(store.state.legs == 1)
  }

  @Test func aFailedAssertionStillLeavesTheStateAfterTheAction() async {
    let store = TestStore(initialState: Relay.State()) { Relay() }
    await withKnownIssue {
      await store.send(.start) {
        $0.legs = 7
      }
    } matching: { $0.description.contains("The state does not match the asserted change") }
    #expect(store.state.legs == 1)
    await store.skipReceivedActions()
  }
}
