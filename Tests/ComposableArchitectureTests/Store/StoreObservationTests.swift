import ComposableArchitecture
import Testing

// MARK: - Fixtures

struct StoreObservationChild: Reducer {
  struct State: ObservableState, Equatable {
    var _$id = ObservableStateID()
    var value = 0
    mutating func _$willModify() {}
  }
  @CasePathable
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

struct StoreObservationFeature: Reducer {
  struct State: ObservableState, Equatable {
    var _$id = ObservableStateID()
    var count = 0
    var child = StoreObservationChild.State()
    mutating func _$willModify() {}
  }
  @CasePathable
  enum Action: Equatable {
    case increment
    case reset
    case replaceChild
    case child(StoreObservationChild.Action)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { StoreObservationChild() }
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .reset:
        state = State()
        return .none
      case .replaceChild:
        state.child = StoreObservationChild.State()
        return .none
      case .child:
        return .none
      }
    }
  }
}

// MARK: - Tests

/// Tracks what `read` reads: the flag turns `true` at the first change to any of it.
@MainActor
private func changeFlag(tracking read: @escaping @MainActor () -> Void) -> LockIsolated<Bool> {
  let changed = LockIsolated(false)
  withObservationTracking { read() } onChange: { changed.setValue(true) }
  return changed
}

@MainActor
struct StoreObservationTests {
  @Test func readingStateNotifiesWhenTheRootIdentityChanges() {
    let store = Store(initialState: StoreObservationFeature.State()) { StoreObservationFeature() }
    let changed = changeFlag { _ = store.state }
    store.send(.reset)
    #expect(changed.value)
  }

  @Test func readingStateDoesNotNotifyWhenTheIdentityIsKept() {
    let store = Store(initialState: StoreObservationFeature.State()) { StoreObservationFeature() }
    let changed = changeFlag { _ = store.state }
    store.send(.increment)
    store.send(.replaceChild)
    #expect(!changed.value)
    #expect(store.state.count == 1)
  }

  @Test func dynamicMemberReadNotifiesWhenTheRootIdentityChanges() {
    let store = Store(initialState: StoreObservationFeature.State()) { StoreObservationFeature() }
    let changed = changeFlag { _ = store.count }
    store.send(.reset)
    #expect(changed.value)
  }

  @Test func withStateDoesNotRegisterObservation() {
    let store = Store(initialState: StoreObservationFeature.State()) { StoreObservationFeature() }
    let changed = changeFlag { _ = store.withState(\.count) }
    store.send(.reset)
    #expect(!changed.value)
  }

  @Test func stateAndDynamicMembersReadTheCurrentState() {
    let store = Store(initialState: StoreObservationFeature.State()) { StoreObservationFeature() }
    store.send(.increment)
    store.send(.increment)
    #expect(store.state.count == 2)
    #expect(store.count == 2)
    store.send(.reset)
    #expect(store.count == 0)
  }

  @Test func observerIsNotifiedAfterTheNewStateIsCommitted() {
    let store = Store(initialState: StoreObservationFeature.State(count: 5)) {
      StoreObservationFeature()
    }
    let idBefore = store.state._$id
    let changed = changeFlag { _ = store.state }
    store.send(.reset)
    #expect(changed.value)
    #expect(store.state.count == 0)
    #expect(store.state._$id != idBefore)
  }

  @Test func childStoreNotifiesWhenTheChildIdentityChanges() {
    let store = Store(initialState: StoreObservationFeature.State()) { StoreObservationFeature() }
    let child = store.scope(state: \.child, action: \.child)
    let changed = changeFlag { _ = child.state }
    store.send(.replaceChild)
    #expect(changed.value)
  }

  @Test func childStoreDoesNotNotifyWhenTheChildIdentityIsKept() {
    let store = Store(initialState: StoreObservationFeature.State()) { StoreObservationFeature() }
    let child = store.scope(state: \.child, action: \.child)
    let changed = changeFlag { _ = child.state }
    child.send(.bump)
    store.send(.increment)
    #expect(!changed.value)
    #expect(child.value == 1)
  }

  @available(*, deprecated, message: "Scopes with closures for a store in between.")
  @Test func aStoreScopedFromAReleasedStoreIsStillToldOfChanges() {
    let store = Store(initialState: StoreObservationFeature.State()) { StoreObservationFeature() }
    var middle: Store? = store.scope(state: { $0 }, action: { $0 })
    weak let releasedMiddle = middle
    let child = middle!.scope(state: \.child, action: \.child)
    middle = nil
    #expect(releasedMiddle == nil)
    let changed = changeFlag { _ = child.state }
    store.send(.replaceChild)
    #expect(changed.value)
    #expect(child.value == 0)
    child.send(.bump)
    #expect(store.child.value == 1)
  }

  @Test func aStoreScopedWhileObserversAreToldIsToldOfLaterChanges() throws {
    let store = Store(initialState: StoreObservationFeature.State()) { StoreObservationFeature() }
    let scopedDuringNotification = LockIsolated<Store<StoreObservationChild.State, StoreObservationChild.Action>?>(nil)
    withObservationTracking {
      _ = store.state
    } onChange: {
      MainActor.assumeIsolated {
        scopedDuringNotification.setValue(store.scope(state: \.child, action: \.child))
      }
    }
    store.send(.reset)
    let child = try #require(scopedDuringNotification.value)
    let changed = changeFlag { _ = child.state }
    store.send(.replaceChild)
    #expect(changed.value)
  }
}
