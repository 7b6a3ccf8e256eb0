#if SQLite || PostgreSQL
import Foundation
import SQLKit

/// SQL text with its values bound, not spliced: `\(bind: value)` in a literal becomes a
/// parameter of the statement, so a value can never change what the statement does. Two equal
/// texts with equal values are the same query, which is what makes a fetch a shared key.
///
/// ```swift
/// let listID = 7
/// let query: SQLText = "SELECT * FROM items WHERE list = \(bind: listID) ORDER BY position"
/// ```
public struct SQLText: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
  enum Part: Hashable, Sendable {
    case text(String)
    case value(DatabaseValue)
  }

  var parts: [Part]

  /// SQL text with no bound values: `let sql: SQLText = "SELECT * FROM items"`.
  public init(stringLiteral value: String) {
    parts = [.text(value)]
  }

  /// SQL text with its bound values: `"SELECT * FROM items WHERE id = \(bind: id)"`.
  public init(stringInterpolation: StringInterpolation) {
    parts = stringInterpolation.parts
  }

  /// Builds an ``SQLText``: literal text is SQL, `\(bind:)` a bound value, and
  /// `\(unsafeRaw:)` SQL made at run time (never from what a user typed).
  public struct StringInterpolation: StringInterpolationProtocol {
    var parts: [Part] = []

    /// Starts an interpolation (the compiler calls it).
    public init(literalCapacity: Int, interpolationCount: Int) {}

    /// Appends SQL written in the literal (the compiler calls it).
    public mutating func appendLiteral(_ literal: String) {
      parts.append(.text(literal))
    }

    /// A value bound as a parameter.
    public mutating func appendInterpolation(bind value: some DatabaseValueConvertible) {
      parts.append(.value(value.databaseValue))
    }

    /// SQL text inserted as it is: a table or column name the code chose, never input.
    public mutating func appendInterpolation(unsafeRaw text: String) {
      parts.append(.text(text))
    }

    /// Another SQL text, with its bound values.
    public mutating func appendInterpolation(_ text: SQLText) {
      parts.append(contentsOf: text.parts)
    }
  }

  /// The text with `?` for each bound value: for logs and messages.
  public var description: String {
    parts.map {
      switch $0 {
      case let .text(text): text
      case .value: "?"
      }
    }.joined()
  }

  /// The statement as SQLKit runs it, on any dialect.
  var expression: SQLQueryString {
    var string = SQLQueryString("")
    for part in parts {
      switch part {
      case let .text(text): string.appendInterpolation(unsafeRaw: text)
      case let .value(value): string.appendInterpolation(bind: value)
      }
    }
    return string
  }
}

/// A value stored in a column, as both engines take it.
public enum DatabaseValue: Hashable, Sendable, Encodable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob(Data)

  /// Encodes the value as the engine binds it (SQLKit calls it).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case let .integer(value): try container.encode(value)
    case let .real(value): try container.encode(value)
    case let .text(value): try container.encode(value)
    case let .blob(value): try container.encode(value)
    }
  }
}

/// A type whose values can be bound in an ``SQLText``.
public protocol DatabaseValueConvertible {
  /// The value as a column stores it.
  var databaseValue: DatabaseValue { get }
}

extension Int: DatabaseValueConvertible {
  /// An integer: `\(bind: 3)`.
  public var databaseValue: DatabaseValue { .integer(Int64(self)) }
}
extension Int64: DatabaseValueConvertible {
  /// An integer: `\(bind: Int64(3))`.
  public var databaseValue: DatabaseValue { .integer(self) }
}
extension Double: DatabaseValueConvertible {
  /// A real number: `\(bind: 2.5)`.
  public var databaseValue: DatabaseValue { .real(self) }
}
extension Bool: DatabaseValueConvertible {
  /// 1 or 0: `\(bind: true)`.
  public var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }
}
extension String: DatabaseValueConvertible {
  /// Text: `\(bind: "Milk")`.
  public var databaseValue: DatabaseValue { .text(self) }
}
extension UUID: DatabaseValueConvertible {
  /// The UUID's text: `\(bind: id)`.
  public var databaseValue: DatabaseValue { .text(uuidString) }
}
extension Data: DatabaseValueConvertible {
  /// A blob: `\(bind: data)`.
  public var databaseValue: DatabaseValue { .blob(self) }
}
extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
  /// The wrapped value, or NULL: `\(bind: note)`.
  public var databaseValue: DatabaseValue { self?.databaseValue ?? .null }
}
#endif
