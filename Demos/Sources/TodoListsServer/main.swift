// Shared to-do lists with sign-in, served by Hummingbird: a live page on the app's own router,
// behind its sign-in middleware, with the lists in a database.
//
//     swift run --package-path Demos TodoListsServer      # http://127.0.0.1:8090/
//     swift run --package-path Demos TodoListsServer --database postgres://user@host/todos
import ArgumentParser
import ComposableDatabase
import ComposableWeb
import ComposableWebHummingbird
import Foundation
import Hummingbird
import Logging
import TodoLists

@main
struct TodoListsServer: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Serves shared to-do lists with sign-in (demo accounts: ada/lovelace, grace/hopper).")

  @Option(help: "The address to listen on.")
  var host = "127.0.0.1"

  @Option(help: "The port to listen on.")
  var port = 8090

  @Option(
    help: """
      Where the lists are: an SQLite file (made if missing), or a PostgreSQL URL \
      (postgres://user@host:port/name) that several servers share.
      """)
  var database = FileManager.default.temporaryDirectory.appending(path: "todo-lists.sqlite").path

  @Option(help: "This server's name among the servers that share --database (default: unique).")
  var serverName: String?

  @Option(
    name: .customLong("trusted-proxy"),
    help: "The address of a reverse proxy whose X-Forwarded-For is believed (repeatable).")
  var trustedProxies: [String] = []

  func run() async throws {
    LoggingSystem.bootstrap(StreamLogHandler.standardError)
    var logger = Logger(label: "todo-lists")
    logger.logLevel = .info
    let opened: any LiveDatabase =
      if database.hasPrefix("postgres://") || database.hasPrefix("postgresql://") {
        try await PostgresLiveDatabase.connect(url: database, migrator: .todoLists, logger: logger)
      } else {
        try await SQLiteLiveDatabase.open(path: database, migrator: .todoLists, logger: logger)
      }
    // The pages' snapshots are in the same database: a page of a server that stops resumes on
    // another (or on this one, restarted), with its open list and its typed text.
    let snapshots = try await DatabaseSessionStore.open(
      database: opened, owner: serverName ?? DatabaseSessionStore.defaultOwner(), logger: logger)
    let (host, port) = (self.host, self.port)
    let (app, endpoint) = TodoListsApp.makeApplication(
      host: host, port: port, database: opened, snapshots: SessionSnapshots(store: snapshots),
      trustedProxies: Set(trustedProxies), logger: logger,
      onReady: {
        FileHandle.standardOutput.write(Data("To-do lists running at http://\(host):\(port)/\n".utf8))
      })
    try await app.runService(with: endpoint)
  }
}
