import Dependencies
import Foundation
import Testing

@testable import ComposableArchitecture
@testable import Sharing

private struct Preferences: Reducer {
  struct State: Equatable {
    @Shared(.fileStorage(URL(fileURLWithPath: "/preferences/volume.json"))) var volume = 5
    @Shared(.appStorage("isMuted")) var isMuted = false
  }
  enum Action: Equatable {
    case louderButtonTapped
    case muteButtonTapped
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .louderButtonTapped:
        state.$volume.withLock { $0 += 1 }
        return .none
      case .muteButtonTapped:
        state.$isMuted.withLock { $0.toggle() }
        return .none
      }
    }
  }
}

/// Features persisting with file and app storage, tested as users test them: each test gets an
/// in-memory file system and a fresh defaults store, so nothing leaks between tests.
@MainActor
struct FileStorageTestStoreTests {
  @Test func aTestStoreAssertsChangesThatAreAlsoPersisted() async throws {
    @Dependency(\.defaultFileStorage) var storage
    @Dependency(\.defaultAppStorage) var defaults
    let store = TestStore(initialState: Preferences.State()) { Preferences() }

    await store.send(.louderButtonTapped) {
      $0.$volume.withLock { $0 = 6 }
    }
    await store.send(.muteButtonTapped) {
      $0.$isMuted.withLock { $0 = true }
    }
    let data = try storage.load(URL(fileURLWithPath: "/preferences/volume.json"))
    #expect(try JSONDecoder().decode(Int.self, from: data) == 6)
    #expect(defaults.bool(forKey: "isMuted"))
  }

  @Test func anUnassertedPersistedChangeFailsTheTest() async {
    let store = TestStore(initialState: Preferences.State()) { Preferences() }
    await withKnownIssue {
      await store.send(.louderButtonTapped)
    } matching: { issue in
      issue.description.contains("volume")
    }
  }

  @Test func eachTestStartsFromTheDefaults() {
    let state = Preferences.State()
    #expect(state.volume == 5)
    #expect(state.isMuted == false)
  }
}
