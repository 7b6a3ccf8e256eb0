import ComposableArchitecture
import Foundation

/// The reusable "favoriting" component of seed 001: the state of one favoritable thing.
///
/// ```swift
/// var favorite = FavoritingState(id: episode.id, isFavorite: false)
/// ```
@ObservableState
public struct FavoritingState<ID: Hashable & Sendable>: Equatable, Sendable {
  @Presents public var alert: AlertState<FavoritingAction.Alert>?
  public let id: ID
  public var isFavorite: Bool

  public init(id: ID, isFavorite: Bool, alert: AlertState<FavoritingAction.Alert>? = nil) {
    self.id = id
    self.isFavorite = isFavorite
    self.alert = alert
  }
}

/// What the favoriting component does: a tap on the button, the request's answer, the alert.
///
/// ```swift
/// store.send(.favorite(.buttonTapped))
/// ```
@CasePathable
public enum FavoritingAction: Equatable, Sendable {
  case alert(PresentationAction<Alert>)
  case buttonTapped
  case response(Result<Bool, FavoritesAPI.Failure>)

  public enum Alert: Equatable, Sendable {}
}

/// Favoriting logic any feature can embed with `Scope`: a tap flips the heart at once and sends
/// the request; a second tap while a request is in flight cancels it; a failure puts the heart
/// back and shows an alert.
///
/// ```swift
/// Scope(\.favorite, action: \.favorite) {
///   Favoriting(request: favoritesAPI.setFavorite)
/// }
/// ```
@Reducer
public struct Favoriting<ID: Hashable & Sendable> {
  public let request: @Sendable (ID, Bool) async throws -> Bool

  public init(request: @escaping @Sendable (ID, Bool) async throws -> Bool) {
    self.request = request
  }

  struct CancelID: Hashable, Sendable {
    let id: ID
  }

  public var body: some Reducer<FavoritingState<ID>, FavoritingAction> {
    Reduce { state, action in
      switch action {
      case .alert:
        return .none

      case .buttonTapped:
        state.isFavorite.toggle()
        return .run { [id = state.id, isFavorite = state.isFavorite, request] send in
          do {
            await send(.response(.success(try await request(id, isFavorite))))
          } catch is CancellationError {
            return
          } catch {
            let failure = error as? FavoritesAPI.Failure ?? .init(message: "\(error)")
            await send(.response(.failure(failure)))
          }
        }
        .cancellable(id: CancelID(id: state.id), cancelInFlight: true)

      case .response(.failure(let failure)):
        state.isFavorite.toggle()
        state.alert = AlertState {
          TextState("Favoriting failed: \(failure.message)")
        }
        return .none

      case .response(.success(let isFavorite)):
        state.isFavorite = isFavorite
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }
}

/// One row of the episodes list: a title and its favorite button.
///
/// ```swift
/// let row = Store(initialState: Episode.State(id: UUID(), title: "Pilot")) { Episode() }
/// row.send(.favorite(.buttonTapped))
/// ```
@Reducer
public struct Episode {
  @ObservableState
  public struct State: Equatable, Identifiable, Sendable {
    public let id: UUID
    public let title: String
    public var favorite: FavoritingState<UUID>

    public init(id: UUID, title: String, isFavorite: Bool = false) {
      self.id = id
      self.title = title
      self.favorite = FavoritingState(id: id, isFavorite: isFavorite)
    }
  }

  public enum Action: Equatable, Sendable {
    case favorite(FavoritingAction)
  }

  @Dependency(\.favoritesAPI) var favoritesAPI

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(\.favorite, action: \.favorite) {
      Favoriting(request: self.favoritesAPI.setFavorite)
    }
  }
}

/// A list of episodes, each favoritable on its own.
///
/// ```swift
/// let store = Store(initialState: Episodes.State()) { Episodes() }
/// store.send(.episodes(.element(id: id, action: .favorite(.buttonTapped))))
/// ```
@Reducer
public struct Episodes {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var episodes: IdentifiedArrayOf<Episode.State>

    public init(episodes: IdentifiedArrayOf<Episode.State> = Episodes.sample) {
      self.episodes = episodes
    }
  }

  public enum Action: Equatable, Sendable {
    case episodes(IdentifiedActionOf<Episode>)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.episodes, action: \.episodes) {
        Episode()
      }
  }

  /// The episodes the page starts with.
  public static let sample: IdentifiedArrayOf<Episode.State> = [
    Episode.State(
      id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, title: "Functions"),
    Episode.State(
      id: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!, title: "Side effects"),
    Episode.State(
      id: UUID(uuidString: "00000000-0000-0000-0000-000000000003")!, title: "Algebraic data types"),
    Episode.State(
      id: UUID(uuidString: "00000000-0000-0000-0000-000000000004")!, title: "Composable reducers"),
  ]
}

/// Saves which episodes are favorites.
///
/// The live value is local: it answers after half a second on the continuous clock and refuses
/// every third request, so that the failure path shows up in a demo.
///
/// ```swift
/// @Dependency(\.favoritesAPI) var favoritesAPI
/// let isFavorite = try await favoritesAPI.setFavorite(id, true)
/// ```
@DependencyClient
public struct FavoritesAPI: Sendable {
  public var setFavorite: @Sendable (_ id: UUID, _ isFavorite: Bool) async throws -> Bool

  /// Why a favorite could not be saved.
  public struct Failure: Error, Equatable, Sendable {
    public var message: String
    public init(message: String) {
      self.message = message
    }
  }

  /// A local API that fails every `failingEvery`-th request (never, if `failingEvery` is 0).
  public static func local(failingEvery: Int) -> Self {
    let requests = LockIsolated(0)
    return Self(
      setFavorite: { _, isFavorite in
        @Dependency(\.continuousClock) var clock
        try await clock.sleep(for: .milliseconds(500))
        let count = requests.withValue { count -> Int in
          count += 1
          return count
        }
        if failingEvery > 0, count.isMultiple(of: failingEvery) {
          throw Failure(message: "the favorites service is unavailable, try again")
        }
        return isFavorite
      }
    )
  }
}

extension FavoritesAPI: DependencyKey {
  public static var liveValue: Self { .local(failingEvery: 3) }
  public static let testValue = Self()
}

extension DependencyValues {
  /// The API ``Episodes`` saves favorites through.
  public var favoritesAPI: FavoritesAPI {
    get { self[FavoritesAPI.self] }
    set { self[FavoritesAPI.self] = newValue }
  }
}
