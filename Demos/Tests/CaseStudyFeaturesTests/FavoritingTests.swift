import CaseStudyFeatures
import ComposableArchitecture
import Foundation
import Testing

@MainActor
struct FavoritingTests {
  let first = UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!
  let second = UUID(uuidString: "00000000-0000-0000-0000-00000000000B")!

  var episodes: IdentifiedArrayOf<Episode.State> {
    [
      Episode.State(id: self.first, title: "Pilot"),
      Episode.State(id: self.second, title: "Finale", isFavorite: true),
    ]
  }

  @Test func tappingFavoritesAtOnceAndTheServerConfirms() async {
    let clock = TestClock()
    let store = TestStore(initialState: Episodes.State(episodes: self.episodes)) {
      Episodes()
    } withDependencies: {
      $0.continuousClock = clock
      $0.favoritesAPI = .local(failingEvery: 0)
    }
    await store.send(\.episodes[id: self.first].favorite.buttonTapped) {
      $0.episodes[id: self.first]?.favorite.isFavorite = true
    }
    await clock.advance(by: .milliseconds(500))
    await store.receive(\.episodes[id: self.first].favorite.response.success, true)

    await store.send(\.episodes[id: self.second].favorite.buttonTapped) {
      $0.episodes[id: self.second]?.favorite.isFavorite = false
    }
    await clock.advance(by: .milliseconds(500))
    await store.receive(\.episodes[id: self.second].favorite.response.success, false)
  }

  @Test func failureRollsBackAndShowsAnAlert() async {
    let store = TestStore(initialState: Episodes.State(episodes: self.episodes)) {
      Episodes()
    } withDependencies: {
      $0.favoritesAPI.setFavorite = { _, _ in
        throw FavoritesAPI.Failure(message: "offline")
      }
    }
    await store.send(\.episodes[id: self.first].favorite.buttonTapped) {
      $0.episodes[id: self.first]?.favorite.isFavorite = true
    }
    await store.receive(
      \.episodes[id: self.first].favorite.response.failure, .init(message: "offline")
    ) {
      $0.episodes[id: self.first]?.favorite.isFavorite = false
      $0.episodes[id: self.first]?.favorite.alert = AlertState {
        TextState("Favoriting failed: offline")
      }
    }
    await store.send(\.episodes[id: self.first].favorite.alert.dismiss) {
      $0.episodes[id: self.first]?.favorite.alert = nil
    }
  }

  @Test func tappingAgainCancelsTheRequestInFlight() async {
    let clock = TestClock()
    let requests = LockIsolated<[Bool]>([])
    let store = TestStore(initialState: Episodes.State(episodes: self.episodes)) {
      Episodes()
    } withDependencies: {
      $0.continuousClock = clock
      $0.favoritesAPI.setFavorite = { _, isFavorite in
        requests.withValue { $0.append(isFavorite) }
        try await clock.sleep(for: .seconds(1))
        return isFavorite
      }
    }
    await store.send(\.episodes[id: self.first].favorite.buttonTapped) {
      $0.episodes[id: self.first]?.favorite.isFavorite = true
    }
    await clock.advance(by: .milliseconds(500))
    await store.send(\.episodes[id: self.first].favorite.buttonTapped) {
      $0.episodes[id: self.first]?.favorite.isFavorite = false
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.episodes[id: self.first].favorite.response.success, false)
    #expect(requests.value == [true, false])
  }

  @Test func rowsAreCancelledIndependently() async {
    let clock = TestClock()
    let store = TestStore(initialState: Episodes.State(episodes: self.episodes)) {
      Episodes()
    } withDependencies: {
      $0.continuousClock = clock
      $0.favoritesAPI.setFavorite = { _, isFavorite in
        try await clock.sleep(for: .seconds(1))
        return isFavorite
      }
    }
    await store.send(\.episodes[id: self.first].favorite.buttonTapped) {
      $0.episodes[id: self.first]?.favorite.isFavorite = true
    }
    await store.send(\.episodes[id: self.second].favorite.buttonTapped) {
      $0.episodes[id: self.second]?.favorite.isFavorite = false
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.episodes[id: self.first].favorite.response.success, true)
    await store.receive(\.episodes[id: self.second].favorite.response.success, false)
  }

  @Test func localAPIFailsEveryThirdRequest() async {
    let clock = TestClock()
    let store = TestStore(initialState: Episodes.State(episodes: self.episodes)) {
      Episodes()
    } withDependencies: {
      $0.continuousClock = clock
      $0.favoritesAPI = .local(failingEvery: 3)
    }
    for isFavorite in [true, false] {
      await store.send(\.episodes[id: self.first].favorite.buttonTapped) {
        $0.episodes[id: self.first]?.favorite.isFavorite = isFavorite
      }
      await clock.advance(by: .milliseconds(500))
      await store.receive(\.episodes[id: self.first].favorite.response.success, isFavorite)
    }
    await store.send(\.episodes[id: self.first].favorite.buttonTapped) {
      $0.episodes[id: self.first]?.favorite.isFavorite = true
    }
    await clock.advance(by: .milliseconds(500))
    await store.receive(\.episodes[id: self.first].favorite.response.failure) {
      $0.episodes[id: self.first]?.favorite.isFavorite = false
      $0.episodes[id: self.first]?.favorite.alert = AlertState {
        TextState("Favoriting failed: the favorites service is unavailable, try again")
      }
    }
  }
}
