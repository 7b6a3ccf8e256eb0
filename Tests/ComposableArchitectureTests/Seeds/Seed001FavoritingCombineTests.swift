import ComposableArchitecture
import Foundation
import Testing
import XCTest

// Seed 001, the favoriting component, with the request as the article's environment carries it:
// a publisher endpoint and `mainQueue: AnySchedulerOf<DispatchQueue>`, its pipeline ending in
// `.receive(on:)`, `.mapError`, `.catchToEffect(…)` and `.cancellable(id:cancelInFlight:)`.
// Tested with `store.assert(…)` steps and a test queue advanced by hand, and with the async
// `send`/`receive` of 1.x.

struct Seed001CombineFavoriteState<ID: Hashable & Sendable>: Equatable, Identifiable {
  var alert: AlertState<Seed001CombineFavoriteAction>?
  let id: ID
  var isFavorite: Bool
}

enum Seed001CombineFavoriteAction: Equatable {
  case alertDismissed
  case buttonTapped
  case response(Result<Bool, Seed001CombineFavoriteError>)
}

struct Seed001CombineFavoriteEnvironment<ID> {
  var request: (ID, Bool) -> AnyPublisher<Bool, Error>
  var mainQueue: AnySchedulerOf<DispatchQueue>
}

struct Seed001CombineFavoriteError: Equatable, Error, Identifiable {
  let message: String

  init(error: Error) {
    self.message = (error as? LocalizedError)?.errorDescription ?? "\(error)"
  }

  var id: String { self.message }
}

struct Seed001CombineFavoriteCancelID<ID: Hashable & Sendable>: Hashable, Sendable {
  var id: ID
}

extension AnyReducer {
  /// Enhances a reducer with favoriting logic, its request a Combine pipeline.
  func favorite<ID: Hashable & Sendable>(
    state: WritableKeyPath<State, Seed001CombineFavoriteState<ID>>,
    action: CasePath<Action, Seed001CombineFavoriteAction>,
    environment: @escaping (Environment) -> Seed001CombineFavoriteEnvironment<ID>
  ) -> AnyReducer {
    .combine(
      self,
      AnyReducer<
        Seed001CombineFavoriteState<ID>, Seed001CombineFavoriteAction,
        Seed001CombineFavoriteEnvironment<ID>
      > {
        state, action, environment in
        switch action {
        case .alertDismissed:
          state.alert = nil
          state.isFavorite.toggle()
          return .none

        case .buttonTapped:
          state.isFavorite.toggle()
          return environment.request(state.id, state.isFavorite)
            .receive(on: environment.mainQueue)
            .mapError(Seed001CombineFavoriteError.init)
            .catchToEffect(Seed001CombineFavoriteAction.response)
            .cancellable(id: Seed001CombineFavoriteCancelID(id: state.id), cancelInFlight: true)

        case let .response(.failure(error)):
          state.alert = AlertState(title: TextState(error.message))
          return .none

        case let .response(.success(isFavorite)):
          state.isFavorite = isFavorite
          return .none
        }
      }
      .pullback(state: state, action: action, environment: environment)
    )
  }
}

struct Seed001CombineEpisodeState: Equatable, Identifiable {
  var alert: AlertState<Seed001CombineFavoriteAction>?
  let id: UUID
  var isFavorite: Bool
  let title: String

  var favorite: Seed001CombineFavoriteState<ID> {
    get { .init(alert: self.alert, id: self.id, isFavorite: self.isFavorite) }
    set { (self.alert, self.isFavorite) = (newValue.alert, newValue.isFavorite) }
  }
}

enum Seed001CombineEpisodeAction: Equatable {
  case favorite(Seed001CombineFavoriteAction)
}

struct Seed001CombineEpisodeEnvironment {
  var favorite: (UUID, Bool) -> AnyPublisher<Bool, Error>
  var mainQueue: AnySchedulerOf<DispatchQueue>
}

let seed001CombineEpisodeReducer = AnyReducer<
  Seed001CombineEpisodeState, Seed001CombineEpisodeAction, Seed001CombineEpisodeEnvironment
>.empty.favorite(
  state: \.favorite,
  action: /Seed001CombineEpisodeAction.favorite,
  environment: { Seed001CombineFavoriteEnvironment(request: $0.favorite, mainQueue: $0.mainQueue) }
)

// MARK: - Tests

private let episodeID = UUID(uuidString: "00000000-0000-0000-0000-000000000011")!

private struct RequestFailure: LocalizedError {
  var errorDescription: String? { "Favoriting failed" }
}

/// Records the requests made.
private final class RequestLog: Sendable {
  let requests = LockIsolated<[Bool]>([])

  func succeeding() -> (UUID, Bool) -> AnyPublisher<Bool, Error> {
    { id, isFavorite in
      #expect(id == episodeID)
      self.requests.withValue { $0.append(isFavorite) }
      return Just(isFavorite)
        .setFailureType(to: Error.self)
        .eraseToAnyPublisher()
    }
  }

  func failing() -> (UUID, Bool) -> AnyPublisher<Bool, Error> {
    { _, isFavorite in
      self.requests.withValue { $0.append(isFavorite) }
      return Fail(error: RequestFailure()).eraseToAnyPublisher()
    }
  }
}

@MainActor
@Suite("Seed 001: Reusable favoriting component, with Combine")
struct Seed001FavoritingCombineTests {
  let scheduler = DispatchQueue.test
  private let log = RequestLog()

  private func makeStore(
    request: @escaping (UUID, Bool) -> AnyPublisher<Bool, Error>
  ) -> TestStore<Seed001CombineEpisodeState, Seed001CombineEpisodeAction> {
    TestStore(
      initialState: Seed001CombineEpisodeState(
        id: episodeID, isFavorite: false, title: "Functions"
      ),
      reducer: seed001CombineEpisodeReducer,
      environment: Seed001CombineEpisodeEnvironment(
        favorite: request, mainQueue: self.scheduler.eraseToAnyScheduler()
      )
    )
  }

  // MARK: Steps and a test queue

  @Test func favoritingSucceedsWithSteps() {
    let store = makeStore(request: self.log.succeeding())

    store.assert(
      .send(.favorite(.buttonTapped)) {
        $0.isFavorite = true
      },
      .do { self.scheduler.advance() },
      .receive(.favorite(.response(.success(true)))),
      .send(.favorite(.buttonTapped)) {
        $0.isFavorite = false
      },
      .do { self.scheduler.advance() },
      .receive(.favorite(.response(.success(false))))
    )
    #expect(self.log.requests.value == [true, false])
  }

  @Test func favoritingFailsWithAnAlertWithSteps() {
    let store = makeStore(request: self.log.failing())

    store.assert(
      .send(.favorite(.buttonTapped)) {
        $0.isFavorite = true
      },
      .do { self.scheduler.advance() },
      .receive(
        .favorite(.response(.failure(Seed001CombineFavoriteError(error: RequestFailure()))))
      ) {
        $0.alert = AlertState(title: TextState("Favoriting failed"))
      },
      .send(.favorite(.alertDismissed)) {
        $0.alert = nil
        $0.isFavorite = false
      }
    )
  }

  @Test func aSecondTapCancelsTheFirstRequestWithSteps() {
    let store = makeStore(request: self.log.succeeding())

    store.assert(
      .send(.favorite(.buttonTapped)) {
        $0.isFavorite = true
      },
      .send(.favorite(.buttonTapped)) {
        $0.isFavorite = false
      },
      .do { self.scheduler.advance() },
      .receive(.favorite(.response(.success(false))))
    )
    // Only the second request's response arrives: the first was cancelled.
    #expect(self.log.requests.value == [true, false])
  }

  @Test func theEnvironmentCanBeChangedBetweenTaps() {
    let store = makeStore(request: self.log.succeeding())
    let log = self.log

    store.assert(
      .send(.favorite(.buttonTapped)) {
        $0.isFavorite = true
      },
      .do { self.scheduler.advance() },
      .receive(.favorite(.response(.success(true)))),
      .environment { (environment: inout Seed001CombineEpisodeEnvironment) in
        environment.favorite = log.failing()
        environment.mainQueue = .immediate
      },
      .send(.favorite(.buttonTapped)) {
        $0.isFavorite = false
      },
      .receive(
        .favorite(.response(.failure(Seed001CombineFavoriteError(error: RequestFailure()))))
      ) {
        $0.alert = AlertState(title: TextState("Favoriting failed"))
      }
    )
  }

  // MARK: Async send and receive

  @Test func favoritingSucceedsWithAsyncAssertions() async {
    let store = makeStore(request: self.log.succeeding())

    await store.send(.favorite(.buttonTapped)) {
      $0.isFavorite = true
    }
    await self.scheduler.advance()
    await store.receive(.favorite(.response(.success(true))))
  }

  @Test func favoritingFailsWithAnAlertWithAsyncAssertions() async {
    let store = makeStore(request: self.log.failing())

    await store.send(.favorite(.buttonTapped)) {
      $0.isFavorite = true
    }
    await self.scheduler.advance()
    await store.receive(
      .favorite(.response(.failure(Seed001CombineFavoriteError(error: RequestFailure()))))
    ) {
      $0.alert = AlertState(title: TextState("Favoriting failed"))
    }
    await store.send(.favorite(.alertDismissed)) {
      $0.alert = nil
      $0.isFavorite = false
    }
  }

  @Test func aSecondTapCancelsTheFirstRequestWithAsyncAssertions() async {
    let store = makeStore(request: self.log.succeeding())

    await store.send(.favorite(.buttonTapped)) {
      $0.isFavorite = true
    }
    await store.send(.favorite(.buttonTapped)) {
      $0.isFavorite = false
    }
    await self.scheduler.advance()
    // Only the second request's response arrives: the first was cancelled.
    await store.receive(.favorite(.response(.success(false))))
  }

  // MARK: A store on an immediate queue

  @Test func aStoreOnAnImmediateQueueHoldsTheResponseWhenSendReturns() {
    let store = Store(
      initialState: Seed001CombineEpisodeState(id: episodeID, isFavorite: false, title: "Functions"),
      reducer: seed001CombineEpisodeReducer,
      environment: Seed001CombineEpisodeEnvironment(
        favorite: self.log.failing(), mainQueue: .immediate
      )
    )

    store.send(.favorite(.buttonTapped))
    #expect(store.withState(\.alert) == AlertState(title: TextState("Favoriting failed")))
    #expect(store.withState(\.isFavorite) == true)
  }
}

/// The steps as TCA users wrote them under XCTest. The method is `async` because XCTest on Linux
/// does not discover synchronous main-actor test methods; the steps themselves run right away.
final class Seed001FavoritingCombineXCTests: XCTestCase {
  @MainActor
  func testFavoritingWithSteps() async {
    let scheduler = DispatchQueue.test
    let store = TestStore(
      initialState: Seed001CombineEpisodeState(id: episodeID, isFavorite: false, title: "Functions"),
      reducer: seed001CombineEpisodeReducer,
      environment: Seed001CombineEpisodeEnvironment(
        favorite: { _, isFavorite in
          Just(isFavorite).setFailureType(to: Error.self).eraseToAnyPublisher()
        },
        mainQueue: scheduler.eraseToAnyScheduler()
      )
    )

    store.assert(
      .send(.favorite(.buttonTapped)) {
        $0.isFavorite = true
      },
      .do { scheduler.advance() },
      .receive(.favorite(.response(.success(true)))),
      .send(.favorite(.buttonTapped)) {
        $0.isFavorite = false
      },
      .send(.favorite(.buttonTapped)) {
        $0.isFavorite = true
      },
      .do { scheduler.advance() },
      .receive(.favorite(.response(.success(true))))
    )
    XCTAssertEqual(store.state.isFavorite, true)
  }
}
