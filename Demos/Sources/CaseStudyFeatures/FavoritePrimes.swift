import ComposableArchitecture
import Foundation

/// The app of seed 003: a counter, an "is this prime?" sheet that can save the count as a
/// favorite, and the list of favorite primes. The counter screen and the list share one list of
/// favorites through `@Shared`, so a prime saved in the sheet is in the list at once.
///
/// ```swift
/// let store = Store(initialState: PrimeApp.State()) { PrimeApp() }
/// store.send(.counter(.isPrimeButtonTapped))  // presents the prime sheet
/// ```
@Reducer
public struct PrimeApp {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var counter: PrimeCounter.State
    public var favoritePrimes: FavoritePrimes.State

    public init(count: Int = 0, favoritePrimes: [Int] = []) {
      let favorites = Shared(value: favoritePrimes)
      self.counter = PrimeCounter.State(count: count, favoritePrimes: favorites)
      self.favoritePrimes = FavoritePrimes.State(favoritePrimes: favorites)
    }
  }

  public enum Action: Equatable, Sendable {
    case counter(PrimeCounter.Action)
    case favoritePrimes(FavoritePrimes.Action)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(\.counter, action: \.counter) {
      PrimeCounter()
    }
    Scope(\.favoritePrimes, action: \.favoritePrimes) {
      FavoritePrimes()
    }
  }
}

/// The counter screen: plus and minus, "is this prime?" (a sheet), and "what is the nth prime?"
/// (computed in an effect, answered in an alert).
///
/// ```swift
/// let favorites = Shared(value: [Int]())
/// let store = Store(initialState: PrimeCounter.State(count: 7, favoritePrimes: favorites)) {
///   PrimeCounter()
/// }
/// store.send(.isPrimeButtonTapped)  // store.primeModal?.isPrime == true
/// ```
@Reducer
public struct PrimeCounter {
  @ObservableState
  public struct State: Equatable, Sendable {
    @Presents public var alert: AlertState<Action.Alert>?
    public var count: Int
    @Shared public var favoritePrimes: [Int]
    public var isNthPrimeRequestInFlight = false
    @Presents public var primeModal: PrimeModal.State?

    public init(count: Int = 0, favoritePrimes: Shared<[Int]>) {
      self.count = count
      self._favoritePrimes = favoritePrimes
    }
  }

  public enum Action: Equatable, Sendable {
    case alert(PresentationAction<Alert>)
    case decrementButtonTapped
    case incrementButtonTapped
    case isPrimeButtonTapped
    case nthPrimeButtonTapped
    case nthPrimeResponse(n: Int, prime: Int)
    case primeModal(PresentationAction<PrimeModal.Action>)

    public enum Alert: Equatable, Sendable {}
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert:
        return .none

      case .decrementButtonTapped:
        state.count -= 1
        return .none

      case .incrementButtonTapped:
        state.count += 1
        return .none

      case .isPrimeButtonTapped:
        state.primeModal = PrimeModal.State(
          count: state.count, favoritePrimes: state.$favoritePrimes)
        return .none

      case .nthPrimeButtonTapped:
        guard state.count > 0 else {
          state.alert = AlertState { TextState("Count up to 1 or more first.") }
          return .none
        }
        state.isNthPrimeRequestInFlight = true
        return .run { [n = state.count] send in
          await send(.nthPrimeResponse(n: n, prime: nthPrime(n)))
        }

      case .nthPrimeResponse(let n, let prime):
        state.isNthPrimeRequestInFlight = false
        state.alert = AlertState { TextState("The \(ordinal(n)) prime is \(prime).") }
        return .none

      case .primeModal:
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
    .ifLet(\.$primeModal, action: \.primeModal) {
      PrimeModal()
    }
  }
}

/// The sheet that says whether the count is prime, and saves or removes it as a favorite.
///
/// ```swift
/// store.send(.primeModal(.presented(.saveFavoriteButtonTapped)))  // favorites now hold the count
/// ```
@Reducer
public struct PrimeModal {
  @ObservableState
  public struct State: Equatable, Sendable {
    public let count: Int
    @Shared public var favoritePrimes: [Int]

    public init(count: Int, favoritePrimes: Shared<[Int]>) {
      self.count = count
      self._favoritePrimes = favoritePrimes
    }

    public var isPrime: Bool { CaseStudyFeatures.isPrime(self.count) }
    public var isFavorite: Bool { self.favoritePrimes.contains(self.count) }
  }

  public enum Action: Equatable, Sendable {
    case removeFavoriteButtonTapped
    case saveFavoriteButtonTapped
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .removeFavoriteButtonTapped:
        state.$favoritePrimes.withLock { [count = state.count] in $0.removeAll { $0 == count } }
        return .none

      case .saveFavoriteButtonTapped:
        guard state.isPrime, !state.isFavorite else { return .none }
        state.$favoritePrimes.withLock { [count = state.count] in $0.append(count) }
        return .none
      }
    }
  }
}

/// The list of favorite primes, with deletion.
///
/// ```swift
/// store.send(.favoritePrimes(.deleteFavoritePrimes([0])))  // removes the first favorite
/// store.send(.favoritePrimes(.deleteButtonTapped(prime: 7)))  // removes 7
/// ```
@Reducer
public struct FavoritePrimes {
  @ObservableState
  public struct State: Equatable, Sendable {
    @Shared public var favoritePrimes: [Int]

    public init(favoritePrimes: Shared<[Int]>) {
      self._favoritePrimes = favoritePrimes
    }
  }

  public enum Action: Equatable, Sendable {
    case deleteFavoritePrimes(IndexSet)
    /// Removes this prime from the favorites: a repeated tap removes nothing more.
    case deleteButtonTapped(prime: Int)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .deleteFavoritePrimes(let offsets):
        state.$favoritePrimes.withLock { primes in
          for index in offsets.sorted(by: >) where primes.indices.contains(index) {
            primes.remove(at: index)
          }
        }
        return .none

      case .deleteButtonTapped(let prime):
        state.$favoritePrimes.withLock { $0.removeAll { $0 == prime } }
        return .none
      }
    }
  }
}

/// Whether `n` is a prime number.
///
/// ```swift
/// isPrime(7)  // true
/// ```
public func isPrime(_ n: Int) -> Bool {
  guard n > 1 else { return false }
  guard n > 3 else { return true }
  var divisor = 2
  while divisor * divisor <= n {
    if n.isMultiple(of: divisor) { return false }
    divisor += 1
  }
  return true
}

/// The `n`-th prime number, counting 2 as the first.
///
/// ```swift
/// nthPrime(3)  // 5
/// ```
public func nthPrime(_ n: Int) -> Int {
  var found = 0
  var candidate = 1
  while found < n {
    candidate += 1
    if isPrime(candidate) { found += 1 }
  }
  return candidate
}

func ordinal(_ n: Int) -> String {
  let suffix: String
  switch (n % 10, n % 100) {
  case (_, 11...13): suffix = "th"
  case (1, _): suffix = "st"
  case (2, _): suffix = "nd"
  case (3, _): suffix = "rd"
  default: suffix = "th"
  }
  return "\(n)\(suffix)"
}
