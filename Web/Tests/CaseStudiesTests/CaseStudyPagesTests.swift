import CaseStudies
import ComposableArchitecture
import ComposableWeb
import Foundation
import Logging
import Testing

@MainActor
@Suite struct CaseStudyPagesTests {
  struct Message: Decodable {
    struct Patch: Decodable {
      let id: String
      let html: String
    }
    let html: String?
    let patches: [Patch]?
  }

  func decode(_ text: String?) throws -> Message {
    try JSONDecoder().decode(Message.self, from: Data(try #require(text).utf8))
  }

  @Test func indexListsTheCaseStudiesInOrder() {
    #expect(caseStudies.map(\.path) == ["counter", "two-counters", "profile-form", "navigation", "checklist"])
  }

  @Test func counterPageShowsTheCountAndItsButtons() throws {
    let store = Store(initialState: Counter.State(count: 5)) { Counter() }
    let session = LiveSession(
      id: "counter", store: store, view: counterView, logger: Logger(label: "test"))
    let html = try #require(try decode(session.start()).html)
    #expect(html.contains(#"<span class="count">5</span>"#))
    #expect(html.contains(">Number fact</button>"))
    #expect(html.contains(">Start timer</button>"))
  }

  @Test func aTickOfOneCounterPatchesOnlyThatCounter() async throws {
    let clock = TestClock()
    let store = Store(initialState: TwoCounters.State()) {
      TwoCounters().dependency(\.continuousClock, clock)
    }
    let session = LiveSession(
      id: "two", store: store, view: twoCountersView, logger: Logger(label: "test"))
    _ = session.start()
    store.send(.first(.toggleTimerButtonTapped))
    _ = session.flush()
    await clock.advance(by: .seconds(1))
    for _ in 0..<100 where store.first.count == 0 { await Task.yield() }
    #expect(store.first.count == 1)
    let patch = try decode(session.flush())
    #expect(patch.patches?.map(\.id) == ["c.first"])
    #expect(patch.patches?.first?.html.contains(#"<span class="count">1</span>"#) == true)
    store.send(.first(.toggleTimerButtonTapped))
  }
}
