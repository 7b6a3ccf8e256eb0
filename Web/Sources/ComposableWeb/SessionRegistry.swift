import Logging

/// The server's live sessions, by id. A session whose page disconnects is kept for
/// `disconnectedLifetime` so that the page can reconnect to it; then it is closed and its store
/// released, which cancels its effects.
///
/// ```swift
/// let registry = SessionRegistry(features: [counter], logger: logger)
/// let connection = registry.connect(featurePath: "counter", resumeID: nil) { print($0) }
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
    var session: LiveSession
    var featurePath: String
    var token: Int
    var expiry: Task<Void, Never>?
  }

  private let features: [String: LiveFeature]
  private let logger: Logger
  private let disconnectedLifetime: Duration
  private let limits: LiveLimits
  private var entries: [String: Entry] = [:]
  private var nextToken = 0

  /// Creates a registry for the given features.
  public init(
    features: [LiveFeature],
    disconnectedLifetime: Duration = .seconds(120),
    limits: LiveLimits = LiveLimits(),
    logger: Logger
  ) {
    self.features = Dictionary(features.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    self.disconnectedLifetime = disconnectedLifetime
    self.limits = limits
    self.logger = logger
  }

  /// The number of live sessions, attached or waiting for their page to come back.
  public var count: Int { entries.count }

  /// The live session with the given id, if any.
  public func session(id: String) -> LiveSession? { entries[id]?.session }

  /// Attaches a page to the session `resumeID` of the feature at `featurePath` if it is still
  /// live, or to a new session otherwise, and sends it a full render through `output`. Returns
  /// `nil` for an unknown feature, and when a new session would exceed
  /// ``LiveLimits/maximumSessions``; then the page is sent `{"type":"refused","reason":…}`.
  public func connect(
    featurePath: String, resumeID: String?, output: @escaping @Sendable (String) -> Void
  ) -> Connection? {
    guard let feature = features[featurePath] else {
      logger.warning("Refused a connection to an unknown feature", metadata: ["feature": LogText.escaped(featurePath, limit: 64)])
      return nil
    }
    nextToken += 1
    let session: LiveSession
    if let resumeID, var entry = entries[resumeID], entry.featurePath == featurePath {
      entry.expiry?.cancel()
      entry.expiry = nil
      entry.token = nextToken
      entries[resumeID] = entry
      session = entry.session
      logger.info("Resumed a session", metadata: ["session": "\(session.logName)"])
    } else {
      guard entries.count < limits.maximumSessions else {
        logger.warning(
          "Refused a new session: the server is at its limit of sessions",
          metadata: ["limit": "\(limits.maximumSessions)", "feature": "\(featurePath)"])
        output(Self.refusal)
        return nil
      }
      let id = LiveSession.makeID()
      session = feature.makeSession(id, limits, logger)
      entries[id] = Entry(session: session, featurePath: featurePath, token: nextToken)
      logger.info(
        "Started a session", metadata: ["session": "\(session.logName)", "feature": "\(featurePath)"])
      logger.debug("A session's id", metadata: ["session": "\(session.logName)", "id": "\(id)"])
    }
    session.output = output
    output(session.start())
    return Connection(sessionID: session.id, token: nextToken)
  }

  /// Detaches the page of `connection`; the session stays live for the disconnected lifetime
  /// unless a page reconnects to it.
  public func disconnect(_ connection: Connection) {
    guard var entry = entries[connection.sessionID], entry.token == connection.token else { return }
    entry.session.output = nil
    let lifetime = disconnectedLifetime
    entry.expiry = Task { [weak self] in
      try? await Task.sleep(for: lifetime)
      guard !Task.isCancelled else { return }
      self?.end(sessionID: connection.sessionID)
    }
    entries[connection.sessionID] = entry
  }

  /// Ends a session now: its page's handlers are revoked and its store released.
  public func end(sessionID: String) {
    guard let entry = entries.removeValue(forKey: sessionID) else { return }
    entry.expiry?.cancel()
    entry.session.close()
    logger.info("Ended a session", metadata: ["session": "\(entry.session.logName)"])
  }

  /// What a page is told when the server has no room for its session.
  static let refusal =
    #"{"reason":"The server is busy: it has as many sessions as it allows. Try again later.","type":"refused"}"#

  /// Ends every session.
  public func endAll() {
    for id in Array(entries.keys) { end(sessionID: id) }
  }
}
