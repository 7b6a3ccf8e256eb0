import ConcurrencyExtras
import Dependencies
import Foundation
import Testing

@testable import ComposableArchitecture
@testable import Sharing
@_spi(Testing) import ComposableArchitectureTestSupport

/// File storage against the real file system, in scratch directories.
@Suite struct FileStorageDiskTests {
  struct Note: Codable, Equatable {
    var title = ""
    var lines: [String] = []
  }

  func storage(_ kind: FileSchedulerKind) -> FileStorage {
    .fileSystem(id: UUID(), scheduler: kind.scheduler)
  }

  @Test(arguments: FileSchedulerKind.allCases)
  func aChangeReachesTheDisk(_ kind: FileSchedulerKind) async throws {
    try await withScratchDirectory { directory in
      let url = directory.appendingPathComponent("count.json")
      try await withDependencies { $0.defaultFileStorage = self.storage(kind) } operation: {
        @Shared(.fileStorage(url)) var count = 0
        $count.withLock { $0 = 1 }
        $count.withLock { $0 = 2 }
        #expect(await eventually { decodedFile(Int.self, at: url) == 2 })
        try await $count.save()
        #expect(decodedFile(Int.self, at: url) == 2)
      }
    }
  }

  @Test func theDirectoryIsCreatedWhenMissing() async {
    await withScratchDirectory { directory in
      let url = directory.appendingPathComponent("a/b/c/count.json")
      withDependencies { $0.defaultFileStorage = self.storage(.immediate) } operation: {
        @Shared(.fileStorage(url)) var count = 0
        $count.withLock { $0 = 5 }
        #expect(decodedFile(Int.self, at: url) == 5)
      }
    }
  }

  @Test func writesAreAtomicAndLeaveNoTemporaryFiles() async throws {
    try await withScratchDirectory { directory in
      let url = directory.appendingPathComponent("note.json")
      try await withDependencies { $0.defaultFileStorage = self.storage(.immediate) } operation: {
        @Shared(.fileStorage(url)) var note = Note()
        $note.withLock { $0.title = "first" }
        // Held open, the first file keeps its contents if it is replaced rather than rewritten.
        let firstFile = try FileHandle(forReadingFrom: url)
        defer { try? firstFile.close() }

        // A reader that keeps decoding the file while it is rewritten never sees part of one.
        let isWriting = LockIsolated(true)
        let torn = LockIsolated(0)
        let reads = LockIsolated(0)
        let reader = Thread {
          while isWriting.value {
            guard let data = try? Data(contentsOf: url) else { continue }
            reads.withValue { $0 += 1 }
            if (try? JSONDecoder().decode(Note.self, from: data)) == nil {
              torn.withValue { $0 += 1 }
            }
          }
        }
        reader.start()
        for index in 1...150 {
          $note.withLock {
            $0.title = "version \(index)"
            $0.lines = Array(repeating: String(repeating: "x", count: 200), count: 200)
          }
        }
        isWriting.setValue(false)
        #expect(await eventually { reads.value > 0 })
        #expect(torn.value == 0)

        #expect(decodedFile(Note.self, at: url)?.title == "version 150")
        let firstContents = try #require(try firstFile.readToEnd())
        #expect(
          try JSONDecoder().decode(Note.self, from: firstContents).title == "first",
          "each write replaces the file with a new one"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["note.json"])
      }
    }
  }

  @Test func rapidChangesWithTheRealSchedulerEndWithTheLastValueInAFewWrites() async {
    await withScratchDirectory { directory in
      let url = directory.appendingPathComponent("count.json")
      let writes = LockIsolated(0)
      let work = ScheduledWork()
      let storage = self.storage(.dispatchQueue).countingWrites(into: writes)
        .countingScheduledWork(into: work)
      await withDependencies { $0.defaultFileStorage = storage } operation: {
        @Shared(.fileStorage(url)) var count = 0
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 1...1_000 {
          $count.withLock { $0 += 1 }
        }
        // At most one write a second after the first: how many that allows depends on how long
        // the changes took (seconds under ThreadSanitizer on a loaded machine).
        let elapsed = clock.now - start
        #expect(await eventually { decodedFile(Int.self, at: url) == 1_000 })
        // Once the write window has closed, no write can follow without a change.
        #expect(await eventually { work.outstanding.value == 0 })
        #expect(decodedFile(Int.self, at: url) == 1_000)
        let allowed = 3 + Int(elapsed.components.seconds)
        #expect((2...max(5, allowed)).contains(writes.value), "\(writes.value) writes in \(elapsed)")
      }
    }
  }

  @Test func pendingChangesReachTheDiskWhenTheLastReferenceGoesAway() async {
    await withScratchDirectory { directory in
      let url = directory.appendingPathComponent("count.json")
      withDependencies { $0.defaultFileStorage = self.storage(.dispatchQueue) } operation: {
        do {
          @Shared(.fileStorage(url)) var count = 0
          $count.withLock { $0 = 1 }
          $count.withLock { $0 = 2 }
        }
        // No waiting for the one-second window: releasing the value wrote it.
        #expect(decodedFile(Int.self, at: url) == 2)
      }
    }
  }

  @Test(arguments: FileSchedulerKind.allCases)
  func theValueSurvivesARestart(_ kind: FileSchedulerKind) async {
    await withScratchDirectory { directory in
      let url = directory.appendingPathComponent("note.json")
      withDependencies { $0.defaultFileStorage = self.storage(kind) } operation: {
        @Shared(.fileStorage(url)) var note = Note()
        $note.withLock { $0 = Note(title: "kept", lines: ["a", "b"]) }
      }
      // A new storage and a new reference, as after relaunching the app.
      withDependencies { $0.defaultFileStorage = self.storage(kind) } operation: {
        @Shared(.fileStorage(url)) var note = Note()
        #expect(note == Note(title: "kept", lines: ["a", "b"]))
      }
    }
  }

  @Test func aFileWrittenByAnotherProcessIsLoaded() async throws {
    try await withScratchDirectory { directory in
      let url = directory.appendingPathComponent("count.json")
      let status = try await runProcess("/bin/sh", ["-c", #"printf 314 > "$1""#, "sh", url.path])
      #expect(status == 0)
      withDependencies { $0.defaultFileStorage = self.storage(.dispatchQueue) } operation: {
        @Shared(.fileStorage(url)) var count = 0
        #expect(count == 314)
      }
    }
  }

  @Test(arguments: FileSchedulerKind.allCases)
  func writesByAnotherProcessArePickedUp(_ kind: FileSchedulerKind) async throws {
    try await withScratchDirectory { directory in
      let url = directory.appendingPathComponent("count.json")
      try await withDependencies { $0.defaultFileStorage = self.storage(kind) } operation: {
        @Shared(.fileStorage(url)) var count = 0
        $count.withLock { $0 = 1 }
        try await Task.sleep(for: .milliseconds(1_100))

        // Written in place, as a shell redirection does.
        #expect(try await runProcess("/bin/sh", ["-c", #"printf 2 > "$1""#, "sh", url.path]) == 0)
        let sharedCount = $count
        #expect(await eventually { sharedCount.wrappedValue == 2 })

        // Written aside and renamed over the file, as atomic writers do.
        let script = #"printf 3 > "$1.new" && mv "$1.new" "$1""#
        #expect(try await runProcess("/bin/sh", ["-c", script, "sh", url.path]) == 0)
        #expect(await eventually { sharedCount.wrappedValue == 3 })
      }
    }
  }

  @Test(arguments: FileSchedulerKind.allCases)
  func deletingTheFileBringsBackTheDefault(_ kind: FileSchedulerKind) async throws {
    try await withScratchDirectory { directory in
      let url = directory.appendingPathComponent("count.json")
      try await withDependencies { $0.defaultFileStorage = self.storage(kind) } operation: {
        @Shared(.fileStorage(url)) var count = 10
        $count.withLock { $0 = 11 }
        #expect(await eventually { decodedFile(Int.self, at: url) == 11 })
        try await Task.sleep(for: .milliseconds(1_100))

        try FileManager.default.removeItem(at: url)
        let sharedCount = $count
        #expect(await eventually { sharedCount.wrappedValue == 10 })
      }
    }
  }

  @Test(arguments: FileSchedulerKind.allCases)
  func aFileMovedAwayBringsBackTheDefaultAndThePathIsStillWatched(
    _ kind: FileSchedulerKind
  ) async throws {
    try await withScratchDirectory { directory in
      let url = directory.appendingPathComponent("count.json")
      let aside = directory.appendingPathComponent("aside.json")
      try Data("1".utf8).write(to: url)
      try await withDependencies { $0.defaultFileStorage = self.storage(kind) } operation: {
        @Shared(.fileStorage(url)) var count = 0
        let sharedCount = $count
        #expect(count == 1)

        try FileManager.default.moveItem(at: url, to: aside)
        #expect(await eventually { sharedCount.wrappedValue == 0 })
        // Changes to the moved file are not this key's business.
        try Data("9".utf8).write(to: aside)
        #expect(try await fileEventsSettled(in: directory))
        #expect(count == 0)

        // Moved back, and then written by someone else: both are seen at the path.
        try FileManager.default.moveItem(at: aside, to: url)
        #expect(await eventually { sharedCount.wrappedValue == 9 })
        try Data("4".utf8).write(to: url)
        #expect(await eventually { sharedCount.wrappedValue == 4 })
      }
    }
  }

  @Test(arguments: FileSchedulerKind.allCases)
  func aFileMovedAwayThenWrittenAtItsPathIsLoaded(_ kind: FileSchedulerKind) async throws {
    try await withScratchDirectory { directory in
      let url = directory.appendingPathComponent("count.json")
      try Data("1".utf8).write(to: url)
      try await withDependencies { $0.defaultFileStorage = self.storage(kind) } operation: {
        @Shared(.fileStorage(url)) var count = 0
        let sharedCount = $count
        try FileManager.default.moveItem(
          at: url, to: directory.appendingPathComponent("aside.json")
        )
        #expect(await eventually { sharedCount.wrappedValue == 0 })
        #expect(try await runProcess("/bin/sh", ["-c", #"printf 7 > "$1""#, "sh", url.path]) == 0)
        #expect(await eventually { sharedCount.wrappedValue == 7 })
      }
    }
  }

  /// Deleting the file says its value is gone: a change still waiting for the end of the write
  /// window must not bring it back.
  @Test func deletingTheFileCancelsAPendingWriteAndBringsBackTheDefault() async throws {
    try await withScratchDirectory { directory in
      let url = directory.appendingPathComponent("count.json")
      let work = ScheduledWork()
      try await withDependencies {
        $0.defaultFileStorage = self.storage(.dispatchQueue).countingScheduledWork(into: work)
      } operation: {
        @Shared(.fileStorage(url)) var count = 10
        let sharedCount = $count
        // The first change is written at once and opens a write window; the second waits for it.
        $count.withLock { $0 = 11 }
        #expect(decodedFile(Int.self, at: url) == 11)
        $count.withLock { $0 = 12 }
        try FileManager.default.removeItem(at: url)
        #expect(await eventually { sharedCount.wrappedValue == 10 })
        // Past the end of the window, nothing was written.
        #expect(await eventually { work.outstanding.value == 0 })
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(count == 10)
        // A later change is written as usual.
        $count.withLock { $0 = 13 }
        #expect(await eventually { decodedFile(Int.self, at: url) == 13 })
      }
    }
  }

  @Test(arguments: FileSchedulerKind.allCases)
  func changesAreFollowedAgainAfterTheDirectoryIsRemovedAndWrittenAgain(
    _ kind: FileSchedulerKind
  ) async throws {
    try await withScratchDirectory { directory in
      let folder = directory.appendingPathComponent("folder", isDirectory: true)
      let url = folder.appendingPathComponent("count.json")
      try await withDependencies { $0.defaultFileStorage = self.storage(kind) } operation: {
        @Shared(.fileStorage(url)) var count = 0
        let sharedCount = $count
        $count.withLock { $0 = 1 }
        #expect(await eventually { decodedFile(Int.self, at: url) == 1 })
        try await Task.sleep(for: .milliseconds(1_100))

        try FileManager.default.removeItem(at: folder)
        #expect(await eventually { sharedCount.wrappedValue == 0 })

        // The next change recreates the directory, and the file is watched again.
        $count.withLock { $0 = 2 }
        #expect(await eventually { decodedFile(Int.self, at: url) == 2 })
        try await Task.sleep(for: .milliseconds(1_100))
        #expect(try await runProcess("/bin/sh", ["-c", #"printf 5 > "$1""#, "sh", url.path]) == 0)
        #expect(await eventually { sharedCount.wrappedValue == 5 })
      }
    }
  }

  @Test func aCorruptFileOnDiskIsLeftUntouchedUntilTheValueChanges() async throws {
    try await withScratchDirectory { directory in
      let url = directory.appendingPathComponent("count.json")
      let garbage = Data("{{{".utf8)
      try garbage.write(to: url)
      let writes = LockIsolated(0)
      let work = ScheduledWork()
      try await withDependencies {
        $0.defaultFileStorage = self.storage(.dispatchQueue).countingWrites(into: writes)
          .countingScheduledWork(into: work)
      } operation: {
        @Shared(.fileStorage(url)) var count = 6
        #expect(count == 6)
        let error = try #require($count.loadError)
        #expect(error.localizedDescription.contains(url.path))
        // Nothing was written, and nothing waits to be: the file stays as it is until a change.
        #expect(writes.value == 0)
        #expect(work.outstanding.value == 0)
        #expect(try Data(contentsOf: url) == garbage)

        $count.withLock { $0 = 7 }
        #expect(await eventually { decodedFile(Int.self, at: url) == 7 })
      }
    }
  }

  @Test(arguments: FileSchedulerKind.allCases)
  func concurrentWritersLoseNoUpdateOnDisk(_ kind: FileSchedulerKind) async {
    await withScratchDirectory { directory in
      let url = directory.appendingPathComponent("count.json")
      await withDependencies { $0.defaultFileStorage = self.storage(kind) } operation: {
        @Shared(.fileStorage(url)) var count = 0
        let shared = $count
      await withTaskGroup(of: Void.self) { group in
          for _ in 1...100 {
            group.addTask { shared.withLock { $0 += 1 } }
          }
        }
        #expect(count == 100)
        #expect(await eventually { decodedFile(Int.self, at: url) == 100 })
      }
    }
  }
}
