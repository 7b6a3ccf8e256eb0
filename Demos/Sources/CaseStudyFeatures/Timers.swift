import ComposableArchitecture

/// A stopwatch driven by a timer effect on the continuous clock: the toggle starts and stops it,
/// reset stops it and goes back to zero.
///
/// ```swift
/// let store = Store(initialState: Timers.State()) { Timers() }
/// store.send(.toggleTimerButtonTapped)  // secondsElapsed goes up once a second
/// ```
@Reducer
public struct Timers: Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var isTimerActive = false
    public var secondsElapsed = 0

    public init(isTimerActive: Bool = false, secondsElapsed: Int = 0) {
      self.isTimerActive = isTimerActive
      self.secondsElapsed = secondsElapsed
    }
  }

  public enum Action: Equatable, Sendable {
    case onDisappear
    case resetButtonTapped
    case timerTicked
    case toggleTimerButtonTapped
  }

  enum CancelID {
    case timer
  }

  @Dependency(\.continuousClock) var clock

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onDisappear:
        state.isTimerActive = false
        return .cancel(id: CancelID.timer)

      case .resetButtonTapped:
        state.isTimerActive = false
        state.secondsElapsed = 0
        return .cancel(id: CancelID.timer)

      case .timerTicked:
        state.secondsElapsed += 1
        return .none

      case .toggleTimerButtonTapped:
        state.isTimerActive.toggle()
        guard state.isTimerActive else {
          return .cancel(id: CancelID.timer)
        }
        return .run { send in
          for await _ in self.clock.timer(interval: .seconds(1)) {
            await send(.timerTicked)
          }
        }
        .cancellable(id: CancelID.timer, cancelInFlight: true)
      }
    }
  }
}
