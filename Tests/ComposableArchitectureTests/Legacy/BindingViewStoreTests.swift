import ComposableArchitecture
import ConcurrencyExtras
import CustomDump
import Testing

#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

/// The view state of `LegacyForm` (see BindingTests.swift), in the `@BindingViewState` style.
struct LegacyFormViewState: Equatable {
  @BindingViewState var nickname: String
  var touched: Int

  @MainActor
  init(store: BindingViewStore<LegacyForm.State>) {
    self._nickname = store.$nickname
    self.touched = store.touched
  }
}

@MainActor
@Suite("BindingViewStore, BindingViewState and view store bindings of @BindingState")
struct BindingViewStoreTests {
  @Test func bindingViewStateReadsAndWritesThroughBindingActions() {
    let store = Store(initialState: LegacyForm.State(), reducer: LegacyForm())
    let viewStore = ViewStore(store, observe: LegacyFormViewState.init)
    #expect(viewStore.nickname == "")
    viewStore.$nickname.wrappedValue = "Blob"
    #expect(store.withState(\.nickname) == "Blob")
    // LegacyForm's body reacted to the write after BindingReducer applied it.
    #expect(viewStore.touched == 1)
    #expect(viewStore.nickname == "Blob")
  }

  @Test func viewStatesAreDeduplicatedByTheirValues() {
    let store = Store(initialState: LegacyForm.State(), reducer: LegacyForm())
    let viewStore = ViewStore(store, observe: LegacyFormViewState.init)
    let notifications = LockIsolated(0)
    let cancellable = viewStore.objectWillChange.sink { _ in notifications.withValue { $0 += 1 } }
    // stepCount is not part of the view state.
    store.send(.binding(.set(\.$stepCount, 4)))
    #expect(notifications.value == 0)
    viewStore.$nickname.wrappedValue = "Blob"
    #expect(notifications.value == 1)
    _ = cancellable
  }

  @Test func viewStoreOfTheWholeStateBindsBindingStateFields() {
    let store = Store(initialState: LegacyForm.State(), reducer: LegacyForm())
    let viewStore = ViewStore(store, observe: { $0 })
    let stepCount: Binding<Int> = viewStore.$stepCount
    stepCount.wrappedValue = 7
    #expect(store.withState(\.stepCount) == 7)
    #expect(stepCount.wrappedValue == 7)
  }

  @Test func testStoreBindingsBuildViewStateFromTheCurrentState() async {
    let store = TestStore(initialState: LegacyForm.State()) { LegacyForm() }
    await store.send(.binding(.set(\.$nickname, "Blob"))) {
      $0.nickname = "Blob"
      $0.touched = 1
    }
    let viewState = LegacyFormViewState(store: store.bindings)
    #expect(viewState.nickname == "Blob")
    #expect(viewState.touched == 1)
  }

  @Test func bindingViewStatesCompareAndDumpByValue() {
    let store = Store(initialState: LegacyForm.State(nickname: "Blob"), reducer: LegacyForm())
    let first = LegacyFormViewState(store: BindingViewStore(store))
    let second = LegacyFormViewState(store: BindingViewStore(store))
    #expect(first == second)
    #expect(String(customDumping: first.$nickname.wrappedValue) == "\"Blob\"")
    // The view state dumps its binding view state as the plain value.
    #expect(String(customDumping: first).contains(#"nickname: "Blob""#))
  }

  @Test func bindingViewStateReadsTheCurrentValueAndWrites() {
    let store = Store(initialState: LegacyForm.State(), reducer: LegacyForm())
    var viewState = LegacyFormViewState(store: BindingViewStore(store))
    store.send(.binding(.set(\.$nickname, "Blob")))
    #expect(viewState.nickname == "Blob")
    viewState.nickname = "Blob Jr"
    #expect(store.withState(\.nickname) == "Blob Jr")
  }
}
