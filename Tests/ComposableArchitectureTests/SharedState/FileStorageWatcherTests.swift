import ConcurrencyExtras
import Foundation
import Testing

@testable import ComposableArchitecture
@testable import Sharing
@_spi(Testing) import ComposableArchitectureTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The watcher behind the real file system's change notifications.
@Suite struct FileStorageWatcherTests {
  @Test func anAtomicReplaceAndADeletionAreHeard() async throws {
    try await withScratchDirectory { directory in
      let url = directory.appendingPathComponent("watched.json")
      let changes = LockIsolated(0)
      let watcher = try FileWatcher(url: url, queue: FileStorage.queue) {
        changes.withValue { $0 += 1 }
      }
      try AtomicFileWrite.write(Data("1".utf8), to: url)
      #expect(await eventually { changes.value >= 1 })
      let afterWrite = changes.value

      try FileManager.default.removeItem(at: url)
      #expect(await eventually { changes.value > afterWrite })
      watcher.cancel()
    }
  }

  @Test func otherFilesInTheDirectoryAreIgnored() async throws {
    try await withScratchDirectory { directory in
      let url = directory.appendingPathComponent("watched.json")
      let changes = LockIsolated(0)
      let watcher = try FileWatcher(url: url, queue: FileStorage.queue) {
        changes.withValue { $0 += 1 }
      }
      try AtomicFileWrite.write(Data("1".utf8), to: directory.appendingPathComponent("other.json"))
      try Data("2".utf8).write(to: directory.appendingPathComponent("another.json"))
      #expect(try await fileEventsSettled(in: directory))
      #if canImport(Glibc)
        // inotify names the file; Darwin's directory events can't, and the key filters instead.
        #expect(changes.value == 0)
      #endif
      try AtomicFileWrite.write(Data("3".utf8), to: url)
      #expect(await eventually { changes.value >= 1 })
      #expect(try await fileEventsSettled(in: directory))
      #if canImport(Glibc)
        #expect(changes.value == 1)
      #endif
      watcher.cancel()
    }
  }

  @Test func nothingIsHeardAfterCancelling() async throws {
    try await withScratchDirectory { directory in
      let url = directory.appendingPathComponent("watched.json")
      let changes = LockIsolated(0)
      let watcher = try FileWatcher(url: url, queue: FileStorage.queue) {
        changes.withValue { $0 += 1 }
      }
      watcher.cancel()
      watcher.cancel()
      try AtomicFileWrite.write(Data("1".utf8), to: url)
      #expect(try await fileEventsSettled(in: directory))
      #expect(changes.value == 0)
    }
  }

  @Test func watchingAMissingDirectoryThrowsAnErrorNamingThePath() {
    let url = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/file.json")
    #expect {
      _ = try FileWatcher(url: url, queue: FileStorage.queue) {}
    } throws: { error in
      "\(error)".contains(url.path)
    }
  }

  #if os(Linux)
    /// The inodes of the directories the shared inotify descriptor watches, as the kernel lists
    /// them in `/proc/self/fdinfo`.
    func watchedDirectoryInodes() throws -> Set<UInt64> {
      let center = try InotifyCenter.shared()
      let info = try String(contentsOfFile: "/proc/self/fdinfo/\(center.descriptor)", encoding: .utf8)
      return Set(
        info.split(separator: "\n").compactMap { line -> UInt64? in
          guard line.hasPrefix("inotify"),
            let field = line.split(separator: " ").first(where: { $0.hasPrefix("ino:") })
          else { return nil }
          return UInt64(field.dropFirst(4), radix: 16)
        }
      )
    }

    @Test func watchesAreReleasedOnceWhetherCancelledOrDropped() async throws {
      try await withScratchDirectory { directory in
        let directories = try (0..<20).map { index in
          let url = directory.appendingPathComponent("d\(index)", isDirectory: true)
          try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
          return url
        }
        let inodes = Set(directories.compactMap { inode(of: $0) })
        let descriptorsBefore = try #require(openFileDescriptorCount())
        do {
          var watchers: [FileWatcher] = []
          for (index, directory) in directories.enumerated() {
            // Several files per directory share one kernel watch.
            for name in ["a.json", "b.json", "c.json"] {
              watchers.append(
                try FileWatcher(
                  url: directory.appendingPathComponent(name), queue: FileStorage.queue
                ) {}
              )
            }
            if index.isMultiple(of: 2) {
              watchers.last?.cancel()
            }
          }
          #expect(try watchedDirectoryInodes().isSuperset(of: inodes))
          // Half are cancelled twice, the rest only dropped.
          for (index, watcher) in watchers.enumerated() where index.isMultiple(of: 2) {
            watcher.cancel()
            watcher.cancel()
          }
        }
        #expect(try watchedDirectoryInodes().isDisjoint(with: inodes))
        // No descriptor per watcher: other tests open some meanwhile, but not sixty.
        #expect((openFileDescriptorCount() ?? .max) < descriptorsBefore + 30)
      }
    }

    @Test func aWatchOutlivesAnotherWatcherOfTheSameDirectory() async throws {
      try await withScratchDirectory { directory in
        let url = directory.appendingPathComponent("kept.json")
        let changes = LockIsolated(0)
        let kept = try FileWatcher(url: url, queue: FileStorage.queue) {
          changes.withValue { $0 += 1 }
        }
        let dropped = try FileWatcher(
          url: directory.appendingPathComponent("other.json"), queue: FileStorage.queue
        ) {}
        dropped.cancel()
        try AtomicFileWrite.write(Data("1".utf8), to: url)
        #expect(await eventually { changes.value == 1 })
        kept.cancel()
      }
    }

    @Test func inotifyRecordsAreSplitIntoNamedEvents() {
      func record(watch: Int32, mask: UInt32, name: String, padTo length: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for field in [UInt32(bitPattern: watch), mask, UInt32(0), UInt32(length)] {
          withUnsafeBytes(of: field) { bytes.append(contentsOf: $0) }
        }
        let nameBytes = Array(name.utf8)
        bytes += nameBytes + Array(repeating: 0, count: length - nameBytes.count)
        return bytes
      }
      let bytes =
        record(watch: 3, mask: UInt32(IN_MOVED_TO), name: "count.json", padTo: 16)
        + record(watch: 3, mask: UInt32(IN_DELETE), name: "other", padTo: 8)
        + record(watch: 4, mask: UInt32(IN_IGNORED), name: "", padTo: 0)
      let events = InotifyEvents.parse(bytes[...])
      #expect(
        events == [
          .init(watch: 3, mask: UInt32(IN_MOVED_TO), name: "count.json"),
          .init(watch: 3, mask: UInt32(IN_DELETE), name: "other"),
          .init(watch: 4, mask: UInt32(IN_IGNORED), name: ""),
        ]
      )
      #expect(events[0].concerns(fileName: "count.json"))
      #expect(!events[1].concerns(fileName: "count.json"))
      #expect(events[2].concerns(fileName: "count.json"), "the watch is gone: re-read the file")

      // A record cut short ends the list instead of reading past the buffer.
      #expect(InotifyEvents.parse(bytes[..<20]) == [])
    }
  #endif
}
