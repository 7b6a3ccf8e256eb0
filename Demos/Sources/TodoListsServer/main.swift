// Shared to-do lists with sign-in, served by Hummingbird: a live page on the app's own router,
// behind its sign-in middleware.
//
//     swift run --package-path Demos TodoListsServer      # http://127.0.0.1:8090/
import ArgumentParser
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

  @Option(help: "Where each user's lists are kept.")
  var data = FileManager.default.temporaryDirectory.appending(path: "todo-lists").path

  func run() async throws {
    LoggingSystem.bootstrap(StreamLogHandler.standardError)
    let directory = URL(fileURLWithPath: data)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let (host, port) = (self.host, self.port)
    let (app, endpoint) = TodoListsApp.makeApplication(
      host: host, port: port, dataDirectory: directory,
      onReady: {
        FileHandle.standardOutput.write(Data("To-do lists running at http://\(host):\(port)/\n".utf8))
      })
    try await app.runService(with: endpoint)
  }
}
