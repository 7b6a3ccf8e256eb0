import ComposableArchitecture
import Observation
import Testing

// A feature written as in TCA's documentation.
@Reducer
struct DocCounter {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var fact: String?
    var isLoading = false
    var child: DocChild.State?
  }

  enum Action: Equatable {
    case decrementButtonTapped
    case incrementButtonTapped
    case factButtonTapped
    case factResponse(String)
    case presentChildButtonTapped
    case child(DocChild.Action)
  }

  @Dependency(\.numberFact) var numberFact

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        state.fact = nil
        return .none
      case .incrementButtonTapped:
        state.count += 1
        state.fact = nil
        return .none
      case .factButtonTapped:
        state.fact = nil
        state.isLoading = true
        return .run { [count = state.count] send in
          await send(.factResponse(try await self.numberFact.fetch(count)))
        }
      case let .factResponse(fact):
        state.fact = fact
        state.isLoading = false
        return .none
      case .presentChildButtonTapped:
        state.child = DocChild.State()
        return .none
      case .child:
        return .none
      }
    }
    .ifLet(\.child, action: \.child) {
      DocChild()
    }
  }
}

@Reducer
struct DocChild {
  @ObservableState
  struct State: Equatable {
    var value = 0
  }
  enum Action: Equatable {
    case bump
  }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.value += 1
      return .none
    }
  }
}

struct NumberFactClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

extension NumberFactClient: DependencyKey {
  static let liveValue = NumberFactClient { "\($0) is a good number." }
  static let testValue = NumberFactClient { _ in
    struct Unimplemented: Error {}
    throw Unimplemented()
  }
}

extension DependencyValues {
  var numberFact: NumberFactClient {
    get { self[NumberFactClient.self] }
    set { self[NumberFactClient.self] = newValue }
  }
}

@MainActor
@Suite("Store observation of @ObservableState")
struct StoreObservableStateTests {
  @Test func documentedFeatureUnderTestStore() async {
    let store = TestStore(initialState: DocCounter.State()) {
      DocCounter()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0) is a good number Brent" }
    }

    await store.send(.incrementButtonTapped) {
      $0.count = 1
    }
    await store.send(.factButtonTapped) {
      $0.isLoading = true
    }
    await store.receive(.factResponse("1 is a good number Brent")) {
      $0.isLoading = false
      $0.fact = "1 is a good number Brent"
    }
    await store.send(.presentChildButtonTapped) {
      $0.child = DocChild.State()
    }
    await store.send(\.child.bump) {
      $0.child?.value = 1
    }
  }

  @Test func readerOfOnePropertyIsNotBotheredByAnother() {
    let store = Store(initialState: DocCounter.State()) { DocCounter() }
    let count = observations { _ = store.count }
    let fact = observations { _ = store.fact }

    store.send(.incrementButtonTapped)

    #expect(count.value == 1)
    #expect(fact.value == 0)
    #expect(store.count == 1)
  }

  @Test func sendingAnActionThatChangesNothingIsSilent() {
    let store = Store(initialState: DocCounter.State()) { DocCounter() }
    let state = observations { _ = store.state }
    let count = observations { _ = store.count }
    withKnownIssue {
      store.send(.child(.bump))
    } matching: {
      $0.description.contains(#"received a child action when child state was "nil""#)
    }
    #expect(state.value == 0)
    #expect(count.value == 0)
  }

  @Test func childStoreOfOptionalState() {
    let store = Store(initialState: DocCounter.State()) { DocCounter() }
    #expect(store.scope(state: \.child, action: \.child) == nil)
    let presence = observations { _ = store.scope(state: \.child, action: \.child) }

    store.send(.presentChildButtonTapped)
    #expect(presence.value == 1)

    let child = store.scope(state: \.child, action: \.child)!
    let childValue = observations { _ = child.value }
    let parentCount = observations { _ = store.count }
    let stillPresented = observations { _ = store.scope(state: \.child, action: \.child) }

    child.send(.bump)

    #expect(childValue.value == 1)
    #expect(parentCount.value == 0)
    #expect(stillPresented.value == 0)
    #expect(child.value == 1)
  }

  @Test func replacingRootStateNotifiesReaders() {
    let store = Store(initialState: ObservedParent()) {
      Reduce<ObservedParent, Void> { state, _ in
        state.child.replace(with: ObservedChild(count: 42))
        return .none
      }
    }
    let child = observations { _ = store.child }
    store.send(())
    #expect(child.value == 1)
    #expect(store.child.count == 42)
  }

  @Test func resettingTheWholeStateNotifiesReaders() {
    let store = Store(initialState: ObservedChild(count: 42)) {
      Reduce<ObservedChild, Void> { state, _ in
        state.reset()
        return .none
      }
    }
    let count = observations { _ = store.count }
    store.send(())
    #expect(count.value == 1)
    #expect(store.count == 0)
  }
}

@Reducer
struct ConfirmReset {
  @ObservableState
  struct State: Equatable {
    var total = 7
    @Presents var alert: AlertState<Action.Alert>?
  }

  enum Action: Equatable {
    case resetButtonTapped
    case alert(PresentationAction<Alert>)
    enum Alert: Equatable {
      case confirmReset
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .resetButtonTapped:
        state.alert = AlertState {
          TextState("Reset the total?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmReset) { TextState("Reset") }
        }
        return .none
      case .alert(.presented(.confirmReset)):
        state.total = 0
        return .none
      case .alert:
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }
}

@MainActor
@Suite("Observing presented state through a store")
struct StorePresentationObservationTests {
  @Test func readerOfAnAlertHearsTheReducerDismissIt() {
    let store = Store(initialState: ConfirmReset.State()) { ConfirmReset() }
    store.send(.resetButtonTapped)
    #expect(store.alert != nil)

    // A view that shows the alert reads `store.alert`; the button's action makes `ifLet`
    // dismiss it through `$alert`.
    let alert = observations { _ = store.alert }
    store.send(.alert(.presented(.confirmReset)))
    #expect(store.alert == nil)
    #expect(store.total == 0)
    #expect(alert.value == 1)
  }

  @Test func readerOfAnAlertHearsADismissAction() {
    let store = Store(initialState: ConfirmReset.State()) { ConfirmReset() }
    store.send(.resetButtonTapped)
    let alert = observations { _ = store.alert }
    store.send(.alert(.dismiss))
    #expect(store.alert == nil)
    #expect(alert.value == 1)
  }
}
