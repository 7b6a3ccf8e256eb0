import ComposableArchitecture
import Testing

// MARK: - Fixtures

struct ScopeTestChild: Reducer {
  struct State: Equatable {
    var count = 0
    var received: [String] = []
  }
  @CasePathable
  enum Action: Equatable {
    case increment
    case sendResponse
    case runResponse
    case response(Int)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      state.received.append("\(action)")
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .sendResponse:
        return .send(.response(state.count))
      case .runResponse:
        return .run { [count = state.count] send in await send(.response(count + 10)) }
      case let .response(value):
        state.count = value
        return .none
      }
    }
  }
}

struct ScopeTestParent: Reducer {
  struct State: Equatable {
    var child = ScopeTestChild.State()
    var log: [String] = []
  }
  @CasePathable
  enum Action: Equatable {
    case child(ScopeTestChild.Action)
    case parentTapped
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) {
      ScopeTestChild()
    }
    Reduce { state, action in
      state.log.append("\(scopeTestLabel(action)) childCount=\(state.child.count)")
      return .none
    }
  }
}

/// The same parent, with the unlabeled key-path initializer.
struct ScopeTestUnlabeledParent: Reducer {
  typealias State = ScopeTestParent.State
  typealias Action = ScopeTestParent.Action
  var body: some ReducerOf<Self> {
    Scope(\.child, action: \.child) {
      ScopeTestChild()
    }
  }
}

/// The parent's logic placed before the scope sees the child state before the child runs.
struct ScopeTestParentFirst: Reducer {
  typealias State = ScopeTestParent.State
  typealias Action = ScopeTestParent.Action
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      state.log.append("\(scopeTestLabel(action)) childCount=\(state.child.count)")
      return .none
    }
    Scope(state: \.child, action: \.child) {
      ScopeTestChild()
    }
  }
}

struct ScopeTestEnumParent: Reducer {
  @CasePathable
  enum State: Equatable {
    case child(ScopeTestChild.State)
    case other
  }
  @CasePathable
  enum Action: Equatable {
    case child(ScopeTestChild.Action)
  }

  // The enum-case `Scope` initializer is deprecated; calling it from a deprecated witness keeps
  // the test target free of deprecation warnings.
  @available(*, deprecated, message: "Exercises the deprecated enum-case Scope.")
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) {
      ScopeTestChild()
    }
  }
}

func scopeTestLabel(_ action: ScopeTestParent.Action) -> String {
  switch action {
  case let .child(childAction): return "child.\(childAction)"
  case .parentTapped: return "parentTapped"
  }
}

// MARK: - Tests

@MainActor
struct ScopeTests {
  @Test func childReducerRunsOnChildStateForChildActions() {
    var state = ScopeTestParent.State()
    _ = ScopeTestParent().reduce(into: &state, action: .child(.increment))
    #expect(state.child.count == 1)
    #expect(state.child.received == ["increment"])
  }

  @Test func childReducerDoesNotRunForParentActions() {
    var state = ScopeTestParent.State()
    _ = ScopeTestParent().reduce(into: &state, action: .parentTapped)
    #expect(state.child == ScopeTestChild.State())
    #expect(state.log == ["parentTapped childCount=0"])
  }

  @Test func parentLogicAfterScopeSeesTheChildsChanges() {
    var state = ScopeTestParent.State()
    _ = ScopeTestParent().reduce(into: &state, action: .child(.increment))
    #expect(state.log == ["child.increment childCount=1"])
  }

  @Test func parentLogicBeforeScopeRunsBeforeTheChild() {
    var state = ScopeTestParent.State()
    _ = ScopeTestParentFirst().reduce(into: &state, action: .child(.increment))
    #expect(state.log == ["child.increment childCount=0"])
    #expect(state.child.count == 1)
  }

  @Test func childSynchronousEffectsAreEmbeddedInParentActions() {
    let store = Store(initialState: ScopeTestParent.State(child: .init(count: 5))) {
      ScopeTestParent()
    }
    store.send(.child(.sendResponse))
    #expect(
      store.withState(\.log) == [
        "child.sendResponse childCount=5",
        "child.response(5) childCount=5",
      ]
    )
  }

  @Test func childAsynchronousEffectsAreEmbeddedInParentActions() async {
    let store = Store(initialState: ScopeTestParent.State(child: .init(count: 5))) {
      ScopeTestParent()
    }
    await store.send(.child(.runResponse)).finish()
    #expect(store.withState(\.child.count) == 15)
    #expect(
      store.withState(\.log) == [
        "child.runResponse childCount=5",
        "child.response(15) childCount=15",
      ]
    )
  }

  @Test func unlabeledScopeInitializerScopesTheChild() {
    var state = ScopeTestParent.State()
    _ = ScopeTestUnlabeledParent().reduce(into: &state, action: .child(.increment))
    _ = ScopeTestUnlabeledParent().reduce(into: &state, action: .parentTapped)
    #expect(state.child.count == 1)
    #expect(state.child.received == ["increment"])
  }

  @Test func enumCaseScopeRunsChildAndReembedsItsState() {
    let store = Store(initialState: ScopeTestEnumParent.State.child(.init(count: 1))) {
      ScopeTestEnumParent()
    }
    store.send(.child(.increment))
    #expect(store.withState { $0 } == .child(.init(count: 2, received: ["increment"])))
  }

  @Test func enumCaseScopeReportsAnIssueWhenStateIsInAnotherCase() {
    let store = Store(initialState: ScopeTestEnumParent.State.other) {
      ScopeTestEnumParent()
    }
    withKnownIssue {
      store.send(.child(.increment))
    } matching: { issue in
      issue.description.contains("A \"Scope\" at")
        && issue.description.contains("received a child action while its state was in a different case")
    }
    #expect(store.withState { $0 } == .other)
  }
}
