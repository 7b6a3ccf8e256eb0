import ComposableArchitecture

/// A counter that fetches a fact about its number through ``FactClient``, and that bounces back to
/// zero a second after it goes below zero (an effect that waits on the clock).
///
/// ```swift
/// let store = Store(initialState: EffectsBasics.State()) { EffectsBasics() }
/// store.send(.numberFactButtonTapped)  // store.numberFact arrives a second later
/// ```
@Reducer
public struct EffectsBasics: Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var count = 0
    public var isNumberFactRequestInFlight = false
    public var numberFact: String?
    public var errorMessage: String?

    public init(count: Int = 0) {
      self.count = count
    }
  }

  public enum Action: Equatable, Sendable {
    case decrementButtonTapped
    case decrementDelayElapsed
    case incrementButtonTapped
    case numberFactButtonTapped
    case numberFactResponse(Result<String, FactClient.Failure>)
  }

  enum CancelID {
    case bounceBack
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.factClient) var factClient

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        state.numberFact = nil
        state.errorMessage = nil
        guard state.count < 0 else { return .none }
        return .run { send in
          try await self.clock.sleep(for: .seconds(1))
          await send(.decrementDelayElapsed)
        }
        .cancellable(id: CancelID.bounceBack, cancelInFlight: true)

      case .decrementDelayElapsed:
        if state.count < 0 {
          state.count += 1
        }
        return .none

      case .incrementButtonTapped:
        state.count += 1
        state.numberFact = nil
        state.errorMessage = nil
        return state.count >= 0 ? .cancel(id: CancelID.bounceBack) : .none

      case .numberFactButtonTapped:
        state.isNumberFactRequestInFlight = true
        state.numberFact = nil
        state.errorMessage = nil
        return .run { [count = state.count] send in
          do {
            await send(.numberFactResponse(.success(try await self.factClient.fetch(count))))
          } catch {
            await send(.numberFactResponse(.failure(factFailure(error))))
          }
        }

      case .numberFactResponse(.success(let fact)):
        state.isNumberFactRequestInFlight = false
        state.numberFact = fact
        return .none

      case .numberFactResponse(.failure(let failure)):
        state.isNumberFactRequestInFlight = false
        state.errorMessage = "Could not load a number fact: \(failure.message)"
        return .none
      }
    }
  }
}

func factFailure(_ error: any Error) -> FactClient.Failure {
  error as? FactClient.Failure ?? FactClient.Failure(message: "\(error)")
}
