import ComposableArchitecture

/// A navigation stack: screens are pushed onto a `StackState` path, each running its own feature
/// (a counter, a ticker whose timer stops when it is popped, a number fact), and the root sees
/// them all (it shows the sum of the counters on the stack).
///
/// ```swift
/// let store = Store(initialState: NavigationStackDemo.State()) { NavigationStackDemo() }
/// store.send(.pushButtonTapped(.counter))  // one screen on the stack
/// ```
@Reducer
public struct NavigationStackDemo {
  @Reducer
  public enum Path {
    case counter(Counter)
    case numberFact(EffectsBasics)
    case ticker(Ticker)
  }

  /// A kind of screen that can be pushed.
  public enum Screen: String, CaseIterable, Equatable, Sendable {
    case counter
    case numberFact
    case ticker
  }

  @ObservableState
  public struct State: Equatable, Sendable {
    public var path = StackState<Path.State>()

    public init(path: StackState<Path.State> = StackState()) {
      self.path = path
    }

    /// The counts of every counter screen on the stack, added together.
    public var counterTotal: Int {
      self.path.reduce(0) { total, screen in
        guard case .counter(let counter) = screen else { return total }
        return total + counter.count
      }
    }
  }

  public enum Action: Equatable, Sendable {
    case path(StackActionOf<Path>)
    case popToRootButtonTapped
    case pushButtonTapped(Screen)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .path:
        return .none

      case .popToRootButtonTapped:
        state.path.removeAll()
        return .none

      case .pushButtonTapped(let screen):
        switch screen {
        case .counter: state.path.append(.counter(Counter.State()))
        case .numberFact: state.path.append(.numberFact(EffectsBasics.State()))
        case .ticker: state.path.append(.ticker(Ticker.State()))
        }
        return .none
      }
    }
    .forEach(\.path, action: \.path)
  }
}

extension NavigationStackDemo.Path.State: Equatable, Sendable {}
extension NavigationStackDemo.Path.Action: Equatable, Sendable {}
