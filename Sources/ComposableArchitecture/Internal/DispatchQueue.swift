import Dispatch
import Foundation

private let mainQueueKey = DispatchSpecificKey<UInt8>()
private let mainQueueIsMarked: Bool = {
  DispatchQueue.main.setSpecific(key: mainQueueKey, value: 1)
  return true
}()

/// Whether the caller runs on the main queue, and so on the main actor.
///
/// `Thread.isMainThread` is not enough: once the main thread parks in `dispatchMain()` (as test
/// runners on Linux do), main-queue work runs on a worker thread.
func isOnMainQueue() -> Bool {
  _ = mainQueueIsMarked
  return Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) != nil
}

/// Runs `body` on the main actor right away: directly when already on the main queue, otherwise
/// by waiting for it.
func mainActorNow(_ body: @MainActor () -> Void) {
  if isOnMainQueue() {
    MainActor.assumeIsolated(body)
  } else {
    DispatchQueue.main.sync { MainActor.assumeIsolated(body) }
  }
}
