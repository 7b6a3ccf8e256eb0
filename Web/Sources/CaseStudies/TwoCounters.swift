import ComposableArchitecture
import ComposableWeb

/// Two independent counters composed with `Scope`; each renders as its own component, so a change
/// to one sends only that counter's HTML.
@Reducer
public struct TwoCounters {
  @ObservableState
  public struct State: Equatable {
    public var first = Counter.State()
    public var second = Counter.State()

    public init() {}
  }

  public enum Action: Equatable {
    case first(Counter.Action)
    case second(Counter.Action)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.first, action: \.first) { Counter() }
    Scope(state: \.second, action: \.second) { Counter() }
  }
}

/// The two counters' page.
@MainActor
public func twoCountersView(_ store: StoreOf<TwoCounters>) -> Node<TwoCounters.Action> {
  div {
    h2("First counter")
    component(store.scope(state: \.first, action: \.first), key: "first", counterView)
    h2("Second counter")
    component(store.scope(state: \.second, action: \.second), key: "second", counterView)
  }
}
