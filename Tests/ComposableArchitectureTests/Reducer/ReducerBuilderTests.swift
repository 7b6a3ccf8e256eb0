import ComposableArchitecture
import Testing

// MARK: - Fixtures

struct RBState: Equatable {
  var log: [String] = []
  var count = 0
}

@CasePathable
enum RBAction: Equatable {
  case start
  case first
  case second
}

/// Appends its name and the action to the log.
private struct RBAppend: Reducer {
  let name: String
  func reduce(into state: inout RBState, action: RBAction) -> Effect<RBAction> {
    state.log.append(self.name)
    return .none
  }
}

private struct RBEmptyBody: Reducer {
  typealias State = RBState
  typealias Action = RBAction
  var body: some ReducerOf<Self> {}
}

private struct RBSingle: Reducer {
  typealias State = RBState
  typealias Action = RBAction
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

private struct RBSequence: Reducer {
  typealias State = RBState
  typealias Action = RBAction
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      state.log.append("a:\(state.count)")
      return .none
    }
    Reduce { state, _ in
      state.count *= 10
      state.log.append("b:\(state.count)")
      return .none
    }
    Reduce { state, _ in
      state.log.append("c:\(state.count)")
      return .none
    }
  }
}

private struct RBSequenceEffects: Reducer {
  typealias State = RBState
  typealias Action = RBAction
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      state.log.append("top:\(action)")
      return action == .start ? .send(.first) : .none
    }
    Reduce { state, action in
      state.log.append("bottom:\(action)")
      return action == .start ? .send(.second) : .none
    }
  }
}

private struct RBIfElse: Reducer {
  typealias State = RBState
  typealias Action = RBAction
  let condition: Bool
  var body: some ReducerOf<Self> {
    if self.condition {
      RBAppend(name: "then")
    } else {
      Reduce { state, _ in
        state.log.append("else")
        return .none
      }
    }
  }
}

private enum RBMode { case one, two, three }

private struct RBSwitch: Reducer {
  typealias State = RBState
  typealias Action = RBAction
  let mode: RBMode
  var body: some ReducerOf<Self> {
    switch self.mode {
    case .one: RBAppend(name: "one")
    case .two: RBAppend(name: "two")
    case .three: RBAppend(name: "three")
    }
  }
}

private struct RBIfWithoutElse: Reducer {
  typealias State = RBState
  typealias Action = RBAction
  let condition: Bool
  var body: some ReducerOf<Self> {
    if self.condition {
      RBAppend(name: "optional")
    }
    RBAppend(name: "always")
  }
}

private struct RBForLoop: Reducer {
  typealias State = RBState
  typealias Action = RBAction
  let names: [String]
  var body: some ReducerOf<Self> {
    for name in self.names {
      RBAppend(name: name)
    }
  }
}

private struct RBAvailability: Reducer {
  typealias State = RBState
  typealias Action = RBAction
  var body: some ReducerOf<Self> {
    if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
      RBAppend(name: "available")
    }
    RBAppend(name: "after")
  }
}

private struct RBAvailabilityElse: Reducer {
  typealias State = RBState
  typealias Action = RBAction
  var body: some ReducerOf<Self> {
    if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
      RBAppend(name: "available")
    } else {
      RBAppend(name: "unavailable")
    }
  }
}

private struct RBExistential: Reducer {
  typealias State = RBState
  typealias Action = RBAction
  let erased: any Reducer<RBState, RBAction>
  var body: some ReducerOf<Self> {
    // A stored existential must be coerced with `as any`: otherwise Swift opens it implicitly
    // and picks the generic `buildExpression`, which cannot be sequenced.
    self.erased as any Reducer<RBState, RBAction>
    RBAppend(name: "concrete")
  }
}

private struct RBExistentialCast: Reducer {
  typealias State = RBState
  typealias Action = RBAction
  var body: some ReducerOf<Self> {
    RBAppend(name: "concrete")
    RBAppend(name: "cast") as any Reducer<RBState, RBAction>
  }
}

// MARK: - Tests

@MainActor
struct ReducerBuilderTests {
  @Test func emptyBuilderLeavesStateUnchangedAndStartsNoEffects() {
    let store = Store(initialState: RBState(log: ["initial"], count: 3)) { RBEmptyBody() }
    let task = store.send(.start)
    #expect(task.isCancelled)
    #expect(store.withState { $0 } == RBState(log: ["initial"], count: 3))
  }

  @Test func singleExpressionBodyIsTheReducerItself() {
    #expect(type(of: RBSingle().body) == Reduce<RBState, RBAction>.self)
    var state = RBState()
    _ = RBSingle().reduce(into: &state, action: .start)
    #expect(state.count == 1)
  }

  @Test func sequencedReducersRunTopToBottomOnTheSameState() {
    var state = RBState()
    _ = RBSequence().reduce(into: &state, action: .start)
    #expect(state.log == ["a:1", "b:10", "c:10"])
    #expect(state.count == 10)
  }

  @Test func sequencedReducersMergeTheirEffectsInOrder() {
    let store = Store(initialState: RBState()) { RBSequenceEffects() }
    store.send(.start)
    #expect(
      store.withState(\.log) == [
        "top:start", "bottom:start",
        "top:first", "bottom:first",
        "top:second", "bottom:second",
      ]
    )
  }

  @Test func ifBranchRunsWhenConditionIsTrue() {
    var state = RBState()
    _ = RBIfElse(condition: true).reduce(into: &state, action: .start)
    #expect(state.log == ["then"])
  }

  @Test func elseBranchRunsWhenConditionIsFalse() {
    var state = RBState()
    _ = RBIfElse(condition: false).reduce(into: &state, action: .start)
    #expect(state.log == ["else"])
  }

  @Test func switchRunsOnlyTheMatchingCase() {
    for (mode, expected) in [(RBMode.one, "one"), (.two, "two"), (.three, "three")] {
      var state = RBState()
      _ = RBSwitch(mode: mode).reduce(into: &state, action: .start)
      #expect(state.log == [expected])
    }
  }

  @Test func ifWithoutElseSkipsTheReducerWhenConditionIsFalse() {
    var state = RBState()
    _ = RBIfWithoutElse(condition: false).reduce(into: &state, action: .start)
    #expect(state.log == ["always"])
  }

  @Test func ifWithoutElseRunsTheReducerWhenConditionIsTrue() {
    var state = RBState()
    _ = RBIfWithoutElse(condition: true).reduce(into: &state, action: .start)
    #expect(state.log == ["optional", "always"])
  }

  @Test func forLoopRunsEachReducerInOrder() {
    var state = RBState()
    _ = RBForLoop(names: ["x", "y", "z"]).reduce(into: &state, action: .start)
    #expect(state.log == ["x", "y", "z"])
  }

  @Test func forLoopOverNothingDoesNothing() {
    var state = RBState(log: ["initial"])
    _ = RBForLoop(names: []).reduce(into: &state, action: .start)
    #expect(state.log == ["initial"])
  }

  @Test func forLoopMergesEffectsOfEveryIteration() {
    struct Looping: Reducer {
      typealias State = RBState
      typealias Action = RBAction
      var body: some ReducerOf<Self> {
        for index in 0..<2 {
          Reduce { state, action in
            state.log.append("\(index):\(action)")
            guard action == .start else { return .none }
            return .send(index == 0 ? .first : .second)
          }
        }
      }
    }
    let store = Store(initialState: RBState()) { Looping() }
    store.send(.start)
    #expect(
      store.withState(\.log) == [
        "0:start", "1:start", "0:first", "1:first", "0:second", "1:second",
      ]
    )
  }

  @Test func availabilityCheckRunsTheAvailableReducer() {
    var state = RBState()
    _ = RBAvailability().reduce(into: &state, action: .start)
    #expect(state.log == ["available", "after"])
  }

  @Test func availabilityCheckWithElseRunsTheAvailableBranch() {
    var state = RBState()
    _ = RBAvailabilityElse().reduce(into: &state, action: .start)
    #expect(state.log == ["available"])
  }

  @Test func existentialReducerExpressionIsErasedAndRun() {
    var state = RBState()
    let reducer = RBExistential(erased: RBAppend(name: "erased"))
    _ = reducer.reduce(into: &state, action: .start)
    #expect(state.log == ["erased", "concrete"])
  }

  @Test func reducerCastToAnExistentialIsErasedAndRun() {
    var state = RBState()
    _ = RBExistentialCast().reduce(into: &state, action: .start)
    #expect(state.log == ["concrete", "cast"])
  }
}
