import ComposableArchitecture
import Testing

// MARK: - Fixtures

struct StoreScopeChild: Reducer {
  struct State: Equatable {
    var count = 0
  }
  @CasePathable
  enum Action: Equatable {
    case increment
    case dismiss
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .dismiss:
        return .none
      }
    }
  }
}

struct StoreScopeParent: Reducer {
  struct State: ObservableState, Equatable {
    var _$id = ObservableStateID()
    var child = StoreScopeChild.State()
    var other = StoreScopeChild.State()
    var optionalChild: StoreScopeChild.State?
    var log: [String] = []
    mutating func _$willModify() {}
  }
  @CasePathable
  enum Action: Equatable {
    case child(StoreScopeChild.Action)
    case other(StoreScopeChild.Action)
    case optionalChild(StoreScopeChild.Action)
    case present(Int)
    case setChildCount(Int)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { StoreScopeChild() }
    Scope(state: \.other, action: \.other) { StoreScopeChild() }
    Reduce { state, action in
      switch action {
      case let .child(childAction):
        state.log.append("child.\(childAction)")
        return .none
      case let .other(childAction):
        state.log.append("other.\(childAction)")
        return .none
      case .optionalChild(.increment):
        state.log.append("optionalChild.increment")
        state.optionalChild?.count += 1
        return .none
      case .optionalChild(.dismiss):
        state.log.append("optionalChild.dismiss")
        state.optionalChild = nil
        return .none
      case let .present(count):
        state.optionalChild = StoreScopeChild.State(count: count)
        return .none
      case let .setChildCount(count):
        state.child.count = count
        return .none
      }
    }
  }
}

// MARK: - Tests

@MainActor
struct StoreScopeTests {
  @Test func scopingTwiceReturnsTheSameStore() {
    let store = Store(initialState: StoreScopeParent.State()) { StoreScopeParent() }
    let first = store.scope(state: \.child, action: \.child)
    let second = store.scope(state: \.child, action: \.child)
    #expect(first === second)
  }

  @Test func unlabeledAndLabeledScopesShareTheCachedStore() {
    let store = Store(initialState: StoreScopeParent.State()) { StoreScopeParent() }
    let labeled = store.scope(state: \.child, action: \.child)
    let unlabeled = store.scope(\.child, action: \.child)
    #expect(labeled === unlabeled)
  }

  @Test func scopingWithDifferentPathsReturnsDifferentStores() {
    let store = Store(initialState: StoreScopeParent.State()) { StoreScopeParent() }
    let child = store.scope(state: \.child, action: \.child)
    let other = store.scope(state: \.other, action: \.other)
    #expect(child !== other)
  }

  @Test func childStoreSendsReachTheRootReducer() {
    let store = Store(initialState: StoreScopeParent.State()) { StoreScopeParent() }
    let child = store.scope(state: \.child, action: \.child)
    child.send(.increment)
    #expect(store.withState(\.log) == ["child.increment"])
    #expect(store.withState(\.child.count) == 1)
    #expect(store.withState(\.other.count) == 0)
  }

  @Test func childStoreStateFollowsTheParentState() {
    let store = Store(initialState: StoreScopeParent.State()) { StoreScopeParent() }
    let child = store.scope(state: \.child, action: \.child)
    #expect(child.withState(\.count) == 0)
    store.send(.setChildCount(9))
    #expect(child.withState(\.count) == 9)
    child.send(.increment)
    #expect(child.withState(\.count) == 10)
  }

  @Test func optionalScopeIsNilWhileTheStateIsNil() {
    let store = Store(initialState: StoreScopeParent.State()) { StoreScopeParent() }
    let child: StoreOf<StoreScopeChild>? = store.scope(
      state: \.optionalChild, action: \.optionalChild
    )
    #expect(child == nil)
  }

  @Test func optionalScopeReturnsAChildStoreWhenTheStateIsPresent() {
    let store = Store(initialState: StoreScopeParent.State()) { StoreScopeParent() }
    store.send(.present(3))
    let child: StoreOf<StoreScopeChild>? = store.scope(
      state: \.optionalChild, action: \.optionalChild
    )
    #expect(child?.withState(\.count) == 3)
    child?.send(.increment)
    #expect(store.withState { $0.optionalChild?.count } == 4)
    #expect(child?.withState(\.count) == 4)
  }

  @Test func optionalScopeUnwrapsWithIfLet() {
    let store = Store(initialState: StoreScopeParent.State()) { StoreScopeParent() }
    store.send(.present(2))
    if let child = store.scope(state: \.optionalChild, action: \.optionalChild) {
      #expect(child.withState(\.count) == 2)
    } else {
      Issue.record("Expected a child store")
    }
  }

  @Test func optionalScopeIsCached() {
    let store = Store(initialState: StoreScopeParent.State()) { StoreScopeParent() }
    store.send(.present(1))
    let first: StoreOf<StoreScopeChild>? = store.scope(
      state: \.optionalChild, action: \.optionalChild
    )
    let second: StoreOf<StoreScopeChild>? = store.scope(\.optionalChild, action: \.optionalChild)
    #expect(first != nil)
    #expect(first === second)
  }

  @Test func optionalChildStoreKeepsTheLastNonNilState() throws {
    let store = Store(initialState: StoreScopeParent.State()) { StoreScopeParent() }
    store.send(.present(5))
    let optionalChild: StoreOf<StoreScopeChild>? = store.scope(
      state: \.optionalChild, action: \.optionalChild
    )
    let child = try #require(optionalChild)
    child.send(.increment)
    // The child store remembers the state it last read, as a view rendering it would.
    #expect(child.withState(\.count) == 6)
    child.send(.dismiss)
    #expect(store.withState { $0.optionalChild } == nil)
    #expect(child.withState(\.count) == 6)
    let afterDismiss: StoreOf<StoreScopeChild>? = store.scope(
      state: \.optionalChild, action: \.optionalChild
    )
    #expect(afterDismiss == nil)
  }

  @Test func optionalScopeGivesANewStoreWhenTheStateIsPresentedAgain() throws {
    let store = Store(initialState: StoreScopeParent.State()) { StoreScopeParent() }
    store.send(.present(1))
    let first: StoreOf<StoreScopeChild>? = store.scope(
      state: \.optionalChild, action: \.optionalChild
    )
    store.send(.optionalChild(.dismiss))
    let dismissed: StoreOf<StoreScopeChild>? = store.scope(
      state: \.optionalChild, action: \.optionalChild
    )
    #expect(dismissed == nil)
    store.send(.present(2))
    let second: StoreOf<StoreScopeChild>? = store.scope(
      state: \.optionalChild, action: \.optionalChild
    )
    #expect(try #require(second).withState(\.count) == 2)
    // As in TCA, dismissing evicts the cached child, so a new presentation gets a new store
    // (and a new `id`, which SwiftUI's `sheet(item:)` relies on).
    #expect(first !== second)
  }
}
