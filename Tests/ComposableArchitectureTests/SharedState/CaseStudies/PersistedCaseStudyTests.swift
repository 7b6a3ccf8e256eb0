@testable import ComposableArchitecture
@testable import Sharing
import Foundation
import Testing

// The user-defaults and file-storage shared-state case studies, in the shape TCA's case studies
// use: a counter tab and a reset tab that declare the same key, so they share one persisted value.

extension SharedKey where Self == AppStorageKey<Int> {
  fileprivate static var visits: Self {
    appStorage("visits")
  }
}

extension SharedKey where Self == FileStorageKey<TabTally> {
  fileprivate static var savedTally: Self {
    fileStorage(URL(fileURLWithPath: "/case-studies/tally.json"))
  }
}

/// Counts visits in `UserDefaults`.
@Reducer
struct VisitCounter {
  @ObservableState
  struct State: Equatable {
    @Shared(.visits) var visits = 0
  }

  enum Action {
    case visited
    case resetButtonTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .visited:
        state.$visits.withLock { $0 += 1 }
        return .none
      case .resetButtonTapped:
        state.$visits.withLock { $0 = 0 }
        return .none
      }
    }
  }
}

/// Keeps a tally in a JSON file.
@Reducer
struct SavedTally {
  @ObservableState
  struct State: Equatable {
    @Shared(.savedTally) var tally = TabTally()
  }

  enum Action {
    case incrementButtonTapped
    case decrementButtonTapped
    case resetButtonTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementButtonTapped:
        state.$tally.withLock { $0.increment() }
      case .decrementButtonTapped:
        state.$tally.withLock { $0.decrement() }
      case .resetButtonTapped:
        state.$tally.withLock { $0 = TabTally() }
      }
      return .none
    }
  }
}

@MainActor
struct PersistedCaseStudyTests {
  @Test func visitsAreCountedInUserDefaults() async {
    let store = TestStore(initialState: VisitCounter.State()) {
      VisitCounter()
    }
    await store.send(.visited) {
      $0.$visits.withLock { $0 = 1 }
    }
    await store.send(.visited) {
      $0.$visits.withLock { $0 = 2 }
    }
    @Dependency(\.defaultAppStorage) var defaults
    #expect(defaults.integer(forKey: "visits") == 2)
    await store.send(.resetButtonTapped) {
      $0.$visits.withLock { $0 = 0 }
    }
  }

  @Test func eachTestHasItsOwnUserDefaults() async {
    let store = TestStore(initialState: VisitCounter.State()) {
      VisitCounter()
    }
    #expect(store.state.visits == 0, "nothing from another test's defaults")
  }

  @Test func changeWrittenToUserDefaultsElsewhereIsSeen() async {
    let store = TestStore(initialState: VisitCounter.State()) {
      VisitCounter()
    }
    @Dependency(\.defaultAppStorage) var defaults
    defaults.set(41, forKey: "visits")
    // Linux's UserDefaults announces no change; the key notices it within a fraction of a second.
    let deadline = ContinuousClock.now.advanced(by: .seconds(5))
    while store.state.visits != 41, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(20))
    }
    #expect(store.state.visits == 41)
    await store.send(.visited) {
      $0.$visits.withLock { $0 = 42 }
    }
  }

  @Test func tallyIsSavedToItsFile() async throws {
    let store = TestStore(initialState: SavedTally.State()) {
      SavedTally()
    }
    await store.send(.incrementButtonTapped) {
      $0.$tally.withLock { $0.increment() }
    }
    await store.send(.decrementButtonTapped) {
      $0.$tally.withLock { $0.decrement() }
    }
    try await store.state.$tally.save()
    @Dependency(\.defaultFileStorage) var fileStorage
    let saved = try JSONDecoder().decode(
      TabTally.self, from: fileStorage.load(URL(fileURLWithPath: "/case-studies/tally.json"))
    )
    #expect(saved == store.state.tally)
    #expect(!FileManager.default.fileExists(atPath: "/case-studies/tally.json"), "tests stay off disk")
    await store.send(.resetButtonTapped) {
      $0.$tally.withLock { $0 = TabTally() }
    }
  }
}
