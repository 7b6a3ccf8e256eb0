import ComposableArchitecture
import ComposableWeb
import Foundation

/// A list of 100,000 rows the page keeps and the session does not: each page of 50 is sent
/// once as a stream, when the row after the last comes into view. The feature keeps only how
/// far the list got and which rows are starred; a starred row is sent again, and updated in
/// place.
@Reducer
public struct InfiniteScroll {
  /// How far the list got, and which rows are starred: no rows.
  @ObservableState
  public struct State: Equatable {
    /// How many rows the page was sent.
    public var loaded = 0
    /// The starred rows' numbers.
    public var starred: Set<Int> = []

    /// Nothing sent yet.
    public init() {}

    /// Whether every row was sent.
    public var isComplete: Bool { loaded >= InfiniteScroll.rowCount }
  }

  /// The end of the list came into view; a row's star was tapped.
  public enum Action: Equatable {
    case loadMoreRows
    case starButtonTapped(Int)
  }

  /// A row of the list.
  public struct Row: Identifiable, Equatable, Sendable {
    /// The row's number, from 0.
    public var id: Int
    /// Whether the row is starred.
    public var isStarred: Bool

    /// The row's title, made from its number.
    public var title: String { "Row \(id + 1)" }
    /// A line about the row, made from its number.
    public var detail: String {
      let colors = ["amber", "blue", "coral", "green", "indigo", "olive", "plum", "teal"]
      return "\(colors[id % colors.count]), \(id * 7919 % 1_000) points"
    }
  }

  /// How many rows the list has.
  public static let rowCount = 100_000
  /// How many rows a page sends at a time.
  public static let pageSize = 50

  @Dependency(\.pageStreams) var pageStreams

  /// The feature.
  public init() {}

  /// Sends the next page of rows, and a starred row again.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .loadMoreRows:
        guard !state.isComplete else { return .none }
        let range = state.loaded..<min(state.loaded + Self.pageSize, Self.rowCount)
        state.loaded = range.upperBound
        let rows = range.map { Row(id: $0, isStarred: state.starred.contains($0)) }
        return .run { [pageStreams] _ in pageStreams.insert(rows, into: .rows) }
      case let .starButtonTapped(id):
        guard id < state.loaded else { return .none }
        if state.starred.remove(id) == nil { state.starred.insert(id) }
        let row = Row(id: id, isStarred: state.starred.contains(id))
        return .run { [pageStreams] _ in pageStreams.insert([row], into: .rows) }
      }
    }
  }
}

extension LiveStream where Row == InfiniteScroll.Row {
  /// The infinite scroll's rows.
  public static let rows = LiveStream("rows")
}

/// The infinite scroll's page.
public func infiniteScrollView(_ store: LiveStoreOf<InfiniteScroll>) -> Node<InfiniteScroll.Action> {
  div(["class": "infinite-scroll"]) {
    style(
      """
      .infinite-scroll .rows{list-style:none;padding:0;margin:0}\
      .infinite-scroll .rows li{display:flex;justify-content:space-between;align-items:center;\
      padding:.3rem 0;border-top:1px solid #e5e7eb}\
      .infinite-scroll .rows li .detail{color:#6b7280;font-size:.9rem}\
      .infinite-scroll .rows li.starred .title{font-weight:700}
      """)
    p("\(store.loaded) of \(InfiniteScroll.rowCount) rows sent, \(store.starred.count) starred.", ["id": "summary"])
    stream(.rows, tag: "ul", ["class": "rows"]) { row in
      Node.tag("li", ["class": row.isStarred ? "starred" : ""]) {
        div {
          span(row.title, ["class": "title"])
          span(" " + row.detail, ["class": "detail"])
        }
        button(row.isStarred ? "★" : "☆", send: .starButtonTapped(row.id))
          .attribute("aria-label", "Star \(row.title)")
          .attribute("aria-pressed", row.isStarred ? "true" : "false")
      }
    }
    if store.isComplete {
      p("That was every row.", ["id": "end"])
    } else {
      p("Loading more rows…", ["id": "load-more"]).on(.visible, send: .loadMoreRows)
    }
  }
}
