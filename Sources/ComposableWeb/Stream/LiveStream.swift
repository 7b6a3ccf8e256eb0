#if Web
import ComposableArchitecture
import Foundation

/// A list the page keeps and the session does not: a feature sends its rows once (inserted,
/// updated or removed by id, through ``PageStreams``), the session renders each and forgets it,
/// and the page keeps the rows it was sent. A list of 100,000 rows costs the session what the
/// rows on their way cost, not what the page shows: LiveView's streams.
///
/// Name a stream with the type of its rows, once:
///
/// ```swift
/// extension LiveStream where Row == Contact {
///   static let contacts = LiveStream("contacts")
/// }
/// ```
///
/// The view shows it with ``stream(_:tag:_:row:)``; an effect sends rows with the
/// `pageStreams` dependency.
public struct LiveStream<Row: Identifiable & Sendable>: Hashable, Sendable {
  /// The stream's name, unique on its page: the container's `data-ocaf-stream`.
  public let name: String

  /// A stream named `name`.
  ///
  /// ```swift
  /// static let contacts = LiveStream<Contact>("contacts")
  /// ```
  public init(_ name: String) {
    self.name = name
  }
}

/// Where inserted rows go in their stream.
public enum StreamPosition: Equatable, Sendable {
  /// After the rows the page has.
  case end
  /// Before them.
  case start
}

/// Sends rows to the page's streams (see ``LiveStream``) from an effect: inserted (a row whose
/// id the page has is updated in place), deleted by id, or all replaced. Use it through the
/// `pageStreams` dependency; a ``LiveStore`` gives its feature one that reaches the session
/// showing the store, as ``PageEvents`` does.
///
/// ```swift
/// @Dependency(\.pageStreams) var pageStreams
///
/// case .loadMoreRows:
///   let page = state.pagesLoaded
///   state.pagesLoaded += 1
///   return .run { [pageStreams] _ in
///     pageStreams.insert(try await contacts.page(page), into: .contacts)
///   }
/// ```
///
/// The rows go with the session's next patch, rendered by the view's row function; the session
/// then keeps neither the rows nor their HTML (only their handler ids, until a row is deleted).
public struct PageStreams: Sendable {
  /// Sends one operation to the stream named `stream`.
  public var send: @Sendable (_ stream: String, _ operation: StreamOperation) -> Void

  /// Operations that `send` delivers.
  ///
  /// ```swift
  /// PageStreams { stream, operation in print(stream, operation) }
  /// ```
  public init(send: @escaping @Sendable (_ stream: String, _ operation: StreamOperation) -> Void) {
    self.send = send
    self.isDefault = false
  }

  let isDefault: Bool

  private init(default send: @escaping @Sendable (String, StreamOperation) -> Void) {
    self.send = send
    self.isDefault = true
  }

  /// Inserts `rows` at `position`; a row whose id the page has replaces it where it is.
  ///
  /// ```swift
  /// pageStreams.insert(firstPage, into: .contacts)
  /// pageStreams.insert([edited], into: .contacts)   // updates the row in place
  /// ```
  public func insert<Row>(_ rows: [Row], into stream: LiveStream<Row>, at position: StreamPosition = .end) {
    send(stream.name, .insert(rows: rows.map { AnyStreamRow($0) }, position: position))
  }

  /// Deletes the rows of `ids`.
  ///
  /// ```swift
  /// pageStreams.delete([contact.id], from: .contacts)
  /// ```
  public func delete<Row>(_ ids: [Row.ID], from stream: LiveStream<Row>) {
    send(stream.name, .delete(keys: ids.map { String(describing: $0) }))
  }

  /// Replaces every row the page has with `rows`.
  ///
  /// ```swift
  /// pageStreams.reset(.contacts, to: searchResults)
  /// ```
  public func reset<Row>(_ stream: LiveStream<Row>, to rows: [Row] = []) {
    send(stream.name, .reset(rows: rows.map { AnyStreamRow($0) }))
  }

  /// The default: a store that is no ``LiveStore`` has no page to send rows to.
  static let unset = PageStreams(default: { stream, _ in
    reportIssue(
      "Rows were sent to the stream '\(stream)' outside a live page: override the 'pageStreams' dependency.")
  })
}

/// What a stream's rows undergo (see ``PageStreams``).
public enum StreamOperation: Sendable {
  /// Rows inserted (or updated in place) at a position.
  case insert(rows: [AnyStreamRow], position: StreamPosition)
  /// Rows deleted, by their ids as text.
  case delete(keys: [String])
  /// Every row replaced.
  case reset(rows: [AnyStreamRow])
}

/// A row of any type, with its id as text: its key on the page.
public struct AnyStreamRow: Sendable {
  /// The row.
  public let value: any Sendable
  /// Its id, as `String(describing:)` writes it.
  public let key: String

  /// A row: `AnyStreamRow(contact)`.
  public init<Row: Identifiable & Sendable>(_ row: Row) {
    self.value = row
    self.key = String(describing: row.id)
  }
}

extension PageStreams: DependencyKey {
  /// Reports rows sent: outside a ``LiveStore`` there is no page.
  ///
  /// ```swift
  /// @Dependency(\.pageStreams) var pageStreams
  /// ```
  public static let liveValue = PageStreams.unset
  /// Reports rows sent, as ``liveValue`` does: override it in a test to record them.
  ///
  /// ```swift
  /// withDependencies { $0.pageStreams = PageStreams { stream, _ in print(stream) } } operation: { … }
  /// ```
  public static let testValue = PageStreams.unset
}

extension DependencyValues {
  /// Where a feature's effects send the rows of its page's streams (see ``PageStreams``).
  ///
  /// ```swift
  /// @Dependency(\.pageStreams) var pageStreams
  /// ```
  public var pageStreams: PageStreams {
    get {
      let streams = self[PageStreams.self]
      guard streams.isDefault, let tracker = storeObject(ChangeTracker.self) else { return streams }
      return PageStreams { stream, operation in tracker.push(stream: stream, operation) }
    }
    set { self[PageStreams.self] = newValue }
  }
}

/// A stream's container: the element the page keeps the stream's rows in, and how each row is
/// rendered. The session renders a row when it is sent, and forgets it.
///
/// ```swift
/// stream(.contacts, tag: "ul", ["class": "contacts"]) { contact in
///   li { contact.name; button("★", send: .starTapped(contact.id)) }
/// }
/// ```
///
/// Each row's first element gets the row's id as its key (`data-ocaf-key`), by which the page
/// updates and deletes it. A row's handlers stay valid for as long as the row is on the page
/// (until it is deleted or the stream reset), whatever renders around it. A row cannot hold a
/// ``component(_:key:_:)``: it is reported and left out. The page keeps the container's rows
/// across patches; a page without JavaScript shows the container empty.
public func stream<Row, Action>(
  _ stream: LiveStream<Row>, tag: String = "ul", _ attributes: KeyValuePairs<String, String> = [:],
  row: @escaping (Row) -> Node<Action>
) -> Node<Action> {
  var element = HTMLElement<Action>(
    tag: tag,
    attributes: mergedAttributes([(PageProtocol.Attribute.stream.name, stream.name)], attributes))
  element.events = [
    (
      event: PageProtocol.Attribute.stream.rawValue,
      handler: .streamRows(
        StreamRows(name: stream.name) { value in (value as? Row).map(row) })
    )
  ]
  return .element(element)
}

/// How a stream's rows are rendered (see ``stream(_:tag:_:row:)``).
public struct StreamRows<Action> {
  /// The stream's name.
  let name: String
  /// A row's nodes; `nil` for a value of another type than the stream's rows.
  let render: (any Sendable) -> Node<Action>?
}
#endif  // Web
