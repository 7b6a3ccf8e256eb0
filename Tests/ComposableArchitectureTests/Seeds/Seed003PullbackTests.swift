import ComposableArchitecture
import Foundation
import Testing

// Seed 003: what `pullback` does. A PrimeTime-style app reducer is split into a counter, a prime
// modal and a favorite-primes reducer, each working on its own state and actions; they are
// lifted into `AppState`/`AppAction` with a state key path (computed properties of `AppState`)
// and an action case path, then combined. The article's hand-written `combine`/`pullback` are
// reproduced too, next to the library's `AnyReducer.pullback(state:action:environment:)`.

// MARK: - Local domains

struct Seed003CounterState: Equatable {
  var count: Int
}

enum Seed003CounterAction: Equatable, Sendable {
  case decrTapped
  case incrTapped
}

struct Seed003PrimeModalState: Equatable {
  var count: Int
  var favoritePrimes: [Int]
  var isPrime: Bool?
}

enum Seed003PrimeModalAction: Equatable, Sendable {
  case calculateIsPrimeTapped
  case saveFavoritePrimeTapped
  case removeFavoritePrimeTapped
}

enum Seed003FavoritePrimesAction: Equatable, Sendable {
  case deleteFavoritePrimes(IndexSet)
}

// MARK: - Global domain

struct Seed003AppState: Equatable {
  var count = 0
  var favoritePrimes: [Int] = []
  var isPrime: Bool?

  var counterState: Seed003CounterState {
    get { Seed003CounterState(count: self.count) }
    set { self.count = newValue.count }
  }

  var primeModalState: Seed003PrimeModalState {
    get {
      Seed003PrimeModalState(
        count: self.count, favoritePrimes: self.favoritePrimes, isPrime: self.isPrime
      )
    }
    set {
      self.count = newValue.count
      self.favoritePrimes = newValue.favoritePrimes
      self.isPrime = newValue.isPrime
    }
  }
}

@CasePathable
enum Seed003AppAction: Equatable, Sendable {
  case counter(Seed003CounterAction)
  case primeModal(Seed003PrimeModalAction)
  case favoritePrimes(Seed003FavoritePrimesAction)
}

func seed003IsPrime(_ p: Int) -> Bool {
  if p <= 1 { return false }
  if p <= 3 { return true }
  for i in 2...Int(Double(p).squareRoot()) where p % i == 0 {
    return false
  }
  return true
}

// MARK: - Local reducers (library)

let seed003CounterReducer: AnyReducer<Seed003CounterState, Seed003CounterAction, Void> =
  AnyReducer { state, action, _ in
    switch action {
    case .decrTapped:
      // count down
      state.count -= 1
      return .none
    case .incrTapped:
      // count up
      state.count += 1
      return .none
    }
  }

let seed003PrimeModalReducer: AnyReducer<Seed003PrimeModalState, Seed003PrimeModalAction, Void> =
  AnyReducer { state, action, _ in
    switch action {
    case .calculateIsPrimeTapped:
      // check primality
      state.isPrime = seed003IsPrime(state.count)
      return .none
    case .saveFavoritePrimeTapped:
      // save to favourites
      state.favoritePrimes.append(state.count)
      return .none
    case .removeFavoritePrimeTapped:
      state.favoritePrimes.removeAll(where: { $0 == state.count })
      return .none
    }
  }

let seed003FavoritePrimesReducer: AnyReducer<[Int], Seed003FavoritePrimesAction, Void> =
  AnyReducer { state, action, _ in
    switch action {
    case let .deleteFavoritePrimes(indexSet):
      // delete from favourites
      for index in indexSet.sorted(by: >) {
        state.remove(at: index)
      }
      return .none
    }
  }

let seed003AppReducer: AnyReducer<Seed003AppState, Seed003AppAction, Void> =
  .combine(
    seed003CounterReducer.pullback(
      state: \.counterState,
      action: /Seed003AppAction.counter,
      environment: { _ in () }
    ),
    seed003PrimeModalReducer.pullback(
      state: \.primeModalState,
      action: /Seed003AppAction.primeModal,
      environment: { _ in () }
    ),
    seed003FavoritePrimesReducer.pullback(
      state: \.favoritePrimes,
      action: /Seed003AppAction.favoritePrimes,
      environment: { _ in () }
    )
  )

/// The same app, lifted with case key paths (`action: \.counter`) as the article writes them.
let seed003CaseKeyPathAppReducer: AnyReducer<Seed003AppState, Seed003AppAction, Void> =
  .combine(
    seed003CounterReducer.pullback(
      state: \.counterState, action: \.counter, environment: { _ in () }
    ),
    seed003PrimeModalReducer.pullback(
      state: \.primeModalState, action: \.primeModal, environment: { _ in () }
    ),
    seed003FavoritePrimesReducer.pullback(
      state: \.favoritePrimes, action: \.favoritePrimes, environment: { _ in () }
    )
  )

// MARK: - The article's hand-written combine and pullback

func seed003Combine<Value, Action>(
  _ reducers: (inout Value, Action) -> Void...
) -> (inout Value, Action) -> Void {
  return { value, action in
    for reducer in reducers {
      reducer(&value, action)
    }
  }
}

func seed003Pullback<GlobalValue, LocalValue, GlobalAction, LocalAction>(
  _ reducer: @escaping (inout LocalValue, LocalAction) -> Void,
  value: WritableKeyPath<GlobalValue, LocalValue>,
  action: AnyCasePath<GlobalAction, LocalAction>
) -> (inout GlobalValue, GlobalAction) -> Void {
  return { globalValue, globalAction in
    guard let localAction = action.extract(from: globalAction) else { return }
    reducer(&globalValue[keyPath: value], localAction)
  }
}

func seed003HandCounterReducer(value: inout Seed003CounterState, action: Seed003CounterAction) {
  switch action {
  case .decrTapped: value.count -= 1
  case .incrTapped: value.count += 1
  }
}

func seed003HandPrimeModalReducer(
  value: inout Seed003PrimeModalState, action: Seed003PrimeModalAction
) {
  switch action {
  case .calculateIsPrimeTapped: value.isPrime = seed003IsPrime(value.count)
  case .saveFavoritePrimeTapped: value.favoritePrimes.append(value.count)
  case .removeFavoritePrimeTapped: value.favoritePrimes.removeAll(where: { $0 == value.count })
  }
}

// MARK: - Tests

@MainActor
@Suite("Seed 003: pullback and combine")
struct Seed003PullbackTests {
  @Test func counterActionsMutateTheCountThroughTheKeyPath() async {
    let store = TestStore(
      initialState: Seed003AppState(favoritePrimes: [2]),
      reducer: seed003AppReducer,
      environment: ()
    )
    await store.send(.counter(.incrTapped)) { $0.count = 1 }
    await store.send(.counter(.incrTapped)) { $0.count = 2 }
    await store.send(.counter(.decrTapped)) { $0.count = 1 }
    #expect(store.state.favoritePrimes == [2])
    #expect(store.state.isPrime == nil)
  }

  @Test func primeModalActionsMutateCountAndFavorites() async {
    let store = TestStore(
      initialState: Seed003AppState(count: 5),
      reducer: seed003AppReducer,
      environment: ()
    )
    await store.send(.primeModal(.calculateIsPrimeTapped)) { $0.isPrime = true }
    await store.send(.primeModal(.saveFavoritePrimeTapped)) { $0.favoritePrimes = [5] }
    await store.send(.counter(.incrTapped)) { $0.count = 6 }
    await store.send(.primeModal(.calculateIsPrimeTapped)) { $0.isPrime = false }
    await store.send(.counter(.incrTapped)) { $0.count = 7 }
    await store.send(.primeModal(.saveFavoritePrimeTapped)) { $0.favoritePrimes = [5, 7] }
    await store.send(.primeModal(.removeFavoritePrimeTapped)) { $0.favoritePrimes = [5] }
    #expect(store.state.count == 7)
  }

  @Test func favoritePrimesActionsDeleteFromTheList() async {
    let store = TestStore(
      initialState: Seed003AppState(count: 11, favoritePrimes: [2, 3, 5, 7, 11]),
      reducer: seed003AppReducer,
      environment: ()
    )
    await store.send(.favoritePrimes(.deleteFavoritePrimes(IndexSet([1, 3])))) {
      $0.favoritePrimes = [2, 5, 11]
    }
    await store.send(.favoritePrimes(.deleteFavoritePrimes(IndexSet(integer: 0)))) {
      $0.favoritePrimes = [5, 11]
    }
    #expect(store.state.count == 11)
  }

  @Test func eachChildSeesOnlyItsOwnActions() {
    let counterLog = LockIsolated<[Seed003CounterAction]>([])
    let primeModalLog = LockIsolated<[Seed003PrimeModalAction]>([])

    let spyCounter = AnyReducer<Seed003CounterState, Seed003CounterAction, Void> {
      state, action, environment in
      counterLog.withValue { $0.append(action) }
      return seed003CounterReducer.run(&state, action, environment)
    }
    let spyPrimeModal = AnyReducer<Seed003PrimeModalState, Seed003PrimeModalAction, Void> {
      state, action, environment in
      primeModalLog.withValue { $0.append(action) }
      return seed003PrimeModalReducer.run(&state, action, environment)
    }
    let appReducer = AnyReducer<Seed003AppState, Seed003AppAction, Void>.combine(
      spyCounter.pullback(
        state: \.counterState, action: /Seed003AppAction.counter, environment: { _ in () }
      ),
      spyPrimeModal.pullback(
        state: \.primeModalState, action: /Seed003AppAction.primeModal, environment: { _ in () }
      ),
      seed003FavoritePrimesReducer.pullback(
        state: \.favoritePrimes, action: /Seed003AppAction.favoritePrimes,
        environment: { _ in () }
      )
    )

    var state = Seed003AppState(count: 2)
    _ = appReducer.run(&state, .counter(.incrTapped), ())
    _ = appReducer.run(&state, .primeModal(.saveFavoritePrimeTapped), ())
    _ = appReducer.run(&state, .favoritePrimes(.deleteFavoritePrimes(IndexSet(integer: 0))), ())
    _ = appReducer.run(&state, .counter(.decrTapped), ())
    _ = appReducer.run(&state, .primeModal(.calculateIsPrimeTapped), ())

    #expect(counterLog.value == [.incrTapped, .decrTapped])
    #expect(primeModalLog.value == [.saveFavoritePrimeTapped, .calculateIsPrimeTapped])
    #expect(state == Seed003AppState(count: 2, favoritePrimes: [], isPrime: true))
  }

  @Test func caseKeyPathPullbacksBehaveTheSame() async {
    let store = TestStore(
      initialState: Seed003AppState(count: 2),
      reducer: seed003CaseKeyPathAppReducer,
      environment: ()
    )
    await store.send(.counter(.incrTapped)) { $0.count = 3 }
    await store.send(.primeModal(.calculateIsPrimeTapped)) { $0.isPrime = true }
    await store.send(.primeModal(.saveFavoritePrimeTapped)) { $0.favoritePrimes = [3] }
    await store.send(.counter(.decrTapped)) { $0.count = 2 }
    await store.send(.primeModal(.saveFavoritePrimeTapped)) { $0.favoritePrimes = [3, 2] }
    await store.send(.favoritePrimes(.deleteFavoritePrimes(IndexSet(integer: 0)))) {
      $0.favoritePrimes = [2]
    }
    await store.send(.primeModal(.removeFavoritePrimeTapped)) { $0.favoritePrimes = [] }
  }

  @Test func handWrittenCombineAndPullback() {
    let appReducer: (inout Seed003AppState, Seed003AppAction) -> Void = seed003Combine(
      seed003Pullback(
        seed003HandCounterReducer, value: \.counterState, action: /Seed003AppAction.counter
      ),
      seed003Pullback(
        seed003HandPrimeModalReducer, value: \.primeModalState,
        action: /Seed003AppAction.primeModal
      )
    )

    var state = Seed003AppState()
    appReducer(&state, .counter(.incrTapped))
    appReducer(&state, .counter(.incrTapped))
    appReducer(&state, .counter(.incrTapped))
    #expect(state.count == 3)
    appReducer(&state, .primeModal(.calculateIsPrimeTapped))
    #expect(state.isPrime == true)
    appReducer(&state, .primeModal(.saveFavoritePrimeTapped))
    #expect(state.favoritePrimes == [3])
    // No local reducer handles favorite-primes actions here, so nothing changes.
    appReducer(&state, .favoritePrimes(.deleteFavoritePrimes(IndexSet(integer: 0))))
    #expect(state == Seed003AppState(count: 3, favoritePrimes: [3], isPrime: true))
  }

  @Test func primality() {
    #expect([0, 1, 4, 6, 9, 15].allSatisfy { !seed003IsPrime($0) })
    #expect([2, 3, 5, 7, 11, 13, 97].allSatisfy { seed003IsPrime($0) })
  }
}
