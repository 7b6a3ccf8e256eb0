import ComposableArchitecture
import Testing

// A settings form from before `@ObservableState`: bindable fields are `@BindingState`, and
// tests write them with `.set(\.$field, value)`.
struct LegacySettingsForm: Reducer {
  struct State: Equatable {
    @BindingState var displayName = ""
    @BindingState var notificationsEnabled = false
    var savedName: String?
  }
  enum Action: Equatable, BindableAction {
    case binding(BindingAction<State>)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.$displayName):
        state.displayName = String(state.displayName.prefix(8))
        state.savedName = state.displayName
        return .none
      case .binding:
        return .none
      }
    }
  }
}

@MainActor
@Suite("BindingAction.set for @BindingState fields")
struct BindingStateSetTests {
  @Test func bindingActionSetWritesTheWrappedValue() async {
    let store = TestStore(initialState: LegacySettingsForm.State()) { LegacySettingsForm() }
    await store.send(.binding(.set(\.$notificationsEnabled, true))) {
      $0.notificationsEnabled = true
    }
  }

  @Test func bindableActionSetIsTheSameAction() async {
    #expect(
      LegacySettingsForm.Action.set(\.$displayName, "Blob")
        == .binding(.set(\.$displayName, "Blob"))
    )
    #expect(
      LegacySettingsForm.Action.set(\.$displayName, "Blob")
        != .binding(.set(\.$displayName, "Blob Jr."))
    )
    let store = TestStore(initialState: LegacySettingsForm.State()) { LegacySettingsForm() }
    await store.send(.set(\.$displayName, "Blob")) {
      $0.displayName = "Blob"
      $0.savedName = "Blob"
    }
  }

  @Test func reducersMatchTheWriteByItsProjectedKeyPath() async {
    let store = TestStore(initialState: LegacySettingsForm.State()) { LegacySettingsForm() }
    await store.send(.set(\.$displayName, "Blob Sr. the Third")) {
      $0.displayName = "Blob Sr."
      $0.savedName = "Blob Sr."
    }
    // Another field's write doesn't match the `\.$displayName` case.
    await store.send(.set(\.$notificationsEnabled, true)) {
      $0.notificationsEnabled = true
    }
  }
}
