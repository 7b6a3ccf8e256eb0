import ComposableArchitecture
import Foundation

/// Rows that hold rows, to any depth: each row has a name, can add children, and can delete
/// them; the same reducer runs at every level.
///
/// ```swift
/// let store = Store(initialState: Nested.State(id: UUID())) { Nested() }
/// store.send(.addRowButtonTapped)  // one child row
/// ```
@Reducer
public struct Nested {
  @ObservableState
  public struct State: Equatable, Identifiable, Sendable {
    public let id: UUID
    public var name = ""
    public var rows: IdentifiedArrayOf<State> = []

    public init(id: UUID, name: String = "", rows: IdentifiedArrayOf<State> = []) {
      self.id = id
      self.name = name
      self.rows = rows
    }

    /// How many rows are below this one, at every depth.
    public var descendantCount: Int {
      self.rows.reduce(self.rows.count) { $0 + $1.descendantCount }
    }
  }

  public indirect enum Action: BindableAction, Equatable, Sendable {
    case addRowButtonTapped
    case binding(BindingAction<State>)
    case deleteRows(IndexSet)
    /// Deletes the child row with this id (and its rows): a repeated tap deletes nothing more.
    case deleteRowButtonTapped(id: State.ID)
    case rows(IdentifiedActionOf<Nested>)
  }

  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .addRowButtonTapped:
        state.rows.append(State(id: self.uuid()))
        return .none

      case .binding:
        return .none

      case .deleteRows(let offsets):
        state.rows.remove(atOffsets: offsets)
        return .none

      case .deleteRowButtonTapped(let id):
        state.rows.remove(id: id)
        return .none

      case .rows:
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) {
      Self()
    }
  }
}
