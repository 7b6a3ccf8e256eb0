import ComposableArchitecture

/// The smallest feature: a number with buttons that add and subtract one.
///
/// ```swift
/// let store = Store(initialState: Counter.State()) { Counter() }
/// store.send(.incrementButtonTapped)  // store.count == 1
/// ```
@Reducer
public struct Counter {
  @ObservableState
  public struct State: Codable, Equatable, Sendable {
    public var count = 0

    public init(count: Int = 0) {
      self.count = count
    }
  }

  public enum Action: Equatable, Sendable {
    case decrementButtonTapped
    case incrementButtonTapped
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        return .none
      case .incrementButtonTapped:
        state.count += 1
        return .none
      }
    }
  }
}

/// Two independent counters side by side, each run by `Counter` through `Scope`.
///
/// ```swift
/// let store = Store(initialState: TwoCounters.State()) { TwoCounters() }
/// store.send(.second(.incrementButtonTapped))  // store.second.count == 1, store.first untouched
/// ```
@Reducer
public struct TwoCounters {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var first = Counter.State()
    public var second = Counter.State()

    public init(first: Counter.State = Counter.State(), second: Counter.State = Counter.State()) {
      self.first = first
      self.second = second
    }

    /// The two counts added together, computed from the children's state.
    public var total: Int { self.first.count + self.second.count }
  }

  public enum Action: Equatable, Sendable {
    case first(Counter.Action)
    case second(Counter.Action)
    case resetButtonTapped
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(\.first, action: \.first) {
      Counter()
    }
    Scope(\.second, action: \.second) {
      Counter()
    }
    Reduce { state, action in
      switch action {
      case .first, .second:
        return .none
      case .resetButtonTapped:
        state.first.count = 0
        state.second.count = 0
        return .none
      }
    }
  }
}
