import ConcurrencyExtras
import Foundation

/// The files of ``FileStorage/inMemory``: a dictionary of file contents, with watchers told of
/// every write and removal as it happens.
final class InMemoryFileSystem: Sendable {
  private struct State {
    var files: [URL: Data] = [:]
    var watchers: [URL: [UUID: @Sendable () -> Void]] = [:]
  }

  private let state = LockIsolated(State())

  func fileExists(_ url: URL) -> Bool {
    self.state.withValue { $0.files[url.standardizedFileURL] != nil }
  }

  func load(_ url: URL) throws -> Data {
    guard let data = self.state.withValue({ $0.files[url.standardizedFileURL] }) else {
      throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: url.path])
    }
    return data
  }

  func save(_ data: Data, to url: URL) {
    self.state.withValue { $0.files[url.standardizedFileURL] = data }
    self.notifyWatchers(of: url)
  }

  func removeItem(_ url: URL) throws {
    let removed = self.state.withValue { $0.files.removeValue(forKey: url.standardizedFileURL) }
    guard removed != nil else {
      throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: url.path])
    }
    self.notifyWatchers(of: url)
  }

  func watch(_ url: URL, onChange: @escaping @Sendable () -> Void) -> SharedSubscription {
    let url = url.standardizedFileURL
    let id = UUID()
    self.state.withValue { $0.watchers[url, default: [:]][id] = onChange }
    return SharedSubscription { [weak self] in
      self?.state.withValue { _ = $0.watchers[url]?.removeValue(forKey: id) }
    }
  }

  /// Watchers are called outside the lock, so they may read the file system.
  private func notifyWatchers(of url: URL) {
    let watchers = self.state.withValue { Array(($0.watchers[url.standardizedFileURL] ?? [:]).values) }
    for watcher in watchers {
      watcher()
    }
  }
}
