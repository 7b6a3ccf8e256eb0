import ComposableArchitecture
import Foundation
import Testing

// Seed 001: a reusable favoriting component. A generic `FavoriteState<ID>` / `FavoriteAction`
// domain is combined into an episode row by a higher-order reducer,
// `AnyReducer.favorite(state:action:environment:)`, built from `.combine` and `.pullback`; the
// article's rewrite as a static `favoriteReducer()` pulled back with an implicit member chain;
// a list of rows with `forEach`; and the same component as a `Reducer` composed with `Scope`.
//
// The article's `request: (ID, Bool) -> Effect<Bool, Error>` (with `mainQueue`,
// `.catchToEffect(FavoriteAction.response)`) is modelled as an async throwing endpoint whose
// outcome is sent back as a `TaskResult`.

// MARK: - The favoriting domain

struct Seed001FavoriteState<ID: Hashable & Sendable>: Equatable, Identifiable {
  var alert: AlertState<Seed001FavoriteAction>?
  let id: ID
  var isFavorite: Bool
}

enum Seed001FavoriteAction: Equatable, Sendable {
  case alertDismissed
  case buttonTapped
  case response(TaskResult<Bool>)
}

struct Seed001FavoriteEnvironment<ID: Hashable & Sendable> {
  var request: @Sendable (ID, Bool) async throws -> Bool
}

struct Seed001FavoriteCancelID<ID: Hashable & Sendable>: Hashable, Sendable {
  var id: ID
}

struct Seed001FavoriteError: LocalizedError, Equatable {
  var errorDescription: String? {
    "Something went wrong!"
  }
}

/// The favoriting logic shared by the closure reducers below.
func seed001Favorite<ID: Hashable & Sendable>(
  _ state: inout Seed001FavoriteState<ID>,
  _ action: Seed001FavoriteAction,
  _ environment: Seed001FavoriteEnvironment<ID>
) -> Effect<Seed001FavoriteAction> {
  switch action {
  case .alertDismissed:
    state.alert = nil
    state.isFavorite.toggle()
    return .none

  case .buttonTapped:
    state.isFavorite.toggle()
    let id = state.id
    let isFavorite = state.isFavorite
    let request = environment.request
    return .run { send in
      let result = await TaskResult(catching: { try await request(id, isFavorite) })
      await send(.response(result))
    }
    .cancellable(id: Seed001FavoriteCancelID(id: id), cancelInFlight: true)

  case let .response(.failure(error)):
    state.alert = AlertState(title: TextState(error.localizedDescription))
    return .none

  case let .response(.success(isFavorite)):
    state.isFavorite = isFavorite
    return .none
  }
}

extension AnyReducer {
  /// Enhances a reducer with favoriting logic.
  func favorite<ID: Hashable & Sendable>(
    state: WritableKeyPath<State, Seed001FavoriteState<ID>>,
    action: CasePath<Action, Seed001FavoriteAction>,
    environment: @escaping (Environment) -> Seed001FavoriteEnvironment<ID>
  ) -> AnyReducer {
    .combine(
      self,
      AnyReducer<Seed001FavoriteState<ID>, Seed001FavoriteAction, Seed001FavoriteEnvironment<ID>> {
        state, action, environment in
        seed001Favorite(&state, action, environment)
      }
      .pullback(state: state, action: action, environment: environment)
    )
  }

  /// The article's rewrite: the favoriting reducer on its own, to pull back by hand.
  static func favoriteReducer<ID: Hashable & Sendable>() -> AnyReducer<
    Seed001FavoriteState<ID>, Seed001FavoriteAction, Seed001FavoriteEnvironment<ID>
  > {
    .init { state, action, environment in
      seed001Favorite(&state, action, environment)
    }
  }
}

// MARK: - An episode row (closure reducers)

struct Seed001EpisodeState: Equatable, Identifiable {
  var alert: AlertState<Seed001FavoriteAction>?
  let id: UUID
  var isFavorite: Bool
  let title: String

  var favorite: Seed001FavoriteState<ID> {
    get { .init(alert: self.alert, id: self.id, isFavorite: self.isFavorite) }
    set { (self.alert, self.isFavorite) = (newValue.alert, newValue.isFavorite) }
  }
}

enum Seed001EpisodeAction: Equatable, Sendable {
  case favorite(Seed001FavoriteAction)
}

struct Seed001EpisodeEnvironment {
  var favorite: @Sendable (UUID, Bool) async throws -> Bool
}

let seed001EpisodeReducer = AnyReducer<Seed001EpisodeState, Seed001EpisodeAction, Seed001EpisodeEnvironment>.empty.favorite(
  state: \.favorite,
  action: /Seed001EpisodeAction.favorite,
  environment: { Seed001FavoriteEnvironment(request: $0.favorite) }
)

let seed001CombinedEpisodeReducer = AnyReducer<Seed001EpisodeState, Seed001EpisodeAction, Seed001EpisodeEnvironment>.combine(
  .empty,
  .favoriteReducer().pullback(
    state: \.favorite,
    action: /Seed001EpisodeAction.favorite,
    environment: { Seed001FavoriteEnvironment(request: $0.favorite) }
  )
)

// MARK: - A list of episodes

struct Seed001EpisodesState: Equatable {
  var episodes: IdentifiedArrayOf<Seed001EpisodeState>
}

enum Seed001EpisodesAction: Equatable, Sendable {
  case episode(id: UUID, action: Seed001EpisodeAction)
}

struct Seed001EpisodesEnvironment {
  var favorite: @Sendable (UUID, Bool) async throws -> Bool
}

let seed001EpisodesReducer: AnyReducer<
  Seed001EpisodesState, Seed001EpisodesAction, Seed001EpisodesEnvironment
> =
seed001EpisodeReducer.forEach(
  state: \.episodes,
  action: /Seed001EpisodesAction.episode(id:action:),
  environment: { Seed001EpisodeEnvironment(favorite: $0.favorite) }
)

// MARK: - The same component as a `Reducer`

struct Seed001Favoriting<ID: Hashable & Sendable>: Reducer {
  typealias State = Seed001FavoriteState<ID>
  typealias Action = Seed001FavoriteAction

  let request: @Sendable (ID, Bool) async throws -> Bool

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    seed001Favorite(&state, action, Seed001FavoriteEnvironment(request: self.request))
  }
}

struct Seed001ModernEpisode: Reducer {
  struct State: Equatable, Identifiable {
    let id: UUID
    let title: String
    var favorite: Seed001FavoriteState<UUID>

    init(id: UUID, isFavorite: Bool, title: String) {
      self.id = id
      self.title = title
      self.favorite = .init(id: id, isFavorite: isFavorite)
    }
  }

  @CasePathable
  enum Action: Equatable, Sendable {
    case favorite(Seed001FavoriteAction)
  }

  let favorite: @Sendable (UUID, Bool) async throws -> Bool

  var body: some ReducerOf<Self> {
    Scope(state: \.favorite, action: \.favorite) {
      Seed001Favoriting<UUID>(request: self.favorite)
    }
  }
}

// MARK: - Tests

private let seed001EpisodeID = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
private let seed001OtherEpisodeID = UUID(uuidString: "00000000-0000-0000-0000-000000000002")!

/// A request double that records its calls and answers with `isFavorite`.
private func seed001SucceedingRequest(
  calls: LockIsolated<[Bool]>
) -> @Sendable (UUID, Bool) async throws -> Bool {
  { id, isFavorite in
    #expect(id == seed001EpisodeID)
    calls.withValue { $0.append(isFavorite) }
    return isFavorite
  }
}

private func seed001FailingRequest() -> @Sendable (UUID, Bool) async throws -> Bool {
  { _, _ in throw Seed001FavoriteError() }
}

@MainActor
@Suite("Seed 001: Reusable favoriting component")
struct Seed001FavoritingTests {
  // MARK: AnyReducer.favorite(state:action:environment:)

  @Test func favoriteSucceeds() async {
    let calls = LockIsolated<[Bool]>([])
    let store = TestStore(
      initialState: Seed001EpisodeState(id: seed001EpisodeID, isFavorite: false, title: "Functions"),
      reducer: seed001EpisodeReducer,
      environment: Seed001EpisodeEnvironment(favorite: seed001SucceedingRequest(calls: calls))
    )

    await store.send(.favorite(.buttonTapped)) {
      $0.isFavorite = true
    }
    await store.receive(.favorite(.response(.success(true))))
    #expect(calls.value == [true])

    await store.send(.favorite(.buttonTapped)) {
      $0.isFavorite = false
    }
    await store.receive(.favorite(.response(.success(false))))
    #expect(calls.value == [true, false])
    #expect(store.state.favorite == Seed001FavoriteState(id: seed001EpisodeID, isFavorite: false))
  }

  @Test func favoriteFailsWithAnAlertAndRollsBackOnDismiss() async {
    let store = TestStore(
      initialState: Seed001EpisodeState(id: seed001EpisodeID, isFavorite: false, title: "Functions"),
      reducer: seed001EpisodeReducer,
      environment: Seed001EpisodeEnvironment(favorite: seed001FailingRequest())
    )

    await store.send(.favorite(.buttonTapped)) {
      $0.isFavorite = true
    }
    await store.receive(.favorite(.response(.failure(Seed001FavoriteError())))) {
      $0.alert = AlertState { TextState(Seed001FavoriteError().localizedDescription) }
    }
    #expect(store.state.favorite.alert != nil)
    #expect(store.state.favorite.isFavorite == true)

    await store.send(.favorite(.alertDismissed)) {
      $0.alert = nil
      $0.isFavorite = false
    }
  }

  @Test func favoriteStateIsAViewOfTheEpisode() {
    var episode = Seed001EpisodeState(id: seed001EpisodeID, isFavorite: false, title: "Functions")
    #expect(episode.favorite == Seed001FavoriteState(id: seed001EpisodeID, isFavorite: false))

    episode.favorite.isFavorite = true
    #expect(episode.isFavorite == true)

    let oops = AlertState<Seed001FavoriteAction> { TextState("Oops") }
    episode.favorite.alert = oops
    #expect(episode.alert == oops)
    #expect(episode.alert?.title == TextState("Oops"))
    #expect(episode.title == "Functions")
  }

  // MARK: The article's rewrite: .combine(.empty, .favoriteReducer().pullback(…))

  @Test func favoriteReducerRewriteSucceeds() async {
    let calls = LockIsolated<[Bool]>([])
    let store = TestStore(
      initialState: Seed001EpisodeState(id: seed001EpisodeID, isFavorite: true, title: "Functions"),
      reducer: seed001CombinedEpisodeReducer,
      environment: Seed001EpisodeEnvironment(favorite: seed001SucceedingRequest(calls: calls))
    )

    await store.send(.favorite(.buttonTapped)) {
      $0.isFavorite = false
    }
    await store.receive(.favorite(.response(.success(false))))
    #expect(calls.value == [false])
  }

  @Test func favoriteReducerRewriteFails() async {
    let store = TestStore(
      initialState: Seed001EpisodeState(id: seed001EpisodeID, isFavorite: true, title: "Functions"),
      reducer: seed001CombinedEpisodeReducer,
      environment: Seed001EpisodeEnvironment(favorite: seed001FailingRequest())
    )

    await store.send(.favorite(.buttonTapped)) {
      $0.isFavorite = false
    }
    await store.receive(.favorite(.response(.failure(Seed001FavoriteError())))) {
      $0.alert = AlertState { TextState(Seed001FavoriteError().localizedDescription) }
    }
    await store.send(.favorite(.alertDismissed)) {
      $0.alert = nil
      $0.isFavorite = true
    }
  }

  // MARK: A list of rows with forEach

  @Test func favoritingOneRowOfAListLeavesTheOthersAlone() async {
    let calls = LockIsolated<[Bool]>([])
    let store = TestStore(
      initialState: Seed001EpisodesState(
        episodes: [
          Seed001EpisodeState(id: seed001OtherEpisodeID, isFavorite: false, title: "Zip"),
          Seed001EpisodeState(id: seed001EpisodeID, isFavorite: false, title: "Functions"),
        ]
      ),
      reducer: seed001EpisodesReducer,
      environment: Seed001EpisodesEnvironment(favorite: seed001SucceedingRequest(calls: calls))
    )

    await store.send(.episode(id: seed001EpisodeID, action: .favorite(.buttonTapped))) {
      $0.episodes[id: seed001EpisodeID]?.isFavorite = true
    }
    await store.receive(
      .episode(id: seed001EpisodeID, action: .favorite(.response(.success(true))))
    )
    #expect(store.state.episodes[id: seed001OtherEpisodeID]?.isFavorite == false)
    #expect(calls.value == [true])
  }

  // MARK: Reducer + Scope

  @Test func modernFavoritingSucceeds() async {
    let calls = LockIsolated<[Bool]>([])
    let store = TestStore(
      initialState: Seed001ModernEpisode.State(
        id: seed001EpisodeID, isFavorite: false, title: "Functions"
      )
    ) {
      Seed001ModernEpisode(favorite: seed001SucceedingRequest(calls: calls))
    }

    await store.send(.favorite(.buttonTapped)) {
      $0.favorite.isFavorite = true
    }
    await store.receive(.favorite(.response(.success(true))))
    #expect(calls.value == [true])

    await store.send(.favorite(.buttonTapped)) {
      $0.favorite.isFavorite = false
    }
    await store.receive(.favorite(.response(.success(false))))
    #expect(calls.value == [true, false])
  }

  @Test func modernFavoritingFailsWithAnAlertAndRollsBackOnDismiss() async {
    let store = TestStore(
      initialState: Seed001ModernEpisode.State(
        id: seed001EpisodeID, isFavorite: false, title: "Functions"
      )
    ) {
      Seed001ModernEpisode(favorite: seed001FailingRequest())
    }

    await store.send(.favorite(.buttonTapped)) {
      $0.favorite.isFavorite = true
    }
    await store.receive(.favorite(.response(.failure(Seed001FavoriteError())))) {
      $0.favorite.alert = AlertState { TextState(Seed001FavoriteError().localizedDescription) }
    }
    await store.send(.favorite(.alertDismissed)) {
      $0.favorite.alert = nil
      $0.favorite.isFavorite = false
    }
    #expect(store.state.favorite == Seed001FavoriteState(id: seed001EpisodeID, isFavorite: false))
  }

  @Test func modernFavoritingReceivesByCaseKeyPath() async {
    let store = TestStore(
      initialState: Seed001ModernEpisode.State(
        id: seed001EpisodeID, isFavorite: false, title: "Functions"
      )
    ) {
      Seed001ModernEpisode(favorite: { _, isFavorite in isFavorite })
    }

    await store.send(\.favorite, .buttonTapped) {
      $0.favorite.isFavorite = true
    }
    await store.receive(\.favorite, .response(.success(true)))
  }

  @Test func scopedStoreDrivesTheFavoriteButton() async {
    let store = Store(
      initialState: Seed001EpisodeState(id: seed001EpisodeID, isFavorite: false, title: "Functions"),
      reducer: seed001EpisodeReducer,
      environment: Seed001EpisodeEnvironment(favorite: { _, isFavorite in isFavorite })
    )
    let favoriteStore = store.scope(state: \.favorite, action: Seed001EpisodeAction.favorite)
    let viewStore = ViewStore(favoriteStore, observe: { $0 })

    await viewStore.send(.buttonTapped).finish()
    #expect(viewStore.isFavorite == true)
    #expect(store.withState(\.isFavorite) == true)
    #expect(store.withState(\.alert) == nil)
  }
}
