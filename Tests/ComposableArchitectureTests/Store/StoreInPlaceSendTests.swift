import ComposableArchitecture
import Testing

/// Counts the copies its rows had to make of their storage: a row's storage is shared only when
/// the collection holding it was copied, so a row that changes shared storage tells of a copy of
/// the whole collection.
private final class CopyLog: @unchecked Sendable {
  var copies = 0
}

private struct CountedRow: Equatable, Identifiable {
  final class Storage {
    var count: Int
    let log: CopyLog
    init(count: Int, log: CopyLog) {
      self.count = count
      self.log = log
    }
  }

  let id: Int
  private var storage: Storage

  init(id: Int, log: CopyLog) {
    self.id = id
    self.storage = Storage(count: 0, log: log)
  }

  var count: Int {
    get { self.storage.count }
    set {
      if !isKnownUniquelyReferenced(&self.storage) {
        self.storage.log.copies += 1
        self.storage = Storage(count: self.storage.count, log: self.storage.log)
      }
      self.storage.count = newValue
    }
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.id == rhs.id && lhs.count == rhs.count
  }
}

@Reducer
private struct CountedRowFeature {
  typealias State = CountedRow
  enum Action { case increment }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

@Reducer
private struct CountedList {
  struct State {
    var rows: IdentifiedArrayOf<CountedRow> = []
    var path = StackState<CountedRow>()
    var sheet = PresentationState<CountedRow>(wrappedValue: nil)
    var log: [String] = []
  }
  enum Action {
    case rows(IdentifiedActionOf<CountedRowFeature>)
    case path(StackActionOf<CountedRowFeature>)
    case sheet(PresentationAction<CountedRowFeature.Action>)
    case note(String)
  }
  let box: CountedListStoreBox
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case let .note(note) = action {
        state.log.append(note)
        let count = MainActor.assumeIsolated { self.box.store?.withState(\.log.count) }
        state.log.append("read \(count ?? -1)")
      }
      return .none
    }
    .forEach(\.rows, action: \.rows) { CountedRowFeature() }
    .forEach(\.path, action: \.path) { CountedRowFeature() }
    .ifLet(\.sheet, action: \.sheet) { CountedRowFeature() }
  }
}

private final class CountedListStoreBox: @unchecked Sendable {
  @MainActor weak var store: StoreOf<CountedList>?
}

@MainActor
private func countedListStore(rows count: Int, log: CopyLog) -> StoreOf<CountedList> {
  var state = CountedList.State()
  let rows = (0..<count).map { CountedRow(id: $0, log: log) }
  state.rows = IdentifiedArray(uniqueElements: rows)
  state.path = StackState(rows)
  state.sheet = PresentationState(wrappedValue: CountedRow(id: -1, log: log))
  let box = CountedListStoreBox()
  let store = Store(initialState: state) { CountedList(box: box) }
  box.store = store
  return store
}

/// A store's pass holds the only copy of its state, so a row action changes the row in place:
/// the rest of the collection is neither copied nor touched.
@MainActor
struct StoreInPlaceSendTests {
  // The store keeps the state it was made with (see `theFirstReadDuringAPass…`), so the first
  // change to a row copies that row alone; each test changes its row once before counting.

  @Test func aForEachRowActionCopiesNoRow() {
    let log = CopyLog()
    let store = countedListStore(rows: 1_000, log: log)
    store.send(.rows(.element(id: 500, action: .increment)))
    log.copies = 0

    for _ in 1...10 {
      store.send(.rows(.element(id: 500, action: .increment)))
    }
    #expect(store.withState(\.rows[id: 500]?.count) == 11)
    #expect(log.copies == 0)
  }

  @Test func aStackElementActionCopiesNoElement() {
    let log = CopyLog()
    let store = countedListStore(rows: 1_000, log: log)
    let ids = store.withState(\.path.ids)
    store.send(.path(.element(id: ids[700], action: .increment)))
    log.copies = 0

    for _ in 1...10 {
      store.send(.path(.element(id: ids[700], action: .increment)))
    }
    #expect(store.withState(\.path[id: ids[700]]?.count) == 11)
    #expect(log.copies == 0)
  }

  @Test func aPresentedChildActionCopiesNothing() {
    let log = CopyLog()
    let store = countedListStore(rows: 100, log: log)
    store.send(.sheet(.presented(.increment)))
    log.copies = 0

    for _ in 1...10 {
      store.send(.sheet(.presented(.increment)))
    }
    #expect(store.withState(\.sheet.wrappedValue?.count) == 11)
    #expect(log.copies == 0)
  }

  @Test func theFirstReadDuringAPassSeesTheInitialStateAndLaterOnesTheStateBeforeTheAction() {
    let log = CopyLog()
    let store = countedListStore(rows: 3, log: log)
    store.send(.rows(.element(id: 1, action: .increment)))
    store.send(.rows(.element(id: 1, action: .increment)))

    withKnownIssue {
      store.send(.note("first"))
    } matching: { issue in
      issue.description.contains("A store's state was read while the store was running its reducer")
        && issue.description.contains("sees the state the store was created with")
    }
    // The read saw the state the store was made with: an empty log.
    #expect(store.withState(\.log) == ["first", "read 0"])

    withKnownIssue {
      store.send(.note("second"))
    } matching: { issue in
      issue.description.contains("as it was before the action being processed")
    }
    // The store now keeps the state from before each pass: the read saw the two earlier entries.
    #expect(store.withState(\.log) == ["first", "read 0", "second", "read 2"])
  }

  @Test func aStoreReadDuringAPassPaysForTheCopyItKeeps() {
    let log = CopyLog()
    let store = countedListStore(rows: 100, log: log)
    store.send(.rows(.element(id: 50, action: .increment)))
    withKnownIssue {
      store.send(.note("read"))
    }
    log.copies = 0

    store.send(.rows(.element(id: 50, action: .increment)))
    // The kept state holds the rows too, so changing one copies the collection.
    #expect(log.copies == 1)
    #expect(store.withState(\.rows[id: 50]?.count) == 2)
  }
}

@Reducer
private struct ProbedNote {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var title = ""
    @ObservationStateIgnored var row: CountedRow
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, _ in
      state.row.count += 1
      return .none
    }
  }
}

@Reducer
private struct ProbedNotes {
  @ObservableState
  struct State: Equatable {
    var notes: IdentifiedArrayOf<ProbedNote.State> = []
  }
  enum Action {
    case notes(IdentifiedActionOf<ProbedNote>)
  }
  var body: some ReducerOf<Self> {
    EmptyReducer().forEach(\.notes, action: \.notes) { ProbedNote() }
  }
}

@MainActor
struct StoreInPlaceBindingTests {
  /// A row's store keeps the row's last state, so that it can still be read once the row is
  /// gone (as TCA's row stores do): a send through it copies that row, and only that row.
  @Test(arguments: [10, 1_000])
  func aSendThroughARowStoreCopiesOnlyThatRow(rowCount: Int) {
    let log = CopyLog()
    let store = Store(
      initialState: ProbedNotes.State(
        notes: IdentifiedArray(
          uniqueElements: (0..<rowCount).map {
            ProbedNote.State(id: $0, row: CountedRow(id: $0, log: log))
          }
        )
      )
    ) { ProbedNotes() }
    let row = Array(store.scope(state: \.notes, action: \.notes))[rowCount / 2]
    row.send(.binding(.set(\.title, "B")))
    let buffer = store.withState { notesBuffer($0.notes) }
    log.copies = 0

    for text in ["Bl", "Blo", "Blob"] {
      row.send(.binding(.set(\.title, text)))
      _ = row.title
    }
    #expect(store.withState(\.notes[rowCount / 2].title) == "Blob")
    #expect(store.withState { notesBuffer($0.notes) } == buffer)
    #expect(log.copies == 3)
  }
}

private func notesBuffer(_ notes: IdentifiedArrayOf<ProbedNote.State>) -> UnsafeRawPointer? {
  notes.elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
}
