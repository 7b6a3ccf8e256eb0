import ComposableArchitecture
import Foundation

/// A counter that can ask for a fact about its number and run a timer that counts up.
@Reducer
struct CounterFeature {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var fact: String?
    var isLoadingFact = false
    var isTimerRunning = false
  }

  enum Action: Equatable {
    case decrementButtonTapped
    case factButtonTapped
    case factResponse(String)
    case incrementButtonTapped
    case timerTicked
    case toggleTimerButtonTapped
  }

  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.numberFact) var numberFact

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        state.fact = nil
        return .none

      case .factButtonTapped:
        state.fact = nil
        state.isLoadingFact = true
        return .run { [count = state.count] send in
          try await send(.factResponse(self.numberFact.fetch(count)))
        }

      case let .factResponse(fact):
        state.fact = fact
        state.isLoadingFact = false
        return .none

      case .incrementButtonTapped:
        state.count += 1
        state.fact = nil
        return .none

      case .timerTicked:
        state.count += 1
        return .none

      case .toggleTimerButtonTapped:
        state.isTimerRunning.toggle()
        guard state.isTimerRunning else {
          return .cancel(id: CancelID.timer)
        }
        return .run { send in
          for await _ in self.clock.timer(interval: .milliseconds(200)) {
            await send(.timerTicked)
          }
        }
        .cancellable(id: CancelID.timer, cancelInFlight: true)
      }
    }
  }
}

/// Finds a fact about a number.
struct NumberFactClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

extension NumberFactClient: DependencyKey {
  /// Computes facts locally, after a short delay that stands in for a network round trip.
  static let liveValue = NumberFactClient { number in
    try await Task.sleep(for: .milliseconds(50))
    return NumberFacts.describe(number)
  }

  static let testValue = NumberFactClient(fetch: unimplemented("NumberFactClient.fetch"))
}

extension DependencyValues {
  var numberFact: NumberFactClient {
    get { self[NumberFactClient.self] }
    set { self[NumberFactClient.self] = newValue }
  }
}

enum NumberFacts {
  static func describe(_ number: Int) -> String {
    var facts: [String] = []
    facts.append(number.isMultiple(of: 2) ? "even" : "odd")
    if isPrime(number) { facts.append("prime") }
    if number > 0, isPerfectSquare(number) { facts.append("a perfect square") }
    return "\(number) is \(facts.joined(separator: ", "))."
  }

  static func isPrime(_ number: Int) -> Bool {
    guard number >= 2 else { return false }
    var divisor = 2
    while divisor * divisor <= number {
      if number.isMultiple(of: divisor) { return false }
      divisor += 1
    }
    return true
  }

  static func isPerfectSquare(_ number: Int) -> Bool {
    let root = Int(Double(number).squareRoot())
    return root * root == number
  }
}
