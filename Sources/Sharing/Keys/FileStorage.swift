import ConcurrencyExtras
import Dependencies
import Dispatch
import Foundation

/// The file system that ``FileStorageKey`` reads, writes and watches, and the scheduler that
/// spaces its writes out.
///
/// The ``Dependencies/DependencyValues/defaultFileStorage`` dependency picks one: the real
/// ``fileSystem`` in a running app, a fresh ``inMemory`` file system in tests and previews, so
/// tests never touch the disk unless they ask to:
///
/// ```swift
/// @Test func savesTheSettings() async throws {
///   try await withDependencies {
///     $0.defaultFileStorage = .fileSystem
///   } operation: {
///     @Shared(.fileStorage(settingsURL)) var settings = Settings()
///     $settings.withLock { $0.isHapticsEnabled = false }
///     try await $settings.save()
///   }
/// }
/// ```
public struct FileStorage: Hashable, Sendable {
  let id: AnyHashableSendable
  /// Runs `work` after a delay; ``FileStorageKey`` uses it to write at most once per interval.
  let asyncAfter: @Sendable (Duration, @escaping @Sendable () -> Void) -> Void
  /// Creates a directory and any missing parent.
  let createDirectory: @Sendable (URL) throws -> Void
  let fileExists: @Sendable (URL) -> Bool
  let load: @Sendable (URL) throws -> Data
  /// Replaces the file's contents all at once, creating its directory if needed.
  let save: @Sendable (Data, URL) throws -> Void
  let removeItem: @Sendable (URL) throws -> Void
  /// Calls the handler whenever the file may have changed (written, replaced, moved or deleted),
  /// until the returned subscription is cancelled.
  let fileSystemSource: @Sendable (URL, @escaping @Sendable () -> Void) throws -> SharedSubscription

  /// The real file system. Writes are atomic: the data goes to a temporary file in the same
  /// directory, which then replaces the file in one rename, so a reader never sees half a file.
  /// Changes made by other processes are noticed (inotify on Linux, dispatch sources on Apple
  /// platforms).
  ///
  /// ```swift
  /// prepareDependencies { $0.defaultFileStorage = .fileSystem }
  /// ```
  public static let fileSystem = Self.fileSystem(
    id: "fileSystem", scheduler: .dispatch(FileStorage.queue)
  )

  /// A file system kept in memory: nothing touches the disk. Each use of `inMemory` is a new,
  /// empty file system. Its writes are never delayed, so every change is saved at once.
  ///
  /// ```swift
  /// @Test func startsFresh() {
  ///   withDependencies {
  ///     $0.defaultFileStorage = .inMemory
  ///   } operation: {
  ///     @Shared(.fileStorage(URL(filePath: "/settings.json"))) var settings = Settings()
  ///     #expect(settings == Settings())
  ///   }
  /// }
  /// ```
  public static var inMemory: Self {
    Self.inMemory(scheduler: .immediate)
  }

  /// The real file system, with writes spaced out by `scheduler`.
  static func fileSystem(id: some Hashable & Sendable, scheduler: Scheduler) -> Self {
    Self(
      id: AnyHashableSendable(id),
      asyncAfter: scheduler.asyncAfter,
      createDirectory: {
        try FileManager.default.createDirectory(at: $0, withIntermediateDirectories: true)
      },
      fileExists: { FileManager.default.fileExists(atPath: $0.path) },
      load: { try Data(contentsOf: $0) },
      save: { try AtomicFileWrite.write($0, to: $1) },
      removeItem: { try FileManager.default.removeItem(at: $0) },
      fileSystemSource: { url, onChange in
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true
        )
        let watcher = try FileWatcher(url: url, queue: FileStorage.queue, onChange: onChange)
        return SharedSubscription { watcher.cancel() }
      }
    )
  }

  /// A new, empty file system in memory, with writes spaced out by `scheduler`.
  static func inMemory(scheduler: Scheduler) -> Self {
    let fileSystem = InMemoryFileSystem()
    return Self(
      id: AnyHashableSendable(ObjectIdentifier(fileSystem)),
      asyncAfter: scheduler.asyncAfter,
      createDirectory: { _ in },
      fileExists: { fileSystem.fileExists($0) },
      load: { try fileSystem.load($0) },
      save: { fileSystem.save($0, to: $1) },
      removeItem: { try fileSystem.removeItem($0) },
      fileSystemSource: { fileSystem.watch($0, onChange: $1) }
    )
  }

  /// Where the real file system's delayed writes and change notifications run.
  static let queue = DispatchQueue(label: "open-composable-architecture.file-storage")

  /// How a file storage runs work later.
  struct Scheduler: Sendable {
    let asyncAfter: @Sendable (Duration, @escaping @Sendable () -> Void) -> Void

    /// Runs the work at once, on the calling thread: no write is ever delayed.
    static let immediate = Self { _, work in work() }

    /// Runs the work on `queue` after the delay.
    static func dispatch(_ queue: DispatchQueue) -> Self {
      Self { delay, work in
        let (seconds, attoseconds) = delay.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        queue.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds), execute: work)
      }
    }
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.id == rhs.id
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.id)
  }
}

private enum DefaultFileStorageKey: DependencyKey {
  static var liveValue: FileStorage { .fileSystem }
  static var previewValue: FileStorage { .inMemory }
  static var testValue: FileStorage { .inMemory }
}

extension DependencyValues {
  /// The file system that ``SharedReaderKey/fileStorage(_:decoder:encoder:)`` keys use: the real
  /// one when the app runs, a fresh in-memory one in each test and preview.
  ///
  /// Override it to keep a UI-test run of the app off the disk, or to let a test use the disk:
  ///
  /// ```swift
  /// withDependencies {
  ///   $0.defaultFileStorage = .fileSystem
  /// } operation: {
  ///   @Shared(.fileStorage(url)) var count = 0
  /// }
  /// ```
  public var defaultFileStorage: FileStorage {
    get { self[DefaultFileStorageKey.self] }
    set { self[DefaultFileStorageKey.self] = newValue }
  }
}
