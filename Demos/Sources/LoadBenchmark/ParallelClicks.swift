import CaseStudies
import CaseStudyFeatures
import ComposableArchitecture
import ComposableWeb
import Logging
import NIOCore
import NIOPosix

/// An actor whose executor is one event loop, as a server's session runs on its connection's
/// loop: the sessions it makes, their stores included, run on that loop's thread.
actor LoopSessions {
  let loop: any EventLoop
  private var pages: [(session: LiveSession, handler: String)] = []

  init(loop: any EventLoop) {
    self.loop = loop
  }

  nonisolated var unownedExecutor: UnownedSerialExecutor {
    self.loop.executor.asUnownedSerialExecutor()
  }

  /// Opens `count` counter sessions here, each rendered once.
  func open(_ count: Int, logger: Logger) throws {
    for index in 0..<count {
      self.pages.append(try openCounterSession(id: "parallel-\(index)", logger: logger))
    }
  }

  /// Clicks every session's "+" `clicks` times, a session at a time in turn, each click
  /// followed by the flush that renders and encodes its patch. Returns the clicks made.
  func click(_ clicks: Int) throws -> Int {
    for _ in 0..<clicks {
      for index in self.pages.indices {
        let page = self.pages[index]
        page.session.receive(ClientMessage.event(handler: page.handler).text)
        guard let patch = page.session.flush(), let next = Page.incrementHandler(in: patch) else {
          throw BenchmarkError("a click got no patch with an Increment button")
        }
        self.pages[index].handler = next
      }
    }
    return clicks * self.pages.count
  }

  /// Closes the sessions.
  func close() {
    for page in self.pages { page.session.close() }
    self.pages = []
  }
}

/// Clicks per second of `sessions` counter sessions spread over `threads` event loops, each
/// session clicked `clicks` times, in this process and without sockets: a click is decoded,
/// reduced, rendered and encoded on its session's loop, and loops run at the same time.
func parallelClickRate(sessions: Int, clicks: Int, threads: Int, logger: Logger) async throws
  -> Double
{
  let group = MultiThreadedEventLoopGroup(numberOfThreads: threads)
  let loops = (0..<threads).map { _ in LoopSessions(loop: group.next()) }
  let total: Int
  let elapsed: Duration
  do {
    for (index, loop) in loops.enumerated() {
      // The sessions are split as evenly as they go.
      try await loop.open(sessions / threads + (index < sessions % threads ? 1 : 0), logger: logger)
    }
    let began = ContinuousClock.now
    total = try await withThrowingTaskGroup(of: Int.self) { tasks in
      for loop in loops {
        tasks.addTask { try await loop.click(clicks) }
      }
      return try await tasks.reduce(0, +)
    }
    elapsed = began.duration(to: .now)
    for loop in loops { await loop.close() }
  } catch {
    try await group.shutdownGracefully()
    throw error
  }
  try await group.shutdownGracefully()
  let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  return Double(total) / seconds
}

/// The in-process parallel series: `rounds` pairs of alternating runs, one event loop then
/// `threads` loops, each of `sessions` sessions clicked `clicks` times. Prints every run and the
/// ratio of the medians.
func measureParallelClicks(sessions: Int, clicks: Int, threads: Int, rounds: Int) async throws {
  var logger = Logger(label: "load-benchmark-parallel")
  logger.logLevel = .error
  var one: [Double] = []
  var many: [Double] = []
  for round in 1...rounds {
    let single = try await parallelClickRate(
      sessions: sessions, clicks: clicks, threads: 1, logger: logger)
    let parallel = try await parallelClickRate(
      sessions: sessions, clicks: clicks, threads: threads, logger: logger)
    one.append(single)
    many.append(parallel)
    print(
      "Round \(round): 1 loop \(Int(single)) clicks/s, \(threads) loops \(Int(parallel)) clicks/s (\(String(format: "%.2f", parallel / single))×)"
    )
  }
  func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1
      ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
  }
  print(
    "In process, \(sessions) sessions × \(clicks) clicks, \(rounds) alternating rounds: median 1 loop \(Int(median(one))) clicks/s, \(threads) loops \(Int(median(many))) clicks/s → \(String(format: "%.2f", median(many) / median(one)))×"
  )
}
