import ComposableArchitecture
import Foundation

/// Search as you type over a local list of cities: each keystroke waits 300 ms before searching,
/// and a newer keystroke cancels the older search. Tapping a result loads its details; tapping
/// another result first cancels that load.
///
/// ```swift
/// let store = Store(initialState: Search.State()) { Search() }
/// store.send(.searchQueryChanged("ber"))  // results arrive 300 ms after the last keystroke
/// ```
@Reducer
public struct Search: Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var details: CitySearchClient.Details?
    public var loadingCityID: CitySearchClient.City.ID?
    public var results: [CitySearchClient.City] = []
    public var searchQuery = ""
    public var errorMessage: String?

    public init(searchQuery: String = "") {
      self.searchQuery = searchQuery
    }
  }

  public enum Action: Equatable, Sendable {
    case detailsResponse(Result<CitySearchClient.Details, CitySearchClient.Failure>)
    case resultTapped(CitySearchClient.City)
    case searchQueryChanged(String)
    case searchResponse(Result<[CitySearchClient.City], CitySearchClient.Failure>)
  }

  enum CancelID {
    case details
    case search
  }

  /// How long the search waits for typing to pause.
  public static let debounce: Duration = .milliseconds(300)

  @Dependency(\.continuousClock) var clock
  @Dependency(\.citySearch) var citySearch

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .detailsResponse(.success(let details)):
        state.loadingCityID = nil
        state.details = details
        return .none

      case .detailsResponse(.failure(let failure)):
        state.loadingCityID = nil
        state.errorMessage = "Could not load the details: \(failure.message)"
        return .none

      case .resultTapped(let city):
        state.loadingCityID = city.id
        state.details = nil
        state.errorMessage = nil
        return .run { send in
          do {
            await send(.detailsResponse(.success(try await self.citySearch.details(city.id))))
          } catch is CancellationError {
            return
          } catch {
            await send(.detailsResponse(.failure(searchFailure(error))))
          }
        }
        .cancellable(id: CancelID.details, cancelInFlight: true)

      case .searchQueryChanged(let query):
        state.searchQuery = query
        state.errorMessage = nil
        guard !query.trimmingCharacters(in: .whitespaces).isEmpty else {
          state.results = []
          state.details = nil
          state.loadingCityID = nil
          return .merge(.cancel(id: CancelID.search), .cancel(id: CancelID.details))
        }
        return .run { send in
          try await self.clock.sleep(for: Self.debounce)
          do {
            await send(.searchResponse(.success(try await self.citySearch.search(query))))
          } catch is CancellationError {
            return
          } catch {
            await send(.searchResponse(.failure(searchFailure(error))))
          }
        }
        .cancellable(id: CancelID.search, cancelInFlight: true)

      case .searchResponse(.success(let cities)):
        state.results = cities
        return .none

      case .searchResponse(.failure(let failure)):
        state.results = []
        state.errorMessage = "Search failed: \(failure.message)"
        return .none
      }
    }
  }
}

func searchFailure(_ error: any Error) -> CitySearchClient.Failure {
  error as? CitySearchClient.Failure ?? CitySearchClient.Failure(message: "\(error)")
}

/// Searches a local list of cities and looks up a city's details.
///
/// ```swift
/// @Dependency(\.citySearch) var citySearch
/// let cities = try await citySearch.search("ber")  // Berlin, Bern…
/// ```
@DependencyClient
public struct CitySearchClient: Sendable {
  public var search: @Sendable (_ query: String) async throws -> [City]
  public var details: @Sendable (_ id: City.ID) async throws -> Details

  public struct City: Equatable, Identifiable, Sendable {
    public var id: Int
    public var name: String
    public var country: String

    public init(id: Int, name: String, country: String) {
      self.id = id
      self.name = name
      self.country = country
    }
  }

  public struct Details: Equatable, Sendable {
    public var city: City
    public var population: Int
    public var elevation: Int

    public init(city: City, population: Int, elevation: Int) {
      self.city = city
      self.population = population
      self.elevation = elevation
    }
  }

  /// Why a search or a lookup failed.
  public struct Failure: Error, Equatable, Sendable {
    public var message: String
    public init(message: String) {
      self.message = message
    }
  }

  /// The local data set: a city, its population and its elevation in metres.
  public static let dataSet: [Details] = [
    (1, "Amsterdam", "Netherlands", 921_402, -2),
    (2, "Athens", "Greece", 643_452, 70),
    (3, "Barcelona", "Spain", 1_660_122, 12),
    (4, "Berlin", "Germany", 3_755_251, 34),
    (5, "Bern", "Switzerland", 134_506, 540),
    (6, "Bordeaux", "France", 261_804, 6),
    (7, "Brussels", "Belgium", 1_235_192, 13),
    (8, "Budapest", "Hungary", 1_706_851, 96),
    (9, "Copenhagen", "Denmark", 660_842, 5),
    (10, "Dublin", "Ireland", 592_713, 20),
    (11, "Helsinki", "Finland", 674_500, 17),
    (12, "Kyoto", "Japan", 1_463_723, 50),
    (13, "Lisbon", "Portugal", 548_703, 2),
    (14, "London", "United Kingdom", 8_866_180, 11),
    (15, "Madrid", "Spain", 3_332_035, 657),
    (16, "Osaka", "Japan", 2_752_412, 12),
    (17, "Oslo", "Norway", 717_710, 23),
    (18, "Paris", "France", 2_102_650, 35),
    (19, "Prague", "Czechia", 1_357_326, 235),
    (20, "Rome", "Italy", 2_755_309, 21),
    (21, "Sapporo", "Japan", 1_973_395, 29),
    (22, "Stockholm", "Sweden", 984_748, 28),
    (23, "Tokyo", "Japan", 14_094_034, 40),
    (24, "Vienna", "Austria", 2_005_760, 190),
    (25, "Warsaw", "Poland", 1_861_975, 100),
  ].map { id, name, country, population, elevation in
    Details(
      city: City(id: id, name: name, country: country),
      population: population,
      elevation: elevation
    )
  }

  /// The cities whose name or country contains `query`, ignoring case, in name order.
  public static func localSearch(_ query: String) -> [City] {
    let query = query.trimmingCharacters(in: .whitespaces).lowercased()
    guard !query.isEmpty else { return [] }
    return Self.dataSet.map(\.city).filter {
      $0.name.lowercased().contains(query) || $0.country.lowercased().contains(query)
    }
  }
}

extension CitySearchClient: DependencyKey {
  public static let liveValue = Self(
    search: { query in
      @Dependency(\.continuousClock) var clock
      try await clock.sleep(for: .milliseconds(200))
      return localSearch(query)
    },
    details: { id in
      @Dependency(\.continuousClock) var clock
      try await clock.sleep(for: .milliseconds(500))
      guard let details = dataSet.first(where: { $0.city.id == id }) else {
        throw Failure(message: "no city has the id \(id)")
      }
      return details
    }
  )

  public static let testValue = Self()
}

extension DependencyValues {
  /// The city search ``Search`` runs.
  public var citySearch: CitySearchClient {
    get { self[CitySearchClient.self] }
    set { self[CitySearchClient.self] = newValue }
  }
}
