#if Web
import ComposableArchitecture
import Sharing

/// Bounds that keep one page, or many, from overwhelming the server.
///
/// ```swift
/// LiveEndpoint(
///   title: "Case studies", features: caseStudies, hosts: hosts,
///   limits: LiveLimits(maximumSessions: 2_000, messagesPerSecond: 30), logger: logger)
/// ```
public struct LiveLimits: Sendable {
  /// The most sessions the server keeps at once (attached or waiting for their page). A page
  /// that would start one more makes room by ending the oldest disconnected session (of its
  /// own address, or else of the address holding the most); when every session has its page,
  /// it is told the server is busy. Resuming a session is always allowed.
  public var maximumSessions: Int
  /// The most messages from one page waiting to be handled; more are logged and dropped.
  public var inboundQueueSize: Int
  /// The steady number of messages per second a page may send; faster ones are logged and
  /// dropped once the burst allowance is spent.
  public var messagesPerSecond: Double
  /// How many messages a page may send at once above the steady rate.
  public var burst: Int
  /// How far a page's dropped messages (those over ``messagesPerSecond`` and ``burst``) may
  /// outrun its rate before its socket is closed with 1008 (policy violation): a page that
  /// sends twice its rate is never closed; one that sends three times 50/s is closed after
  /// about 10 s, and a flood at once after this many drops. The page's session stays, so a
  /// page that comes back resumes it.
  public var floodTolerance: Int
  /// The most sessions one client address may hold. When it holds that many, its oldest
  /// disconnected session ends to make room; if none is disconnected, it is refused.
  public var maximumSessionsPerAddress: Int
  /// How many new sessions one client address may start per second, steadily.
  public var newSessionsPerSecondPerAddress: Double
  /// How many new sessions one client address may start at once above the steady rate.
  public var newSessionBurstPerAddress: Int
  /// How long a connection may wait before sending a whole request (or the next one): one
  /// that sends nothing, or dribbles its headers, is closed after it. A page's WebSocket is not
  /// subject to it.
  public var idleTimeout: Duration
  /// How long the server waits for a page to answer its closing of a WebSocket before it drops
  /// the connection.
  public var closeTimeout: Duration
  /// The most bytes of messages a page's socket may hold unsent once it stops taking more (the
  /// page stopped reading, or reads slower than its session changes); past it the socket is
  /// closed, with a log line. A page that comes back resumes its session with a full render.
  public var maximumUnsentBytes: Int
  /// How long a session started by a page's `GET` waits for that page's socket; past it the
  /// session ends (a crawler, or a browser without JavaScript, never opens one). Once attached,
  /// a session whose page goes away waits the server's disconnected lifetime instead.
  public var unattachedSessionLifetime: Duration
  /// The most bytes of a form a browser without JavaScript may post to a page (see
  /// ``PageForms``); a larger one is refused with 413.
  public var maximumFormBytes: Int
  /// How long the response to a posted form waits for the effects of its submission (a
  /// sign-in's request) before it renders the page as it then is.
  public var formEffectsWait: Duration
  /// How long a new session waits for the first loads of its shared state (a database's rows,
  /// see `SharedLoads`) before its first render and its route's first action. Past it, the
  /// page shows the defaults, with a log line, and the values follow in a patch.
  public var firstLoadWait: Duration
  /// How long a stop waits for the sessions to save their snapshots and close, each on its
  /// actor: a session whose actor does not answer (its event loop stuck in a reducer, or shut
  /// down) does not hold the stop; how many did not close is logged.
  public var stopWait: Duration

  /// Creates limits; the defaults suit a small server.
  public init(
    maximumSessions: Int = 10_000,
    inboundQueueSize: Int = 64,
    messagesPerSecond: Double = 50,
    burst: Int = 100,
    floodTolerance: Int = 500,
    maximumUnsentBytes: Int = 1 << 20,
    maximumSessionsPerAddress: Int = 500,
    newSessionsPerSecondPerAddress: Double = 10,
    newSessionBurstPerAddress: Int = 50,
    idleTimeout: Duration = .seconds(30),
    closeTimeout: Duration = .seconds(5),
    unattachedSessionLifetime: Duration = .seconds(30),
    maximumFormBytes: Int = 64 * 1024,
    formEffectsWait: Duration = .seconds(2),
    firstLoadWait: Duration = .seconds(5),
    stopWait: Duration = .seconds(5)
  ) {
    self.stopWait = stopWait
    self.maximumFormBytes = maximumFormBytes
    self.formEffectsWait = formEffectsWait
    self.firstLoadWait = firstLoadWait
    self.unattachedSessionLifetime = unattachedSessionLifetime
    self.maximumSessionsPerAddress = maximumSessionsPerAddress
    self.newSessionsPerSecondPerAddress = newSessionsPerSecondPerAddress
    self.newSessionBurstPerAddress = newSessionBurstPerAddress
    self.idleTimeout = idleTimeout
    self.closeTimeout = closeTimeout
    self.maximumSessions = maximumSessions
    self.inboundQueueSize = inboundQueueSize
    self.messagesPerSecond = messagesPerSecond
    self.burst = burst
    self.floodTolerance = floodTolerance
    self.maximumUnsentBytes = maximumUnsentBytes
  }
}
#endif  // Web
