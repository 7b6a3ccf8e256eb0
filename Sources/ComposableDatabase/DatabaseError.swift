#if SQLite || PostgreSQL
/// A database fault, said plainly: what could not be opened or which migration failed, with the
/// engine's own error.
///
/// ```swift
/// do {
///   let database = try await SQLiteLiveDatabase.open(path: "app.sqlite", migrator: .app)
/// } catch let error as DatabaseError {
///   print(error)  // Could not open the database app.sqlite: …
/// }
/// ```
public enum DatabaseError: Error, CustomStringConvertible {
  /// The database could not be opened or reached.
  case cannotOpen(String, any Error)
  /// A migration failed; the database is as it was before it.
  case migrationFailed(String, any Error)

  /// What failed and why: `Could not open the database app.sqlite: …`.
  public var description: String {
    // The engine's own account of the error: PostgresNIO's `description` hides the server's
    // message, its `debugDescription` gives it.
    switch self {
    case let .cannotOpen(what, error):
      "Could not open the database \(what): \(String(reflecting: error))"
    case let .migrationFailed(name, error):
      "The migration \"\(name)\" failed: \(String(reflecting: error))"
    }
  }
}
#endif
