// How fast database-backed shared state is, next to in-memory `@Shared` on the same run:
// writes per second, and the time from a write to the patch of every page that shows it.
//
//     swift run -c release --package-path Demos DatabaseBenchmark
//     swift run -c release --package-path Demos DatabaseBenchmark --postgres postgres://user@host/db
//
// Each page is a live session of a feature whose state is one shared value (a row), attached
// to the endpoint's registry as a page's socket is, minus the socket: what it is sent is the
// patch. A write stamps the row with the monotonic clock (the same in every process on one
// machine), and each patch's stamp gives that page's latency. With PostgreSQL the writes come
// from a second process of this program, so the latency includes the notification between
// processes.
import ArgumentParser
import ComposableArchitecture
import ComposableDatabase
import ComposableWeb
import Foundation
import Logging
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The row every page shows: a write's number and when it began (monotonic nanoseconds).
struct Mark: Decodable, Equatable, Sendable {
  var seq = 0
  var writtenAt: Int64 = 0

  enum CodingKeys: String, CodingKey {
    case seq
    case writtenAt = "written_at"
  }
}

/// A page of one shared mark.
@Reducer
struct Board {
  @ObservableState
  struct State: Equatable {
    @SharedReader var mark: Mark
  }
  enum Action: Equatable {}
  var body: some ReducerOf<Self> { EmptyReducer() }
}

func boardView(_ store: LiveStoreOf<Board>) -> Node<Board.Action> {
  p("mark \(store.mark.seq) at \(store.mark.writtenAt)")
}

/// Nanoseconds on the monotonic clock, which every process of the machine shares.
func monotonicNanoseconds() -> Int64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
}

/// One engine: how the pages read the mark, and how a write sets it.
struct Engine: Sendable {
  let name: String
  let reader: @Sendable () -> SharedReader<Mark>
  let write: @Sendable (Int) async throws -> Void
}

let markTable: DatabaseMigrator = {
  var migrator = DatabaseMigrator()
  migrator.registerMigration("Create bench_marks") { db in
    try await db.raw(
      "CREATE TABLE IF NOT EXISTS bench_marks (id BIGINT PRIMARY KEY, seq BIGINT NOT NULL, written_at BIGINT NOT NULL)"
    ).run()
    try await db.raw("DELETE FROM bench_marks").run()
    try await db.raw("INSERT INTO bench_marks (id, seq, written_at) VALUES (1, 0, 0)").run()
  }
  return migrator
}()

func writeMark(_ seq: Int, to database: any LiveDatabase) async throws {
  let now = monotonicNanoseconds()
  try await database.write { db in
    try await db.raw("UPDATE bench_marks SET seq = \(bind: seq), written_at = \(bind: now) WHERE id = 1").run()
  }
}

func databaseEngine(_ name: String, _ database: any LiveDatabase) -> Engine {
  Engine(
    name: name,
    reader: {
      FetchOne(
        wrappedValue: Mark(), sql: "SELECT seq, written_at FROM bench_marks WHERE id = 1",
        tables: ["bench_marks"], database: database
      ).sharedReader
    },
    write: { seq in try await writeMark(seq, to: database) })
}

let memoryEngine = Engine(
  name: "@Shared(.inMemory), one process",
  reader: { SharedReader(Shared(wrappedValue: Mark(), .inMemory("benchmark-mark"))) },
  write: { seq in
    let shared = Shared(wrappedValue: Mark(), .inMemory("benchmark-mark"))
    let now = monotonicNanoseconds()
    shared.withLock { $0 = Mark(seq: seq, writtenAt: now) }
  })

/// What one engine measured.
struct Figures {
  var writesPerSecond: Double
  var expected: Int
  var latencies: [Int64]

  func percentile(_ fraction: Double) -> Double {
    guard !latencies.isEmpty else { return .nan }
    let sorted = latencies.sorted()
    return Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]) / 1e6
  }
}

/// The patches' latencies, in nanoseconds, as the pages receive them.
final class Patches: Sendable {
  // Appended to in place (`LockIsolated` would copy the array on every change).
  private let latencies = Mutex<[Int64]>([])

  func record(_ message: String) {
    let arrived = monotonicNanoseconds()
    guard let range = message.range(of: " at ") else { return }
    let digits = message[range.upperBound...].prefix { $0.isNumber }
    guard let writtenAt = Int64(digits), writtenAt > 0 else { return }
    latencies.withLock { $0.append(arrived - writtenAt) }
  }

  var count: Int { latencies.withLock { $0.count } }
  var all: [Int64] { latencies.withLock { $0 } }
}

@main
struct DatabaseBenchmark: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Writes per second, and write-to-patch latency with many pages, per shared-state engine.")

  @Option(help: "Pages that show the shared row.")
  var pages = 1000

  @Option(help: "Writes timed back to back for writes per second.")
  var throughputWrites = 2000

  @Option(help: "Writes whose patches are timed.")
  var writes = 200

  @Option(help: "Those writes per second (paced, so that each reaches the pages before the next).")
  var rate = 20.0

  @Option(help: "A PostgreSQL URL: adds PostgreSQL, written to from a second process.")
  var postgres: String?

  @Option(help: "Only this engine: memory, sqlite or postgres.")
  var only: String?

  @Option(help: .hidden)
  var writeTo: String?

  func run() async throws {
    if let writeTo {
      // The second process: paced writes, then exit.
      let database = try await PostgresLiveDatabase.connect(url: writeTo, logger: quietLogger)
      try await paced(writes, rate: rate) { seq in try await writeMark(seq, to: database) }
      database.close()
      return
    }
    print("pages: \(pages), timed writes: \(writes) at \(rate)/s, back-to-back writes: \(throughputWrites)")
    print(
      "engine".padding(toLength: 42, withPad: " ", startingAt: 0)
        + "writes/s     patches   p50 ms   p99 ms")
    if only == nil || only == "memory" { try await report(memoryEngine) }
    if only == nil || only == "sqlite" { try await reportSQLite() }
    if let postgres, only == nil || only == "postgres" {
      let database = try await PostgresLiveDatabase.connect(url: postgres, migrator: nil, logger: quietLogger)
      try await markTable.migrate(database)
      try await database.write { db in
        try await db.raw("UPDATE bench_marks SET seq = 0, written_at = 0 WHERE id = 1").run()
      }
      try await report(databaseEngine("PostgreSQL, writes from another process", database), secondProcess: postgres)
      database.close()
    }
  }

  func reportSQLite() async throws {
    let file = FileManager.default.temporaryDirectory.appending(path: "benchmark-\(UUID().uuidString).sqlite")
    defer { try? FileManager.default.removeItem(at: file) }
    let sqlite = try await SQLiteLiveDatabase.open(path: file.path, migrator: markTable, logger: quietLogger)
    try await report(databaseEngine("SQLite, one process", sqlite))
    await sqlite.close()
  }

  var quietLogger: Logger {
    var logger = Logger(label: "benchmark")
    logger.logLevel = .warning
    return logger
  }

  func report(_ engine: Engine, secondProcess: String? = nil) async throws {
    let figures = try await measure(engine, secondProcess: secondProcess)
    let line =
      engine.name.padding(toLength: 42, withPad: " ", startingAt: 0)
      + String(format: "%8.0f  %6d/%-6d %7.2f  %7.2f", figures.writesPerSecond, figures.latencies.count,
        figures.expected, figures.percentile(0.5), figures.percentile(0.99))
    print(line)
  }

  func measure(_ engine: Engine, secondProcess: String?) async throws -> Figures {
    // Writes per second, back to back, before any page is open.
    let start = monotonicNanoseconds()
    for seq in 1...throughputWrites { try await engine.write(-seq) }
    let writesPerSecond = Double(throughputWrites) / (Double(monotonicNanoseconds() - start) / 1e9)

    // The pages, each a session attached to the registry, as a page's socket attaches.
    var limits = LiveLimits()
    limits.maximumSessions = pages + 10
    limits.maximumSessionsPerAddress = pages + 10
    limits.newSessionsPerSecondPerAddress = 1e9
    limits.newSessionBurstPerAddress = pages + 10
    let endpoint = LiveEndpoint(
      title: "Benchmark",
      features: [
        LiveFeature(
          path: "board", title: "Board", summary: "One shared row.",
          makeStore: { LiveStore(initialState: Board.State(mark: engine.reader())) { Board() } },
          view: boardView)
      ],
      hosts: HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1"), limits: limits, logger: quietLogger)
    let patches = Patches()
    for index in 0..<pages {
      _ = await endpoint.registry.connect(
        featurePath: "board", resumeID: nil, visitor: Visitor(address: "10.0.0.\(index % 250)"),
        output: { patches.record($0) })
    }
    // The first renders carry the last back-to-back write's stamp: not counted.
    try await Task.sleep(for: .milliseconds(500))
    let before = patches.count

    if let secondProcess {
      let writer = Process()
      writer.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      writer.arguments = ["--write-to", secondProcess, "--writes", "\(writes)", "--rate", "\(rate)"]
      try writer.run()
      while writer.isRunning { try await Task.sleep(for: .milliseconds(50)) }
    } else {
      try await paced(writes, rate: rate) { try await engine.write($0) }
    }
    // Patches of the last writes are still on their way.
    let expected = writes * pages
    let deadline = monotonicNanoseconds() + 5_000_000_000
    while patches.count - before < expected, monotonicNanoseconds() < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    await endpoint.shutDown()
    return Figures(
      writesPerSecond: writesPerSecond, expected: expected, latencies: Array(patches.all.dropFirst(before)))
  }
}

/// Runs `write` `count` times, `rate` times a second.
func paced(_ count: Int, rate: Double, _ write: (Int) async throws -> Void) async throws {
  let interval = Int64(1e9 / rate)
  let start = monotonicNanoseconds()
  for seq in 1...count {
    let due = start + Int64(seq - 1) * interval
    let wait = due - monotonicNanoseconds()
    if wait > 0 { try await Task.sleep(for: .nanoseconds(wait)) }
    try await write(seq)
  }
}
