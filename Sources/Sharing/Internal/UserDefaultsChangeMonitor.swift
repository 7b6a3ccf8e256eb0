import ConcurrencyExtras
import Dispatch
import Foundation

/// Tells app-storage keys that a `UserDefaults` may have changed.
///
/// Apple's `UserDefaults` posts `didChangeNotification` on every change made in the process.
/// swift-corelibs-foundation (Linux, Windows) posts nothing and has no key-value observing, so
/// there the monitor also posts the notification after each app-storage save (other keys on the
/// same store hear it at once), and checks the observed keys a few times a second to notice
/// writes made straight to `UserDefaults` by other code. A store made as an
/// ``AnnouncingUserDefaults`` (the fresh store of each test and preview) announces every write
/// itself, as Apple's does.
final class UserDefaultsChangeMonitor: Sendable {
  static let shared = UserDefaultsChangeMonitor()

  /// How often observed keys are checked where no change notification exists.
  static let pollingInterval: DispatchTimeInterval = .milliseconds(100)

  private struct State {
    var observers: [UUID: @Sendable () -> Void] = [:]
    var timer: (any DispatchSourceTimer)?
  }

  private let state = LockIsolated(State())
  private let queue = DispatchQueue(label: "open-composable-architecture.app-storage")

  /// Whether this platform's `UserDefaults` posts `didChangeNotification` itself.
  static var platformPostsChanges: Bool {
    #if canImport(Darwin)
      return true
    #else
      return false
    #endif
  }

  /// Calls `onChange` whenever `store` may have changed, until the subscription is cancelled.
  func observe(
    _ store: UserDefaults, onChange: @escaping @Sendable () -> Void
  ) -> SharedSubscription {
    let token = UncheckedSendable(
      NotificationCenter.default.addObserver(
        forName: UserDefaults.didChangeNotification, object: store, queue: nil
      ) { _ in onChange() }
    )
    let id = UUID()
    if !Self.platformPostsChanges {
      self.startPolling(id: id, onChange: onChange)
    }
    return SharedSubscription { [weak self] in
      NotificationCenter.default.removeObserver(token.value)
      self?.stopPolling(id: id)
    }
  }

  /// Tells observers of `store` that it changed, where the store doesn't.
  func didSave(to store: UserDefaults) {
    guard !Self.platformPostsChanges, !(store is AnnouncingUserDefaults) else { return }
    NotificationCenter.default.post(name: UserDefaults.didChangeNotification, object: store)
  }

  private func startPolling(id: UUID, onChange: @escaping @Sendable () -> Void) {
    self.state.withValue { state in
      state.observers[id] = onChange
      guard state.timer == nil else { return }
      let timer = DispatchSource.makeTimerSource(queue: self.queue)
      timer.schedule(deadline: .now() + Self.pollingInterval, repeating: Self.pollingInterval)
      timer.setEventHandler { [weak self] in
        self?.poll()
      }
      timer.resume()
      state.timer = timer
    }
  }

  private func stopPolling(id: UUID) {
    self.state.withValue { state in
      state.observers[id] = nil
      if state.observers.isEmpty {
        state.timer?.cancel()
        state.timer = nil
      }
    }
  }

  private func poll() {
    let observers = self.state.withValue { Array($0.observers.values) }
    for observer in observers {
      observer()
    }
  }
}

/// A `UserDefaults` that posts `didChangeNotification` on every write and removal made through
/// it, as Apple's `UserDefaults` does. swift-corelibs-foundation posts nothing, so where it is
/// the Foundation in use, each test's and preview's fresh app storage is one of these: a
/// subscriber to `@Shared(.appStorage("count"))` hears of `defaults.set(1, forKey: "count")` as
/// it happens rather than at the next poll.
///
/// Every typed setter (`set(_: Int, forKey:)` and the rest) goes through `set(_: Any?, forKey:)`,
/// so the two overrides see every write.
// Unchecked: `UserDefaults` is thread-safe, as Foundation documents, but not Sendable everywhere.
final class AnnouncingUserDefaults: UserDefaults, @unchecked Sendable {
  override func set(_ value: Any?, forKey defaultName: String) {
    super.set(value, forKey: defaultName)
    self.announce()
  }

  override func removeObject(forKey defaultName: String) {
    super.removeObject(forKey: defaultName)
    self.announce()
  }

  private func announce() {
    NotificationCenter.default.post(name: UserDefaults.didChangeNotification, object: self)
  }
}
