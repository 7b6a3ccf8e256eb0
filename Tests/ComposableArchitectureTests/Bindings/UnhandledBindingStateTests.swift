import ComposableArchitecture
import Testing

/// A form in the style before `@ObservableState`, whose reducer forgot `BindingReducer()`.
private enum ForgetfulForm {
  static let volumeDeclaration =
    "ComposableArchitectureTests/UnhandledBindingStateTests.swift:\(volumeLine)"
  static let volumeLine: UInt = #line + 2
  struct State: Equatable {
    @BindingState var volume = 0
    var label = ""
  }

  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
  }
}

private struct ForgetfulFormViewState: Equatable {
  @BindingViewState var volume: Int

  @MainActor
  init(store: BindingViewStore<ForgetfulForm.State>) {
    self._volume = store.$volume
  }
}

@MainActor
struct UnhandledBindingStateTests {
  private func makeStore() -> Store<ForgetfulForm.State, ForgetfulForm.Action> {
    Store(initialState: ForgetfulForm.State()) {
      EmptyReducer()
    }
  }

  @Test func aViewStoreWriteToBindingStateNoReducerAppliesIsReportedWhereTheFieldIsDeclared() {
    let viewStore = ViewStore(self.makeStore(), observe: { $0 })
    withKnownIssue {
      viewStore.$volume.wrappedValue = 11
    } matching: { issue in
      issue.description.contains(
        "A binding action sent from a store for binding state defined at "
          + "\"\(ForgetfulForm.volumeDeclaration)\" was not handled"
      )
        && issue.description.contains("ForgetfulForm.Action.binding(.set(_, 11))")
        && issue.description.contains(#"invoke "BindingReducer()""#)
        && issue.sourceLocation?.line == Int(ForgetfulForm.volumeLine)
    }
    #expect(viewStore.volume == 0)
  }

  @Test func aBindingViewStateWriteNoReducerAppliesIsReportedWhereTheFieldIsDeclared() {
    let viewStore = ViewStore(self.makeStore(), observe: ForgetfulFormViewState.init)
    withKnownIssue {
      viewStore.$volume.wrappedValue = 5
    } matching: { issue in
      issue.description.contains(
        "for binding state defined at \"\(ForgetfulForm.volumeDeclaration)\" was not handled"
      )
        && issue.description.contains("ForgetfulForm.Action.binding(.set(_, 5))")
    }
    #expect(viewStore.volume == 0)
  }

  @Test func aBindingStateWriteThatABindingReducerAppliesIsNotReported() {
    let store = Store<ForgetfulForm.State, ForgetfulForm.Action>(
      initialState: ForgetfulForm.State()
    ) {
      BindingReducer()
    }
    let viewStore = ViewStore(store, observe: { $0 })
    viewStore.$volume.wrappedValue = 11
    #expect(viewStore.volume == 11)
    let bindingViewStore = ViewStore(store, observe: ForgetfulFormViewState.init)
    bindingViewStore.$volume.wrappedValue = 12
    #expect(store.withState(\.volume) == 12)
  }
}
