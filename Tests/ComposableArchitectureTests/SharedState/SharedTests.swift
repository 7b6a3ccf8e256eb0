import ComposableArchitecture
import Foundation
import Testing

#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

@Suite struct SharedTests {
  struct Preferences: Equatable, Identifiable {
    var id = 1
    var theme = "light"
    var fontSize = 12
    var wordCount: Int { self.theme.count }
  }

  @Test func copiesShareOneValue() {
    let original = Shared(value: 1)
    let copy = original
    copy.withLock { $0 += 41 }
    #expect(original.wrappedValue == 42)
  }

  @Test func withLockReturnsTheOperationsResult() {
    let names = Shared(value: ["Blob"])
    let count = names.withLock { names -> Int in
      names.append("Blob Jr.")
      return names.count
    }
    #expect(count == 2)
    #expect(names.wrappedValue == ["Blob", "Blob Jr."])
  }

  @Test func memberProjectionWritesIntoTheParent() {
    let preferences = Shared(value: Preferences())
    let theme: Shared<String> = preferences.theme
    theme.withLock { $0 = "dark" }
    #expect(preferences.wrappedValue.theme == "dark")
    preferences.withLock { $0.theme = "sepia" }
    #expect(theme.wrappedValue == "sepia")
  }

  @Test func readOnlyMemberProjectionIsAReader() {
    let preferences = Shared(value: Preferences())
    let wordCount: SharedReader<Int> = preferences.wordCount
    #expect(wordCount.wrappedValue == 5)
    preferences.withLock { $0.theme = "dark mode" }
    #expect(wordCount.wrappedValue == 9)
  }

  @Test func unwrappingAnOptionalSharesTheValue() throws {
    let selection = Shared<Preferences?>(value: nil)
    #expect(Shared(selection) == nil)

    selection.withLock { $0 = Preferences(theme: "dark") }
    let unwrapped = try #require(Shared(selection))
    unwrapped.withLock { $0.fontSize = 20 }
    #expect(selection.wrappedValue?.fontSize == 20)

    selection.withLock { $0 = nil }
    #expect(unwrapped.wrappedValue.fontSize == 20, "keeps its last value once the optional is nil")
    unwrapped.withLock { $0.fontSize = 30 }
    #expect(selection.wrappedValue == nil, "doesn't bring a dismissed value back")
  }

  @Test func readingADerivedValueWhileChangingItsRootSeesTheValueBeforeTheChange() throws {
    let shelf = Shared(value: IdentifiedArrayOf<Preferences>([Preferences(id: 7, theme: "dark")]))
    let first = try #require(Shared(shelf[id: 7]))
    let theme = first.theme

    let seen = shelf.withLock { shelf -> (Int, String) in
      shelf.remove(id: first.id)
      return (first.id, theme.wrappedValue)
    }

    #expect(seen == (7, "dark"))
    #expect(shelf.wrappedValue.isEmpty)
  }

  @Test func readingTheSameValueInsideItsOwnChangeSeesTheValueBeforeTheChange() {
    let count = Shared(value: 1)
    let before = count.withLock { value -> Int in
      value = 10
      return count.wrappedValue
    }
    #expect(before == 1)
    #expect(count.wrappedValue == 10)
  }

  @Test func readerFollowsItsShared() {
    let count = Shared(value: 1)
    let reader = SharedReader(count)
    count.withLock { $0 = 2 }
    #expect(reader.wrappedValue == 2)
    #expect(SharedReader.constant(7).wrappedValue == 7)
  }

  @Test func readComputesFromTheValue() {
    let names = Shared(value: ["a", "b"])
    let count = names.read { $0.count }
    names.withLock { $0.append("c") }
    #expect(count.wrappedValue == 3)
  }

  @Test func assigningTheProjectionSharesAnotherValue() {
    struct Holder {
      @Shared var count: Int
    }
    let first = Shared(value: 1)
    let second = Shared(value: 2)
    let holder = Holder(count: first)
    holder.$count = second
    #expect(holder.count == 2)
    second.withLock { $0 = 3 }
    #expect(holder.count == 3)
    #expect(
      first.wrappedValue == 3,
      "copies of a shared property share one box, so all of them follow the new value"
    )
  }

  @Test func equalityComparesValues() {
    #expect(Shared(value: 1) == Shared(value: 1))
    #expect(Shared(value: 1) != Shared(value: 2))
    #expect(Shared(value: Preferences(id: 9)).id == 9)
  }

  @Test func dumpsAsItsValue() {
    struct State {
      @Shared var count: Int
    }
    let state = State(count: Shared(value: 3))
    #expect(
      String(customDumping: state) == """
        SharedTests.State(
          _count: 3
        )
        """
    )
    #expect(Shared(value: 3).description == "Shared<Int>(value: 3)")
  }

  /// Shared values dump as references, with custom-dump's markers: a reference met again prints
  /// `Type(↩︎)`, and each distinct reference of a type after the first gets a `#n` tag.
  /// (swift-sharing's own tests expect `#1` on the first reference too: custom-dump numbers from
  /// one in its later versions; 1.7.3, the version here, numbers from the second.)
  @Test func dumpsMarkRepeatedReferences() {
    @Shared(value: 0) var count: Int
    @Shared(value: 0) var another: Int
    #expect(String(customDumping: [$count, $count]) == """
      [
        [0]: 0,
        [1]: Int(↩︎)
      ]
      """)
    #expect(String(customDumping: [$count, $another, $count, $another]) == """
      [
        [0]: 0,
        [1]: #1 0,
        [2]: Int(↩︎),
        [3]: #1 Int(↩︎)
      ]
      """)
  }

  @Test func aProjectionDumpsAsItsRootsReference() {
    struct Stats: Equatable {
      var count = 0
    }
    struct State {
      @Shared var count: Int
      @Shared var stats: Stats
    }
    @Shared(value: Stats()) var stats: Stats
    @Shared(value: Stats()) var other: Stats
    let state = State(count: $stats.count, stats: $stats)
    #expect(String(customDumping: state) == """
      SharedTests.State(
        _count: 0,
        _stats: SharedTests.Stats(↩︎)
      )
      """)
    #expect(String(customDumping: [$stats, $other, $stats]) == """
      [
        [0]: SharedTests.Stats(count: 0),
        [1]: #1 SharedTests.Stats(count: 0),
        [2]: SharedTests.Stats(↩︎)
      ]
      """)
  }

  @Test func readsAreObserved() {
    let preferences = Shared(value: Preferences())
    let changed = LockIsolated(0)
    withObservationTracking {
      _ = preferences.wrappedValue.theme
    } onChange: {
      changed.withValue { $0 += 1 }
    }
    preferences.withLock { $0.fontSize = 14 }
    #expect(changed.value == 1)
  }

  @Test func memberReadsAreObserved() {
    let preferences = Shared(value: Preferences())
    let changed = LockIsolated(false)
    withObservationTracking {
      _ = preferences.fontSize.wrappedValue
    } onChange: {
      changed.setValue(true)
    }
    preferences.withLock { $0.fontSize = 14 }
    #expect(changed.value)
  }

  @Test func publisherSendsTheCurrentValueThenChanges() {
    let count = Shared(value: 1)
    let values = LockIsolated<[Int]>([])
    let cancellable = count.publisher.sink { value in values.withValue { $0.append(value) } }
    count.withLock { $0 = 2 }
    count.withLock { $0 += 1 }
    #expect(values.value == [1, 2, 3])
    cancellable.cancel()
    count.withLock { $0 = 4 }
    #expect(values.value == [1, 2, 3])
  }

  @Test func publisherOfAMemberSendsTheMember() {
    let preferences = Shared(value: Preferences())
    let values = LockIsolated<[String]>([])
    let cancellable = preferences.theme.publisher.sink { value in
      values.withValue { $0.append(value) }
    }
    preferences.withLock { $0.theme = "dark" }
    #expect(values.value == ["light", "dark"])
    _ = cancellable
  }

  @Test func publisherFollowsAReassignedProjection() {
    struct Holder {
      @Shared var count: Int
    }
    let holder = Holder(count: Shared(value: 1))
    let values = LockIsolated<[Int]>([])
    let cancellable = holder.$count.publisher.sink { value in values.withValue { $0.append(value) } }
    let other = Shared(value: 10)
    // As upstream: assigning another shared value publishes its value, then its changes.
    holder.$count = other
    other.withLock { $0 = 11 }
    #expect(values.value == [1, 10, 11])
    _ = cancellable
  }

  @Test func reassigningTheSameKeyPublishesItsValueAgain() {
    @Shared(.inMemory("reassigned")) var value = 0
    let values = LockIsolated<[Int]>([])
    let cancellable = $value.publisher.sink { value in values.withValue { $0.append(value) } }
    $value.withLock { $0 = 42 }
    $value = Shared(wrappedValue: 0, .inMemory("reassigned"))
    $value.withLock { $0 = 1729 }
    #expect(values.value == [0, 42, 42, 1729])
    cancellable.cancel()
  }

  @Test func asyncValuesYieldTheCurrentValueThenChanges() async {
    let count = Shared(value: 0)
    var iterator = count.asyncValues.makeAsyncIterator()
    #expect(await iterator.next() == 0)
    count.withLock { $0 = 1 }
    count.withLock { $0 = 2 }
    #expect(await iterator.next() == 1)
    #expect(await iterator.next() == 2)
  }

  @Test func concurrentWritersLoseNoUpdate() async {
    let count = Shared(value: 0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<1_000 {
        group.addTask { count.withLock { $0 += 1 } }
      }
    }
    #expect(count.wrappedValue == 1_000)
  }

  @Test func aReaderToldOfAChangeOnAnotherThreadReadsTheChangedValue() {
    // An observer is told of a change before it is made (as Observation's `willSet`); a reader it
    // starts elsewhere at once must not see the value from before the change, or it would never
    // hear of that change again (a page on another session's thread, say).
    let count = Shared(value: 0)
    let seen = LockIsolated<Int?>(nil)
    let started = DispatchSemaphore(value: 0)
    let read = DispatchSemaphore(value: 0)
    let readBeforeTheChange = LockIsolated(false)
    withObservationTracking {
      _ = count.wrappedValue
    } onChange: {
      Thread.detachNewThread {
        started.signal()
        seen.setValue(count.wrappedValue)
        read.signal()
      }
      // The reader is at its read: it must wait for the change, which is made after this
      // returns (were the value not guarded, it would read at once).
      started.wait()
      if read.wait(timeout: .now() + .milliseconds(50)) == .success {
        readBeforeTheChange.setValue(true)
        read.signal()
      }
    }
    count.withLock { $0 = 1 }
    read.wait()
    #expect(!readBeforeTheChange.value)
    #expect(seen.value == 1)
  }

  @Test func anIdentifiedCollectionSplitsIntoSharedElements() {
    struct Todo: Identifiable, Equatable { let id: Int; var title: String }
    let todos = Shared(value: IdentifiedArray(uniqueElements: [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs")]))
    let elements = Array(todos)
    #expect(elements.map(\.wrappedValue.title) == ["Milk", "Eggs"])
    // Each element writes its row of the collection.
    elements[1].withLock { $0.title = "Bread" }
    #expect(todos.wrappedValue[id: 2]?.title == "Bread")
    // …and reads it when the collection changes.
    todos.withLock { $0[id: 1]?.title = "Oat milk" }
    #expect(elements[0].wrappedValue.title == "Oat milk")
    let readers = Array(SharedReader(todos))
    #expect(readers.map(\.wrappedValue.title) == ["Oat milk", "Bread"])
  }
}
