import ComposableArchitecture

/// How deep the nested benchmarks go.
package let depth = 10

/// A feature with one counter: the smallest reducer worth measuring.
package struct CounterFeature: Reducer {
  package struct State: Equatable {
    package var count = 0
    package init() {}
  }

  @CasePathable
  package enum Action {
    case increment
    case sendMany(Int)
  }

  package init() {}

  package func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case let .sendMany(count):
      return .run { send in
        for _ in 0..<count {
          await send(.increment)
        }
      }
    }
  }
}

/// A parent holding a counter child, for scoping.
package struct ParentFeature: Reducer {
  package struct State: Equatable {
    package var child = CounterFeature.State()
    package init() {}
  }

  @CasePathable
  package enum Action {
    case child(CounterFeature.Action)
  }

  package init() {}

  package var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) {
      CounterFeature()
    }
  }
}

/// A state nested `depth` levels deep, each level with its own counter.
package struct NestedState: Equatable {
  package var count = 0
  package var children: [NestedState] = []

  package init(depth: Int) {
    if depth > 0 {
      self.children = [NestedState(depth: depth - 1)]
    }
  }
}

@CasePathable
package indirect enum NestedAction {
  case increment
  case child(NestedAction)

  package static func nested(depth: Int) -> Self {
    depth == 0 ? .increment : .child(.nested(depth: depth - 1))
  }
}

/// Applies an action at whatever depth it is addressed to.
package struct NestedFeature: Reducer {
  package init() {}

  package func reduce(into state: inout NestedState, action: NestedAction) -> Effect<NestedAction> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case let .child(action):
      return self.reduce(into: &state.children[0], action: action).map(NestedAction.child)
    }
  }
}

/// Five reducers that each touch the state, combined.
package struct FiveReducers: Reducer {
  package struct State: Equatable {
    package var a = 0, b = 0, c = 0, d = 0, e = 0
    package init() {}
  }

  package enum Action { case tick }

  package init() {}

  package var body: some ReducerOf<Self> {
    CombineReducers {
      Reduce { state, _ in state.a += 1; return .none }
      Reduce { state, _ in state.b += 1; return .none }
      Reduce { state, _ in state.c += 1; return .none }
      Reduce { state, _ in state.d += 1; return .none }
      Reduce { state, _ in state.e += 1; return .none }
    }
  }
}
