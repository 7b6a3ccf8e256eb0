import ConcurrencyExtras
import Dependencies
import Foundation
import Testing

@testable import ComposableArchitecture
@testable import Sharing
@_spi(Testing) import ComposableArchitectureTestSupport

#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

/// File storage against the in-memory file system, where every step can be watched. Serialized:
/// one test flushes every pending write in the process, which the counting tests must not see.
@Suite(.serialized) struct FileStorageTests {
  let url = URL(fileURLWithPath: "/settings/count.json")

  @Test func aMissingFileLoadsTheDefaultAndWritesNothing() {
    let storage = FileStorage.inMemory
    withDependencies { $0.defaultFileStorage = storage } operation: {
      @Shared(.fileStorage(self.url)) var count = 7
      #expect(count == 7)
      #expect($count.loadError == nil)
      #expect(!storage.fileExists(self.url))
    }
  }

  @Test func aStoredValueIsLoaded() throws {
    let storage = FileStorage.inMemory
    try storage.save(Data("42".utf8), self.url)
    withDependencies { $0.defaultFileStorage = storage } operation: {
      @Shared(.fileStorage(self.url)) var count = 0
      #expect(count == 42)
    }
  }

  @Test func anEmptyFileLoadsTheDefault() throws {
    let storage = FileStorage.inMemory
    try storage.save(Data(), self.url)
    withDependencies { $0.defaultFileStorage = storage } operation: {
      @Shared(.fileStorage(self.url)) var count = 3
      #expect(count == 3)
      #expect($count.loadError == nil)
    }
  }

  @Test func aChangeIsWrittenAsJSON() {
    let storage = FileStorage.inMemory
    withDependencies { $0.defaultFileStorage = storage } operation: {
      @Shared(.fileStorage(self.url)) var count = 0
      $count.withLock { $0 = 5 }
      #expect(storage.decoded(Int.self, at: self.url) == 5)
    }
  }

  @Test func customClosuresDecodeAndEncode() throws {
    let storage = FileStorage.inMemory
    try storage.save(Data("hello".utf8), self.url)
    withDependencies { $0.defaultFileStorage = storage } operation: {
      let key = FileStorageKey.fileStorage(
        self.url,
        decode: { String(decoding: $0, as: UTF8.self) },
        encode: { Data($0.uppercased().utf8) }
      )
      @Shared(key) var text = ""
      #expect(text == "hello")
      $text.withLock { $0 = "bye" }
      #expect((try? storage.load(self.url)) == Data("BYE".utf8))
    }
  }

  @Test func aCustomEncoderIsUsed() {
    let storage = FileStorage.inMemory
    let encoder = JSONEncoder()
    encoder.outputFormatting = []
    withDependencies { $0.defaultFileStorage = storage } operation: {
      @Shared(.fileStorage(self.url, encoder: encoder)) var values: [String: Int] = [:]
      $values.withLock { $0 = ["b": 2] }
      #expect((try? storage.load(self.url)) == Data(#"{"b":2}"#.utf8))
    }
  }

  @Test func sharedValuesForTheSameFileShareOneValue() {
    withDependencies { $0.defaultFileStorage = .inMemory } operation: {
      @Shared(.fileStorage(self.url)) var first = 0
      @Shared(.fileStorage(self.url)) var second = 100
      $first.withLock { $0 = 9 }
      #expect(second == 9)
    }
  }

  @Test func aCorruptFileKeepsTheDefaultReportsThePathAndIsLeftUntouched() throws {
    let storage = FileStorage.inMemory
    let garbage = Data("{ not json".utf8)
    try storage.save(garbage, self.url)
    try withDependencies { $0.defaultFileStorage = storage } operation: {
      @Shared(.fileStorage(self.url)) var count = 1
      #expect(count == 1)
      let error = try #require($count.loadError)
      #expect("\(error)".contains("Couldn't decode"))
      #expect("\(error)".contains(self.url.path))
      #expect(try storage.load(self.url) == garbage)

      $count.withLock { $0 = 2 }
      #expect(storage.decoded(Int.self, at: self.url) == 2)
      #expect($count.loadError == nil)
    }
  }

  @Test func aWriteByOthersIsPickedUp() throws {
    let storage = FileStorage.inMemory
    try withDependencies { $0.defaultFileStorage = storage } operation: {
      @Shared(.fileStorage(self.url)) var count = 0
      try storage.save(Data("12".utf8), self.url)
      #expect(count == 12)
    }
  }

  @Test func undecodableContentsWrittenByOthersSetTheLoadError() throws {
    let storage = FileStorage.inMemory
    try withDependencies { $0.defaultFileStorage = storage } operation: {
      @Shared(.fileStorage(self.url)) var count = 0
      $count.withLock { $0 = 4 }
      try storage.save(Data("four".utf8), self.url)
      #expect(count == 4)
      #expect($count.loadError != nil)
    }
  }

  @Test func deletingTheFileBringsBackTheDefault() throws {
    let storage = FileStorage.inMemory
    try withDependencies { $0.defaultFileStorage = storage } operation: {
      @Shared(.fileStorage(self.url)) var count = 10
      $count.withLock { $0 = 11 }
      try storage.removeItem(self.url)
      #expect(count == 10)
      $count.withLock { $0 = 12 }
      #expect(storage.decoded(Int.self, at: self.url) == 12)
    }
  }

  @Test func theKeysOwnWritesAreNotReportedBackAsChanges() {
    withDependencies { $0.defaultFileStorage = .inMemory } operation: {
      @Shared(.fileStorage(self.url)) var count = 0
      let received = LockIsolated<[Int]>([])
      let cancellable = $count.publisher.sink { value in received.withValue { $0.append(value) } }
      for value in 1...3 {
        $count.withLock { $0 = value }
      }
      #expect(received.value == [0, 1, 2, 3])
      cancellable.cancel()
    }
  }

  @Test func anImmediateSchedulerSavesEveryChange() {
    let writes = LockIsolated(0)
    let storage = FileStorage.inMemory(scheduler: .immediate).countingWrites(into: writes)
    withDependencies { $0.defaultFileStorage = storage } operation: {
      @Shared(.fileStorage(self.url)) var count = 0
      for _ in 1...50 {
        $count.withLock { $0 += 1 }
        #expect(storage.decoded(Int.self, at: self.url) == count)
      }
      #expect(writes.value == 50)
    }
  }

  @Test func rapidChangesAreCoalescedIntoAFewWritesAndTheLastWins() {
    let writes = LockIsolated(0)
    let manual = ManualFileScheduler()
    let storage = FileStorage.inMemory(scheduler: manual.scheduler).countingWrites(into: writes)
    withDependencies { $0.defaultFileStorage = storage } operation: {
      @Shared(.fileStorage(self.url)) var count = 0
      for _ in 1...1_000 {
        $count.withLock { $0 += 1 }
      }
      // The first change is written at once; the rest wait for the window to end.
      #expect(writes.value == 1)
      #expect(storage.decoded(Int.self, at: self.url) == 1)

      manual.runScheduled()
      #expect(writes.value == 2)
      #expect(storage.decoded(Int.self, at: self.url) == 1_000)

      // Nothing more is pending: the window closes without writing.
      manual.runScheduled()
      #expect(writes.value == 2)
      #expect(manual.scheduledCount == 0)

      // The next change is written at once again.
      $count.withLock { $0 += 1 }
      #expect(writes.value == 3)
      #expect(storage.decoded(Int.self, at: self.url) == 1_001)
    }
  }

  @Test func anExplicitSaveWritesAtOnceDuringAWindow() async throws {
    let writes = LockIsolated(0)
    let manual = ManualFileScheduler()
    let storage = FileStorage.inMemory(scheduler: manual.scheduler).countingWrites(into: writes)
    try await withDependencies { $0.defaultFileStorage = storage } operation: {
      @Shared(.fileStorage(self.url)) var count = 0
      $count.withLock { $0 = 1 }
      $count.withLock { $0 = 2 }
      #expect(storage.decoded(Int.self, at: self.url) == 1)

      try await $count.save()
      #expect(storage.decoded(Int.self, at: self.url) == 2)
      #expect(writes.value == 2)

      // The save took over the pending change: the window ends with nothing to write.
      manual.runScheduled()
      #expect(writes.value == 2)
    }
  }

  @Test func pendingChangesAreWrittenWhenTheLastReferenceGoesAway() {
    let manual = ManualFileScheduler()
    let storage = FileStorage.inMemory(scheduler: manual.scheduler)
    withDependencies { $0.defaultFileStorage = storage } operation: {
      do {
        @Shared(.fileStorage(self.url)) var count = 0
        $count.withLock { $0 = 1 }
        $count.withLock { $0 = 2 }
        $count.withLock { $0 = 3 }
        #expect(storage.decoded(Int.self, at: self.url) == 1)
      }
      #expect(storage.decoded(Int.self, at: self.url) == 3)
    }
    // The window ending later finds nothing left to write.
    manual.runScheduled()
    #expect(storage.decoded(Int.self, at: self.url) == 3)
  }

  @Test func pendingChangesAreWrittenByTheExitFlush() {
    let manual = ManualFileScheduler()
    let storage = FileStorage.inMemory(scheduler: manual.scheduler)
    withDependencies { $0.defaultFileStorage = storage } operation: {
      @Shared(.fileStorage(self.url)) var count = 0
      $count.withLock { $0 = 1 }
      $count.withLock { $0 = 2 }
      #expect(storage.decoded(Int.self, at: self.url) == 1)

      PendingFileWrites.flushAll()
      #expect(storage.decoded(Int.self, at: self.url) == 2)
      withExtendedLifetime($count) {}
    }
  }

  @Test func aPendingChangeWinsOverAnExternalWriteInItsWindow() throws {
    let manual = ManualFileScheduler()
    let storage = FileStorage.inMemory(scheduler: manual.scheduler)
    try withDependencies { $0.defaultFileStorage = storage } operation: {
      @Shared(.fileStorage(self.url)) var count = 0
      $count.withLock { $0 = 1 }
      $count.withLock { $0 = 2 }
      try storage.save(Data("99".utf8), self.url)
      #expect(count == 2)
      manual.runScheduled()
      #expect(storage.decoded(Int.self, at: self.url) == 2)
    }
  }

  @Test func aFailedWriteSetsTheSaveError() {
    struct Unwritable: Error {}
    let failing = FileStorage.inMemory
    let storage = FileStorage(
      id: failing.id, asyncAfter: failing.asyncAfter, createDirectory: failing.createDirectory,
      fileExists: failing.fileExists, load: failing.load,
      save: { _, _ in throw Unwritable() },
      removeItem: failing.removeItem, fileSystemSource: failing.fileSystemSource
    )
    withDependencies { $0.defaultFileStorage = storage } operation: {
      @Shared(.fileStorage(self.url)) var count = 0
      $count.withLock { $0 = 1 }
      #expect($count.saveError is Unwritable)
      #expect(count == 1)
    }
  }

  @Test(arguments: FileSchedulerKind.allCases)
  func concurrentWritersLoseNoUpdate(_ kind: FileSchedulerKind) async {
    let storage = FileStorage.inMemory(scheduler: kind.scheduler)
    await withDependencies { $0.defaultFileStorage = storage } operation: {
      @Shared(.fileStorage(self.url)) var count = 0
      let shared = $count
      await withTaskGroup(of: Void.self) { group in
        for _ in 1...200 {
          group.addTask { shared.withLock { $0 += 1 } }
        }
      }
      #expect(count == 200)
      #expect(await eventually { storage.decoded(Int.self, at: self.url) == 200 })
    }
  }

  @Test func keysForTheSameFileInDifferentStoragesAreDifferent() {
    let first = withDependencies { $0.defaultFileStorage = .inMemory } operation: {
      FileStorageKey<Int>.fileStorage(self.url)
    }
    let second = withDependencies { $0.defaultFileStorage = .inMemory } operation: {
      FileStorageKey<Int>.fileStorage(self.url)
    }
    let again = withDependencies { $0.defaultFileStorage = first.id.storage } operation: {
      FileStorageKey<Int>.fileStorage(URL(fileURLWithPath: "/settings/../settings/count.json"))
    }
    #expect(first.id != second.id)
    #expect(first.id == again.id)
    #expect(first.description == #".fileStorage(file:///settings/count.json)"#)
  }

  @Test func theTestValueIsAnInMemoryFileSystemOfItsOwn() {
    @Dependency(\.defaultFileStorage) var storage
    #expect(storage != .fileSystem)
  }
}
