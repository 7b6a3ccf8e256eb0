// Counts the instructions of page events in a ComposableWeb session, for callgrind:
//
//   WebInstructionCounts --list            the operations: name, baseline, default count
//   WebInstructionCounts NAME [COUNT]      warms NAME up, then performs it COUNT times
//
// One operation is one event as the server handles it: the session receives the text of the
// event's frame, reduces, renders what changed, and writes the patch (`flush()`), all in process,
// without sockets. The events are worked out beforehand, by a session of its own that goes
// through the same events and reads each next handler id from the patch before it, so that the
// counted session does no parsing a page would do. `python3 Benchmarks/callgrind.py --product
// WebInstructionCounts` prints the table.
import CallgrindMarkers
import CaseStudies
import CaseStudyFeatures
import ComposableArchitecture
import ComposableWeb
import Foundation
import Logging

func fail(_ message: String) -> Never {
  let line = message + "\n"
  _ = line.withCString { write(2, $0, strlen($0)) }
  exit(2)
}

/// Events in a session: a way to make the session, the first event's frame, and how each next
/// frame follows from the patch of the event before it.
struct PageOperation {
  let name: String
  let count: Int
  let makeSession: @MainActor () -> LiveSession
  /// The next frame, from the page as the session first sent it (the first time) or from the
  /// patch of the event before; `index` counts the events.
  let nextFrame: @MainActor (_ page: String, _ index: Int) -> String
}

/// The handler ids in `html` for `event`, in document order.
func handlerIDs(in html: String, event: String) -> [String] {
  let marker = "\(PageProtocol.attributePrefix)\(event)=\\\""
  var ids: [String] = []
  var rest = html[...]
  while let range = rest.range(of: marker) {
    let after = rest[range.upperBound...]
    guard let end = after.firstIndex(of: "\\") else { break }
    ids.append(String(after[..<end]))
    rest = after[end...]
  }
  return ids
}

let logger = Logger(label: "web-instruction-counts") { _ in SwiftLogNoOpLogHandler() }
/// No rate limit and no expiry gets in the way of events sent as fast as valgrind runs them.
let limits = LiveLimits(messagesPerSecond: 1e12, burst: Int.max / 2, idleTimeout: .seconds(86_400))

/// A keyed list of `rows` notes, each with a title typed into a text field.
@Reducer
struct Note {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var title = ""
  }

  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
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

/// Typing in the middle row of a list of `rows`: each keystroke changes the title.
func keystroke(rows: Int) -> PageOperation {
  PageOperation(
    name: "Web.Keystroke.KeyedList.\(rows)",
    count: 1_000,
    makeSession: {
      var state = NoteList.State()
      state.notes = IdentifiedArray(uniqueElements: (0..<rows).map { Note.State(id: $0) })
      let store = LiveStore(initialState: state) { NoteList() }
      return LiveSession(id: "notes", store: store, view: noteListView, limits: limits, logger: logger)
    },
    nextFrame: { page, index in
      let fields = handlerIDs(in: page, event: "input")
      // The first page has every row's field; a patch has the typed row's alone.
      let field = fields.count == rows ? fields[rows / 2] : fields[0]
      return ClientMessage.event(
        handler: field, value: .string(index.isMultiple(of: 2) ? "ab" : "ba")
      ).text
    }
  )
}

/// Clicking the case studies' counter's "+".
let counterClick = PageOperation(
  name: "Web.Click.Counter",
  count: 1_000,
  makeSession: {
    let store = LiveStore(initialState: Counter.State()) { Counter() }
    return LiveSession(id: "counter", store: store, view: counterView, limits: limits, logger: logger)
  },
  nextFrame: { page, _ in
    let buttons = handlerIDs(in: page, event: "click")
    return ClientMessage.event(handler: buttons[1]).text
  }
)

let operations = [counterClick, keystroke(rows: 100), keystroke(rows: 1_000)]
let arguments = CommandLine.arguments.dropFirst()

guard let name = arguments.first else {
  fail("usage: WebInstructionCounts --list | NAME [COUNT]")
}
if name == "--list" {
  for operation in operations {
    print(operation.name, "-", operation.count, separator: "\t")
  }
  exit(0)
}
guard let operation = operations.first(where: { $0.name == name }) else {
  fail("no operation named \(name)")
}
let count = arguments.dropFirst().first.flatMap { Int($0) } ?? operation.count

/// The frames of `count` events, worked out by a session of their own.
@MainActor
func frames(of operation: PageOperation, count: Int) -> [String] {
  let session = operation.makeSession()
  var page = session.start()
  var frames: [String] = []
  for index in 0..<count {
    let frame = operation.nextFrame(page, index)
    frames.append(frame)
    session.receive(frame)
    guard let patch = session.flush() else { fail("\(operation.name): no patch for \(frame)") }
    page = patch
  }
  return frames
}

/// Sends `frames` to a fresh session, writing each event's patch.
@MainActor
func perform(_ frames: [String], in session: LiveSession) {
  for frame in frames {
    session.receive(frame)
    let patch = session.flush()
    withUnsafePointer(to: patch) { callgrind_markers_keep($0) }
  }
}

var isFinished = false
Task { @MainActor in
  // A warm-up pass in a session of its own, so that one-time costs are paid before the count.
  let warmUp = operation.makeSession()
  _ = warmUp.start()
  perform(frames(of: operation, count: min(count, 100)), in: warmUp)

  let counted = frames(of: operation, count: count)
  let session = operation.makeSession()
  _ = session.start()
  callgrind_markers_begin()
  perform(counted, in: session)
  callgrind_markers_end()
  withExtendedLifetime(session) {}
  isFinished = true
}
while !isFinished {
  _ = RunLoop.main.run(mode: .default, before: .distantFuture)
}
exit(0)
