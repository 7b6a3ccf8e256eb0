import ComposableArchitecture
import ComposableWeb

/// One item of a checklist: a title to edit and a box to tick.
@Reducer
public struct ChecklistItem {
  @ObservableState
  public struct State: Equatable, Identifiable {
    public let id: Int
    public var isDone = false
    public var title = ""
  }

  public enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
  }

  public var body: some ReducerOf<Self> {
    BindingReducer()
  }
}

/// A checklist whose rows are keyed components: adding, removing and moving rows keeps the
/// page's nodes (and a focused field) of the other rows.
@Reducer
public struct Checklist {
  @ObservableState
  public struct State: Equatable {
    public var items: IdentifiedArrayOf<ChecklistItem.State> = [
      ChecklistItem.State(id: 1, title: "Milk"),
      ChecklistItem.State(id: 2, title: "Bread"),
      ChecklistItem.State(id: 3, title: "Eggs"),
    ]
    public var nextID = 4

    public init() {}
  }

  public enum Action: Equatable {
    case addButtonTapped
    case items(IdentifiedActionOf<ChecklistItem>)
    case moveUpButtonTapped(id: Int)
    case removeButtonTapped(id: Int)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        state.items.insert(ChecklistItem.State(id: state.nextID), at: 0)
        state.nextID += 1
        return .none
      case .items:
        return .none
      case let .moveUpButtonTapped(id):
        guard let index = state.items.index(id: id), index > 0 else { return .none }
        state.items.swapAt(index, index - 1)
        return .none
      case let .removeButtonTapped(id):
        state.items.remove(id: id)
        return .none
      }
    }
    .forEach(\.items, action: \.items) { ChecklistItem() }
  }
}

/// The checklist's page.
public func checklistView(_ store: LiveStoreOf<Checklist>) -> Node<Checklist.Action> {
  div {
    button("Add item", send: .addButtonTapped)
    Node.tag("ul", ["class": "checklist"]) {
      for item in store.scope(\.items, action: \.items) {
        let id = item.withState(\.id)
        Node.tag("li", ["data-item": "\(id)", "data-ocaf-key": "\(id)"]) {
          component(item, key: "\(id)", checklistItemView)
          button("↑", send: .moveUpButtonTapped(id: id), ["aria-label": "Move up"])
          button("✕", send: .removeButtonTapped(id: id), ["aria-label": "Remove"])
        }
      }
    }
  }
}

func checklistItemView(_ store: LiveStoreOf<ChecklistItem>) -> Node<ChecklistItem.Action> {
  @Bindable var store = store
  return .fragment([
    toggle($store.isDone, ""),
    textField($store.title, ["class": "title"]),
  ])
}
