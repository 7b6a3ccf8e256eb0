import ComposableArchitecture
import ComposableWeb

/// A counter that can ask for a fact about its number and run a timer that counts up each second.
@Reducer
public struct Counter {
  @ObservableState
  public struct State: Equatable {
    public var count = 0
    public var fact: String?
    public var isLoadingFact = false
    public var isTimerRunning = false

    public init(count: Int = 0) {
      self.count = count
    }
  }

  public enum Action: Equatable {
    case decrementButtonTapped
    case factButtonTapped
    case factResponse(String)
    case incrementButtonTapped
    case timerTicked
    case toggleTimerButtonTapped
  }

  enum CancelID { case fact, timer }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.factClient) var factClient

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        state.fact = nil
        return .none

      case .factButtonTapped:
        state.fact = nil
        state.isLoadingFact = true
        return .run { [count = state.count, factClient] send in
          let fact = (try? await factClient.fetch(count)) ?? "No fact about \(count) today."
          await send(.factResponse(fact))
        }
        .cancellable(id: CancelID.fact, cancelInFlight: true)

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
        guard state.isTimerRunning else { return .cancel(id: CancelID.timer) }
        return .run { [clock] send in
          for await _ in clock.timer(interval: .seconds(1)) {
            await send(.timerTicked)
          }
        }
        .cancellable(id: CancelID.timer, cancelInFlight: true)
      }
    }
  }
}

/// The counter's page: its number between − and +, the fact button and the timer button.
@MainActor
public func counterView(_ store: StoreOf<Counter>) -> Node<Counter.Action> {
  div(["class": "counter"]) {
    div {
      button("−", send: .decrementButtonTapped, ["aria-label": "Decrement"])
      span("\(store.count)", ["class": "count"])
      button("+", send: .incrementButtonTapped, ["aria-label": "Increment"])
    }
    div {
      button(store.isLoadingFact ? "Fetching…" : "Number fact", send: .factButtonTapped)
      button(store.isTimerRunning ? "Stop timer" : "Start timer", send: .toggleTimerButtonTapped)
    }
    if let fact = store.fact {
      p(fact, ["class": "fact"])
    }
  }
}
