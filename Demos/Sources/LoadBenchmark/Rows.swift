import ComposableArchitecture
import ComposableWeb

/// The pages the benchmark measures a long list's memory with: `--rows` rows shown as a stream,
/// which the page keeps and the session does not, and the same rows as keyed components
/// (`forEach`), which the session keeps. Each row shows a title and a button.
@Reducer
struct BenchmarkRows {
  struct Row: Identifiable, Equatable, Sendable {
    var id: Int
    var title: String
  }

  @ObservableState
  struct State: Equatable {
    /// The rows, in the keyed page; empty in the streamed one.
    var rows: IdentifiedArrayOf<RowFeature.State> = []
    var starred = 0
  }

  enum Action: Equatable {
    case appeared(rows: Int, streamed: Bool)
    case rows(IdentifiedActionOf<RowFeature>)
    case starred(Int)
  }

  @Dependency(\.pageStreams) var pageStreams

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .appeared(count, streamed):
        let rows = (0..<count).map { Row(id: $0, title: "Row \($0 + 1)") }
        guard streamed else {
          state.rows = IdentifiedArray(uniqueElements: rows.map { RowFeature.State(id: $0.id, title: $0.title) })
          return .none
        }
        // A page at a time, as an infinite scroll would send them.
        return .run { [pageStreams] _ in
          for start in stride(from: 0, to: rows.count, by: 500) {
            pageStreams.insert(Array(rows[start..<min(start + 500, rows.count)]), into: .benchmarkRows)
            await Task.yield()
          }
        }
      case .rows:
        return .none
      case .starred:
        state.starred += 1
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) { RowFeature() }
  }
}

/// A keyed row of the benchmark's list.
@Reducer
struct RowFeature {
  @ObservableState
  struct State: Equatable, Identifiable {
    var id: Int
    var title: String
  }

  enum Action: Equatable {
    case starButtonTapped
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
  }
}

extension LiveStream where Row == BenchmarkRows.Row {
  static let benchmarkRows = LiveStream("rows")
}

/// The streamed page: the rows the page keeps.
func streamedRowsView(_ store: LiveStoreOf<BenchmarkRows>) -> Node<BenchmarkRows.Action> {
  div {
    p("\(store.starred) starred")
    stream(.benchmarkRows, tag: "ul") { row in
      li {
        span(row.title)
        button("★", send: .starred(row.id))
      }
    }
  }
}

/// The keyed page: a component per row.
func keyedRowsView(_ store: LiveStoreOf<BenchmarkRows>) -> Node<BenchmarkRows.Action> {
  div {
    p("\(store.starred) starred")
    Node.tag("ul") {
      forEach(store.scope(\.rows, action: \.rows)) { row in
        li {
          span(row.title)
          button("★", send: .starButtonTapped)
        }
      }
    }
  }
}

/// The two pages of `rows` rows.
func rowsFeatures(rows: Int) -> [LiveFeature] {
  [
    LiveFeature(
      path: "streamed-rows", title: "Streamed rows", summary: "\(rows) rows as a stream",
      makeStore: { LiveStore(initialState: BenchmarkRows.State()) { BenchmarkRows() } },
      appearAction: { .appeared(rows: rows, streamed: true) }, view: streamedRowsView),
    LiveFeature(
      path: "keyed-rows", title: "Keyed rows", summary: "\(rows) rows as keyed components",
      makeStore: { LiveStore(initialState: BenchmarkRows.State()) { BenchmarkRows() } },
      appearAction: { .appeared(rows: rows, streamed: false) }, view: keyedRowsView),
  ]
}
