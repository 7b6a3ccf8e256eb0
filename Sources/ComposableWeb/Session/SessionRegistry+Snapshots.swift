#if Web
import ComposableArchitecture
import Foundation
import Logging
import Sharing

extension SessionRegistry {
  // MARK: Snapshots

  /// Returns once every snapshot save and deletion asked for so far is done.
  func waitForSnapshots() async {
    await snapshotStore?.flush()
  }

  /// What a page that asks to resume a session can get from the snapshots.
  enum Restoring {
    /// The session's saved state, now this process's.
    case restore(id: String, state: Data)
    /// Nothing to restore: a new session starts.
    case none
    /// Another process runs the session: the page is to try again.
    case heldElsewhere
  }

  /// The saved state of session `resumeID`, if it has a snapshot for this feature and this
  /// browser, claimed for this process.
  func restorableSnapshot(
    feature: LiveFeature, resumeID: String?, visitor: Visitor
  ) async -> Restoring {
    guard let snapshotStore, feature.isRestorable, let resumeID, entries[resumeID] == nil
    else { return .none }
    let path = feature.path
    let claim = await snapshotStore.claim(id: resumeID) { snapshot in
      snapshot.feature == path && Self.secretsMatch(visitor.browserSecret, snapshot.browserSecret)
        && snapshot.identity == visitor.identity
    }
    switch claim {
    case let .claimed(snapshot): return .restore(id: resumeID, state: snapshot.state)
    case .heldElsewhere: return .heldElsewhere
    case .none: return .none
    }
  }

  /// Saves the session's snapshot once its changes have settled for the debounce.
  func scheduleSnapshot(sessionID: String) {
    guard let snapshotSettings, pendingSnapshots.insert(sessionID).inserted else { return }
    let clock = self.clock
    let deadline = clock.now() + snapshotSettings.debounce
    Task { [weak self] in
      try? await clock.sleep(until: deadline)
      await self?.writeSnapshot(sessionID: sessionID)
    }
  }

  func writeSnapshot(sessionID: String) async {
    pendingSnapshots.remove(sessionID)
    guard let snapshotStore, let snapshotSettings, let entry = entries[sessionID],
      let secret = entry.browserSecret,
      let state = await entry.host.run({ session in
        session.snapshotPending = false
        return session.encodeState?()
      }),
      // A session that ended meanwhile has had its snapshot deleted: it is not written again.
      entries[sessionID]?.host === entry.host || isShutDown
    else { return }
    guard state.count <= snapshotSettings.maximumBytes else {
      logger.warning(
        "Did not save a session's snapshot: its state is larger than allowed",
        metadata: [
          "session": "\(entry.host.logName)", "bytes": "\(state.count)",
          "limit": "\(snapshotSettings.maximumBytes)",
        ])
      return
    }
    snapshotStore.save(
      SessionSnapshot(
        feature: entry.featurePath, browserSecret: secret, identity: entry.identity,
        state: state),
      id: sessionID, sessionName: entry.host.logName,
      onLost: { [weak self] in
        Task { @MainActor in await self?.lose(sessionID: sessionID, host: entry.host) }
      })
  }

  /// Ends this process's copy of a session that another process took (its hold ran out while
  /// this one was unreachable): its page, if attached, reconnects and is sent where the session
  /// is now.
  func lose(sessionID: String, host: SessionHost) async {
    guard let entry = entries[sessionID], entry.host === host else { return }
    logger.warning(
      "Another server took over a session; ended this server's copy",
      metadata: ["session": "\(host.logName)"])
    entry.close?()
    await end(sessionID: sessionID, keepingSnapshot: true)
  }
}
#endif  // Web
