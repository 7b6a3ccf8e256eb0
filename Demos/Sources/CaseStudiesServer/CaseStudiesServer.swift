import ArgumentParser
import CaseStudies
import ComposableDatabase
import ComposableWeb
import ComposableWebHummingbird
import Foundation
import Logging

/// Serves the case studies: `CaseStudiesServer [--host HOST] [--port PORT] [options]`.
@main
struct CaseStudiesServer: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Serves the case studies in the browser, each page a live TCA store on the server.")

  @Option(help: "The address to listen on.")
  var host = "127.0.0.1"

  @Option(help: "The port to listen on (0 for any free one).")
  var port = 8080

  @Option(
    name: .customLong("allowed-host"),
    help: "A host name pages may be requested by (repeatable; a leading dot allows subdomains). Default: the address listened on and localhost.")
  var allowedHosts: [String] = []

  @Option(
    name: .customLong("trusted-proxy"),
    help: "The address of a reverse proxy whose X-Forwarded-For is believed (repeatable).")
  var trustedProxies: [String] = []

  @Flag(help: "Mark the browser cookie Secure (pages served over HTTPS).")
  var secureCookies = false

  @Option(help: "The most sessions the server keeps.")
  var maxSessions = LiveLimits().maximumSessions

  @Option(help: "The most sessions one client address may hold.")
  var maxSessionsPerAddress = LiveLimits().maximumSessionsPerAddress

  @Option(help: "How many new sessions one client address may start per second.")
  var newSessionsPerSecond = LiveLimits().newSessionsPerSecondPerAddress

  @Option(help: "How many new sessions one client address may start at once.")
  var newSessionBurst = LiveLimits().newSessionBurstPerAddress

  @Option(help: "Seconds a connection may take to send a request.")
  var idleTimeout: Double = 30

  @Option(help: "Seconds a stop (SIGTERM, SIGINT) may take.")
  var shutdownTimeout: Double = 10

  @Option(
    help: "A directory for session snapshots, so that a restart resumes restorable pages (the counter).")
  var snapshots: String?

  @Option(
    help: """
      A database for session snapshots that several servers share, so that the pages of a \
      server that stops resume on another: a PostgreSQL URL (postgres://user@host:port/name) or \
      an SQLite file.
      """)
  var database: String?

  @Option(help: "This server's name among the servers that share --database (default: unique).")
  var serverName: String?

  @Option(
    help: "Milliseconds by which every page delays each message both ways, to see loading states (a development setting: a release build ignores it).")
  var latency: Int?

  mutating func validate() throws {
    guard (0...65535).contains(port) else {
      throw ValidationError("--port needs a number from 0 to 65535")
    }
    guard snapshots == nil || database == nil else {
      throw ValidationError("--snapshots and --database name two places for the snapshots: give one")
    }
    guard (latency ?? 0) >= 0 else {
      throw ValidationError("--latency needs a number of milliseconds, 0 or more")
    }
    guard idleTimeout > 0, shutdownTimeout > 0 else {
      throw ValidationError("--idle-timeout and --shutdown-timeout need a positive number of seconds")
    }
    guard maxSessions > 0, maxSessionsPerAddress > 0, newSessionsPerSecond > 0, newSessionBurst > 0
    else {
      throw ValidationError(
        "--max-sessions, --max-sessions-per-address, --new-sessions-per-second and --new-session-burst need positive numbers")
    }
  }

  func run() async throws {
    LoggingSystem.bootstrap(StreamLogHandler.standardError)
    var logger = Logger(label: "case-studies")
    logger.logLevel = .info
    var limits = LiveLimits()
    limits.maximumSessions = maxSessions
    limits.maximumSessionsPerAddress = maxSessionsPerAddress
    limits.newSessionsPerSecondPerAddress = newSessionsPerSecond
    limits.newSessionBurstPerAddress = newSessionBurst
    limits.idleTimeout = .milliseconds(Int(idleTimeout * 1000))
    var layout = LiveLayout()
    layout.simulatedLatency = latency.map { .milliseconds($0) }
    let endpoint = LiveEndpoint(
      title: "Case studies",
      features: caseStudies,
      layout: layout,
      showsIndex: true,
      hosts: HostPolicy(allowedHosts: allowedHosts.isEmpty ? nil : Set(allowedHosts), boundHost: host),
      trustedProxies: Set(trustedProxies),
      secureCookies: secureCookies,
      snapshots: try await sessionSnapshots(logger: logger),
      limits: limits,
      logger: logger)
    let server = LiveServer(
      endpoint: endpoint, shutdownTimeout: .milliseconds(Int(shutdownTimeout * 1000)))
    try await server.run(host: host, port: port)
  }

  /// Where the snapshots are: files in `--snapshots`, a database at `--database`, or none.
  func sessionSnapshots(logger: Logger) async throws -> SessionSnapshots? {
    if let snapshots { return SessionSnapshots(directory: URL(filePath: snapshots)) }
    guard let database else { return nil }
    let opened: any LiveDatabase =
      if database.hasPrefix("postgres://") || database.hasPrefix("postgresql://") {
        try await PostgresLiveDatabase.connect(url: database, logger: logger)
      } else {
        try await SQLiteLiveDatabase.open(path: database, logger: logger)
      }
    let store = try await DatabaseSessionStore.open(
      database: opened, owner: serverName ?? DatabaseSessionStore.defaultOwner(), logger: logger)
    logger.info("Session snapshots in the database", metadata: ["owner": "\(store.owner)"])
    return SessionSnapshots(store: store)
  }
}
