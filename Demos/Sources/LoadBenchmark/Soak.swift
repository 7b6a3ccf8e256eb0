import ComposableWeb
import Foundation
import NIOCore
import NIOPosix

/// What the soak's visitors did so far.
actor SoakTally {
  var pages = 0
  var resumes = 0
  var clicks = 0
  var failures = 0
  var firstFailure: String?

  func page() { pages += 1 }
  func resume() { resumes += 1 }
  func clicked(_ count: Int) { clicks += count }
  func failed(_ error: any Error) {
    failures += 1
    if firstFailure == nil { firstFailure = "\(error)" }
  }
}

/// Runs `visitors` visitors against the server for `minutes` minutes and prints the server's
/// memory at each minute. Each visitor, in a loop: opens a page of the counter or of the two
/// counters (a new session), clicks it 2 to 20 times at 5 clicks a second, then, one time in
/// three, drops its connection and resumes its session on a new socket and clicks 5 times
/// more, and leaves, to come back to a page of the other feature (a switch). Its sessions stay
/// for the server's disconnected lifetime after it leaves, so memory climbs for the first
/// minutes and should then stay flat.
func soak(
  minutes: Int, visitors: Int, server: ServerProcess, on group: any EventLoopGroup
) async throws {
  let tally = SoakTally()
  let began = ContinuousClock.now
  let end = began + .seconds(60 * minutes)
  let features = ["counter", "two-counters"]
  print("Soak: \(visitors) visitors for \(minutes) min (sessions stay 2 min after their page leaves)")
  print("minute | server RSS kB | pages opened | resumed | clicks | failures")
  func report(_ minute: Int) async throws {
    let rss = try server.residentKilobytes()
    print(
      "\(minute) | \(rss) | \(await tally.pages) | \(await tally.resumes) | \(await tally.clicks) | \(await tally.failures)"
    )
    fflush(nil)
  }
  try await report(0)
  // The visitors are let go at the end, not waited for: one may be in the middle of a page.
  var visits: [Task<Void, Never>] = []
  for visitor in 0..<visitors {
    visits.append(
      Task {
        let secret = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
        var feature = features[visitor % features.count]
        // Visitors arrive over the first seconds, not all at once.
        try? await Task.sleep(for: .milliseconds(Int.random(in: 0..<5_000)))
        while ContinuousClock.now < end, !Task.isCancelled {
          do {
            let page = try await PageClient.open(port: server.port, on: group, feature: feature, cookie: secret)
            await tally.page()
            let clicks = Int.random(in: 2...20)
            page.start(actions: clicks, rate: 5, began: .now())
            _ = try await page.finished.get()
            await tally.clicked(clicks)
            let session = page.sessionID
            page.close()
            if Int.random(in: 0..<3) == 0 {
              let again = try await PageClient.open(
                port: server.port, on: group, feature: feature, session: session, cookie: secret)
              await tally.resume()
              again.start(actions: 5, rate: 5, began: .now())
              _ = try await again.finished.get()
              await tally.clicked(5)
              again.close()
            }
          } catch {
            await tally.failed(error)
            try? await Task.sleep(for: .seconds(1))
          }
          feature = features.first { $0 != feature } ?? feature
        }
      })
  }
  for minute in 1...minutes {
    try await Task.sleep(until: began + .seconds(60 * minute), clock: .continuous)
    try await report(minute)
  }
  for visit in visits { visit.cancel() }
  if let failure = await tally.firstFailure {
    print("First failure: \(failure)")
  }
}
