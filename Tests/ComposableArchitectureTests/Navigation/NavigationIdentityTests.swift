import ComposableArchitecture
import Foundation
import Testing

/// A quiz card: `Identifiable`, and able to turn into a new card (new `id`) in place.
struct QuizCard: Reducer {
  struct State: Equatable, Identifiable {
    var id: Int
    var flips = 0
  }
  @CasePathable
  enum Action: Equatable {
    case flipButtonTapped
    case flipTimerFired
    case shuffleButtonTapped(newID: Int)
  }
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .flipButtonTapped:
        state.flips += 1
        return .run { send in
          try await self.clock.sleep(for: .seconds(1))
          await send(.flipTimerFired)
        }
      case .flipTimerFired:
        state.flips = 100
        return .none
      case let .shuffleButtonTapped(newID):
        state.id = newID
        state.flips = 0
        return .none
      }
    }
  }
}

/// A study screen presenting one of two kinds of card through an enum destination.
struct StudyDesk: Reducer {
  @CasePathable
  enum Destination: Equatable {
    case front(QuizCard.State)
    case back(QuizCard.State)
  }
  @CasePathable
  enum DestinationAction: Equatable {
    case front(QuizCard.Action)
    case back(QuizCard.Action)
  }
  struct DestinationReducer: Reducer {
    typealias State = Destination
    typealias Action = DestinationAction
    var body: some ReducerOf<Self> {
      Scope(state: \.front, action: \.front) { QuizCard() }
      Scope(state: \.back, action: \.back) { QuizCard() }
    }
  }
  struct State: Equatable {
    @PresentationState var destination: Destination?
  }
  @CasePathable
  enum Action: Equatable {
    case destination(PresentationAction<DestinationAction>)
    case showFront(id: Int)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .showFront(id):
        state.destination = .front(QuizCard.State(id: id))
        return .none
      case .destination:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination) {
      DestinationReducer()
    }
  }
}

@MainActor
@Suite("Navigation identity of enum destinations")
struct NavigationIdentityTests {
  @Test func childChangingItsOwnIDInsideAnEnumDestinationHasItsEffectsCancelled() async {
    let clock = TestClock()
    let store = TestStore(initialState: StudyDesk.State()) {
      StudyDesk()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.showFront(id: 1)) {
      $0.destination = .front(QuizCard.State(id: 1))
    }
    await store.send(\.destination.front.flipButtonTapped) {
      $0.$destination[case: \.front]?.flips = 1
    }
    await store.send(\.destination.front.shuffleButtonTapped, 2) {
      $0.$destination[case: \.front]?.id = 2
      $0.$destination[case: \.front]?.flips = 0
    }
    // The first card's timer belonged to card 1: it was cancelled when the card became card 2, so
    // nothing arrives and no effect is left running at the end of the test. (The cancelled sleep
    // can take a while to leave the clock when the machine is loaded, hence the long timeout; were
    // the timer still alive, the clock would fire it and the store would fail the test.)
    await clock.run(timeout: .seconds(30))
  }

  @Test func sameCaseAndSameIDKeepsTheChildsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: StudyDesk.State()) {
      StudyDesk()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.showFront(id: 1)) {
      $0.destination = .front(QuizCard.State(id: 1))
    }
    await store.send(\.destination.front.flipButtonTapped) {
      $0.$destination[case: \.front]?.flips = 1
    }
    await store.send(\.destination.front.shuffleButtonTapped, 1) {
      $0.$destination[case: \.front]?.flips = 0
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.destination.front.flipTimerFired) {
      $0.$destination[case: \.front]?.flips = 100
    }
  }
}
