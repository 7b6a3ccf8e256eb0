#if Web
import ComposableArchitecture
import ComposableWeb
import Foundation
import IssueReporting
import Logging

/// The page's store of a page driven by a test store: it only records the actions its view
/// sends, which then go through the test store, and it is kept at the test store's state.
final class PageMirrorStore<State: Equatable, Action> {
  private let parent: LiveStore<PageMirror<State>, PageMirrorAction<State, Action>>
  let pageStore: LiveStore<State, Action>
  private let recorded: Recorder

  /// The actions the page's view sent, not yet sent through the test store.
  final class Recorder: @unchecked Sendable {
    // Unchecked: only the page's actor touches it (the page's store reduces there), but the
    // store's reducer closure must be `Sendable`.
    var actions: [Action] = []
  }

  /// A page's store at `state`, on the caller's actor.
  init(state: State, isolation: isolated any Actor = #isolation) {
    let recorded = Recorder()
    self.recorded = recorded
    self.parent = LiveStore(initialState: PageMirror(state: state)) {
      Reduce { mirror, action in
        switch action {
        case let .sync(state): mirror.state = state
        case let .action(action): recorded.actions.append(action)
        }
        return .none
      }
    }
    self.pageStore = parent.scope(\.state, action: \.action)
  }

  /// The actions the view sent since the last call.
  func takeActions() -> [Action] {
    defer { recorded.actions = [] }
    return recorded.actions
  }

  /// Gives the page's store `state`; `true` when it differed.
  func show(_ state: State) -> Bool {
    guard parent.withState(\.state) != state else { return false }
    parent.send(.sync(state))
    return true
  }
}

@ObservableState
struct PageMirror<State> {
  var state: State
}

@CasePathable
enum PageMirrorAction<State, Action> {
  case sync(State)
  case action(Action)
}
#endif  // Web
