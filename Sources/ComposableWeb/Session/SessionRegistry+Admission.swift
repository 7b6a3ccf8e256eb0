#if Web
import ComposableArchitecture
import Foundation
import Logging
import Sharing

extension SessionRegistry {
  enum Start<First> {
    /// The session, and what its `first` work returned.
    case started(SessionHost, First)
    case refused(String)
  }

  /// A new session (or one restored from its snapshot) of `feature` for `visitor`, made on the
  /// request's session actor and registered with the page's `token`, `close` and `output`,
  /// with what `first` did with it in the job that made it; or the refusal to send when there
  /// is no room for it.
  func startSession<First: Sendable>(
    feature: LiveFeature, resumeID: String?, visitor: Visitor, request: LiveRequest, token: Int,
    close: (@Sendable () -> Void)?, output: (@Sendable (String) -> Void)?,
    first: @escaping @Sendable (LiveSession) -> First
  ) async -> Start<First> {
    if let refusal = makeRoom(for: visitor.address) { return .refused(refusal) }
    // Counted while it is made, so that pages connecting meanwhile see the room it takes.
    sessionsByAddress[visitor.address, default: 0] += 1
    sessionsStarting += 1
    let snapshot: (id: String, state: Data)?
    switch await restorableSnapshot(feature: feature, resumeID: resumeID, visitor: visitor) {
    case let .restore(id, state): snapshot = (id, state)
    case .none: snapshot = nil
    case .heldElsewhere:
      sessionsStarting -= 1
      removeCount(of: visitor.address)
      return .refused(Self.heldElsewhere)
    }
    var onSnapshot: (@Sendable (String) -> Void)?
    if snapshotStore != nil, feature.isRestorable, visitor.browserSecret != nil {
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

  /// Makes a session of `feature` on `isolation` and does `first` with it, in one job once its
  /// store's shared state has loaded (or `firstLoadWait` has passed): `nil` when its snapshot
  /// can't be read.
  static func makeSession<First: Sendable>(
    of feature: LiveFeature, id: String, snapshot: Data?, token: Int, request: LiveRequest,
    limits: LiveLimits, clock: EngineClock, logger: Logger,
    onSnapshot: (@Sendable (String) -> Void)?,
    first: @Sendable (LiveSession) -> First, on isolation: isolated any Actor
  ) async -> (SessionHost, First)? {
    // The page's first render shows its shared state's values, not their defaults: the store's
    // first loads get up to `firstLoadWait` (the actor serves other sessions meanwhile).
    let awaitLoads: @Sendable (SharedLoads) async -> Void = { loads in
      let finished = await ComposableWeb.wait(upTo: limits.firstLoadWait, clock: clock) { await loads.wait() }
      if !finished {
        logger.warning(
          "A new session's shared state did not load in time: its page shows the defaults until it does",
          metadata: ["feature": "\(feature.path)", "waited": "\(limits.firstLoadWait)"])
      }
    }
    guard
      let session = await feature.makeSession(
        id, snapshot, request, limits, logger, awaitLoads, feature.prepareDependencies, isolation)
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

  func removeCount(of address: String) {
    if let count = sessionsByAddress[address], count > 1 {
      sessionsByAddress[address] = count - 1
    } else {
      sessionsByAddress[address] = nil
    }
  }

  // MARK: Room for new sessions

  /// Makes room for a new session from `address`, ending disconnected sessions where a cap is
  /// reached; when there is no room, returns what the page is told (and logs it once per
  /// address).
  func makeRoom(for address: String) -> String? {
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

  func refuse(_ address: String, _ message: Logger.Message, limit: String) {
    if offenders.isFirst("\(message)", address) {
      logger.warning(
        "\(message) (logged once per address)",
        metadata: ["address": LogText.escaped(address), "limit": "\(limit)"])
    }
  }

  /// The disconnected session of `address` whose page went away first. (A scan of every
  /// session, done only when a cap is reached, which the per-address rate bounds.)
  func oldestDisconnected(from address: String) -> String? {
    var oldest: (id: String, since: Duration)?
    for (id, entry) in entries where entry.address == address {
      guard let since = entry.disconnectedAt else { continue }
      if oldest == nil || since < oldest!.since { oldest = (id, since) }
    }
    return oldest?.id
  }

  /// The oldest disconnected session of the address that holds the most disconnected sessions.
  func oldestDisconnectedOfBusiestAddress() -> String? {
    var disconnected: [String: Int] = [:]
    for entry in entries.values where entry.disconnectedAt != nil {
      disconnected[entry.address, default: 0] += 1
    }
    guard let busiest = disconnected.max(by: { $0.value < $1.value })?.key else { return nil }
    return oldestDisconnected(from: busiest)
  }

  func evict(_ sessionID: String, reason: String) {
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
  nonisolated static func secretsMatch(_ presented: String?, _ expected: String?) -> Bool {
    guard let presented, let expected else { return false }
    let left = Array(presented.utf8)
    let right = Array(expected.utf8)
    guard left.count == right.count else { return false }
    var difference: UInt8 = 0
    for index in left.indices { difference |= left[index] ^ right[index] }
    return difference == 0
  }
}
#endif  // Web
