#if Hummingbird
import ComposableArchitecture
import ComposableWeb
import Testing

/// Counts the times its storage had to be copied because another value shared it: a row's probe
/// is shared only when the collection holding the row was copied.
final class CopyProbeLog: @unchecked Sendable {
  var copies = 0
}

struct CopyProbe: Equatable {
  private final class Storage {
    var touches = 0
    let log: CopyProbeLog
    init(touches: Int, log: CopyProbeLog) {
      self.touches = touches
      self.log = log
    }
  }
  private var storage: Storage

  init(log: CopyProbeLog) { self.storage = Storage(touches: 0, log: log) }

  mutating func touch() {
    if !isKnownUniquelyReferenced(&self.storage) {
      self.storage.log.copies += 1
      self.storage = Storage(touches: self.storage.touches, log: self.storage.log)
    }
    self.storage.touches += 1
  }

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.storage === rhs.storage }
}

/// A row with a title typed into a text field.
@Reducer
struct Note {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var title = ""
    @ObservationStateIgnored var probe: CopyProbe
  }

  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, _ in
      state.probe.touch()
      return .none
    }
  }
}

@Reducer
struct NoteList {
  @ObservableState
  struct State: Equatable {
    var notes: IdentifiedArrayOf<Note.State> = []
  }

  enum Action: Equatable {
    case notes(IdentifiedActionOf<Note>)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.notes, action: \.notes) { Note() }
  }
}

func noteView(_ store: LiveStoreOf<Note>) -> Node<Note.Action> {
  @Bindable var store = store
  return li { textField($store.title) }
}

func noteListView(_ store: LiveStoreOf<NoteList>) -> Node<NoteList.Action> {
  ul { forEach(store.scope(state: \.notes, action: \.notes), noteView) }
}

/// Typing into one row of a long keyed list changes that row in place: no keystroke copies the
/// list, however long it is. (The row's own store keeps the row's last state, as TCA's row
/// stores do, so each keystroke copies that one row.)
@MainActor
@Suite struct KeyedListInPlaceTests {
  @Test(arguments: [10, 1_000])
  func typingInOneRowCopiesThatRowAlone(rowCount: Int) throws {
    let (logger, _) = recordingLogger()
    let log = CopyProbeLog()
    var state = NoteList.State()
    state.notes = IdentifiedArray(
      uniqueElements: (0..<rowCount).map { Note.State(id: $0, probe: CopyProbe(log: log)) }
    )
    let store = LiveStore(initialState: state) { NoteList() }
    state = NoteList.State()
    let session = LiveSession(id: "notes", store: store, view: noteListView, logger: logger)
    let html = try #require(try ServerMessage(session.start()).html)
    let fields = handlerIDs(in: html, event: "input")
    #expect(fields.count == rowCount)
    let row = rowCount / 2

    // The store keeps the state it was made with, so the first keystroke copies this row once.
    session.receive(#"{"handler":"\#(fields[row])","value":"B"}"#)
    _ = session.flush()
    let buffer = store.withState { notesBuffer($0.notes) }
    log.copies = 0

    for text in ["Bl", "Blo", "Blob"] {
      session.receive(#"{"handler":"\#(fields[row])","value":"\#(text)"}"#)
      _ = session.flush()
    }
    #expect(store.notes[row].title == "Blob")
    #expect(store.withState { notesBuffer($0.notes) } == buffer)
    #expect(log.copies == 3)
  }
}

private func notesBuffer(_ notes: IdentifiedArrayOf<Note.State>) -> UnsafeRawPointer? {
  notes.elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
}
#endif  // Hummingbird
