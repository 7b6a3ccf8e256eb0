import CaseStudyFeatures
import ComposableArchitecture
import Foundation
import Testing

@MainActor
struct SharedStatsTests {
  let file = URL(fileURLWithPath: "/case-studies/stats.json")

  @Test func counterTabChangesWhatTheProfileTabShows() async {
    let store = TestStore(initialState: SharedStatsDemo.State(file: self.file)) {
      SharedStatsDemo()
    }
    await store.send(.counter(.incrementButtonTapped)) {
      $0.counter.$stats.withLock { $0.increment() }
    }
    await store.send(.counter(.decrementButtonTapped)) {
      $0.counter.$stats.withLock { $0.decrement() }
    }
    await store.send(.counter(.decrementButtonTapped)) {
      $0.counter.$stats.withLock { $0.decrement() }
    }
    #expect(store.state.profile.stats.count == -1)
    #expect(store.state.profile.stats.maxCount == 1)
    #expect(store.state.profile.stats.minCount == -1)
    #expect(store.state.profile.stats.numberOfCounts == 3)
  }

  @Test func profileTabResetReachesTheCounterTab() async {
    let store = TestStore(initialState: SharedStatsDemo.State(file: self.file)) {
      SharedStatsDemo()
    }
    await store.send(.counter(.incrementButtonTapped)) {
      $0.counter.$stats.withLock { $0.increment() }
    }
    await store.send(.binding(.set(\.currentTab, .profile))) {
      $0.currentTab = .profile
    }
    await store.send(.profile(.resetStatsButtonTapped)) {
      $0.profile.$stats.withLock { $0 = Stats() }
    }
    #expect(store.state.counter.stats == Stats())
  }

  @Test func userNameEditedInTheProfileIsGreetedInTheCounter() async {
    let store = TestStore(initialState: SharedStatsDemo.State(file: self.file)) {
      SharedStatsDemo()
    }
    #expect(store.state.counter.greeting == "Blob has counted to 0.")
    await store.send(.profile(.userNameChanged("Blobby"))) {
      $0.profile.$userName.withLock { $0 = "Blobby" }
    }
    await store.send(.counter(.incrementButtonTapped)) {
      $0.counter.$stats.withLock { $0.increment() }
    }
    #expect(store.state.counter.greeting == "Blobby has counted to 1.")
  }

  @Test func userNameIsKeptInAppStorage() {
    let defaults = UserDefaults(suiteName: "SharedStatsTests-\(UUID().uuidString)")!
    withDependencies {
      $0.defaultAppStorage = defaults
    } operation: {
      let store = Store(initialState: SharedStatsDemo.State(file: self.file)) {
        SharedStatsDemo()
      }
      store.send(.profile(.userNameChanged("Stored Blob")))
    }
    #expect(defaults.string(forKey: SharedStatsDemo.userNameKey) == "Stored Blob")
  }

  @Test func statsSurviveARestart() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("SharedStatsTests-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("stats.json")

    try await withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      let store = Store(initialState: SharedStatsDemo.State(file: file)) {
        SharedStatsDemo()
      }
      store.send(.counter(.incrementButtonTapped))
      store.send(.counter(.incrementButtonTapped))
      #expect(store.profile.stats.count == 2)
      try await store.state.counter.$stats.save()
    }

    let saved = try JSONDecoder().decode(Stats.self, from: Data(contentsOf: file))
    #expect(saved.count == 2)
    #expect(saved.numberOfCounts == 2)

    withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      let restarted = Store(initialState: SharedStatsDemo.State(file: file)) {
        SharedStatsDemo()
      }
      #expect(restarted.counter.stats.count == 2)
      #expect(restarted.profile.stats.maxCount == 2)
    }
  }
}
