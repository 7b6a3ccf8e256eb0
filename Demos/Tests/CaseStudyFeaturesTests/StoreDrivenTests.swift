import CaseStudyFeatures
import ComposableArchitecture
import Foundation
import Testing

/// The case studies driven through a live `Store`, the way a view drives them: bindings written
/// through the store, child stores scoped for rows, sheets and stack screens.
@MainActor
struct StoreDrivenTests {
  @Test func displayNameWrittenThroughTheStoreIsCut() {
    let store = Store(initialState: SettingsForm.State()) {
      SettingsForm()
    }
    store.displayName = "Blob McBlob, Esquire the Third"
    #expect(store.displayName == "Blob McBlob, Esq")
    store.digest = .weekly
    #expect(store.digest == .weekly)
  }

  @Test func sliderWrittenThroughTheStoreStaysUnderTheStepper() {
    let store = Store(initialState: BindingsBasics.State(sliderValue: 3, stepCount: 4)) {
      BindingsBasics()
    }
    store.sliderValue = 9
    #expect(store.sliderValue == 4)
    store.stepCount = 2
    #expect(store.sliderValue == 2)
  }

  @Test func rowStoresFavoriteTheirOwnEpisode() async {
    let clock = TestClock()
    let store = withDependencies {
      $0.continuousClock = clock
      $0.favoritesAPI = .local(failingEvery: 0)
    } operation: {
      Store(initialState: Episodes.State()) {
        Episodes()
      }
    }
    let rows = Array(store.scope(state: \.episodes, action: \.episodes))
    #expect(rows.map(\.title) == Episodes.sample.map(\.title))
    let favorite = rows[1].scope(state: \.favorite, action: \.favorite)
    let task = favorite.send(.buttonTapped)
    #expect(favorite.isFavorite)
    #expect(store.episodes.map(\.favorite.isFavorite) == [false, true, false, false])
    let finished = LockIsolated(false)
    Task {
      await task.finish()
      finished.setValue(true)
    }
    #expect(await advance(clock, until: { finished.value }, step: .milliseconds(100)))
    #expect(store.episodes.map(\.favorite.isFavorite) == [false, true, false, false])
  }

  @Test func dismissingTheSheetStopsItsTimer() async {
    let clock = TestClock()
    let store = withDependencies {
      $0.continuousClock = clock
    } operation: {
      Store(initialState: NavigationBasics.State()) {
        NavigationBasics()
      }
    }
    store.send(.sheetButtonTapped)
    guard let sheet = store.scope(state: \.destination?.sheet, action: \.destination.sheet) else {
      Issue.record("the sheet is not presented")
      return
    }
    let task = sheet.send(.task)
    #expect(await advance(clock, until: { sheet.ticks >= 3 }))
    let ticks = sheet.ticks
    store.send(.destination(.dismiss))
    #expect(store.scope(state: \.destination?.sheet, action: \.destination.sheet) == nil)
    #expect(store.lastSheetTicks == ticks)
    #expect(await finishes(task))
  }

  @Test func stackScreensAreReachedThroughTheirCase() async {
    let clock = TestClock()
    let store = withDependencies {
      $0.continuousClock = clock
    } operation: {
      Store(initialState: NavigationStackDemo.State()) {
        NavigationStackDemo()
      }
    }
    store.send(.pushButtonTapped(.counter))
    store.send(.pushButtonTapped(.ticker))
    let screens = store.path.ids.compactMap { id in
      store.scope(state: \.path[id: id], action: \.path[id: id])
    }
    #expect(screens.count == 2)
    guard case .counter(let counter) = screens[0].case, case .ticker(let ticker) = screens[1].case
    else {
      Issue.record("the screens are not a counter and a ticker")
      return
    }
    counter.send(.incrementButtonTapped)
    #expect(store.counterTotal == 1)
    let task = ticker.send(.task)
    #expect(await advance(clock, until: { ticker.ticks >= 2 }))
    ticker.send(.doneButtonTapped)
    #expect(await finishes(task))
    #expect(store.path.count == 1)
  }

  @Test func nestedRowsAreScopedAtEveryDepth() {
    let store = withDependencies {
      $0.uuid = .incrementing
    } operation: {
      Store(initialState: Nested.State(id: UUID(100))) {
        Nested()
      }
    }
    store.send(.addRowButtonTapped)
    let child = Array(store.scope(state: \.rows, action: \.rows))[0]
    child.send(.addRowButtonTapped)
    let grandchild = Array(child.scope(state: \.rows, action: \.rows))[0]
    grandchild.name = "Deep"
    #expect(store.rows[0].rows[0].name == "Deep")
    #expect(store.descendantCount == 2)
  }

  @Test func sharedStatsChangeInOneTabAndShowInTheOther() {
    let store = Store(
      initialState: SharedStatsDemo.State(file: URL(fileURLWithPath: "/stats.json"))
    ) {
      SharedStatsDemo()
    }
    let counter = store.scope(state: \.counter, action: \.counter)
    let profile = store.scope(state: \.profile, action: \.profile)
    counter.send(.incrementButtonTapped)
    counter.send(.incrementButtonTapped)
    #expect(profile.stats.count == 2)
    profile.send(.resetStatsButtonTapped)
    #expect(counter.stats.count == 0)
  }
}
