import ArgumentParser
import CaseStudies
import CaseStudyFeatures
import ComposableArchitecture
import ComposableWeb
import ComposableWebHummingbird
import Foundation
import Logging
import NIOCore
import NIOPosix

/// A load benchmark of ComposableWeb on loopback, bounded in count and time.
///
/// ```sh
/// swift run -c release --package-path Demos LoadBenchmark
/// swift run -c release --package-path Demos LoadBenchmark --sessions 200 --actions 100 --idle 1000 --timeout 120
/// swift run -c release --package-path Demos LoadBenchmark --idle 0 --rate 10
/// swift run -c release --package-path Demos LoadBenchmark --parallel-clicks 200 --sessions 200
/// ```
///
/// It starts the case studies' counter in a server of its own (this executable run with
/// `--serve`, a child process, so that its memory can be read from `/proc/<pid>/status`), then:
/// 1. opens `--idle` sessions that load their page and keep their socket open, and reports the
///    server's resident memory before and after, per session;
/// 2. opens `--sessions` sessions at once, each of which clicks the counter's "+" `--actions`
///    times, timing each click from sending it to the arrival of its patch; it reports the
///    latencies' p50, p99 and maximum, the throughput, and the CPU time the server and the
///    clients spent meanwhile. Without `--rate`, each click is sent the moment the previous
///    click's patch arrives (a closed loop: the server is saturated). With `--rate N`, each
///    session clicks N times a second, at jittered times (see ``schedule(click:rate:offset:)``);
///    a click whose time comes before the previous patch arrived waits for it (the page needs
///    the new handler id) and is counted as held back.
///
/// The pages are ``PageClient``s: channel handlers on `--client-threads` event loops (one by
/// default) that answer each patch with the next click in the callback that decoded it, so that
/// the clients take as little as they can of the cores they share with the server.
///
/// The server runs with the default `LiveLimits` (50 messages per second per page, bursts of
/// 100, 10,000 sessions) but for the per-address ones, lifted since every page comes from
/// 127.0.0.1: 100 clicks as fast as replies come fit in the burst. A dropped click
/// would never get its patch and shows as a timeout. Its WebSocket client's `Origin` header,
/// `ws://127.0.0.1`, is added to the server's `trustedOrigins`. The benchmark exits non-zero with a message
/// when anything goes wrong or when `--timeout` seconds pass.

struct Options: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "LoadBenchmark",
    abstract: "A load benchmark of ComposableWeb on loopback, bounded in count and time."
  )

  @Option(help: "Sessions that click at once (1...2000).")
  var sessions = 200

  // More than 100 quick clicks would exceed the server's default burst of 100.
  @Option(help: "Clicks per session (1...100).")
  var actions = 100

  @Option(help: "Idle sessions opened first, to measure the memory of each (0...5000).")
  var idle = 1_000

  @Option(help: "Seconds after which the benchmark fails, after a --soak's minutes (1...600).")
  var timeout = 120

  // The server admits 50 messages per second per page.
  @Option(help: "Clicks per second per session, paced; without it, a closed loop (1...50).")
  var rate: Int?

  @Option(
    name: .customLong("server-wrapper"),
    help: "A command to run the server under, e.g. \"/usr/bin/heaptrack -o /tmp/server\".")
  var serverWrapper: String?

  @Option(name: .customLong("client-threads"), help: "Event loops the pages run on (1...8).")
  var clientThreads = 1

  @Option(
    name: .customLong("latencies"),
    help: "A file for every click's round trip in ns, one per line, session after session.")
  var latenciesPath: String?

  @Option(
    name: .customLong("main-actor-clicks"),
    help: "Measure only the main actor's share of a click, in process, over N clicks (1...1000000).")
  var mainActorClicks: Int?

  @Option(
    name: .customLong("parallel-clicks"),
    help: "Measure clicks in process on one event loop and on --threads loops, in alternating rounds: clicks per session (1...100000); --sessions sessions.")
  var parallelClicks: Int?

  @Option(help: "Event loops the sessions run on with --parallel-clicks (2...8).")
  var threads = 2

  @Option(help: "Rounds of one-loop and many-loop runs with --parallel-clicks (1...20).")
  var rounds = 3

  @Option(
    help: """
      After the clicks, click again while one more page floods its socket with this many \
      clicks, and compare (1...1000000).
      """)
  var flood: Int?

  @Option(
    name: .customLong("flood-tolerance"),
    help: """
      The server's LiveLimits.floodTolerance: how far a page's dropped messages may outrun its \
      rate before its socket is closed (1...10000000). (default: 500)
      """)
  var floodTolerance: Int?

  @Option(
    help: """
      Instead of everything else, a soak of this many minutes: visitors that come and go, \
      click, reconnect and switch pages, with the server's memory at each minute (1...120).
      """)
  var soak: Int?

  @Option(
    help: "Rows of a long list: measures the memory of --list-sessions pages showing them as a stream and as keyed components, then exits (1...100000).")
  var rows: Int?

  @Option(name: .customLong("list-sessions"), help: "Pages of each list with --rows (1...200).")
  var listSessions = 20

  @Option(help: "Visitors at once in --soak (1...2000).")
  var visitors = 200

  @Flag(help: .hidden)
  var serve = false

  func validate() throws {
    func check(_ value: Int?, _ name: String, _ range: ClosedRange<Int>) throws {
      if let value, !range.contains(value) {
        throw ValidationError("--\(name) needs a number in \(range.lowerBound)...\(range.upperBound)")
      }
    }
    try check(self.sessions, "sessions", 1...2_000)
    try check(self.actions, "actions", 1...100)
    try check(self.idle, "idle", 0...5_000)
    if let rows { try check(rows, "rows", 1...100_000) }
    try check(listSessions, "list-sessions", 1...200)
    try check(self.timeout, "timeout", 1...600)
    try check(self.rate, "rate", 1...50)
    try check(self.clientThreads, "client-threads", 1...8)
    try check(self.mainActorClicks, "main-actor-clicks", 1...1_000_000)
    try check(self.parallelClicks, "parallel-clicks", 1...100_000)
    try check(self.threads, "threads", 2...8)
    try check(self.rounds, "rounds", 1...20)
    try check(self.flood, "flood", 1...1_000_000)
    try check(self.soak, "soak", 1...120)
    try check(self.visitors, "visitors", 1...2_000)
    try check(self.floodTolerance, "flood-tolerance", 1...10_000_000)
    if self.serverWrapper?.isEmpty == true {
      throw ValidationError("--server-wrapper needs a command")
    }
    if self.latenciesPath?.isEmpty == true {
      throw ValidationError("--latencies needs a file name")
    }
  }
}

func fail(_ message: String, code: Int32 = 1) -> Never {
  FileHandle.standardError.write(Data("LoadBenchmark: \(message)\n".utf8))
  exit(code)
}

/// Raises the soft limit of open files to the hard one: a thousand sockets exceed the usual 1,024.
func raiseOpenFileLimit(needed: Int) {
  #if os(Linux)
    let openFiles = Int32(RLIMIT_NOFILE.rawValue)
  #else
    let openFiles = RLIMIT_NOFILE
  #endif
  var limit = rlimit()
  guard getrlimit(openFiles, &limit) == 0 else { return }
  if limit.rlim_cur < limit.rlim_max {
    limit.rlim_cur = limit.rlim_max
    _ = setrlimit(openFiles, &limit)
    _ = getrlimit(openFiles, &limit)
  }
  if limit.rlim_cur < rlim_t(needed) {
    fail("needs \(needed) open files but the limit is \(limit.rlim_cur); raise it with ulimit -n")
  }
}

// MARK: The server (child process)

func serve(floodTolerance: Int?, rows: Int?) async throws {
  // The parent holds the other end of standard input; when it goes away, so does the server.
  Thread.detachNewThread {
    var byte: UInt8 = 0
    while read(0, &byte, 1) > 0 {}
    exit(0)
  }
  guard let counter = caseStudies.first(where: { $0.path == "counter" }),
    let twoCounters = caseStudies.first(where: { $0.path == "two-counters" })
  else {
    fail("the case studies have no counter or two counters")
  }
  LoggingSystem.bootstrap(StreamLogHandler.standardError)
  var logger = Logger(label: "load-benchmark-server")
  // Session starts and ends are logged at info; warnings (dropped or refused messages) show.
  logger.logLevel = .warning
  let endpoint = LiveEndpoint(
    title: "Load benchmark",
    features: [counter, twoCounters] + rowsFeatures(rows: rows ?? 10_000),
    showsIndex: true,
    hosts: HostPolicy(allowedHosts: nil, boundHost: "127.0.0.1"),
    // The benchmark's WebSocket client sends `Origin: ws://127.0.0.1` (a browser would send the
    // page's own origin), so the server trusts that origin explicitly; every other origin is
    // still refused.
    trustedOrigins: ["ws://127.0.0.1"],
    // Every page comes from 127.0.0.1 here, where a real server's visitors come from many
    // addresses: the per-address limits are lifted, the others are the defaults.
    limits: LiveLimits(
      maximumSessions: 10_000, inboundQueueSize: 64, messagesPerSecond: 50, burst: 100,
      floodTolerance: floodTolerance ?? LiveLimits().floodTolerance,
      // A keyed list of 10,000 rows renders in one message of about 2 MB.
      maximumUnsentBytes: rows == nil ? LiveLimits().maximumUnsentBytes : 1 << 26,
      maximumSessionsPerAddress: 10_000, newSessionsPerSecondPerAddress: 1e9,
      newSessionBurstPerAddress: 10_000),
    logger: logger
  )
  try await LiveServer(endpoint: endpoint).run(host: "127.0.0.1", port: 0)
}

// MARK: The benchmark (parent process)

struct ServerProcess {
  let process: Process
  let port: Int
  let input: Pipe

  /// Starts the server, under `wrapper` (a command and its arguments, split at spaces) if given.
  static func start(wrapper: String?, arguments: [String] = []) async throws -> ServerProcess {
    let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    let process = Process()
    if let wrapper {
      let parts = wrapper.split(separator: " ").map(String.init)
      process.executableURL = URL(fileURLWithPath: parts[0])
      process.arguments = Array(parts.dropFirst()) + [executable, "--serve"] + arguments
    } else {
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = ["--serve"] + arguments
    }
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    // The server prints "Load benchmark running at http://127.0.0.1:PORT/" once it listens.
    let line = await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        // Lines before it (a wrapper's, e.g. a profiler's) are skipped.
        var text = ""
        while !text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
          .contains(where: { $0.contains("http://127.0.0.1:") })
        {
          let chunk = output.fileHandleForReading.availableData
          if chunk.isEmpty { break }
          text += String(decoding: chunk, as: UTF8.self)
        }
        continuation.resume(returning: text)
      }
    }
    guard let range = line.range(of: "http://127.0.0.1:"),
      let port = Int(line[range.upperBound...].prefix(while: \.isNumber))
    else {
      process.terminate()
      throw BenchmarkError("the server did not report its URL (it printed \(line.debugDescription))")
    }
    return ServerProcess(process: process, port: port, input: input)
  }

  /// The server's resident set size in kB, from `/proc/<pid>/status`.
  func residentKilobytes() throws -> Int {
    let status = try String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
      let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { throw BenchmarkError("no VmRSS in /proc/\(process.processIdentifier)/status") }
    return kilobytes
  }

  /// The CPU time the server has used so far (user and system, all threads), from
  /// `/proc/<pid>/stat`, in clock ticks of 10 ms.
  func cpuTicks() throws -> Int {
    let stat = try String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)
    // The fields after the command name, which is in parentheses and may hold spaces.
    guard let close = stat.lastIndex(of: ")") else {
      throw BenchmarkError("unreadable /proc/\(process.processIdentifier)/stat")
    }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    // utime and stime are the 14th and 15th fields of the line, the 12th and 13th after ")".
    guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
      throw BenchmarkError("no CPU times in /proc/\(process.processIdentifier)/stat")
    }
    return user + system
  }

  func stop() {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
  }
}

struct BenchmarkError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// What a page learns from the server's messages, read as ``ServerMessage``s: the handler id
/// of the "+" button and the count.
enum Page {
  /// The HTML a render or a patch carries: the whole page, or its components' parts.
  static func html(of message: ServerMessage) -> String? {
    switch message {
    case let .render(render): render.html
    case let .patch(patch): patch.parts.count == 1 ? patch.parts[0].html : patch.parts.map(\.html).joined()
    default: nil
    }
  }

  /// The `data-ocaf-click` id of the button labelled "Increment", in a render's or a patch's
  /// text.
  static func incrementHandler(in text: String) -> String? {
    (try? ServerMessage(text: text)).flatMap(html(of:)).flatMap(incrementHandler(inHTML:))
  }

  /// The `data-ocaf-click` id of the button labelled "Increment", in HTML. (Searched as UTF-8
  /// bytes, in place: the client shares the machine's cores with the server, and every copy or
  /// Foundation search it makes is taken from the server's time.)
  static func incrementHandler(inHTML html: String) -> String? {
    var html = html
    return html.withUTF8 { incrementHandler(in: UnsafeRawBufferPointer($0)) }
  }

  /// The page's state after a patch: the count it shows and the "+" button's handler id.
  static func countAndHandler(inHTML html: String) -> (count: Int?, handler: String?) {
    var html = html
    return html.withUTF8 {
      (count(in: UnsafeRawBufferPointer($0)), incrementHandler(in: UnsafeRawBufferPointer($0)))
    }
  }

  private static let clickMarker: [UInt8] = Array((PageProtocol.Attribute.click.name + #"=""#).utf8)

  /// The `data-ocaf-click` id of the button labelled "Increment", in HTML's UTF-8 bytes.
  static func incrementHandler(in bytes: UnsafeRawBufferPointer) -> String? {
    guard let label = find(#"aria-label="Increment""#, in: bytes) else { return nil }
    // The button's tag starts at the last "<button" before the label and ends at the next ">".
    var start = label
    repeat {
      guard start > 0 else { return nil }
      start -= 1
    } while !(bytes[start] == UInt8(ascii: "<") && find("<button", in: bytes, from: start, to: label) == start)
    guard let end = bytes[label...].firstIndex(of: UInt8(ascii: ">")),
      let attribute = clickMarker.withUnsafeBytes({ find($0, in: bytes, from: start, to: end) })
    else { return nil }
    let idStart = attribute + clickMarker.count
    let idEnd = bytes[idStart..<end].firstIndex(of: UInt8(ascii: "\"")) ?? end
    return idStart == idEnd ? nil : String(decoding: bytes[idStart..<idEnd], as: UTF8.self)
  }

  /// The number shown in the counter's `<span class="count">`, in HTML's UTF-8 bytes.
  static func count(in bytes: UnsafeRawBufferPointer) -> Int? {
    let marker: StaticString = #"class="count">"#
    guard let range = find(marker, in: bytes) else { return nil }
    let digits = bytes[(range + marker.utf8CodeUnitCount)...].prefix {
      $0 == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
    }
    return Int(String(decoding: digits, as: UTF8.self))
  }

  /// Where `needle` first occurs in `bytes[from..<to]` (to the end by default).
  static func find(
    _ needle: StaticString, in bytes: UnsafeRawBufferPointer, from: Int = 0, to: Int? = nil
  ) -> Int? {
    needle.withUTF8Buffer { find(UnsafeRawBufferPointer($0), in: bytes, from: from, to: to) }
  }

  /// Where `needle` first occurs in `bytes[from..<to]` (to the end by default).
  static func find(
    _ needle: UnsafeRawBufferPointer, in bytes: UnsafeRawBufferPointer, from: Int = 0, to: Int? = nil
  ) -> Int? {
    let end = to ?? bytes.count
    guard let first = needle.first else { return from }
    var index = from
    while index + needle.count <= end,
      let candidate = bytes[index..<(end - needle.count + 1)].firstIndex(of: first)
    {
      if bytes[candidate..<(candidate + needle.count)].elementsEqual(needle) { return candidate }
      index = candidate + 1
    }
    return nil
  }
}

/// Opens `count` pages on `port`, at most `concurrently` at a time, each with its first render.
/// Any failure ends the benchmark at once with its error.
func openPages(
  _ count: Int, port: Int, on group: any EventLoopGroup, concurrently: Int = 100
) async throws -> [PageClient] {
  try await withThrowingTaskGroup(of: PageClient.self) { tasks in
    var pages: [PageClient] = []
    pages.reserveCapacity(count)
    for index in 0..<count {
      if index >= concurrently, let page = try await tasks.next() { pages.append(page) }
      tasks.addTask {
        do {
          return try await PageClient.open(port: port, on: group)
        } catch {
          fail("a session failed: \(error)")
        }
      }
    }
    for try await page in tasks { pages.append(page) }
    return pages
  }
}

/// Opens one session to warm the server up, reads its RSS, then opens `count` sessions that load
/// their page and stay open (100 at a time) and reads its RSS again, in kB.
func measureIdleSessions(
  server: ServerProcess, count: Int, on group: any EventLoopGroup
) async throws -> (before: Int, after: Int) {
  let first = try await openPages(1, port: server.port, on: group)
  try await Task.sleep(for: .milliseconds(500))
  let before = try server.residentKilobytes()
  let pages = try await openPages(count, port: server.port, on: group)
  // Let the server finish writing the pages before reading its memory.
  try await Task.sleep(for: .seconds(1))
  let after = try server.residentKilobytes()
  for page in first + pages { page.close() }
  for page in first + pages { _ = try await page.finished.get() }
  return (before, after)
}

/// Opens `sessions` pages of each list of `rows` rows, a stream's and keyed components', and
/// prints the server's memory per page of each: what a session costs for the rows it shows.
func measureLists(
  rows: Int, sessions: Int, server: ServerProcess, on group: any EventLoopGroup
) async throws {
  for feature in ["streamed-rows", "keyed-rows"] {
    let warm = try await PageClient.open(port: server.port, on: group, feature: feature)
    try await Task.sleep(for: .seconds(1))
    let before = try server.residentKilobytes()
    var pages: [PageClient] = []
    for _ in 0..<sessions {
      pages.append(try await PageClient.open(port: server.port, on: group, feature: feature))
    }
    // The streamed rows come in patches after the first render.
    try await Task.sleep(for: .seconds(3))
    let after = try server.residentKilobytes()
    print(
      "\(feature == "streamed-rows" ? "Stream" : "Keyed components"): \(sessions) pages of \(rows) rows; server RSS \(before) kB before, \(after) kB after → \(String(format: "%.0f", Double(after - before) / Double(sessions))) kB per page"
    )
    for page in [warm] + pages { page.close() }
    for page in [warm] + pages { _ = try? await page.finished.get() }
    try await Task.sleep(for: .seconds(1))
  }
}

/// When click `click` (from 1) of a session clicking `rate` times a second is due, in seconds
/// after the start: the session's random `offset` (a fraction of an interval, so that sessions
/// spread over it), one interval per click, and a random jitter of up to a quarter of an
/// interval either way. Clicks keep their order, none is due before the start, and the mean
/// rate stays `rate`.
func schedule(click: Int, rate: Int, offset: Double) -> Double {
  let interval = 1 / Double(rate)
  return (offset + Double(click) - 0.75 + Double.random(in: -0.25...0.25)) * interval
}

/// Runs `sessions` sessions at once, each clicking "+" `actions` times, as fast as patches come
/// or `rate` times a second; returns every click's round trip in nanoseconds, the clicks held
/// back, the wall time of the whole run, the server's CPU time meanwhile in ticks of 10 ms, and
/// this process's CPU time meanwhile.
func measureActions(
  server: ServerProcess, sessions: Int, actions: Int, rate: Int?, on group: any EventLoopGroup,
  whileClicking: () -> Void = {}
) async throws -> (
  latencies: [Int64], heldBack: Int, elapsed: Duration, serverTicks: Int, clientCPU: Double
) {
  let pages = try await openPages(sessions, port: server.port, on: group)
  let ticks = try server.cpuTicks()
  let clientCPU = clientCPUSeconds()
  let began = ContinuousClock.now
  let start = NIODeadline.now()
  whileClicking()
  for page in pages { page.start(actions: actions, rate: rate, began: start) }
  var all: [Int64] = []
  var heldBack = 0
  for page in pages {
    let run: PageClient.Run
    do {
      run = try await page.finished.get()
    } catch {
      fail("a session failed: \(error)")
    }
    all += run.latencies
    heldBack += run.heldBack
  }
  let elapsed = began.duration(to: .now)
  let serverTicks = try server.cpuTicks() - ticks
  let clientCPUSpent = clientCPUSeconds() - clientCPU
  for page in pages { page.close() }
  return (all, heldBack, elapsed, serverTicks, clientCPUSpent)
}

/// The CPU time this process (the clients) has used so far, in seconds.
func clientCPUSeconds() -> Double {
  var usage = rusage()
  #if os(Linux)
    getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
  #else
    getrusage(RUSAGE_SELF, &usage)
  #endif
  func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
  return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

func percentile(_ sorted: [Int64], _ fraction: Double) -> Double {
  let index = min(sorted.count - 1, max(0, Int((fraction * Double(sorted.count)).rounded(.up)) - 1))
  return Double(sorted[index]) / 1e6
}

func run(_ options: Options) async throws {
  raiseOpenFileLimit(needed: max(options.idle, options.sessions) + 256)
  let server = try await ServerProcess.start(
    wrapper: options.serverWrapper,
    arguments: (options.floodTolerance.map { ["--flood-tolerance", "\($0)"] } ?? [])
      + (options.rows.map { ["--rows", "\($0)"] } ?? []))
  defer { server.stop() }
  // The process exits after the run, which ends the group's threads.
  let group = MultiThreadedEventLoopGroup(numberOfThreads: options.clientThreads)
  print("Server: pid \(server.process.processIdentifier) at http://127.0.0.1:\(server.port)/ (release build, counter case study, default LiveLimits but per address)")
  if let minutes = options.soak {
    return try await soak(minutes: minutes, visitors: options.visitors, server: server, on: group)
  }
  if let rows = options.rows {
    return try await measureLists(rows: rows, sessions: options.listSessions, server: server, on: group)
  }

  if options.idle > 0 {
    let (before, after) = try await measureIdleSessions(server: server, count: options.idle, on: group)
    let perSession = Double(after - before) / Double(options.idle)
    print(
      "Idle sessions: \(options.idle); server RSS \(before) kB before, \(after) kB after → \(String(format: "%.1f", perSession)) kB per idle session"
    )
  }

  let (latencies, heldBack, elapsed, serverTicks, clientCPU) = try await measureActions(
    server: server, sessions: options.sessions, actions: options.actions, rate: options.rate,
    on: group)
  let serverCPU = Double(serverTicks) / 100
  if let path = options.latenciesPath {
    try latencies.map { "\($0)\n" }.joined().write(toFile: path, atomically: true, encoding: .utf8)
  }
  let sorted = latencies.sorted()
  guard sorted.count == options.sessions * options.actions else {
    throw BenchmarkError("expected \(options.sessions * options.actions) round trips, got \(sorted.count)")
  }
  let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  if let rate = options.rate {
    print(
      "Mode: paced, \(rate) clicks/s per session (\(rate * options.sessions) clicks/s offered); \(heldBack) clicks held back for a late patch"
    )
  } else {
    print("Mode: closed loop (each click sent when the previous patch arrives)")
  }
  print(
    "Actions: \(options.sessions) sessions × \(options.actions) clicks = \(sorted.count) round trips in \(String(format: "%.2f", seconds)) s → \(Int(Double(sorted.count) / seconds)) actions/s"
  )
  print(
    "Click → patch latency: p50 \(String(format: "%.2f", percentile(sorted, 0.5))) ms, p99 \(String(format: "%.2f", percentile(sorted, 0.99))) ms, max \(String(format: "%.2f", percentile(sorted, 1))) ms"
  )
  print(
    "Server CPU during the actions: \(String(format: "%.2f", serverCPU)) s → \(String(format: "%.0f", serverCPU / Double(sorted.count) * 1e6)) µs per action; clients' CPU \(String(format: "%.2f", clientCPU)) s → \(String(format: "%.0f", clientCPU / Double(sorted.count) * 1e6)) µs per action"
  )
  print("Server RSS at the end: \(try server.residentKilobytes()) kB")
  if let flood = options.flood {
    try await measureFlood(
      flood, server: server, options: options, on: group,
      without: (sorted, serverCPU / seconds))
  }
}

/// Runs the same clicks again while one more page floods its socket with `count` clicks, and
/// prints the other pages' latencies beside those of the run without the flood.
func measureFlood(
  _ count: Int, server: ServerProcess, options: Options, on group: any EventLoopGroup,
  without: (latencies: [Int64], serverCores: Double)
) async throws {
  let flooder = try await PageClient.open(port: server.port, on: group)
  var flooding: EventLoopFuture<PageClient.Flood>?
  let (latencies, _, elapsed, serverTicks, _) = try await measureActions(
    server: server, sessions: options.sessions, actions: options.actions, rate: options.rate,
    on: group, whileClicking: { flooding = flooder.flood(count: count) })
  flooder.stopFlood()
  let flood = try await flooding!.get()
  flooder.close()
  let sorted = latencies.sorted()
  let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  let cores = Double(serverTicks) / 100 / seconds
  let closed =
    flood.closeCode.map { code in
      "the server closed it with \(code) after \(flood.closedAfter.map { "\($0)" } ?? "?")"
    } ?? "the server did not close it"
  print("Flood: one more page wrote \(flood.sent) of \(count) clicks at once; \(closed)")
  func format(_ value: Double) -> String { String(format: "%.2f", value) }
  print(
    "The other pages' click → patch latency with the flood: p50 \(format(percentile(sorted, 0.5))) ms, p99 \(format(percentile(sorted, 0.99))) ms; without: p50 \(format(percentile(without.latencies, 0.5))) ms, p99 \(format(percentile(without.latencies, 0.99))) ms → p99 \(format(percentile(sorted, 0.99) / percentile(without.latencies, 0.99)))×"
  )
  print(
    "Server CPU with the flood: \(format(cores)) cores busy; without: \(format(without.serverCores)) cores"
  )
}

/// A counter session in this process, on the caller's actor, rendered once, with its "+"
/// button's handler id. It takes clicks as fast as they come.
func openCounterSession(
  id: String, logger: Logger, isolation: isolated any Actor = #isolation
) throws -> (LiveSession, String) {
  let session = LiveSession(
    id: id,
    store: LiveStore(initialState: Counter.State()) { Counter() },
    view: counterView,
    // Replaced handler ids stay accepted for 5 ms instead of 5 s: as many as a page clicking
    // at the server's limit of 50 messages a second leaves (about 500), where 5 s of clicks in
    // a loop would leave hundreds of thousands.
    replacedHandlerGrace: .milliseconds(5),
    // No rate limit: the clicks come as fast as the loop sends them.
    limits: LiveLimits(messagesPerSecond: 1e12, burst: Int.max / 2),
    logger: logger
  )
  guard let handler = Page.incrementHandler(in: session.start()) else {
    throw BenchmarkError("the counter page has no Increment button")
  }
  return (session, handler)
}

/// The main actor's share of a click, without sockets or tasks: one counter session in this
/// process receives `clicks` clicks, each followed by the flush that renders and encodes its
/// patch. Prints the best of five rounds, in µs per click.
@MainActor
func measureMainActorClicks(_ clicks: Int) throws {
  var logger = Logger(label: "load-benchmark-main-actor")
  logger.logLevel = .error
  var best = Double.infinity
  for _ in 0..<5 {
    let (session, firstHandler) = try openCounterSession(id: "main-actor", logger: logger)
    var handler = firstHandler
    let began = ContinuousClock.now
    for click in 1...clicks {
      session.receive(ClientMessage.event(handler: handler).text)
      guard let patch = session.flush(), let next = Page.incrementHandler(in: patch) else {
        throw BenchmarkError("click \(click) got no patch with an Increment button")
      }
      handler = next
    }
    let elapsed = began.duration(to: .now)
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    best = min(best, seconds / Double(clicks) * 1e6)
    session.close()
  }
  print("Main actor, one session in process: \(clicks) clicks (receive + flush), best of 5 rounds: \(String(format: "%.2f", best)) µs per click")
}

let options = Options.parseOrExit()
if let clicks = options.parallelClicks {
  do {
    try await measureParallelClicks(
      sessions: options.sessions, clicks: clicks, threads: options.threads, rounds: options.rounds)
  } catch {
    fail("\(error)")
  }
} else if let clicks = options.mainActorClicks {
  do {
    try measureMainActorClicks(clicks)
  } catch {
    fail("\(error)")
  }
} else if options.serve {
  try await serve(floodTolerance: options.floodTolerance, rows: options.rows)
} else {
  // The hard limit: whatever is still running then, the benchmark fails (and the server, whose
  // standard input closes with this process, stops too).
  // A soak runs for its minutes, and its timeout counts from their end.
  let timeout = options.timeout + (options.soak ?? 0) * 60
  Task.detached {
    try? await Task.sleep(for: .seconds(timeout))
    fail("timed out after \(timeout) s")
  }
  do {
    try await run(options)
  } catch {
    fail("\(error)")
  }
}
