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

extension FileStorage {
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
