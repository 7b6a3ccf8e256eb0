/// The hand-written baseline every benchmark is compared with: a class that holds state and
/// calls a reducer function directly, with no effects, buffering, scoping or observation.
@MainActor
final class BaselineStore<State, Action> {
  var state: State
  let reduce: (inout State, Action) -> Void

  init(state: State, reduce: @escaping (inout State, Action) -> Void) {
    self.state = state
    self.reduce = reduce
  }

  // Not inlined, so that the optimizer cannot fold a loop of sends into one update: the baseline
  // does the same per-action work a store's caller sees, minus the store.
  @inline(never)
  func send(_ action: Action) {
    self.reduce(&self.state, action)
  }
}

func baselineNestedReduce(_ state: inout NestedState, _ action: NestedAction) {
  switch action {
  case .increment:
    state.count += 1
  case let .child(action):
    baselineNestedReduce(&state.children[0], action)
  }
}
