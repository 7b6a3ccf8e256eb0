#if Web
import ComposableArchitecture
import Foundation
import Logging
import Sharing

extension SessionRegistry {
  // MARK: Snapshots

  /// Waits until every snapshot write, deletion and trim asked for so far is done.
  func waitForSnapshotFiles() {
    snapshotFiles?.waitForWrites()
  }

  /// The saved state of session `resumeID`, if it has a snapshot for this feature and this
  /// browser.
  func restorableSnapshot(
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
  func scheduleSnapshot(sessionID: String) {
    guard let snapshotFiles, pendingSnapshots.insert(sessionID).inserted else { return }
    let debounce = snapshotFiles.settings.debounce
    let clock = self.clock
    let deadline = clock.now() + debounce
    Task { [weak self] in
      try? await clock.sleep(until: deadline)
      await self?.writeSnapshot(sessionID: sessionID)
    }
  }

  func writeSnapshot(sessionID: String) async {
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
}
#endif  // Web
