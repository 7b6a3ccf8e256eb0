import ComposableArchitecture
import Testing

struct CaseLetApp: Reducer {
  @CasePathable
  enum State: Equatable {
    case loggedOut(CaseLetLogin.State)
    case loggedIn(String)
  }
  @CasePathable
  enum Action: Equatable {
    case login(CaseLetLogin.Action)
    case logOut
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .login(.submit):
        if case let .loggedOut(login) = state, login.didSubmit {
          state = .loggedIn(login.name)
        }
        return .none
      case .login:
        return .none
      case .logOut:
        state = .loggedOut(CaseLetLogin.State())
        return .none
      }
    }
    .ifCaseLet(\.loggedOut, action: \.login) {
      CaseLetLogin()
    }
  }
}

struct CaseLetLogin: Reducer {
  struct State: Equatable {
    var name = ""
    var didSubmit = false
  }
  @CasePathable
  enum Action: Equatable {
    case setName(String)
    case submit
    case watchSession
    case sessionEvent
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .setName(name):
        state.name = name
        return .none
      case .submit:
        state.didSubmit = true
        return .none
      case .watchSession:
        return .run { send in
          try await Task.never()
          await send(.sessionEvent)
        }
      case .sessionEvent:
        return .none
      }
    }
  }
}

@MainActor
@Suite("ifCaseLet")
struct IfCaseLetReducerTests {
  @Test func childRunsOnItsCaseBeforeTheParent() async {
    let store = TestStore(initialState: CaseLetApp.State.loggedOut(CaseLetLogin.State())) {
      CaseLetApp()
    }
    await store.send(.login(.setName("Blob"))) {
      $0 = .loggedOut(CaseLetLogin.State(name: "Blob"))
    }
    // The child marks the submission first; the parent then sees it and logs in.
    await store.send(.login(.submit)) {
      $0 = .loggedIn("Blob")
    }
  }

  @Test func leavingTheCaseCancelsTheChildsEffects() async {
    let store = TestStore(initialState: CaseLetApp.State.loggedOut(CaseLetLogin.State())) {
      CaseLetApp()
    }
    let session = await store.send(.login(.watchSession))
    await store.send(.login(.submit)) {
      $0 = .loggedIn("")
    }
    await session.finish()
  }

  @Test func childActionInAnotherCaseIsReported() async {
    let store = TestStore(initialState: CaseLetApp.State.loggedIn("Blob")) {
      CaseLetApp()
    }
    await withKnownIssue {
      await store.send(.login(.setName("x")))
    } matching: {
      $0.description.contains(#"An "ifCaseLet" at "#)
        && $0.description.contains("received a child action when child state was set to a different case")
        && $0.description.contains("CaseLetApp.Action.login(.setName)")
    }
  }
}
