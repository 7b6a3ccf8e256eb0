/// The hand-written baseline every benchmark is compared with: a class that holds state and
/// calls a reducer function directly, with no effects, buffering, scoping or observation.
///
/// Inlinable so that each benchmark target specializes it for its own state, as it would if the
/// class were written next to the benchmark.
@MainActor
package final class BaselineStore<State, Action> {
  package var state: State
  @usableFromInline
  let reduce: (inout State, Action) -> Void

  @inlinable
  package init(state: State, reduce: @escaping (inout State, Action) -> Void) {
    self.state = state
    self.reduce = reduce
  }

  // Not inlined, so that the optimizer cannot fold a loop of sends into one update: the baseline
  // does the same per-action work a store's caller sees, minus the store.
  @inlinable
  @inline(never)
  package func send(_ action: Action) {
    self.reduce(&self.state, action)
  }
}

package func baselineNestedReduce(_ state: inout NestedState, _ action: NestedAction) {
  switch action {
  case .increment:
    state.count += 1
  case let .child(action):
    baselineNestedReduce(&state.children[0], action)
  }
}
