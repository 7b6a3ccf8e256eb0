#if SQLite || PostgreSQL
import Foundation
import SQLKit
import Sharing

/// A type stored as the rows of one table: `@FetchAll var items: [Item]` reads them all.
///
/// ```swift
/// struct Item: DatabaseRecord, Equatable {
///   static let tableName = "items"
///   var id: Int
///   var title: String
/// }
/// ```
public protocol DatabaseRecord: Decodable, Sendable {
  /// The table of the type's rows.
  static var tableName: String { get }
}

/// The rows of a query, decoded as `Element`s.
struct AllRows<Element: Decodable & Sendable>: FetchRequest {
  let sql: SQLText
  let tables: Set<String>?

  func fetch(_ db: any SQLDatabase) async throws -> [Element] {
    try await db.raw(sql.expression).all(decoding: Element.self)
  }

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.sql == rhs.sql && lhs.tables == rhs.tables }
  func hash(into hasher: inout Hasher) {
    hasher.combine(sql)
    hasher.combine(tables)
  }
}

/// The first row of a query, decoded as a `Value` (a record, or a single column's value).
struct FirstRow<Value: Decodable & Sendable>: FetchRequest {
  let sql: SQLText
  let tables: Set<String>?
  let isColumn: Bool
  let isOptional: Bool

  func fetch(_ db: any SQLDatabase) async throws -> Value {
    guard let row = try await db.raw(sql.expression).first() else {
      if isOptional, let none = Optional<Never>.none as? Value { return none }
      throw RowNotFound(sql: sql)
    }
    if isColumn, let column = row.allColumns.first {
      return try row.decode(column: column, as: Value.self)
    }
    return try row.decode(model: Value.self)
  }
}

/// A fetch of one row found none: the value stays what it was, and `loadError` says so.
public struct RowNotFound: Error, CustomStringConvertible {
  /// The query that found no row.
  public let sql: SQLText
  /// The message, with the query: `The query found no row: SELECT …`.
  public var description: String { "The query found no row: \(sql)" }
}

/// The rows of a query, kept up to date as the database changes: a ``SharedReader`` of an
/// array that a write of any of the query's tables loads again.
///
/// ```swift
/// @ObservableState
/// struct State {
///   @FetchAll var lists: [TodoList]
///   @FetchAll(sql: "SELECT * FROM items WHERE list = \(bind: 1)", tables: ["items"])
///   var items: [Item]
/// }
/// ```
///
/// The value is `[]` (or the given default) until the first read completes; `isLoading` is
/// true meanwhile, and `loadError` holds a failed read's error (the rows stay as they were).
@dynamicMemberLookup
@propertyWrapper
public struct FetchAll<Element: Decodable & Sendable>: DatabaseFetch {
  /// The shared reader underneath.
  public var sharedReader: SharedReader<[Element]>

  /// All rows of `Element`'s table.
  public init(wrappedValue: [Element] = [], database: (any LiveDatabase)? = nil)
  where Element: DatabaseRecord {
    self.init(
      wrappedValue: wrappedValue, sql: "SELECT * FROM \(unsafeRaw: Element.tableName)",
      tables: [Element.tableName], database: database)
  }

  /// The rows of `sql`. It runs again after a write of one of `tables`, or after every write
  /// if `tables` is `nil`.
  public init(
    wrappedValue: [Element] = [], sql: SQLText, tables: Set<String>? = nil,
    database: (any LiveDatabase)? = nil
  ) {
    sharedReader = SharedReader(
      wrappedValue: wrappedValue,
      FetchKey(request: AllRows<Element>(sql: sql, tables: tables), database: database))
  }

  /// The rows.
  public var wrappedValue: [Element] { sharedReader.wrappedValue }

  /// This fetch, to load it or to read its state: `$items.isLoading`.
  public var projectedValue: Self {
    get { self }
    nonmutating set { sharedReader.projectedValue = newValue.sharedReader }
  }

  /// A reader of part of the rows.
  public subscript<Member>(dynamicMember keyPath: KeyPath<[Element], Member>) -> SharedReader<Member> {
    sharedReader[dynamicMember: keyPath]
  }

  /// Reads the rows of another query from now on: `try await $items.load(sql: …)`.
  public func load(
    sql: SQLText, tables: Set<String>? = nil, database: (any LiveDatabase)? = nil
  ) async throws {
    try await sharedReader.load(
      FetchKey(request: AllRows<Element>(sql: sql, tables: tables), database: database))
  }
}

extension FetchAll: Equatable where Element: Equatable {
  /// Fetches are equal when their rows are: `$a == $b`.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.wrappedValue == rhs.wrappedValue }
}

/// The first row of a query, or one column of it, kept up to date as the database changes.
///
/// ```swift
/// @FetchOne(sql: "SELECT count(*) FROM items WHERE done = 0", tables: ["items"])
/// var openCount = 0
/// @FetchOne(sql: "SELECT * FROM lists WHERE id = \(bind: id)", tables: ["lists"])
/// var list: TodoList?
/// ```
///
/// A value with one column (`Int`, `String`, …) is read from the first column; anything else is
/// decoded from the row. An optional value is `nil` when there is no row; for any other, no row
/// leaves the value as it was and sets `loadError` to ``RowNotFound``.
@dynamicMemberLookup
@propertyWrapper
public struct FetchOne<Value: Decodable & Sendable>: DatabaseFetch {
  /// The shared reader underneath.
  public var sharedReader: SharedReader<Value>

  /// The first row of `sql`, decoded.
  public init(
    wrappedValue: Value, sql: SQLText, tables: Set<String>? = nil,
    database: (any LiveDatabase)? = nil
  ) {
    self.init(wrappedValue: wrappedValue, sql: sql, tables: tables, isColumn: false, database: database)
  }

  /// The first column of the first row of `sql`.
  public init(
    wrappedValue: Value, sql: SQLText, tables: Set<String>? = nil,
    database: (any LiveDatabase)? = nil
  ) where Value: DatabaseValueConvertible {
    self.init(wrappedValue: wrappedValue, sql: sql, tables: tables, isColumn: true, database: database)
  }

  /// The first row of `sql`, or `nil`.
  public init<Wrapped>(
    sql: SQLText, tables: Set<String>? = nil, database: (any LiveDatabase)? = nil
  ) where Value == Wrapped? {
    self.init(wrappedValue: nil, sql: sql, tables: tables, isColumn: false, database: database)
  }

  private init(
    wrappedValue: Value, sql: SQLText, tables: Set<String>?, isColumn: Bool,
    database: (any LiveDatabase)?
  ) {
    let request = FirstRow<Value>(
      sql: sql, tables: tables, isColumn: isColumn, isOptional: Value.self is any OptionalValue.Type)
    sharedReader = SharedReader(wrappedValue: wrappedValue, FetchKey(request: request, database: database))
  }

  /// The value.
  public var wrappedValue: Value { sharedReader.wrappedValue }

  /// This fetch, to load it or to read its state: `$count.isLoading`.
  public var projectedValue: Self {
    get { self }
    nonmutating set { sharedReader.projectedValue = newValue.sharedReader }
  }

  /// A reader of part of the value.
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> SharedReader<Member> {
    sharedReader[dynamicMember: keyPath]
  }

}

extension FetchOne: Equatable where Value: Equatable {
  /// Fetches are equal when their values are: `$a == $b`.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.wrappedValue == rhs.wrappedValue }
}

/// Lets ``FetchOne`` tell an optional value, which is `nil` when no row is found.
protocol OptionalValue {}
extension Optional: OptionalValue {}

/// The value of a ``FetchRequest`` of your own, kept up to date as the database changes.
///
/// ```swift
/// @Fetch(ListSummary(listID: 1)) var summary = (open: 0, done: 0)
/// ```
@dynamicMemberLookup
@propertyWrapper
public struct Fetch<Value: Sendable>: DatabaseFetch {
  /// The shared reader underneath.
  public var sharedReader: SharedReader<Value>

  /// The value of `request`, `wrappedValue` until it is read.
  public init(
    wrappedValue: Value, _ request: some FetchRequest<Value>, database: (any LiveDatabase)? = nil
  ) {
    sharedReader = SharedReader(wrappedValue: wrappedValue, FetchKey(request: request, database: database))
  }

  /// The value.
  public var wrappedValue: Value { sharedReader.wrappedValue }

  /// This fetch, to load it or to read its state.
  public var projectedValue: Self {
    get { self }
    nonmutating set { sharedReader.projectedValue = newValue.sharedReader }
  }

  /// A reader of part of the value.
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> SharedReader<Member> {
    sharedReader[dynamicMember: keyPath]
  }


  /// Reads another request's value from now on.
  public func load(_ request: some FetchRequest<Value>, database: (any LiveDatabase)? = nil) async throws {
    try await sharedReader.load(FetchKey(request: request, database: database))
  }
}

extension Fetch: Equatable where Value: Equatable {
  /// Fetches are equal when their values are: `$a == $b`.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.wrappedValue == rhs.wrappedValue }
}
/// What ``FetchAll``, ``FetchOne`` and ``Fetch`` share: the shared reader underneath, and
/// its state.
///
/// ```swift
/// if $items.isLoading { … } else if let error = $items.loadError { … }
/// try await $items.load()
/// ```
public protocol DatabaseFetch: Sendable {
  associatedtype Value: Sendable
  /// The shared reader underneath.
  var sharedReader: SharedReader<Value> { get }
}

extension DatabaseFetch {
  /// Whether the first read, or a load, is under way.
  public var isLoading: Bool { sharedReader.isLoading }

  /// The error of the last read, if it failed (the value stays as it was).
  public var loadError: (any Error)? { sharedReader.loadError }

  /// Reads the value again now.
  public func load() async throws { try await sharedReader.load() }
}
#endif
