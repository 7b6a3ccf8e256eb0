#if Web
import ComposableArchitecture
import Foundation
import Logging
import Sharing

/// The server's live sessions, by id. A session whose page disconnects is kept for
/// `disconnectedLifetime` so that the page can reconnect to it; then it is closed and its store
/// released, which cancels its effects.
///
/// A session belongs to the browser that started it: it remembers the browser's secret (an
/// HttpOnly cookie the page's own browser holds) and is resumed only by a page presenting the
/// same secret. A client that knows a session's id but not its secret gets a new session.
///
/// No one client can lock others out: each client address may hold at most
/// ``LiveLimits/maximumSessionsPerAddress`` sessions and start at most
/// ``LiveLimits/newSessionsPerSecondPerAddress`` a second, and when a cap is reached the oldest
/// disconnected session (of that address, or of the address holding the most) is ended to make
/// room before anyone is turned away.
///
/// The registry keeps its table on the main actor, and each session runs on the actor of the
/// request that started it (``LiveRequest/sessionActor``: the adapters give each request one on
/// its connection's event loop), or on the main actor when the request names none. A session
/// on a ``SessionActor`` moves to the loop of each page's socket that attaches to it. The registry reaches a
/// session only on the session's actor, so connecting, rendering for a response and ending
/// are `async`; a page's messages go straight to its session's actor.
///
/// ```swift
/// let registry = SessionRegistry(features: [counter], logger: logger)
/// let visitor = Visitor(address: "203.0.113.7", browserSecret: cookie)
/// let connection = await registry.connect(featurePath: "counter", resumeID: nil, visitor: visitor) {
///   print($0)
/// }
/// ```
@MainActor
public final class SessionRegistry {
  /// A page's attachment to a session.
  public struct Connection: Hashable, Sendable {
    /// The session's id.
    public let sessionID: String
    let token: Int
  }

  private struct Entry {
    var host: SessionHost
    var featurePath: String
    var token: Int
    var address: String
    var browserSecret: String?
    /// The identity of the request that started it (see ``LiveRequest/identity``).
    var identity: String?
    /// Rendered over HTTP and not yet attached to its page's socket: the page already shows
    /// its first render, so attaching sends only what changed since.
    var awaitsPage = false
    /// Closes the attached page's socket; `nil` while no page is attached.
    var close: (@Sendable () -> Void)?
    /// Sends to the attached page, while one is.
    var output: (@Sendable (String) -> Void)?
    /// When the page went away, while it is away.
    var disconnectedAt: Duration?
    var expiry: Task<Void, Never>?
  }

  private let features: [String: LiveFeature]
  private let logger: Logger
  private let disconnectedLifetime: Duration
  private let limits: LiveLimits
  /// The clock of expiry, snapshot debounce, the new-session rate and the waits of a stop.
  let clock: EngineClock
  private var entries: [String: Entry] = [:]
  private var sessionsByAddress: [String: Int] = [:]
  /// Sessions being made on their actors, counted against the limits already.
  private var sessionsStarting = 0
  private var newSessionGates: [String: FloodGate] = [:]
  private let offenders = OffenderLog()
  private var nextToken = 0
  private var isShutDown = false
  private let snapshotFiles: SnapshotFiles?
  private var pendingSnapshots: Set<String> = []

  /// Creates a registry for the given features.
  public nonisolated init(
    features: [LiveFeature],
    disconnectedLifetime: Duration = .seconds(120),
    limits: LiveLimits = LiveLimits(),
    snapshots: SessionSnapshots? = nil,
    clock: any Clock<Duration> = ContinuousClock(),
    logger: Logger
  ) {
    let snapshotFiles = snapshots.map { SnapshotFiles(settings: $0, logger: logger) }
    snapshotFiles?.trimLater()
    self.snapshotFiles = snapshotFiles
    self.features = Dictionary(features.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    self.disconnectedLifetime = disconnectedLifetime
    self.limits = limits
    self.clock = EngineClock(clock)
    self.logger = logger
  }

  /// The number of live sessions, attached or waiting for their page to come back.
  public var count: Int { entries.count }

  /// The number of live sessions started from `address`, and of those being made for it.
  public func count(address: String) -> Int { sessionsByAddress[address] ?? 0 }

  /// Whether a session with the given id is live.
  public func isLive(id: String) -> Bool { entries[id] != nil }

  /// Runs `body` with the live session `id` on the session's actor, and returns what it
  /// returns; `nil` when no such session is live.
  ///
  /// ```swift
  /// let html = await registry.withSession(id: id) { $0.startHTML() }
  /// ```
  public func withSession<T: Sendable>(
    id: String, _ body: @escaping @Sendable (LiveSession) -> T
  ) async -> T? {
    guard let host = entries[id]?.host else { return nil }
    return await host.run(body)
  }

  /// The live session `id` when it runs on the main actor, as the registry does (tests); `nil`
  /// otherwise.
  func session(id: String) -> LiveSession? {
    guard let host = entries[id]?.host, host.isolation === MainActor.shared else { return nil }
    return host.sessionOnMainActor
  }

  /// The session a connection is attached to, for code elsewhere that hands it the page's
  /// messages on its actor (a session is not `Sendable`: it stays where it was made).
  func host(of connection: Connection) -> SessionHost? {
    entries[connection.sessionID]?.host
  }

  /// Attaches a page to the session `resumeID` of the feature at `featurePath` if it is still
  /// live and `visitor` holds its browser's secret, or to a new session otherwise, and sends it
  /// a full render through `output`. A page already attached to a resumed session is sent
  /// `{"type":"replaced",…}` and its socket closed through the `close` it was connected with.
  ///
  /// Returns `nil` for an unknown feature, and when the visitor may not start a new session
  /// (too many, too fast, or the server is full of attached pages); then the page is sent
  /// `{"type":"refused","reason":…}`. Also `nil` when another page of the same browser took the
  /// session over before this one was attached (this one was sent `{"type":"replaced",…}`).
  ///
  /// A new session's store is made for `request`, the page's request (see ``LiveFeature``).
  public func connect(
    featurePath: String,
    resumeID: String?,
    visitor: Visitor = Visitor(),
    request: LiveRequest? = nil,
    styleNonce: String? = nil,
    switchedPage: ServerMessage.SwitchedPage? = nil,
    output: @escaping @Sendable (String) -> Void,
    close: @escaping @Sendable () -> Void = {}
  ) async -> Connection? {
    guard let feature = features[featurePath] else {
      logger.warning(
        "Refused a connection to an unknown feature",
        metadata: ["feature": LogText.escaped(featurePath, limit: 64)])
      return nil
    }
    guard !isShutDown else {
      output(Self.stopping)
      return nil
    }
    nextToken += 1
    let token = nextToken
    // On the session's actor: the page takes the session's output, unless a later page of the
    // same browser took it over meanwhile, and is sent the whole page (or, if it shows the
    // session's render over HTTP, what changed since).
    let attach = { @Sendable (showsFirstRender: Bool) in
      { @Sendable (session: LiveSession) -> Bool in
        // A page replaced by a later one of its browser before this ran is not attached.
        guard session.attachedPage.value == token else { return false }
        session.output = output
        if let styleNonce { session.styleNonce = styleNonce }
        if showsFirstRender {
          output(ServerMessage.attached(session: session.id).text)
          if let patch = session.flush() { output(patch) }
        } else {
          output(session.start(page: switchedPage))
        }
        return true
      }
    }
    let host: SessionHost
    let attached: Bool
    if let resumeID, var entry = entries[resumeID], entry.featurePath == featurePath,
      Self.secretsMatch(visitor.browserSecret, entry.browserSecret),
      entry.identity == visitor.identity
    {
      entry.expiry?.cancel()
      entry.expiry = nil
      entry.disconnectedAt = nil
      if let previous = entry.close {
        // The same browser opened the session elsewhere: the old page is told, not left silent.
        entry.output?(Self.replaced)
        previous()
        logger.info(
          "A session's page was replaced by another of its browser's",
          metadata: ["session": "\(entry.host.logName)"])
      }
      entry.token = token
      entry.close = close
      entry.output = output
      entry.host.attachedPage.setValue(token)
      let showsFirstRender = entry.awaitsPage
      entry.awaitsPage = false
      entries[resumeID] = entry
      host = entry.host
      logger.info("Resumed a session", metadata: ["session": "\(host.logName)"])
      // The session follows its page to the socket's loop, where the page's messages arrive.
      if let actor = host.isolation as? SessionActor,
        let socketLoop = (request?.sessionActor as? SessionActor)?.eventLoop
      {
        actor.move(to: socketLoop)
      }
      attached = await host.run(attach(showsFirstRender))
    } else {
      if let resumeID, let entry = entries[resumeID] {
        logger.warning(
          "A page asked to resume a session without its browser's secret or identity: it gets a new one",
          metadata: [
            "session": "\(entry.host.logName)", "address": LogText.escaped(visitor.address),
          ])
      }
      switch await startSession(
        feature: feature, resumeID: resumeID, visitor: visitor,
        request: request ?? LiveRequest(path: "/" + featurePath), token: token, close: close,
        output: output, first: attach(false))
      {
      case let .refused(refusal):
        output(refusal)
        return nil
      case let .started(started, isAttached):
        host = started
        attached = isAttached
      }
    }
    guard attached else { return nil }
    return Connection(sessionID: host.id, token: token)
  }

  /// Starts a session for a page requested over HTTP and renders it: returns the session's id
  /// and the HTML of its first render, for the page to show before its socket connects. The
  /// session waits for its page like a disconnected one; when the page's socket attaches, it
  /// is sent only what changed since (no second render, and the effects the start began keep
  /// running).
  ///
  /// Returns `nil` for an unknown feature, while stopping, and when the visitor may not start a
  /// new session now (the page's socket is then told why when it connects).
  ///
  /// `styleNonce` is the page's Content-Security-Policy nonce for inline styles, if any.
  public func open(
    featurePath: String, visitor: Visitor, request: LiveRequest, styleNonce: String? = nil
  ) async -> FirstRender? {
    // The session renders in the job that makes it: before its effects can change it.
    guard let feature = features[featurePath], !isShutDown,
      case let .started(host, render) = await startSession(
        feature: feature, resumeID: nil, visitor: visitor, request: request, token: 0,
        close: nil, output: nil, first: Self.render(styleNonce: styleNonce))
    else { return nil }
    return awaitPage(of: host, render: render)
  }

  /// A form posted by a browser without JavaScript to the page of the feature at `featurePath`
  /// (see ``PageForms``): the session the page named (`ocaf-session`) takes it, if it is live,
  /// belongs to `visitor` and has no page attached; otherwise a new session starts for
  /// `request`, as for a `GET`. The posted fields are written to the form's bound fields by
  /// name, the form is submitted (or the button that posted runs), its effects are given up
  /// to ``LiveLimits/formEffectsWait`` to finish, and the session renders the page again for
  /// the response, which it then waits for like a page rendered over HTTP.
  ///
  /// Returns `nil` for an unknown feature, while stopping, and when the visitor may not start a
  /// new session now.
  public func submit(
    featurePath: String, visitor: Visitor, request: LiveRequest, fields: [LiveField],
    styleNonce: String? = nil
  ) async -> FirstRender? {
    guard let feature = features[featurePath], !isShutDown else { return nil }
    let apply = { @Sendable (session: LiveSession) in
      session.styleNonce = styleNonce
      return session.submitForm(fields)
    }
    let host: SessionHost
    let effects: StoreTask?
    if let id = fields.first(where: { $0.name == PageForms.sessionField })?.value,
      let entry = entries[id], entry.featurePath == featurePath, entry.close == nil,
      Self.secretsMatch(visitor.browserSecret, entry.browserSecret),
      entry.identity == visitor.identity
    {
      entry.expiry?.cancel()
      entries[id]?.expiry = nil
      host = entry.host
      effects = await host.run(apply)
    } else {
      guard
        case let .started(started, startEffects) = await startSession(
          feature: feature, resumeID: nil, visitor: visitor, request: request, token: 0,
          close: nil, output: nil, first: apply)
      else { return nil }
      host = started
      effects = startEffects
    }
    if let effects {
      await wait(for: effects, upTo: limits.formEffectsWait)
    }
    // The session may have ended meanwhile (the server stopping).
    guard entries[host.id]?.host === host, entries[host.id]?.close == nil else {
      return nil
    }
    return awaitPage(of: host, render: await host.run(Self.render(styleNonce: styleNonce)))
  }

  /// Waits for `effects` to finish, or for `limit`, whichever comes first, without cancelling
  /// them.
  func wait(for effects: StoreTask, upTo limit: Duration) async {
    await wait(upTo: limit) { await effects.finish() }
  }

  /// Waits for `work` to finish, or for `limit`, whichever comes first, without cancelling it
  /// (work waiting for an actor can't be): `true` when it finished in time.
  @discardableResult
  nonisolated func wait(
    upTo limit: Duration, for work: @escaping @Sendable () async -> Void
  ) async -> Bool {
    let clock = self.clock
    let deadline = clock.now() + limit
    let once = ResumeOnce()
    return await withCheckedContinuation { continuation in
      once.set(continuation)
      Task {
        await work()
        once.resume(true)
      }
      Task {
        try? await clock.sleep(until: deadline)
        once.resume(false)
      }
    }
  }

  /// Renders a session whole for an HTTP response, on its actor: its HTML and location.
  private static func render(
    styleNonce: String?
  ) -> @Sendable (LiveSession) -> (html: String, location: String?) {
    { session in
      if let styleNonce { session.styleNonce = styleNonce }
      return (session.startHTML(), session.shownLocation?.text)
    }
  }

  /// The session rendered `render` for an HTTP response: it now waits for its page's socket
  /// like a disconnected one, unless a page attached to it meanwhile.
  private func awaitPage(
    of host: SessionHost, render: (html: String, location: String?)
  ) -> FirstRender {
    nextToken += 1
    if var entry = entries[host.id], entry.host === host, entry.close == nil {
      entry.awaitsPage = true
      entry.token = nextToken
      entries[host.id] = entry
      detach(Connection(sessionID: host.id, token: nextToken))
    }
    return FirstRender(sessionID: host.id, html: render.html, location: render.location)
  }

  /// A page's first render, made for its HTTP response (see ``open(featurePath:visitor:request:styleNonce:)``).
  public struct FirstRender: Sendable {
    /// The id of the session that rendered it, which the page's socket takes over.
    public let sessionID: String
    /// The HTML of the feature's view.
    public let html: String
    /// For a feature with a ``LiveRoute``, the location of the session's state, which the
    /// page's URL should show.
    public let location: String?
  }

  private enum Start<First> {
    /// The session, and what its `first` work returned.
    case started(SessionHost, First)
    case refused(String)
  }

  /// A new session (or one restored from its snapshot) of `feature` for `visitor`, made on the
  /// request's session actor and registered with the page's `token`, `close` and `output`,
  /// with what `first` did with it in the job that made it; or the refusal to send when there
  /// is no room for it.
  private func startSession<First: Sendable>(
    feature: LiveFeature, resumeID: String?, visitor: Visitor, request: LiveRequest, token: Int,
    close: (@Sendable () -> Void)?, output: (@Sendable (String) -> Void)?,
    first: @escaping @Sendable (LiveSession) -> First
  ) async -> Start<First> {
    if let refusal = makeRoom(for: visitor.address) { return .refused(refusal) }
    // Counted while it is made, so that pages connecting meanwhile see the room it takes.
    sessionsByAddress[visitor.address, default: 0] += 1
    sessionsStarting += 1
    let snapshot = restorableSnapshot(feature: feature, resumeID: resumeID, visitor: visitor)
    var onSnapshot: (@Sendable (String) -> Void)?
    if snapshotFiles != nil, feature.isRestorable, visitor.browserSecret != nil {
      onSnapshot = { [weak self] id in
        Task { @MainActor in self?.scheduleSnapshot(sessionID: id) }
      }
    }
    let made = await Self.makeSession(
      of: feature, id: snapshot?.id ?? LiveSession.makeID(), snapshot: snapshot.map { $0.state },
      token: token, request: request, limits: limits, clock: clock, logger: logger,
      onSnapshot: onSnapshot, first: first, on: request.sessionActor ?? MainActor.shared)
    // A session that can't be restored starts afresh; one without a snapshot is always made.
    let (host, firstResult) =
      if let made {
        made
      } else {
        await Self.makeSession(
          of: feature, id: LiveSession.makeID(), snapshot: nil, token: token, request: request,
          limits: limits, clock: clock, logger: logger, onSnapshot: onSnapshot, first: first,
          on: request.sessionActor ?? MainActor.shared)!
      }
    sessionsStarting -= 1
    // The server stopped, or another page restored the same session, while it was made.
    guard !isShutDown, entries[host.id] == nil else {
      removeCount(of: visitor.address)
      await host.run { $0.close() }
      return .refused(isShutDown ? Self.stopping : Self.refusal)
    }
    if snapshot != nil, made != nil {
      logger.info("Restored a session from its snapshot", metadata: ["session": "\(host.logName)"])
    }
    entries[host.id] = Entry(
      host: host, featurePath: feature.path, token: token, address: visitor.address,
      browserSecret: visitor.browserSecret, identity: visitor.identity, close: close,
      output: output)
    logger.info(
      "Started a session",
      metadata: [
        "session": "\(host.logName)", "feature": "\(feature.path)",
        "address": LogText.escaped(visitor.address),
      ])
    logger.debug(
      "A session's id", metadata: ["session": "\(host.logName)", "id": "\(host.id)"])
    return .started(host, firstResult)
  }

  /// Makes a session of `feature` on `isolation` and does `first` with it, in one job: `nil`
  /// when its snapshot can't be read.
  private static func makeSession<First: Sendable>(
    of feature: LiveFeature, id: String, snapshot: Data?, token: Int, request: LiveRequest,
    limits: LiveLimits, clock: EngineClock, logger: Logger,
    onSnapshot: (@Sendable (String) -> Void)?,
    first: @Sendable (LiveSession) -> First, on isolation: isolated any Actor
  ) -> (SessionHost, First)? {
    guard
      let session = feature.makeSession(id, snapshot, request, limits, logger, isolation)
    else { return nil }
    session.clock = clock
    session.attachedPage.setValue(token)
    if let onSnapshot {
      // One hop to the registry per snapshot, not per change: the flag is cleared when the
      // snapshot is taken.
      session.stateChanged = { [unowned session] in
        guard !session.snapshotPending else { return }
        session.snapshotPending = true
        onSnapshot(id)
      }
    }
    return (SessionHost(session: session, isolation: isolation), first(session))
  }

  private func removeCount(of address: String) {
    if let count = sessionsByAddress[address], count > 1 {
      sessionsByAddress[address] = count - 1
    } else {
      sessionsByAddress[address] = nil
    }
  }

  /// Detaches the page of `connection`; the session stays live for the disconnected lifetime
  /// unless a page reconnects to it.
  public func disconnect(_ connection: Connection) async {
    guard let host = detach(connection) else { return }
    await host.run { session in
      if session.attachedPage.value == connection.token { session.output = nil }
    }
  }

  /// The table's part of ``disconnect(_:)``: the session's expiry starts; returns its host,
  /// whose output is then to be let go, when `connection` is its current page.
  @discardableResult
  private func detach(_ connection: Connection) -> SessionHost? {
    guard var entry = entries[connection.sessionID], entry.token == connection.token else {
      return nil
    }
    entry.output = nil
    entry.close = nil
    entry.disconnectedAt = clock.now()
    entry.expiry?.cancel()
    // A page rendered over HTTP whose socket never came (yet) waits a shorter while.
    let lifetime =
      entry.awaitsPage ? min(limits.unattachedSessionLifetime, disconnectedLifetime) : disconnectedLifetime
    let clock = self.clock
    let deadline = clock.now() + lifetime
    entry.expiry = Task { [weak self] in
      try? await clock.sleep(until: deadline)
      guard !Task.isCancelled else { return }
      await self?.end(sessionID: connection.sessionID)
    }
    entries[connection.sessionID] = entry
    return entry.host
  }

  /// Ends a session now: its page's handlers are revoked, its store released, and its
  /// snapshot, if any, deleted.
  public func end(sessionID: String) async {
    await end(sessionID: sessionID, keepingSnapshot: false)
  }

  private func end(sessionID: String, keepingSnapshot: Bool) async {
    guard let host = remove(sessionID: sessionID, keepingSnapshot: keepingSnapshot) else { return }
    await Self.close(host, logger: logger)
  }

  /// The table's part of ending a session: it leaves the table and the counts at once; returns
  /// its host, to be closed.
  private func remove(sessionID: String, keepingSnapshot: Bool) -> SessionHost? {
    guard let entry = entries.removeValue(forKey: sessionID) else { return nil }
    if !keepingSnapshot { snapshotFiles?.removeLater(id: sessionID) }
    entry.expiry?.cancel()
    removeCount(of: entry.address)
    return entry.host
  }

  /// Closes a session that left the table, on its actor.
  private static func close(_ host: SessionHost, logger: Logger) async {
    await host.run { session in
      session.close()
      logger.info(
        "Ended a session",
        metadata: session.droppedSummary.merging(["session": "\(session.logName)"]) { $1 })
    }
  }

  /// Ends every session.
  public func endAll() async {
    await withTaskGroup(of: Void.self) { group in
      for id in Array(entries.keys) {
        group.addTask { await self.end(sessionID: id) }
      }
    }
  }

  /// Stops for good: every attached page is told the server is stopping and its socket closed,
  /// every session that can be restored is saved (see ``SessionSnapshots``), every session
  /// ends (cancelling its effects), and later connections are refused. Saving and closing each
  /// wait for the sessions' actors at most ``LiveLimits/stopWait`` (then the saved snapshots are
  /// written to their files).
  public func shutDown() async {
    isShutDown = true
    for entry in entries.values {
      if let close = entry.close {
        entry.output?(Self.stopping)
        close()
      }
    }
    let ids = Array(entries.keys)
    if let snapshotFiles {
      let saved = LockIsolated(0)
      await wait(upTo: limits.stopWait) {
        await withTaskGroup(of: Void.self) { group in
          for id in ids {
            group.addTask {
              await self.writeSnapshot(sessionID: id)
              saved.withValue { $0 += 1 }
            }
          }
        }
      }
      snapshotFiles.waitForWrites()
      reportUnanswered(ids.count - saved.value, "saved their snapshots")
    }
    let hosts = ids.compactMap { remove(sessionID: $0, keepingSnapshot: true) }
    let logger = self.logger
    let closed = LockIsolated(0)
    await wait(upTo: limits.stopWait) {
      await withTaskGroup(of: Void.self) { group in
        for host in hosts {
          group.addTask {
            await Self.close(host, logger: logger)
            closed.withValue { $0 += 1 }
          }
        }
      }
    }
    reportUnanswered(hosts.count - closed.value, "closed")
  }

  /// Logs that `count` sessions (if any) had not `done` what a stop asked of them in time.
  private func reportUnanswered(_ count: Int, _ done: String) {
    guard count > 0 else { return }
    logger.warning(
      "Stopped without waiting longer for sessions whose actors did not answer: \(count) had not \(done)",
      metadata: ["limit": "\(limits.stopWait)"])
  }

  // MARK: Snapshots

  /// Waits until every snapshot write, deletion and trim asked for so far is done.
  func waitForSnapshotFiles() {
    snapshotFiles?.waitForWrites()
  }

  /// The saved state of session `resumeID`, if it has a snapshot for this feature and this
  /// browser.
  private func restorableSnapshot(
    feature: LiveFeature, resumeID: String?, visitor: Visitor
  ) -> (id: String, state: Data)? {
    guard let snapshotFiles, feature.isRestorable, let resumeID, entries[resumeID] == nil,
      let snapshot = snapshotFiles.load(id: resumeID), snapshot.feature == feature.path,
      Self.secretsMatch(visitor.browserSecret, snapshot.browserSecret),
      snapshot.identity == visitor.identity
    else { return nil }
    return (resumeID, snapshot.state)
  }

  /// Writes the session's snapshot once its changes have settled for the debounce.
  private func scheduleSnapshot(sessionID: String) {
    guard let snapshotFiles, pendingSnapshots.insert(sessionID).inserted else { return }
    let debounce = snapshotFiles.settings.debounce
    let clock = self.clock
    let deadline = clock.now() + debounce
    Task { [weak self] in
      try? await clock.sleep(until: deadline)
      await self?.writeSnapshot(sessionID: sessionID)
    }
  }

  private func writeSnapshot(sessionID: String) async {
    pendingSnapshots.remove(sessionID)
    guard let snapshotFiles, let entry = entries[sessionID], let secret = entry.browserSecret,
      let state = await entry.host.run({ session in
        session.snapshotPending = false
        return session.encodeState?()
      }),
      // A session that ended meanwhile has had its snapshot deleted: it is not written again.
      entries[sessionID]?.host === entry.host || isShutDown
    else { return }
    snapshotFiles.saveLater(
      SessionSnapshot(
        feature: entry.featurePath, browserSecret: secret, identity: entry.identity,
        state: state),
      id: sessionID, sessionName: entry.host.logName)
  }

  // MARK: Room for new sessions

  /// Makes room for a new session from `address`, ending disconnected sessions where a cap is
  /// reached; when there is no room, returns what the page is told (and logs it once per
  /// address).
  private func makeRoom(for address: String) -> String? {
    let now = clock.now()
    var gate =
      newSessionGates[address]
      ?? FloodGate(rate: limits.newSessionsPerSecondPerAddress, burst: limits.newSessionBurstPerAddress)
    let admitted = gate.admit(at: now)
    if newSessionGates.count >= 10_000, newSessionGates[address] == nil {
      // Bounded: addresses met long ago start afresh.
      newSessionGates.removeAll(keepingCapacity: true)
    }
    newSessionGates[address] = gate
    guard admitted else {
      refuse(
        address, "Refused new sessions: the address starts them too fast",
        limit: "\(limits.newSessionsPerSecondPerAddress)/s")
      return Self.tooFast
    }
    if count(address: address) >= limits.maximumSessionsPerAddress {
      guard let oldest = oldestDisconnected(from: address) else {
        refuse(
          address, "Refused a new session: the address holds as many as it may",
          limit: "\(limits.maximumSessionsPerAddress)")
        return Self.refusal
      }
      evict(oldest, reason: "its address is at its limit of sessions")
    }
    if entries.count + sessionsStarting >= limits.maximumSessions {
      guard let oldest = oldestDisconnected(from: address) ?? oldestDisconnectedOfBusiestAddress()
      else {
        refuse(
          address, "Refused a new session: the server is at its limit of sessions",
          limit: "\(limits.maximumSessions)")
        return Self.refusal
      }
      evict(oldest, reason: "the server is at its limit of sessions")
    }
    return nil
  }

  private func refuse(_ address: String, _ message: Logger.Message, limit: String) {
    if offenders.isFirst("\(message)", address) {
      logger.warning(
        "\(message) (logged once per address)",
        metadata: ["address": LogText.escaped(address), "limit": "\(limit)"])
    }
  }

  /// The disconnected session of `address` whose page went away first. (A scan of every
  /// session, done only when a cap is reached, which the per-address rate bounds.)
  private func oldestDisconnected(from address: String) -> String? {
    var oldest: (id: String, since: Duration)?
    for (id, entry) in entries where entry.address == address {
      guard let since = entry.disconnectedAt else { continue }
      if oldest == nil || since < oldest!.since { oldest = (id, since) }
    }
    return oldest?.id
  }

  /// The oldest disconnected session of the address that holds the most disconnected sessions.
  private func oldestDisconnectedOfBusiestAddress() -> String? {
    var disconnected: [String: Int] = [:]
    for entry in entries.values where entry.disconnectedAt != nil {
      disconnected[entry.address, default: 0] += 1
    }
    guard let busiest = disconnected.max(by: { $0.value < $1.value })?.key else { return nil }
    return oldestDisconnected(from: busiest)
  }

  private func evict(_ sessionID: String, reason: String) {
    guard let entry = entries[sessionID] else { return }
    logger.info(
      "Ended a disconnected session early to make room",
      metadata: ["session": "\(entry.host.logName)", "reason": "\(reason)"])
    // Out of the table (and the counts) now; the session closes on its actor.
    guard let host = remove(sessionID: sessionID, keepingSnapshot: false) else { return }
    let logger = self.logger
    Task { await Self.close(host, logger: logger) }
  }

  /// Compares secrets in time independent of where they differ.
  static func secretsMatch(_ presented: String?, _ expected: String?) -> Bool {
    guard let presented, let expected else { return false }
    let left = Array(presented.utf8)
    let right = Array(expected.utf8)
    guard left.count == right.count else { return false }
    var difference: UInt8 = 0
    for index in left.indices { difference |= left[index] ^ right[index] }
    return difference == 0
  }

  /// What a page is told when the server has no room for its session.
  static let refusal = ServerMessage.refused(
    reason: "The server is busy: it has as many sessions as it allows. Try again later.").text

  /// What a page is told when its address starts sessions faster than it may.
  static let tooFast = ServerMessage.refused(
    reason: "Too many new pages from your address at once. Trying again shortly.").text

  /// What a page is told when its session was opened by another page of the same browser.
  static let replaced = ServerMessage.replaced(
    reason: "This page was opened again in another tab or window.").text

  /// What a page is told when the server stops.
  static let stopping = ServerMessage.stopping(reason: "The server is stopping.").text
}

/// Who is connecting: the client's address, and the secret its browser holds (see
/// ``SessionRegistry``).
///
/// ```swift
/// Visitor(address: "203.0.113.7", browserSecret: request.cookies["ocaf_browser"]?.value)
/// ```
public struct Visitor: Sendable, Hashable {
  /// The client's IP address (after trusted proxies), or `""` when unknown.
  public var address: String
  /// The secret of the client's browser, from its HttpOnly cookie; `nil` when it sent none
  /// (its sessions can't be resumed).
  public var browserSecret: String?
  /// Who the app says the visitor is (see ``LiveRequest/identity``); `nil` for nobody in
  /// particular.
  public var identity: String?

  /// Describes a visitor.
  public init(address: String = "", browserSecret: String? = nil, identity: String? = nil) {
    self.address = address
    self.browserSecret = browserSecret
    self.identity = identity
  }
}

/// Resumes a continuation once, whichever of its resumers comes first.
private final class ResumeOnce: Sendable {
  private let continuation = Locked<CheckedContinuation<Bool, Never>?>(nil)

  func set(_ continuation: CheckedContinuation<Bool, Never>) {
    self.continuation.withLock { $0 = continuation }
  }

  func resume(_ value: Bool) {
    continuation.withLock { $0.take() }?.resume(returning: value)
  }
}
#endif  // Web
