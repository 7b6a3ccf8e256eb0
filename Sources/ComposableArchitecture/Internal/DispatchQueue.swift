#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif
import Dispatch
import Foundation

private let mainQueueKey = DispatchSpecificKey<UInt8>()
private let mainQueueIsMarked: Bool = {
  DispatchQueue.main.setSpecific(key: mainQueueKey, value: 1)
  return true
}()

/// Whether the caller runs on the main queue or the main thread, and so on the main actor.
///
/// `Thread.isMainThread` is not enough: once the main thread parks in `dispatchMain()` (as test
/// runners on Linux do), main-queue work runs on a worker thread. Nor can it be trusted on
/// Linux, where it names the thread that first used Foundation, which may be a worker thread.
func isOnMainQueue() -> Bool {
  _ = mainQueueIsMarked
  return DispatchQueue.getSpecific(key: mainQueueKey) != nil || isOnMainThread()
}

#if canImport(Darwin)
  private func isOnMainThread() -> Bool {
    pthread_main_np() != 0
  }
#elseif canImport(Glibc)
  /// The process's main thread is the one whose thread ID is the process ID.
  private func isOnMainThread() -> Bool {
    guard let gettid = currentThreadID else { return Thread.isMainThread }
    return gettid() == getpid()
  }

  /// glibc's `gettid`, which Swift does not import.
  private let currentThreadID: (@convention(c) () -> pid_t)? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "gettid") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) () -> pid_t).self)
  }()
#else
  private func isOnMainThread() -> Bool {
    Thread.isMainThread
  }
#endif

/// Runs `body` on the main actor right away: directly when already on the main queue, otherwise
/// by waiting for it.
func mainActorNow(_ body: @MainActor () -> Void) {
  if isOnMainQueue() {
    MainActor.assumeIsolated(body)
  } else {
    DispatchQueue.main.sync { MainActor.assumeIsolated(body) }
  }
}
