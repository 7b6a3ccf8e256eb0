import ConcurrencyExtras
import Foundation
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

@testable import ComposableArchitecture
@testable import Sharing
@_spi(Testing) import ComposableArchitectureTestSupport

/// A directory of its own under the temporary directory, removed when `body` returns.
func withScratchDirectory<R>(
  _ body: (URL) async throws -> R
) async rethrows -> R {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("file-storage-tests-\(UUID().uuidString)", isDirectory: true)
  try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  return try await body(directory)
}

/// A scheduler whose delayed work runs only when a test says so.
final class ManualFileScheduler: Sendable {
  private let work = LockIsolated<[@Sendable () -> Void]>([])

  var scheduler: FileStorage.Scheduler {
    FileStorage.Scheduler { _, work in self.work.withValue { $0.append(work) } }
  }

  var scheduledCount: Int { self.work.value.count }

  /// Runs the work scheduled so far (and not work it schedules in turn).
  func runScheduled() {
    let work = self.work.withValue { work in
      defer { work = [] }
      return work
    }
    for item in work {
      item()
    }
  }
}

/// The schedulers every file-storage behaviour must hold under: one that never delays a write,
/// and the real one (a dispatch queue, one-second windows).
enum FileSchedulerKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case immediate
  case dispatchQueue

  var scheduler: FileStorage.Scheduler {
    switch self {
    case .immediate: .immediate
    case .dispatchQueue: .dispatch(FileStorage.queue)
    }
  }

  var testDescription: String { self.rawValue }
}

/// The delayed work a storage has scheduled (the end of a write window) and not yet run.
final class ScheduledWork: Sendable {
  let outstanding = LockIsolated(0)
}

extension FileStorage {
  /// This storage, counting in `work` the delayed work it schedules until that work has run.
  /// Once none is outstanding, a key's write window is closed and nothing waits to be written:
  /// no write can happen without a new change.
  func countingScheduledWork(into work: ScheduledWork) -> Self {
    let asyncAfter = self.asyncAfter
    return FileStorage(
      id: self.id,
      asyncAfter: { delay, body in
        work.outstanding.withValue { $0 += 1 }
        asyncAfter(delay) {
          body()
          work.outstanding.withValue { $0 -= 1 }
        }
      },
      createDirectory: self.createDirectory,
      fileExists: self.fileExists,
      load: self.load,
      save: self.save,
      removeItem: self.removeItem,
      fileSystemSource: self.fileSystemSource
    )
  }

  /// This storage, counting the files it writes.
  func countingWrites(into count: LockIsolated<Int>) -> Self {
    let save = self.save
    return FileStorage(
      id: self.id,
      asyncAfter: self.asyncAfter,
      createDirectory: self.createDirectory,
      fileExists: self.fileExists,
      load: self.load,
      save: { data, url in
        count.withValue { $0 += 1 }
        try save(data, url)
      },
      removeItem: self.removeItem,
      fileSystemSource: self.fileSystemSource
    )
  }

  /// The value stored at `url`, decoded as JSON; `nil` if there is no file or it doesn't decode.
  func decoded<Value: Decodable>(_ type: Value.Type, at url: URL) -> Value? {
    guard let data = try? self.load(url) else { return nil }
    return try? JSONDecoder().decode(Value.self, from: data)
  }
}

/// Waits until every change the file system reported about files of `directory` before the call
/// has been handled on ``FileStorage/queue``, where file watchers run; `false` if that took more
/// than a few seconds. A sentinel file in the directory is written twice and its own watcher
/// heard each time: events are read in order, one batch at a time, and a batch's watchers are
/// called in any order, so the second hearing comes after every earlier event's. (Exact with
/// inotify; on Darwin each watcher has a source of its own.)
func fileEventsSettled(in directory: URL) async throws -> Bool {
  let sentinel = directory.appendingPathComponent(".settled-\(UUID().uuidString)")
  let heard = LockIsolated(0)
  let watcher = try FileWatcher(url: sentinel, queue: FileStorage.queue) {
    heard.withValue { $0 += 1 }
  }
  defer {
    watcher.cancel()
    try? FileManager.default.removeItem(at: sentinel)
  }
  for round in 1...2 {
    try Data("\(round)".utf8).write(to: sentinel)
    guard await eventually(timeout: .seconds(10), { heard.value >= round }) else { return false }
  }
  return true
}

/// The contents of a real file as a value, `nil` if missing or undecodable.
func decodedFile<Value: Decodable>(_ type: Value.Type, at url: URL) -> Value? {
  guard let data = try? Data(contentsOf: url) else { return nil }
  return try? JSONDecoder().decode(Value.self, from: data)
}

/// Runs a program to completion, as another process would change a file.
func runProcess(_ executable: String, _ arguments: [String]) async throws -> Int32 {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  return try await runToExit(process)
}

/// Runs `process` and returns its exit status, without blocking a thread of the shared executor
/// while it runs (`waitUntilExit` would hold one of the two a 2-core machine has, and tests
/// running in parallel could not start their effects until the child ended).
func runToExit(_ process: Process) async throws -> Int32 {
  try await withCheckedThrowingContinuation { continuation in
    process.terminationHandler = { process in
      continuation.resume(returning: process.terminationStatus)
    }
    do {
      try process.run()
    } catch {
      process.terminationHandler = nil
      continuation.resume(throwing: error)
    }
  }
}

/// The file's inode number, `nil` if it doesn't exist.
func inode(of url: URL) -> UInt64? {
  var info = stat()
  guard stat(url.path, &info) == 0 else { return nil }
  return UInt64(info.st_ino)
}

/// How many file descriptors the process has open (Linux only; `nil` elsewhere).
func openFileDescriptorCount() -> Int? {
  (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.count
}
