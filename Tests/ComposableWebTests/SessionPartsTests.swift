#if Hummingbird
import ComposableArchitecture
@testable import ComposableWeb
import Logging
import Testing

/// The parts a `LiveSession` is made of, each on its own.
@MainActor
@Suite struct SessionPartsTests {
  let noop = BoundHandler(expected: nil) { _ in .applied }

  @Test func aSpentIdIsGoneAndARetiredOneLastsItsGrace() {
    var table = HandlerTable(grace: .seconds(5))
    let start = Duration.zero
    let click = table.issue(noop, componentID: "c", isSingleUse: true)
    let field = table.issue(noop, componentID: "c", isSingleUse: false)
    #expect(click != field)
    #expect(table.currentIDs == [click, field])
    let wasCurrent = table.spend(click)
    #expect(wasCurrent)
    let spent = table.lookup(click, now: start)
    #expect(spent == nil)
    table.retire([field], now: start)
    #expect(!table.isCurrent(field))
    let withinGrace = table.lookup(field, now: start + .seconds(4))
    let afterGrace = table.lookup(field, now: start + .seconds(6))
    #expect(withinGrace?.componentID == "c")
    #expect(afterGrace == nil)
  }

  @Test func pruningForgetsOnlyExpiredIds() {
    var table = HandlerTable(grace: .seconds(5))
    let start = Duration.zero
    let early = table.issue(noop, componentID: "c", isSingleUse: false)
    let late = table.issue(noop, componentID: "c", isSingleUse: false)
    table.retire([early], now: start)
    table.retire([late], now: start + .seconds(3))
    table.prune(now: start + .seconds(6))
    let pruned = table.lookup(early, now: start + .seconds(1))
    let kept = table.lookup(late, now: start + .seconds(1))
    #expect(pruned == nil)
    #expect(kept != nil)
  }

  @Test func withoutGraceARetiredIdIsGoneAtOnce() {
    var table = HandlerTable(grace: .zero)
    let field = table.issue(noop, componentID: "c", isSingleUse: false)
    table.retire([field], now: .zero)
    let retired = table.lookup(field, now: .zero)
    #expect(retired == nil)
  }

  @Test func onlyTheFirstChangeSchedulesAFlushAndAHoldSchedulesNone() {
    let changes = ChangeTracker(scheduleFlush: {})
    #expect(changes.insert(id: "c", generation: 1))
    #expect(!changes.insert(id: "c.0", generation: 2))
    #expect(changes.take() == [.init(id: "c", generation: 1), .init(id: "c.0", generation: 2)])
    changes.hold()
    #expect(!changes.insert(id: "c", generation: 3))
    #expect(changes.release())
    #expect(changes.take().count == 1)
    #expect(!changes.release())
  }

  @Test func ignoredMessagesAreLoggedAFewTimesThenOnlyCounted() {
    let (logger, lines) = recordingLogger()
    var limits = PageMessageLimits(limits: LiveLimits(), logger: logger, logName: "#1")
    for _ in 0..<25 { limits.ignore("Ignored a malformed message") }
    #expect(lines.value.count == PageMessageLimits.loggedIgnoredMessages)
    #expect(limits.summary["ignored messages"] == "25")
  }
}
#endif  // Hummingbird
