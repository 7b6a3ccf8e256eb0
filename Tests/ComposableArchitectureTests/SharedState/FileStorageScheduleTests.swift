import Testing

@testable import ComposableArchitecture
@testable import Sharing

/// The decisions of when a file-storage key writes, without files or clocks.
@Suite struct FileStorageScheduleTests {
  typealias Schedule = FileWriteSchedule<Int, String>

  @Test func theFirstChangeIsWrittenAtOnceAndOpensAWindow() {
    var schedule = Schedule()
    let write = schedule.change(1, continuation: "a")
    #expect(write?.value == 1)
    #expect(write?.continuations == ["a"])
    #expect(schedule.isWindowOpen)
    #expect(!schedule.hasPendingWrite)
  }

  @Test func changesInAWindowAreCoalescedAndTheLastWins() {
    var schedule = Schedule()
    _ = schedule.change(1, continuation: "a")
    #expect(schedule.change(2, continuation: "b") == nil)
    #expect(schedule.change(3, continuation: "c") == nil)
    let write = schedule.windowEnded()
    #expect(write?.value == 3)
    #expect(write?.continuations == ["b", "c"])
    #expect(schedule.isWindowOpen, "the pending write opens another window")
    #expect(schedule.windowEnded() == nil)
    #expect(!schedule.isWindowOpen)
    #expect(schedule.change(4, continuation: "d")?.value == 4)
  }

  @Test func anExplicitSaveTakesOverThePendingChange() {
    var schedule = Schedule()
    _ = schedule.change(1, continuation: "a")
    _ = schedule.change(2, continuation: "b")
    let write = schedule.explicitSave(2, continuation: "save")
    #expect(write.value == 2)
    #expect(write.continuations == ["b", "save"])
    #expect(schedule.windowEnded() == nil)
  }

  @Test func aFlushTakesThePendingChangeOnce() {
    var schedule = Schedule()
    _ = schedule.change(1, continuation: "a")
    _ = schedule.change(2, continuation: "b")
    #expect(schedule.flush()?.value == 2)
    #expect(schedule.flush() == nil)
  }

  @Test func generationsGrowWithEveryChange() {
    var schedule = Schedule()
    let first = schedule.change(1, continuation: "a")
    _ = schedule.change(2, continuation: "b")
    let pending = schedule.windowEnded()
    let saved = schedule.explicitSave(3, continuation: "c")
    #expect(first!.generation < pending!.generation)
    #expect(pending!.generation < saved.generation)
  }
}
