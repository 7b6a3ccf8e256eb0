import ConcurrencyExtras
import Foundation
import Testing

@testable import ComposableArchitecture

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
      try AtomicFileWrite.write(Data("3".utf8), to: url)
      #expect(await eventually { changes.value >= 1 })
      try await Task.sleep(for: .milliseconds(100))
      #if canImport(Glibc)
        // inotify names the file; Darwin's directory events can't, and the key filters instead.
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
      try await Task.sleep(for: .milliseconds(200))
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
    @Test func fileDescriptorsAreReleasedOnceWhetherCancelledOrDropped() async throws {
      try await withScratchDirectory { directory in
        let url = directory.appendingPathComponent("watched.json")
        let before = try #require(openFileDescriptorCount())
        for index in 0..<300 {
          let watcher = try FileWatcher(url: url, queue: FileStorage.queue) {}
          // Some are cancelled (twice), some only dropped: each descriptor is closed once.
          if index.isMultiple(of: 2) {
            watcher.cancel()
            watcher.cancel()
          }
        }
        // Other tests running alongside open descriptors too; 300 leaked ones would stand out.
        #expect(await eventually { (openFileDescriptorCount() ?? .max) < before + 50 })
      }
    }

    @Test func inotifyRecordsAreSplitIntoNamedEvents() {
      func record(mask: UInt32, name: String, padTo length: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for field in [UInt32(1), mask, UInt32(0), UInt32(length)] {
          withUnsafeBytes(of: field) { bytes.append(contentsOf: $0) }
        }
        let nameBytes = Array(name.utf8)
        bytes += nameBytes + Array(repeating: 0, count: length - nameBytes.count)
        return bytes
      }
      let bytes =
        record(mask: UInt32(IN_MOVED_TO), name: "count.json", padTo: 16)
        + record(mask: UInt32(IN_DELETE), name: "other", padTo: 8)
        + record(mask: UInt32(IN_IGNORED), name: "", padTo: 0)
      let events = InotifyEvents.parse(bytes[...])
      #expect(
        events == [
          .init(mask: UInt32(IN_MOVED_TO), name: "count.json"),
          .init(mask: UInt32(IN_DELETE), name: "other"),
          .init(mask: UInt32(IN_IGNORED), name: ""),
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
