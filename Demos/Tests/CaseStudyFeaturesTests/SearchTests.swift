import CaseStudyFeatures
import ComposableArchitecture
import Testing

@MainActor
struct SearchTests {
  let berlin = CitySearchClient.City(id: 4, name: "Berlin", country: "Germany")
  let bern = CitySearchClient.City(id: 5, name: "Bern", country: "Switzerland")

  @Test func searchWaitsForTypingToPause() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.citySearch.search = { CitySearchClient.localSearch($0) }
    }
    await store.send(.searchQueryChanged("b")) {
      $0.searchQuery = "b"
    }
    await clock.advance(by: .milliseconds(200))
    await store.send(.searchQueryChanged("be")) {
      $0.searchQuery = "be"
    }
    await clock.advance(by: .milliseconds(200))
    await store.send(.searchQueryChanged("ber")) {
      $0.searchQuery = "ber"
    }
    await clock.advance(by: .milliseconds(299))
    await clock.advance(by: .milliseconds(1))
    await store.receive(\.searchResponse.success, [self.berlin, self.bern]) {
      $0.results = [self.berlin, self.bern]
    }
  }

  @Test func clearingTheQueryCancelsThePendingSearch() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.citySearch.search = { CitySearchClient.localSearch($0) }
    }
    await store.send(.searchQueryChanged("ja")) {
      $0.searchQuery = "ja"
    }
    await store.send(.searchQueryChanged("")) {
      $0.searchQuery = ""
    }
    await clock.run()
  }

  @Test func searchFailureIsShown() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.citySearch.search = { _ in throw CitySearchClient.Failure(message: "index missing") }
    }
    await store.send(.searchQueryChanged("x")) {
      $0.searchQuery = "x"
    }
    await clock.advance(by: Search.debounce)
    await store.receive(\.searchResponse.failure) {
      $0.errorMessage = "Search failed: index missing"
    }
  }

  @Test func tappingAResultLoadsItsDetails() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.citySearch.details = { id in
        try await clock.sleep(for: .seconds(1))
        return CitySearchClient.dataSet.first { $0.city.id == id }!
      }
    }
    await store.send(.resultTapped(self.berlin)) {
      $0.loadingCityID = 4
    }
    await clock.advance(by: .milliseconds(500))
    await store.send(.resultTapped(self.bern)) {
      $0.loadingCityID = 5
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.detailsResponse.success) {
      $0.loadingCityID = nil
      $0.details = CitySearchClient.Details(city: self.bern, population: 134_506, elevation: 540)
    }
  }

  @Test func failedDetailsAreShown() async {
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.citySearch.details = { _ in throw CitySearchClient.Failure(message: "not found") }
    }
    await store.send(.resultTapped(self.berlin)) {
      $0.loadingCityID = 4
    }
    await store.receive(\.detailsResponse.failure, .init(message: "not found")) {
      $0.loadingCityID = nil
      $0.errorMessage = "Could not load the details: not found"
    }
  }

  @Test func localDataSetMatchesNamesAndCountries() {
    #expect(
      CitySearchClient.localSearch("japan").map(\.name) == ["Kyoto", "Osaka", "Sapporo", "Tokyo"])
    #expect(CitySearchClient.localSearch("  PAR ").map(\.name) == ["Paris"])
    #expect(CitySearchClient.localSearch(" ").isEmpty)
  }
}
