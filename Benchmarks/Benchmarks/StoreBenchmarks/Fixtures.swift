import ComposableArchitecture

/// A feature with one counter: the smallest reducer worth measuring.
struct CounterFeature: Reducer {
  struct State: Equatable {
    var count = 0
  }

  @CasePathable
  enum Action {
    case increment
    case sendMany(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
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
struct ParentFeature: Reducer {
  struct State: Equatable {
    var child = CounterFeature.State()
  }

  @CasePathable
  enum Action {
    case child(CounterFeature.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) {
      CounterFeature()
    }
  }
}

/// A state nested `depth` levels deep, each level with its own counter.
struct NestedState: Equatable {
  var count = 0
  var children: [NestedState] = []

  init(depth: Int) {
    if depth > 0 {
      self.children = [NestedState(depth: depth - 1)]
    }
  }
}

@CasePathable
indirect enum NestedAction {
  case increment
  case child(NestedAction)

  static func nested(depth: Int) -> Self {
    depth == 0 ? .increment : .child(.nested(depth: depth - 1))
  }
}

/// Applies an action at whatever depth it is addressed to.
struct NestedFeature: Reducer {
  func reduce(into state: inout NestedState, action: NestedAction) -> Effect<NestedAction> {
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
struct FiveReducers: Reducer {
  struct State: Equatable {
    var a = 0, b = 0, c = 0, d = 0, e = 0
  }

  enum Action { case tick }

  var body: some ReducerOf<Self> {
    CombineReducers {
      Reduce { state, _ in state.a += 1; return .none }
      Reduce { state, _ in state.b += 1; return .none }
      Reduce { state, _ in state.c += 1; return .none }
      Reduce { state, _ in state.d += 1; return .none }
      Reduce { state, _ in state.e += 1; return .none }
    }
  }
}
