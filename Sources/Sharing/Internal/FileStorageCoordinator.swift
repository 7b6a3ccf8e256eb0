import ConcurrencyExtras
import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The moving parts behind one ``FileStorageKey``: it loads the file, writes changes when the
/// ``FileWriteSchedule`` says so, and tells changes made by others from its own.
///
/// Its locks are never held while scheduling work (so a scheduler that runs work at once can't
/// deadlock or drop a write):
/// - `state` guards the schedule and what the file is known to hold, briefly;
/// - `watch` guards the watch on the file, briefly;
/// - `fileLock` is held while the file is written or read after a change, so that reading the
///   file and comparing it with the last write can't interleave with a write. It is recursive: a
///   file system may announce a write at once, from inside it (the in-memory one does), and the
///   announcement reads the file holding the lock.
final class FileStorageCoordinator<Value: Sendable>: PendingFileWrites.Flushing, Sendable {
  private struct State {
    var schedule = FileWriteSchedule<Value, SaveContinuation>()
    var writtenGeneration = 0
    /// What the file holds as far as this key knows: `.some(nil)` for no file, `nil` before the
    /// file is first read. A change event that finds these contents is this key's own write (or
    /// one already seen) and is ignored.
    var knownContents: Data??
  }

  let url: URL
  let storage: FileStorage
  private let decode: @Sendable (Data) throws -> Value
  private let encode: @Sendable (Value) throws -> Data
  private let state = LockIsolated(State())
  private let fileLock = Locked<Void>(recursive: true)

  /// How long changes are coalesced after a write.
  static var window: Duration { .seconds(1) }

  init(
    url: URL,
    storage: FileStorage,
    decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data
  ) {
    self.url = url
    self.storage = storage
    self.decode = decode
    self.encode = encode
    PendingFileWrites.register(self)
  }

  deinit {
    self.flush()
    PendingFileWrites.unregister(self)
  }

  // MARK: Watching

  /// The watch on the file and who hears of its changes. A watch can be lost: the kernel drops
  /// it when the file's directory is removed. A missing file marks it for renewal, which the
  /// next write (recreating the directory) does.
  private struct Watch {
    var subscriber: SharedSubscriber<Value>?
    var subscription: SharedSubscription?
    var needsRenewal = false
  }

  private let watch = LockIsolated(Watch())

  /// Follows changes to the file until the returned subscription is cancelled, which also
  /// writes any pending change.
  func startWatching(subscriber: SharedSubscriber<Value>) -> SharedSubscription {
    self.watch.withValue { $0.subscriber = subscriber }
    self.renewWatch()
    return SharedSubscription {
      let subscription = self.watch.withValue { watch in
        defer { watch = Watch() }
        return watch.subscription
      }
      subscription?.cancel()
      self.flush()
    }
  }

  private func renewWatch() {
    guard let subscriber = self.watch.value.subscriber else { return }
    let subscription: SharedSubscription
    do {
      subscription = try self.storage.fileSystemSource(self.url) { [weak self] in
        self?.fileDidChange(subscriber: subscriber)
      }
    } catch {
      subscriber.yield(throwing: error)
      return
    }
    let replaced = self.watch.withValue { watch -> SharedSubscription? in
      // Stopped meanwhile: the new watch is not wanted.
      guard watch.subscriber != nil else { return subscription }
      defer {
        watch.subscription = subscription
        watch.needsRenewal = false
      }
      return watch.subscription
    }
    replaced?.cancel()
  }

  // MARK: Loading

  func load(continuation: LoadContinuation<Value>) {
    let result: Result<Value?, any Error> = self.fileLock.withLock {
      let contents: Data?
      do {
        contents = try self.readFile()
      } catch {
        return .failure(error)
      }
      self.state.withValue { $0.knownContents = .some(contents) }
      return self.decoded(contents)
    }
    continuation.resume(with: result)
  }

  /// The file changed, or may have: yields its value unless the change is this key's own write
  /// or is about to be overwritten by a pending one. A deleted file is news even then: the
  /// pending change is dropped, as swift-sharing drops it, and the value goes back to its default.
  func fileDidChange(subscriber: SharedSubscriber<Value>) {
    let dropped: FileWriteSchedule<Value, SaveContinuation>.Write? = self.fileLock.withLock {
      let contents: Data?
      do {
        contents = try self.readFile()
      } catch {
        subscriber.yield(throwing: error)
        return nil
      }
      if contents == nil {
        self.watch.withValue { $0.needsRenewal = true }
      }
      let (isNews, dropped) = self.state.withValue {
        state -> (Bool, FileWriteSchedule<Value, SaveContinuation>.Write?) in
        let dropped = contents == nil ? state.schedule.discardPending() : nil
        guard !state.schedule.hasPendingWrite, state.knownContents != .some(contents) else {
          return (false, dropped)
        }
        state.knownContents = .some(contents)
        return (true, dropped)
      }
      if isNews {
        subscriber.yield(with: self.decoded(contents))
      }
      return dropped
    }
    // The dropped change's saves are over: nothing of them is left to write.
    for continuation in dropped?.continuations ?? [] {
      continuation.resume(with: .success(()))
    }
  }

  /// The file's contents, `nil` if there is no file.
  private func readFile() throws -> Data? {
    guard self.storage.fileExists(self.url) else { return nil }
    do {
      return try self.storage.load(self.url)
    } catch where !self.storage.fileExists(self.url) {
      return nil
    } catch {
      throw FileStorageReadError(path: self.url.path, underlying: error)
    }
  }

  /// A missing or empty file holds no value: the shared value uses its default.
  private func decoded(_ contents: Data?) -> Result<Value?, any Error> {
    guard let contents, !contents.isEmpty else { return .success(nil) }
    return Result { try self.decode(contents) }
      .mapError { FileStorageDecodingError(path: self.url.path, underlying: $0) }
  }

  // MARK: Saving

  func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    switch context {
    case .didSet:
      let write = self.state.withValue {
        $0.schedule.change(value, continuation: continuation)
      }
      if let write {
        self.perform(write)
        self.scheduleWindowEnd()
      }
    case .userInitiated:
      let write = self.state.withValue {
        $0.schedule.explicitSave(value, continuation: continuation)
      }
      self.perform(write)
    }
  }

  /// Writes the pending change now, if there is one.
  func flush() {
    if let write = self.state.withValue({ $0.schedule.flush() }) {
      self.perform(write)
    }
  }

  private func scheduleWindowEnd() {
    self.storage.asyncAfter(Self.window) { [weak self] in
      self?.windowEnded()
    }
  }

  private func windowEnded() {
    if let write = self.state.withValue({ $0.schedule.windowEnded() }) {
      self.perform(write)
      self.scheduleWindowEnd()
    }
  }

  private func perform(_ write: FileWriteSchedule<Value, SaveContinuation>.Write) {
    let result: Result<Void, any Error> = self.fileLock.withLock {
      let (isOvertaken, previous) = self.state.withValue {
        ($0.writtenGeneration >= write.generation, $0.knownContents)
      }
      // A newer value is already in the file, and it includes this change.
      guard !isOvertaken else { return .success(()) }
      do {
        let data = try self.encode(write.value)
        // Recorded before the write, so the change event the write causes (delivered at once by
        // an in-memory file system) is known to be this key's own.
        self.state.withValue { $0.knownContents = .some(data) }
        do {
          try self.storage.save(data, self.url)
        } catch {
          self.state.withValue { $0.knownContents = previous }
          throw error
        }
        self.state.withValue { $0.writtenGeneration = write.generation }
        if self.watch.value.needsRenewal {
          self.renewWatch()
        }
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    for continuation in write.continuations {
      continuation.resume(with: result)
    }
  }
}

/// The file exists but couldn't be read.
struct FileStorageReadError: Error, CustomStringConvertible, LocalizedError {
  let path: String
  let underlying: any Error

  var description: String {
    "Couldn't read the shared value stored at '\(self.path)': \(self.underlying)"
  }

  var errorDescription: String? { self.description }
}

/// The file's contents couldn't be decoded. The shared value keeps its default, and the file is
/// left as it is until the value next changes.
struct FileStorageDecodingError: Error, CustomStringConvertible, LocalizedError {
  let path: String
  let underlying: any Error

  var description: String {
    """
    Couldn't decode the shared value stored at '\(self.path)': \(self.underlying). The default \
    value is used; the file is left untouched until the value changes.
    """
  }

  var errorDescription: String? { self.description }
}

/// Every file-storage key alive, so that changes still waiting to be written are written when
/// the process exits normally.
enum PendingFileWrites {
  protocol Flushing: AnyObject, Sendable {
    func flush()
  }

  private struct WeakFlushing {
    weak var value: (any Flushing)?
  }

  private static let registered = LockIsolated<[ObjectIdentifier: WeakFlushing]>([:])

  private static let exitHook: Void = {
    atexit {
      PendingFileWrites.flushAll()
    }
  }()

  static func register(_ flushing: some Flushing) {
    _ = Self.exitHook
    Self.registered.withValue { $0[ObjectIdentifier(flushing)] = WeakFlushing(value: flushing) }
  }

  static func unregister(_ flushing: some Flushing) {
    Self.registered.withValue { _ = $0.removeValue(forKey: ObjectIdentifier(flushing)) }
  }

  /// Writes every pending change now. Runs at exit; callable directly in tests.
  static func flushAll() {
    let all = Self.registered.withValue { $0.values.compactMap(\.value) }
    for flushing in all {
      flushing.flush()
    }
  }
}
