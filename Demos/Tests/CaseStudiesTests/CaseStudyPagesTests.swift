import CaseStudies
import CaseStudyFeatures
import ComposableArchitecture
@testable import ComposableWeb
import Foundation
import Logging
import Testing

struct PageMessage: Decodable {
  struct Patch: Decodable {
    let id: String
    let html: String
  }
  let html: String?
  let patches: [Patch]?
}

func decodePage(_ text: String?) throws -> PageMessage {
  try JSONDecoder().decode(PageMessage.self, from: Data(try #require(text).utf8))
}

/// A line of each case study's first render that only a correct page shows.
let firstRenderMarkers: [CaseStudy: String] = [
  .counter: #"<span class="count">0</span>"#,
  .twoCounters: #"<p id="total">Total: 0</p>"#,
  .bindingsBasics: #"<p id="slider-value">Slider value: 5 of at most 10</p>"#,
  .settingsForm: #"placeholder="Up to 16 characters" id="display-name""#,
  .favoriting: #"<span class="title">Algebraic data types</span>"#,
  .favoritePrimes: #"<p id="no-favorites">No favorites yet.</p>"#,
  .effectsBasics: ">Number fact</button>",
  .effectsCancellation: #"<span class="stepper-value">0</span>"#,
  .timers: #"<p class="seconds" id="seconds">0</p>"#,
  .longLivingEffects: "Screenshots taken while this page was open: 0",
  .todos: ">Add to-do</button>",
  .search: #"placeholder="Amsterdam, Japan…" id="query""#,
  .navigationBasics: #"<p id="count">Count: 0</p>"#,
  .navigationStack: #"<p id="depth">Screens on the stack: 0</p>"#,
  .recursion: #"value="Root""#,
  .sharedStats: ">Counter tab</button>",
]

/// Moves `clock` on a quarter of a second at a time until `condition` holds (at most a minute of
/// clock time): an effect's timer starts a moment after its action, on its own task. Its
/// actions reach a store off the main actor through the main actor (`Send` is isolated to it,
/// as in TCA 1.x), so each step waits for the main actor and gives them a few milliseconds:
/// while the main actor is held elsewhere, the clock does not run ahead of the timer.
nonisolated(nonsending) func advance(
  _ clock: TestClock<Duration>, until condition: () -> Bool
) async {
  for _ in 0..<240 where !condition() {
    await clock.advance(by: .milliseconds(250))
    for _ in 0..<5 where !condition() {
      await MainActor.run {}
      await Task.yield()
      try? await Task.sleep(for: .milliseconds(1))
    }
  }
}

@PageTestActor
@Suite struct CaseStudyPagesTests {
  /// A session of `feature` whose dependencies are the live ones, as on the server.
  func session(of feature: LiveFeature, id: String = "test") async -> LiveSession {
    await feature.makeSession(
      id, nil, LiveRequest(path: "/" + feature.path), LiveLimits(), Logger(label: "test"), { _ in },
      { $0.context = .live }, PageTestActor.shared)!
  }

  @Test func theIndexListsEveryCaseStudyWithItsCatalogueTitleThenTheRendererChecks() {
    #expect(caseStudies.map(\.title) == CaseStudy.allCases.map(\.title) + rendererChecks.map(\.title))
    #expect(caseStudies.prefix(CaseStudy.allCases.count).map(\.summary) == CaseStudy.allCases.map(\.summary))
    #expect(Set(caseStudies.map(\.path)).count == caseStudies.count)
    #expect(caseStudies.allSatisfy { $0.path.allSatisfy { $0.isLowercase || $0 == "-" } })
  }

  @Test(arguments: CaseStudy.allCases)
  func everyPageRendersTheSameHTMLForTheSameState(_ study: CaseStudy) async throws {
    let first = try #require(try decodePage(await session(of: page(for: study), id: "a").start()).html)
    let second = try #require(try decodePage(await session(of: page(for: study), id: "a").start()).html)
    #expect(first == second)
    #expect(first.contains(try #require(firstRenderMarkers[study])))
    #expect(!first.contains("<script"))
    #expect(first.range(of: #" on[a-z]+="#, options: .regularExpression) == nil)
  }

  @Test func textFromStateIsEscapedOnEveryKindOfElement() throws {
    let hostile = #"<img src=x onerror="alert(1)">&"#
    let escaped = #"&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;"#
    let recursion = LiveSession(
      id: "r",
      store: LiveStore(
        initialState: Nested.State(
          id: UUID(), name: hostile, rows: [Nested.State(id: UUID(), name: hostile)])
      ) { Nested() },
      view: nestedView, logger: Logger(label: "test"))
    let html = try #require(try decodePage(recursion.start()).html)
    #expect(html.components(separatedBy: #"value="\#(escaped)""#).count == 3)
    #expect(!html.contains("<img"))

    let todos = LiveSession(
      id: "t",
      store: LiveStore(
        initialState: TodoList.State(todos: [TodoItem.State(id: UUID(), description: hostile)])
      ) { TodoList() },
      view: todoListView, logger: Logger(label: "test"))
    let todosHTML = try #require(try decodePage(todos.start()).html)
    #expect(todosHTML.contains(escaped))
    #expect(!todosHTML.contains("<img"))

    let search = LiveSession(
      id: "s", store: LiveStore(initialState: Search.State(searchQuery: hostile)) { Search() },
      view: searchView, logger: Logger(label: "test"))
    #expect(try #require(try decodePage(search.start()).html).contains(escaped))
  }

  @Test func aTickOfTheTimerPatchesOnlyTheSeconds() async throws {
    let clock = TestClock()
    let store = LiveStore(initialState: Timers.State()) {
      Timers().dependency(\.continuousClock, clock)
    }
    let session = LiveSession(id: "timers", store: store, view: timersView, logger: Logger(label: "test"))
    _ = session.start()
    store.send(.toggleTimerButtonTapped)
    #expect(try decodePage(session.flush()).patches?.first?.html.contains(">Stop</button>") == true)
    await advance(clock, until: { store.secondsElapsed == 1 })
    let patch = try decodePage(session.flush())
    #expect(patch.patches?.first?.html.contains(#"<p class="seconds" id="seconds">1</p>"#) == true)
    store.send(.toggleTimerButtonTapped)
  }

  @Test func oneCounterOfTwoPatchesOnlyThatCounter() throws {
    let store = LiveStore(initialState: TwoCounters.State()) { TwoCounters() }
    let session = LiveSession(
      id: "two", store: store, view: twoCountersView, logger: Logger(label: "test"))
    _ = session.start()
    store.send(.second(.incrementButtonTapped))
    let patch = try decodePage(session.flush())
    // The total belongs to the parent, so the parent renders with the first counter kept.
    #expect(patch.patches?.count == 1)
    let html = try #require(patch.patches?.first?.html)
    #expect(html.contains("Total: 1"))
    #expect(html.contains("data-ocaf-keep"))
  }

  @Test func theSheetsTickerStartsWhenItAppearsAndStopsWhenDismissed() async throws {
    let clock = TestClock()
    let store = LiveStore(initialState: NavigationBasics.State()) {
      NavigationBasicsPage().dependency(\.continuousClock, clock)
    }
    let session = LiveSession(
      id: "nav", store: store, view: navigationBasicsView, logger: Logger(label: "test"))
    _ = session.start()
    store.send(.sheetButtonTapped)
    await advance(clock, until: { store.destination?.sheet?.ticks == 2 })
    #expect(store.destination?.sheet?.ticks == 2)
    store.send(.destination(.dismiss))
    #expect(store.lastSheetTicks == 2)
    let html = try #require(try decodePage(session.start()).html)
    #expect(html.contains("The last sheet counted 2 seconds."))
    #expect(!html.contains("<dialog"))
    await clock.run()
  }

  @Test func aPushedTickerStartsAndPoppingItStopsIt() async throws {
    let clock = TestClock()
    let store = LiveStore(initialState: NavigationStackDemo.State()) {
      NavigationStackPage().dependency(\.continuousClock, clock)
    }
    let session = LiveSession(
      id: "stack", store: store, view: navigationStackView, logger: Logger(label: "test"))
    _ = session.start()
    store.send(.pushButtonTapped(.ticker))
    await advance(clock, until: { store.path.first?.ticker?.ticks == 1 })
    #expect(store.path.first?.ticker?.ticks == 1)
    let html = try #require(try decodePage(session.start()).html)
    #expect(html.contains("<h2>Ticker screen</h2>"))
    #expect(html.contains(#"data-ocaf-depth="1""#))
    store.send(.popToRootButtonTapped)
    await clock.run()
    #expect(store.path.isEmpty)
  }
}
