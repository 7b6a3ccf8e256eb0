import ComposableArchitecture
import Testing

// A two-screen app as an enum reducer whose author writes the body: the app's own logic moves
// between the cases, and each case's feature runs through `ifCaseLet`.
@Reducer
struct CustomBodySignIn {
  @ObservableState
  struct State: Equatable {
    var email = ""
  }
  enum Action: Equatable {
    case emailChanged(String)
    case signInTapped
    case signedIn(String)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .emailChanged(email):
        state.email = email
        return .none
      case .signInTapped:
        return .send(.signedIn(state.email))
      case .signedIn:
        return .none
      }
    }
  }
}

@Reducer
struct CustomBodyInbox {
  @ObservableState
  struct State: Equatable {
    var owner: String
    var unread = 3
  }
  enum Action: Equatable {
    case markAllRead
    case signOutTapped
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .markAllRead:
        state.unread = 0
        return .none
      case .signOutTapped:
        return .none
      }
    }
  }
}

@Reducer
enum CustomBodyApp {
  case signIn(CustomBodySignIn)
  case inbox(CustomBodyInbox)

  static var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .signIn(.signedIn(email)):
        state = .inbox(CustomBodyInbox.State(owner: email))
        return .none
      case .inbox(.signOutTapped):
        state = .signIn(CustomBodySignIn.State())
        return .none
      case .signIn, .inbox:
        return .none
      }
    }
    .ifCaseLet(\.signIn, action: \.signIn) {
      CustomBodySignIn()
    }
    .ifCaseLet(\.inbox, action: \.inbox) {
      CustomBodyInbox()
    }
  }
}
extension CustomBodyApp.State: Equatable {}

// The same with public access, as an app module's core exports it.
@Reducer
public enum CustomBodyPublicApp {
  case idle(CustomBodyPublicCounter)

  public static var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
      .ifCaseLet(\.idle, action: \.idle) {
        CustomBodyPublicCounter()
      }
  }
}

@Reducer
public struct CustomBodyPublicCounter {
  @ObservableState
  public struct State: Equatable {
    public var count = 0
    public init(count: Int = 0) { self.count = count }
  }
  public enum Action: Equatable {
    case increment
  }
  public init() {}
  public var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}
extension CustomBodyPublicApp.State: Equatable {}

@MainActor
@Suite("@Reducer enum with a hand-written body")
struct EnumReducerCustomBodyTests {
  @Test func theAuthorsBodyRunsTheCasesAndMovesBetweenThem() async {
    let store = TestStore(initialState: CustomBodyApp.State.signIn(CustomBodySignIn.State())) {
      CustomBodyApp.body
    }
    await store.send(.signIn(.emailChanged("blob@example.com"))) {
      $0 = .signIn(CustomBodySignIn.State(email: "blob@example.com"))
    }
    await store.send(.signIn(.signInTapped))
    await store.receive(\.signIn.signedIn, "blob@example.com") {
      $0 = .inbox(CustomBodyInbox.State(owner: "blob@example.com"))
    }
    await store.send(.inbox(.markAllRead)) {
      $0 = .inbox(CustomBodyInbox.State(owner: "blob@example.com", unread: 0))
    }
    await store.send(.inbox(.signOutTapped)) {
      $0 = .signIn(CustomBodySignIn.State())
    }
  }

  @Test func storesOfTheCasesComeFromTheGeneratedScope() {
    let store = Store(initialState: CustomBodyApp.State.inbox(.init(owner: "blob"))) {
      CustomBodyApp.body
    }
    guard case let .inbox(inboxStore) = store.case else {
      Issue.record("Expected the inbox case")
      return
    }
    inboxStore.send(.markAllRead)
    #expect(store.state == .inbox(CustomBodyInbox.State(owner: "blob", unread: 0)))
  }

  @Test func aPublicEnumKeepsItsPublicBody() async {
    let store = TestStore(initialState: CustomBodyPublicApp.State.idle(.init())) {
      CustomBodyPublicApp.body
    }
    await store.send(.idle(.increment)) { $0 = .idle(CustomBodyPublicCounter.State(count: 1)) }
  }
}
