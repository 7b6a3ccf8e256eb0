import ComposableArchitecture
import Foundation
import Observation
import Testing

/// Reducers that reach child state through a key path (`forEach`, `Scope`, `ifLet`, stacks)
/// change an `@ObservableState` parent's collection in place: the collection's buffer is the
/// same before and after, so changing one element never copies the others.
@MainActor
@Suite("Key path writes into observable state happen in place")
struct InPlaceMutationTests {
  @Reducer
  struct Row {
    @ObservableState
    struct State: Equatable, Identifiable {
      let id: Int
      var count = 0
    }
    enum Action { case increment }
    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.count += 1
        return .none
      }
    }
  }

  @Reducer
  struct Rows {
    @ObservableState
    struct State: Equatable {
      var rows: IdentifiedArrayOf<Row.State> = []
      var values: [Int] = []
    }
    enum Action {
      case rows(IdentifiedActionOf<Row>)
      case appendValue
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .appendValue = action { state.values.append(state.values.count) }
        return .none
      }
      .forEach(\.rows, action: \.rows) { Row() }
    }
  }

  @Reducer
  struct Parent {
    @ObservableState
    struct State: Equatable {
      var list = Rows.State()
      var optionalList: Rows.State?
      var path = StackState<Rows.State>()
    }
    enum Action {
      case list(Rows.Action)
      case optionalList(Rows.Action)
      case path(StackActionOf<Rows>)
    }
    var body: some ReducerOf<Self> {
      Scope(state: \.list, action: \.list) { Rows() }
      EmptyReducer()
        .ifLet(\.optionalList, action: \.optionalList) { Rows() }
        .forEach(\.path, action: \.path) { Rows() }
    }
  }

  static func rows(_ count: Int) -> IdentifiedArrayOf<Row.State> {
    IdentifiedArray(uniqueElements: (0..<count).map { Row.State(id: $0) })
  }

  static func address(_ rows: IdentifiedArrayOf<Row.State>) -> UnsafeRawPointer? {
    rows.elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }

  static func address(_ values: [Int]) -> UnsafeRawPointer? {
    values.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }

  @Test func forEachChangesOneRowWithoutCopyingTheCollection() {
    var state = Rows.State(rows: Self.rows(1_000))
    let before = Self.address(state.rows)
    _ = Rows().reduce(into: &state, action: .rows(.element(id: 500, action: .increment)))
    #expect(state.rows[id: 500]?.count == 1)
    #expect(Self.address(state.rows) == before)
  }

  @Test func scopeIfLetAndStacksChangeChildrenInPlace() {
    var state = Parent.State(
      list: Rows.State(rows: Self.rows(100), values: [1, 2, 3]),
      optionalList: Rows.State(rows: Self.rows(100)),
      path: StackState([Rows.State(rows: Self.rows(100))])
    )
    state.list.values.reserveCapacity(10)
    state.optionalList?.values.reserveCapacity(10)

    let listRows = Self.address(state.list.rows)
    let listValues = Self.address(state.list.values)
    _ = Parent().reduce(into: &state, action: .list(.rows(.element(id: 7, action: .increment))))
    _ = Parent().reduce(into: &state, action: .list(.appendValue))
    #expect(state.list.rows[id: 7]?.count == 1)
    #expect(state.list.values == [1, 2, 3, 3])
    #expect(Self.address(state.list.rows) == listRows)
    #expect(Self.address(state.list.values) == listValues)

    let optionalValues = Self.address(state.optionalList!.values)
    _ = Parent().reduce(into: &state, action: .optionalList(.appendValue))
    #expect(state.optionalList?.values == [0])
    #expect(Self.address(state.optionalList!.values) == optionalValues)

    let elementID = state.path.ids[0]
    let pathRows = Self.address(state.path[id: elementID]!.rows)
    _ = Parent().reduce(
      into: &state,
      action: .path(.element(id: elementID, action: .rows(.element(id: 3, action: .increment))))
    )
    #expect(state.path[id: elementID]?.rows[id: 3]?.count == 1)
    #expect(Self.address(state.path[id: elementID]!.rows) == pathRows)
  }

  @Reducer
  struct Presenter {
    @ObservableState
    struct State: Equatable {
      @Presents var sheet: Rows.State?
    }
    enum Action {
      case sheet(PresentationAction<Rows.Action>)
      case replaceSheet
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .replaceSheet = action { state.sheet = Rows.State(values: [9]) }
        return .none
      }
      .ifLet(\.$sheet, action: \.sheet) { Rows() }
    }
  }

  @Test func aPresentedChildChangesInPlace() {
    var state = Presenter.State(sheet: Rows.State(values: [1, 2]))
    state.sheet?.values.reserveCapacity(10)
    let values = Self.address(state.sheet!.values)
    // The first action also remembers the presented child, in the projection.
    _ = Presenter().reduce(into: &state, action: .sheet(.presented(.appendValue)))
    _ = Presenter().reduce(into: &state, action: .sheet(.presented(.appendValue)))
    #expect(state.sheet?.values == [1, 2, 2, 3])
    #expect(Self.address(state.sheet!.values) == values)
    // A copy would have been made for the four values (and could reuse the freed address).
    #expect(state.sheet!.values.capacity >= 10)
  }

  @Test func aPresentedChildChangedInPlaceNotifiesOnlyTheReadersOfWhatChanged() {
    var state = Presenter.State(sheet: Rows.State(values: [1]))
    /// Whether the readers of the sheet, and of its values, are told of what `action` does.
    func changes(_ action: Presenter.Action) -> (sheet: Bool, values: Bool) {
      let sheetChanged = LockIsolated(false)
      let valuesChanged = LockIsolated(false)
      withObservationTracking {
        _ = state.sheet
      } onChange: {
        sheetChanged.setValue(true)
      }
      withObservationTracking {
        _ = state.sheet?.values
      } onChange: {
        valuesChanged.setValue(true)
      }
      _ = Presenter().reduce(into: &state, action: action)
      return (sheetChanged.value, valuesChanged.value)
    }

    let appended = changes(.sheet(.presented(.appendValue)))
    #expect(!appended.sheet)
    #expect(appended.values)
    #expect(state.sheet?.values == [1, 1])

    #expect(changes(.replaceSheet).sheet)
    #expect(changes(.sheet(.dismiss)).sheet)
    #expect(state.sheet == nil)
  }

  @Test func inPlaceChangesStillNotifyTheReadersOfTheRow() {
    var state = Rows.State(rows: Self.rows(3))
    let rowChanged = LockIsolated(false)
    let rowsChanged = LockIsolated(false)
    withObservationTracking {
      _ = state.rows[id: 1]?.count
    } onChange: {
      rowChanged.setValue(true)
    }
    withObservationTracking {
      _ = state.rows
    } onChange: {
      rowsChanged.setValue(true)
    }
    _ = Rows().reduce(into: &state, action: .rows(.element(id: 1, action: .increment)))
    #expect(rowChanged.value)
    #expect(!rowsChanged.value)
  }

  @Reducer
  struct Plain {
    struct State: Equatable { var rows: IdentifiedArrayOf<Row.State> = [] }
    enum Action { case rows(IdentifiedActionOf<Row>) }
    var body: some ReducerOf<Self> {
      EmptyReducer().forEach(\.rows, action: \.rows) { Row() }
    }
  }

  @Test func plainStateIsWrittenThroughItsKeyPath() {
    var state = Plain.State(rows: Self.rows(3))
    _ = Plain().reduce(into: &state, action: .rows(.element(id: 2, action: .increment)))
    #expect(state.rows[id: 2]?.count == 1)
  }

  struct PlainTimer: Reducer {
    struct State: Equatable { var ticks = 0 }
    enum Action { case tick, noop }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      if case .tick = action { state.ticks += 1 }
      return .none
    }
  }

  @Reducer
  struct PlainChildHost {
    @ObservableState
    struct State: Equatable { var timer = PlainTimer.State() }
    enum Action { case timer(PlainTimer.Action) }
    var body: some ReducerOf<Self> {
      Scope(state: \.timer, action: \.timer) { PlainTimer() }
    }
  }

  @Test func aPlainChildThatDidNotChangeNotifiesNobody() {
    let store = Store(initialState: PlainChildHost.State()) { PlainChildHost() }
    let changed = LockIsolated(false)
    withObservationTracking {
      _ = store.timer
    } onChange: {
      changed.setValue(true)
    }
    store.send(.timer(.noop))
    #expect(!changed.value)
    store.send(.timer(.tick))
    #expect(changed.value)
  }
}
