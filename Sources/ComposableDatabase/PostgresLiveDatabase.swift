#if PostgreSQL
import Foundation
import Logging
import PostgresKit
import PostgresNIO
import SQLKit
import Sharing

/// A ``LiveDatabase`` in PostgreSQL, for several processes: a write in any process reaches the
/// fetches of every process.
///
/// How a change travels: each table has a statement trigger (installed when the database is
/// opened, for every table the migrations made) that calls `pg_notify('ocaf_changes', <table>)`.
/// PostgreSQL delivers a notification when its transaction commits, once per table per
/// transaction, to every process listening; each process listens on one connection of its own
/// and runs again the fetches that read that table. A notification carries the table's name
/// only: the rows are read again.
///
/// A lost listening connection is opened again (after 0.1 s, doubling up to 5 s). A
/// notification sent meanwhile is lost, as PostgreSQL keeps none for a session that is not
/// listening, so once listening again every fetch runs again (``DatabaseChange/everything``).
///
/// ```swift
/// let database = try await PostgresLiveDatabase.connect(
///   url: "postgres://todos@127.0.0.1:5432/todos", migrator: .todos)
/// prepareDependencies { $0.defaultDatabase = database }
/// ```
public final class PostgresLiveDatabase: LiveDatabase {
  private let client: PostgresClient
  private let configuration: PostgresConnection.Configuration
  private let hub = ChangeHub()
  private let tasks = Locked<[Task<Void, Never>]>([])
  /// The channel of the change notifications.
  public static let channel = "ocaf_changes"
  /// The `application_name` of each process's listening connection.
  public static let listenerName = "ocaf_changes_listener"
  let logger: Logger

  private init(
    client: PostgresClient, configuration: PostgresConnection.Configuration, logger: Logger
  ) {
    self.client = client
    self.configuration = configuration
    self.logger = logger
  }

  /// Connects to the database at `url` (`postgres://user:password@host:port/database`), brings
  /// its schema up to date with `migrator` (one process at a time), and starts listening for
  /// changes. A database that can't be reached fails here, with ``DatabaseError/cannotOpen(_:_:)``
  /// naming it (its password left out).
  public static func connect(
    url: String, migrator: DatabaseMigrator? = nil,
    logger: Logger = Logger(label: "ComposableDatabase")
  ) async throws -> PostgresLiveDatabase {
    let (clientConfiguration, connectionConfiguration, shown) = try configurations(url: url)
    let client = PostgresClient(configuration: clientConfiguration, backgroundLogger: logger)
    let database = PostgresLiveDatabase(
      client: client, configuration: connectionConfiguration, logger: logger)
    let running = Task { await client.run() }
    database.tasks.withLock { $0.append(running) }
    // A connection of its own first: a server that is down fails it at once (the pool would
    // keep trying), and it holds the lock under which one process at a time migrates.
    let setup: PostgresConnection
    do {
      setup = try await PostgresConnection.connect(
        configuration: connectionConfiguration, id: 0, logger: logger)
    } catch {
      database.close()
      throw DatabaseError.cannotOpen(shown, error)
    }
    do {
      try await setup.query("SELECT pg_advisory_lock(\(migrationLock))", logger: logger)
      if let migrator { try await migrator.migrate(database) }
      try await database.installTriggers()
      // Closing the connection releases the lock.
      try? await setup.close()
    } catch {
      try? await setup.close()
      database.close()
      throw error
    }
    do {
      try await database.startListening()
    } catch {
      database.close()
      throw DatabaseError.cannotOpen(shown, error)
    }
    return database
  }

  /// The key of the advisory lock under which a process migrates and installs the triggers.
  static let migrationLock = 0x6F63_6166_6D69_6772

  static func configurations(
    url: String
  ) throws -> (PostgresClient.Configuration, PostgresConnection.Configuration, String) {
    guard let components = URLComponents(string: url),
      ["postgres", "postgresql"].contains(components.scheme), let host = components.host,
      let user = components.user
    else {
      throw DatabaseError.cannotOpen(url, BadURL())
    }
    let port = components.port ?? 5432
    let database = components.path.split(separator: "/").first.map(String.init)
    let password = components.password
    var client = PostgresClient.Configuration(
      host: host, port: port, username: user, password: password, database: database, tls: .disable)
    client.options.maximumConnections = 20
    let connection = PostgresConnection.Configuration(
      host: host, port: port, username: user, password: password, database: database, tls: .disable)
    return (client, connection, "postgres://\(user)@\(host):\(port)/\(database ?? "")")
  }

  struct BadURL: Error, CustomStringConvertible {
    var description: String { "expected postgres://user[:password]@host[:port]/database" }
  }

  /// A statement trigger on every table of the current schema (but this library's own) that
  /// notifies ``channel`` with the table's name.
  private func installTriggers() async throws {
    try await write { db in
      try await db.raw(
        """
        CREATE OR REPLACE FUNCTION ocaf_notify_change() RETURNS trigger AS $$
        BEGIN
          PERFORM pg_notify('ocaf_changes', TG_TABLE_NAME);
          RETURN NULL;
        END;
        $$ LANGUAGE plpgsql
        """
      ).run()
      let tables = try await db.raw(
        """
        SELECT table_name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
          AND table_name NOT LIKE 'ocaf\\_%'
        """
      ).all(decodingColumn: "table_name", as: String.self)
      for table in tables {
        let quoted = "\"" + table.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        try await db.raw(
          """
          CREATE OR REPLACE TRIGGER ocaf_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
          ON \(unsafeRaw: quoted) FOR EACH STATEMENT EXECUTE FUNCTION ocaf_notify_change()
          """
        ).run()
      }
    }
  }

  /// Opens the listening connection, and returns once it listens; throws if the first try fails
  /// (a database that is down at start). Later losses are retried in the background.
  private func startListening() async throws {
    let (established, ready) = AsyncStream<Result<Void, any Error>>.makeStream()
    var configuration = configuration
    // So that the connection shows what it is in `pg_stat_activity`.
    configuration.options.additionalStartupParameters.append(
      ("application_name", Self.listenerName))
    let task = Task { [configuration, hub, logger] in
      // Whatever ends this task, the caller waiting for the first listen stops waiting.
      defer { ready.finish() }
      var delay = Duration.milliseconds(100)
      var isFirst = true
      while !Task.isCancelled {
        do {
          let connection = try await PostgresConnection.connect(
            configuration: configuration, id: 1, logger: logger)
          defer { Task { try? await connection.close() } }
          try await connection.listen(on: Self.channel) { notifications in
            // The server runs a connection's commands in order: once this query is answered,
            // it listens.
            try await connection.query("SELECT 1", logger: logger)
            if isFirst {
              isFirst = false
              ready.yield(.success(()))
              ready.finish()
            } else {
              logger.notice("Listening for database changes again; every fetch runs again")
              hub.broadcast(.everything)
            }
            delay = .milliseconds(100)
            for try await notification in notifications {
              hub.broadcast(.tables([notification.payload]))
            }
          }
          // The notifications ended without an error: the server closed the connection.
          if Task.isCancelled { return }
          logger.warning(
            "Lost the database's change notifications; listening again",
            metadata: ["retry in": "\(delay)"])
        } catch {
          if Task.isCancelled { return }
          if isFirst {
            ready.yield(.failure(error))
            ready.finish()
            return
          }
          logger.warning(
            "Lost the database's change notifications; listening again",
            metadata: ["error": "\(String(reflecting: error))", "retry in": "\(delay)"])
        }
        try? await Task.sleep(for: delay)
        delay = min(delay * 2, .seconds(5))
      }
    }
    tasks.withLock { $0.append(task) }
    var waiting = established.makeAsyncIterator()
    switch await waiting.next() {
    case .success?: return
    case let .failure(error)?: throw error
    case nil: throw CancellationError()
    }
  }

  /// Runs `body` on a pooled connection, outside a transaction:
  /// `try await database.read { try await $0.raw("SELECT 1").run() }`.
  public func read<T: Sendable>(
    _ body: @escaping @Sendable (any SQLDatabase) async throws -> T
  ) async throws -> T {
    try await client.withConnection { connection in
      try await body(connection.sql())
    }
  }

  /// Runs `body` in a transaction on a pooled connection (`BEGIN` … `COMMIT`, `ROLLBACK` if it
  /// throws); the triggers tell every process what it changed.
  public func write<T: Sendable>(
    _ body: @escaping @Sendable (any SQLDatabase) async throws -> T
  ) async throws -> T {
    try await client.withConnection { connection in
      let db = connection.sql()
      try await db.raw("BEGIN").run()
      do {
        let value = try await body(db)
        try await db.raw("COMMIT").run()
        return value
      } catch {
        try? await db.raw("ROLLBACK").run()
        throw error
      }
    }
  }

  /// Calls `onChange` with the table each notification names, from any process, and with
  /// `.everything` after a reconnection.
  public func observeChanges(
    _ onChange: @escaping @Sendable (DatabaseChange) -> Void
  ) -> DatabaseObservation {
    hub.observe(onChange)
  }

  /// Stops listening and closes the connections.
  public func close() {
    for task in tasks.withLock({ $0 }) { task.cancel() }
  }
}
#endif
