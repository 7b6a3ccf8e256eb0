import ComposableArchitecture

/// A screen that counts seconds for as long as it is shown: its `.task` action starts a timer
/// that runs until the screen goes away, and its done button dismisses it.
///
/// It is presented by ``NavigationBasics`` as a sheet and pushed by ``NavigationStackDemo``; in
/// both places the timer stops when the screen is dismissed.
///
/// ```swift
/// let store = Store(initialState: Ticker.State()) { Ticker() }
/// store.send(.task)  // store.ticks goes up once a second
/// ```
@Reducer
public struct Ticker: Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var ticks = 0

    public init(ticks: Int = 0) {
      self.ticks = ticks
    }
  }

  public enum Action: Equatable, Sendable {
    case doneButtonTapped
    case task
    case tick
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .doneButtonTapped:
        return .run { _ in
          await self.dismiss()
        }

      case .task:
        return .run { send in
          for await _ in self.clock.timer(interval: .seconds(1)) {
            await send(.tick)
          }
        }

      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }
}
