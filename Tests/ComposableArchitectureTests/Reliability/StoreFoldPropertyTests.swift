import ComposableArchitecture
import PropertyBased
import Testing

/// A feature whose semantics are simple enough to restate by hand: a counter, a log, synchronous
/// follow-up actions (`.send`) and a scoped child.
private struct FoldFeature: Reducer {
  struct State: Equatable {
    var count = 0
    var log: [Int] = []
    var child = FoldChild.State()
  }

  @CasePathable
  enum Action: Equatable {
    case add(Int)
    case double
    case addThenEcho(Int)
    case echo(Int)
    case child(FoldChild.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) {
      FoldChild()
    }
    Reduce { state, action in
      switch action {
      case let .add(n):
        state.count += n
        state.log.append(n)
        return .none
      case .double:
        state.count = (state.count * 2) % 1_000_003
        return .none
      case let .addThenEcho(n):
        state.count += n
        return .send(.echo(n))
      case let .echo(n):
        state.log.append(-n)
        return .none
      case .child(.incrementThenNotify):
        state.log.append(1_000 + state.child.count)
        return .none
      case .child:
        return .none
      }
    }
  }
}

private struct FoldChild: Reducer {
  struct State: Equatable {
    var count = 0
  }

  @CasePathable
  enum Action: Equatable {
    case increment
    case incrementThenNotify
    case reset
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment, .incrementThenNotify:
      state.count += 1
      return .none
    case .reset:
      state.count = 0
      return .send(.increment)
    }
  }
}

/// The same semantics, written out by hand without any library machinery.
private func model(_ state: inout FoldFeature.State, _ action: FoldFeature.Action) {
  switch action {
  case let .add(n):
    state.count += n
    state.log.append(n)
  case .double:
    state.count = (state.count * 2) % 1_000_003
  case let .addThenEcho(n):
    state.count += n
    state.log.append(-n)
  case let .echo(n):
    state.log.append(-n)
  case .child(.increment):
    state.child.count += 1
  case .child(.incrementThenNotify):
    state.child.count += 1
    state.log.append(1_000 + state.child.count)
  case .child(.reset):
    state.child.count = 1
  }
}

/// A generated step: an action, and whether to send it through the scoped child store.
private struct Step {
  let action: FoldFeature.Action
  let throughChildStore: Bool

  init(code: Int) {
    let n = code / 8
    switch code % 8 {
    case 0: self.init(.add(n), viaChild: false)
    case 1: self.init(.double, viaChild: false)
    case 2: self.init(.addThenEcho(n), viaChild: false)
    case 3: self.init(.echo(n), viaChild: false)
    case 4: self.init(.child(.increment), viaChild: n.isMultiple(of: 2))
    case 5: self.init(.child(.incrementThenNotify), viaChild: n.isMultiple(of: 2))
    case 6: self.init(.child(.reset), viaChild: n.isMultiple(of: 2))
    default: self.init(.add(-n), viaChild: false)
    }
  }

  private init(_ action: FoldFeature.Action, viaChild: Bool) {
    self.action = action
    self.throughChildStore = viaChild
  }
}

@MainActor
struct StoreFoldPropertyTests {
  @Test func storeEndsInTheSameStateAsFoldingTheActionsByHand() async {
    await propertyCheck(count: 10_000, input: Gen.int(in: 0...399).array(of: 0...40)) { codes in
      let steps = codes.map(Step.init(code:))
      let store = Store(initialState: FoldFeature.State()) { FoldFeature() }
      let childStore = store.scope(state: \.child, action: \.child)
      var expected = FoldFeature.State()
      for step in steps {
        if step.throughChildStore, case let .child(childAction) = step.action {
          childStore.send(childAction)
        } else {
          store.send(step.action)
        }
        model(&expected, step.action)
      }
      #expect(store.withState { $0 } == expected)
      #expect(childStore.withState { $0 } == expected.child)
    }
  }
}
