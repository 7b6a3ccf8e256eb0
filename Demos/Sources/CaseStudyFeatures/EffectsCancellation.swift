import ComposableArchitecture

/// A fact request that can be cancelled: by its cancel button, or by changing the number while
/// the request is in flight.
///
/// ```swift
/// let store = Store(initialState: EffectsCancellation.State()) { EffectsCancellation() }
/// store.send(.factButtonTapped)
/// store.send(.cancelButtonTapped)  // the response never arrives
/// ```
@Reducer
public struct EffectsCancellation: Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var count = 0
    public var currentFact: String?
    public var errorMessage: String?
    public var isFactRequestInFlight = false

    public init(count: Int = 0) {
      self.count = count
    }
  }

  public enum Action: BindableAction, Equatable, Sendable {
    case binding(BindingAction<State>)
    case cancelButtonTapped
    case factButtonTapped
    case factResponse(Result<String, FactClient.Failure>)
  }

  enum CancelID {
    case factRequest
  }

  @Dependency(\.factClient) var factClient

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.count):
        state.currentFact = nil
        state.errorMessage = nil
        state.isFactRequestInFlight = false
        return .cancel(id: CancelID.factRequest)

      case .binding:
        return .none

      case .cancelButtonTapped:
        state.isFactRequestInFlight = false
        return .cancel(id: CancelID.factRequest)

      case .factButtonTapped:
        state.currentFact = nil
        state.errorMessage = nil
        state.isFactRequestInFlight = true
        return .run { [count = state.count] send in
          do {
            await send(.factResponse(.success(try await self.factClient.fetch(count))))
          } catch is CancellationError {
            return
          } catch {
            await send(.factResponse(.failure(factFailure(error))))
          }
        }
        .cancellable(id: CancelID.factRequest, cancelInFlight: true)

      case .factResponse(.success(let fact)):
        state.currentFact = fact
        state.isFactRequestInFlight = false
        return .none

      case .factResponse(.failure(let failure)):
        state.errorMessage = "Could not load a number fact: \(failure.message)"
        state.isFactRequestInFlight = false
        return .none
      }
    }
  }
}
