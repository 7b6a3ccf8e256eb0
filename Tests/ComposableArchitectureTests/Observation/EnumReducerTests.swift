import ComposableArchitecture
import Testing

@Reducer
struct EnumDetail {
  @ObservableState
  struct State: Equatable {
    var title = ""
  }
  enum Action: Equatable {
    case rename(String)
    case closeButtonTapped
  }
  @Dependency(\.dismiss) var dismiss
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .rename(title):
        state.title = title
        return .none
      case .closeButtonTapped:
        return .run { _ in await self.dismiss() }
      }
    }
  }
}

@Reducer
struct EnumCounter {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }
  enum Action: Equatable {
    case increment
  }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

@Reducer
struct EnumHost {
  @Reducer
  enum Destination {
    case detail(EnumDetail)
    case counter(EnumCounter)
    case alert(AlertState<Alert>)

    @CasePathable
    enum Alert: Equatable { case confirm }
  }

  @ObservableState
  struct State: Equatable {
    @Presents var destination: Destination.State?
  }

  enum Action {
    case destination(PresentationAction<Destination.Action>)
    case showDetail
    case showCounter
    case showAlert
    case confirmed
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .showDetail:
        state.destination = .detail(EnumDetail.State())
        return .none
      case .showCounter:
        state.destination = .counter(EnumCounter.State())
        return .none
      case .showAlert:
        state.destination = .alert(AlertState { TextState("Sure?") } actions: {
          ButtonState(action: .confirm) { TextState("Yes") }
        })
        return .none
      case .destination(.presented(.alert(.confirm))):
        return .send(.confirmed)
      case .destination, .confirmed:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }
}

extension EnumHost.Destination.State: Equatable {}

@MainActor
@Suite("Enum reducers")
struct EnumReducerTests {
  @Test func childReducersRunOnTheirCase() async {
    let store = TestStore(initialState: EnumHost.State()) { EnumHost() }
    await store.send(.showDetail) {
      $0.destination = .detail(EnumDetail.State())
    }
    await store.send(\.destination.detail.rename, "Hello") {
      $0.$destination[case: \.detail]?.title = "Hello"
    }
    await store.send(.showCounter) {
      $0.destination = .counter(EnumCounter.State())
    }
    await store.send(\.destination.counter.increment) {
      $0.$destination[case: \.counter]?.count = 1
    }
  }

  @Test func childDismissesItself() async {
    let store = TestStore(initialState: EnumHost.State()) { EnumHost() }
    await store.send(.showDetail) {
      $0.destination = .detail(EnumDetail.State())
    }
    await store.send(\.destination.detail.closeButtonTapped)
    await store.receive(\.destination.dismiss) {
      $0.destination = nil
    }
  }

  @Test func alertCaseIsDismissedByItsAction() async {
    let store = TestStore(initialState: EnumHost.State()) { EnumHost() }
    await store.send(.showAlert) {
      $0.destination = .alert(AlertState { TextState("Sure?") } actions: {
        ButtonState(action: .confirm) { TextState("Yes") }
      })
    }
    await store.send(\.destination.alert.confirm) {
      $0.destination = nil
    }
    await store.receive(\.confirmed)
  }

  @Test func storeCaseHandsOutChildStores() {
    let store = Store(initialState: EnumHost.State()) { EnumHost() }
    #expect(store.scope(state: \.destination, action: \.destination.presented) == nil)
    store.send(.showCounter)
    guard let destination = store.scope(state: \.destination, action: \.destination.presented)
    else {
      Issue.record("Expected a destination store")
      return
    }
    switch destination.case {
    case let .counter(counterStore):
      counterStore.send(.increment)
      #expect(counterStore.count == 1)
    default:
      Issue.record("Expected the counter case")
    }
    let caseObserved = observations { _ = destination.case }
    store.send(.showDetail)
    #expect(caseObserved.value == 1)
  }

  @Test func actionForAnotherCaseIsReported() async {
    let store = TestStore(initialState: EnumHost.State()) { EnumHost() }
    await store.send(.showCounter) {
      $0.destination = .counter(EnumCounter.State())
    }
    await withKnownIssue {
      await store.send(\.destination.detail.rename, "x")
    } matching: {
      $0.description.contains(#"An "ifCaseLet" at"#)
        && $0.description.contains("received a child action when child state was set to a different case")
    }
  }
}
