import ComposableArchitecture
import ComposableWeb

/// A note edited in a sheet. Its ticker is a long-living effect that ends when the sheet is
/// dismissed; "Done" closes the sheet from the reducer with `dismiss()`.
@Reducer
public struct NoteEditor {
  @ObservableState
  public struct State: Equatable {
    public var text = ""
    public var ticks = 0
  }

  public enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case doneButtonTapped
    case startTickingButtonTapped
    case ticked
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding:
        return .none
      case .doneButtonTapped:
        return .run { [dismiss] _ in await dismiss() }
      case .startTickingButtonTapped:
        return .run { [clock] send in
          for await _ in clock.timer(interval: .milliseconds(200)) {
            await send(.ticked)
          }
        }
      case .ticked:
        state.ticks += 1
        return .none
      }
    }
  }
}

/// A page of a stack: its number, a button that asks the parent to push the next page, and one
/// that closes the page with `dismiss()`.
@Reducer
public struct StackPage {
  @ObservableState
  public struct State: Equatable {
    public var number: Int
  }

  public enum Action: Equatable {
    case closeButtonTapped
    case nextButtonTapped
  }

  @Dependency(\.dismiss) var dismiss

  public var body: some ReducerOf<Self> {
    Reduce { _, action in
      switch action {
      case .closeButtonTapped:
        return .run { [dismiss] _ in await dismiss() }
      case .nextButtonTapped:
        return .none
      }
    }
  }
}

/// Navigation of every kind: a sheet, an alert, a confirmation dialog and a stack.
@Reducer
public struct NavigationDemo {
  @Reducer
  public enum Path {
    case page(StackPage)
  }

  @ObservableState
  public struct State {
    @Presents public var alert: AlertState<Action.Alert>?
    @Presents public var confirmation: ConfirmationDialogState<Action.Confirmation>?
    @Presents public var editor: NoteEditor.State?
    public var color = "none"
    public var note = ""
    public var path = StackState<Path.State>()
    public var status = ""

    public init() {}
  }

  public enum Action {
    case alert(PresentationAction<Alert>)
    case alertButtonTapped
    case confirmation(PresentationAction<Confirmation>)
    case confirmationButtonTapped
    case editButtonTapped
    case editor(PresentationAction<NoteEditor.Action>)
    case path(StackActionOf<Path>)
    case pushButtonTapped

    public enum Alert: Equatable {
      case deleteConfirmed
    }

    public enum Confirmation: Equatable {
      case blue
      case red
    }
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.deleteConfirmed)):
        state.status = "Deleted"
        return .none
      case .alert:
        return .none
      case .alertButtonTapped:
        state.alert = AlertState {
          TextState("Delete everything?")
        } actions: {
          ButtonState(role: .destructive, action: .deleteConfirmed) { TextState("Delete") }
          ButtonState(role: .cancel) { TextState("Keep") }
        } message: {
          TextState("This cannot be undone.")
        }
        return .none
      case let .confirmation(.presented(color)):
        state.color = color == .red ? "red" : "blue"
        return .none
      case .confirmation:
        return .none
      case .confirmationButtonTapped:
        state.confirmation = ConfirmationDialogState {
          TextState("Pick a colour")
        } actions: {
          ButtonState(action: .red) { TextState("Red") }
          ButtonState(action: .blue) { TextState("Blue") }
        }
        return .none
      case .editButtonTapped:
        state.editor = NoteEditor.State(text: state.note)
        return .none
      case .editor(.dismiss):
        if let editor = state.editor { state.note = editor.text }
        return .none
      case .editor:
        return .none
      case let .path(.element(id: id, action: .page(.nextButtonTapped))):
        let number = state.path[id: id]?.page?.number ?? 0
        state.path.append(.page(StackPage.State(number: number + 1)))
        return .none
      case .path:
        return .none
      case .pushButtonTapped:
        state.path.append(.page(StackPage.State(number: 1)))
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
    .ifLet(\.$confirmation, action: \.confirmation)
    .ifLet(\.$editor, action: \.editor) { NoteEditor() }
    .forEach(\.path, action: \.path)
  }
}

/// The navigation page.
public func navigationDemoView(_ store: LiveStoreOf<NavigationDemo>) -> Node<NavigationDemo.Action> {
  @Bindable var store = store
  return div {
    navigationStack(path: $store.scope(\.path, action: \.path)) {
      p("Note: \(store.note)", ["id": "note"])
      p("Colour: \(store.color)", ["id": "color"])
      p("Status: \(store.status)", ["id": "status"])
      button("Edit note", send: .editButtonTapped)
      button("Delete…", send: .alertButtonTapped)
      button("Pick colour", send: .confirmationButtonTapped)
      button("Push page 1", send: .pushButtonTapped)
      navigationLink(
        "Open page 100", state: .page(StackPage.State(number: 100)),
        path: store.scope(\.path, action: \.path))
    } destination: { store in
      if let page = store.scope(\.page, action: \.page) {
        component(page, stackPageView)
      } else {
        .fragment([])
      }
    }
    sheet(item: $store.scope(\.editor, action: \.editor), noteEditorView)
    alert($store.scope(\.alert, action: \.alert))
    confirmationDialog($store.scope(\.confirmation, action: \.confirmation))
  }
}

func noteEditorView(_ store: LiveStoreOf<NoteEditor>) -> Node<NoteEditor.Action> {
  @Bindable var store = store
  return div(["class": "editor"]) {
    h2("Edit note")
    textField($store.text, ["id": "note-text"])
    p("Ticks: \(store.ticks)", ["id": "ticks"])
    button("Start ticking", send: .startTickingButtonTapped)
    button("Done", send: .doneButtonTapped)
  }
}

func stackPageView(_ store: LiveStoreOf<StackPage>) -> Node<StackPage.Action> {
  div(["class": "page"]) {
    h2("Page \(store.number)")
    button("Next page", send: .nextButtonTapped)
    button("Close page", send: .closeButtonTapped)
  }
}
