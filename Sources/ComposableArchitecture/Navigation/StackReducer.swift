import Dependencies
import IssueReporting

extension Reducer {
  /// Runs a destination reducer on each element of a navigation stack, for the parent's stack
  /// actions.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in … }
  ///     .forEach(\.path, action: \.path) {
  ///       Path()
  ///     }
  /// }
  /// ```
  ///
  /// - An element's action runs the destination on that element first, then the parent.
  /// - `.push(id:state:)` adds the element, then runs the parent; `.popFrom(id:)` runs the parent,
  ///   then pops.
  /// - When elements leave the stack, the effects they started are cancelled.
  /// - An element can pop itself (and everything above it) with `@Dependency(\.dismiss)`.
  @inlinable
  @warn_unqualified_access
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _StackReducer<Self, Destination>
  where Destination.State == DestinationState, Destination.Action == DestinationAction {
    _StackReducer(
      base: self,
      toStackState: toStackState,
      toStackAction: AnyCasePath(toStackAction),
      destination: destination(),
      site: ReducerSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Runs an enum reducer's destinations on each element of a navigation stack.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .forEach(\.path, action: \.path)
  /// ```
  @inlinable
  @warn_unqualified_access
  public func forEach<DestinationState: CaseReducerState, DestinationAction>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _StackReducer<Self, DestinationState.StateReducer.Body>
  where DestinationState.StateReducer.Action == DestinationAction {
    _StackReducer(
      base: self,
      toStackState: toStackState,
      toStackAction: AnyCasePath(toStackAction),
      destination: DestinationState.StateReducer.body,
      site: ReducerSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer that ``Reducer/forEach(_:action:destination:fileID:filePath:line:column:)``
/// returns.
public struct _StackReducer<Base: Reducer, Destination: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let toStackState: WritableKeyPath<Base.State, StackState<Destination.State>>
  @usableFromInline let toStackAction: AnyCasePath<Base.Action, StackAction<Destination.State, Destination.Action>>
  @usableFromInline let destination: Destination
  @usableFromInline let site: ReducerSite
  @usableFromInline let destinationBody = ChildBodyCache<Destination>()
  @usableFromInline let stackMember: StateMember<Base.State, StackState<Destination.State>>

  @Dependency(\.context) var context
  @Dependency(\.stackElementID) var stackElementID

  @usableFromInline
  init(
    base: Base,
    toStackState: WritableKeyPath<Base.State, StackState<Destination.State>>,
    toStackAction: AnyCasePath<Base.Action, StackAction<Destination.State, Destination.Action>>,
    destination: Destination,
    site: ReducerSite
  ) {
    self.base = base
    self.toStackState = toStackState
    self.stackMember = StateMember(toStackState)
    self.toStackAction = toStackAction
    self.destination = destination
    self.site = site
  }

  // An element's action, the one sent most, is compiled where the reducer's types are known:
  // generic code here would look up type metadata at each step.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let stackAction = self.toStackAction.extract(from: action)
    guard case let .element(id, elementAction)? = stackAction else {
      return self.reduceStackAction(stackAction, into: &state, action: action)
    }
    let lifecycle = ChildLifecycle<Base.State, Base.Action>(site: self.site)
    let toStackState = self.toStackState
    let toStackAction = self.toStackAction
    let isPresent = state[keyPath: toStackState][id: id] != nil
    let destinationEffects = lifecycle.run(
      self.destination, cache: self.destinationBody, action: elementAction,
      at: isPresent ? self.path(for: id, lifecycle) : nil,
      dismissID: StackDismissID(id: id), in: &state,
      access: { state, body in self.stackMember.modify(&state) { body(&$0[id: id]!) } },
      embed: { toStackAction.embed(.element(id: id, action: $0)) },
      missing: { _ in self.problem("received an action for a missing element", action: action) }
    )
    let baseEffects = self.base.reduce(into: &state, action: action)
    // An element's own action leaves the stack's IDs as they were, unless the base changed them.
    guard self.stackMember.get(state).isMountedUpToDate else {
      return self.remount(&state, lifecycle, effects: [destinationEffects, baseEffects])
    }
    return .merge(destinationEffects, baseEffects)
  }

  /// An action other than an element's: a push, a pop (`stackAction`), or one of the base's own
  /// (`nil`).
  @usableFromInline
  func reduceStackAction(
    _ stackAction: StackAction<Destination.State, Destination.Action>?,
    into state: inout Base.State,
    action: Base.Action
  ) -> Effect<Base.Action> {
    let lifecycle = ChildLifecycle<Base.State, Base.Action>(site: self.site)
    let baseEffects: Effect<Base.Action>

    switch stackAction {
    case .element?:
      // `reduce` runs an element's action itself.
      return self.reduce(into: &state, action: action)

    case let .popFrom(id)?:
      baseEffects = self.base.reduce(into: &state, action: action)
      if !state[keyPath: self.toStackState].pop(from: id) {
        self.report(
          #"received a "popFrom" action for a missing element"#, action: action, lifecycle
        )
      }

    case let .push(id, element)?:
      if state[keyPath: self.toStackState].ids.contains(id) {
        self.report(
          #"received a "push" action for an element it already contains"#, action: action,
          lifecycle
        )
        baseEffects = self.base.reduce(into: &state, action: action)
        break
      }
      if self.context == .test {
        let expected = self.stackElementID.peek()
        if id.generation > expected.generation {
          self.report(
            #"received a "push" action with an unexpected generational ID"#, action: action,
            lifecycle
          )
        } else if id.generation == expected.generation {
          _ = self.stackElementID.next()
        }
      }
      state[keyPath: self.toStackState]._dictionary[id] = element
      baseEffects = self.base.reduce(into: &state, action: action)

    case nil:
      baseEffects = self.base.reduce(into: &state, action: action)
    }

    guard !self.stackMember.get(state).isMountedUpToDate else { return baseEffects }
    return self.remount(&state, lifecycle, effects: [baseEffects])
  }

  /// Cancels the effects of the elements that are gone and waits for the dismissal of those
  /// that are new, after `effects`.
  ///
  /// The elements are compared with those this reducer last saw, not with the stack before this
  /// action: an element that a reducer before this one removed still has its effects cancelled.
  @usableFromInline
  func remount(
    _ state: inout Base.State,
    _ lifecycle: ChildLifecycle<Base.State, Base.Action>,
    effects: [Effect<Base.Action>]
  ) -> Effect<Base.Action> {
    let (removed, added) = self.stackMember.modify(&state) { $0.remount() }
    let cancellations = lifecycle.cancel(removed.map { self.path(for: $0, lifecycle) })
    let toStackAction = self.toStackAction
    let dismissals = added.map { id in
      lifecycle.awaitDismissal(
        at: self.path(for: id, lifecycle),
        dismissID: StackDismissID(id: id),
        then: { toStackAction.embed(.popFrom(id: id)) }
      )
    }
    return .merge(effects + [cancellations] + dismissals)
  }

  @usableFromInline
  func path(
    for id: StackElementID,
    _ lifecycle: ChildLifecycle<Base.State, Base.Action>
  ) -> NavigationIDPath {
    lifecycle.path(for: NavigationID(path: self.toStackState, elementID: id))
  }

  private func report(
    _ problem: String,
    action: Base.Action,
    _ lifecycle: ChildLifecycle<Base.State, Base.Action>
  ) {
    lifecycle.reportMissingChild(self.problem(problem, action: action))
  }

  @usableFromInline
  func problem(_ problem: String, action: Base.Action) -> String {
    """
    A "forEach" at "\(self.site.fileID):\(self.site.line)" \(problem):

      Action:
        \(debugCaseOutput(action))

    This is generally considered an application logic error: make sure the stack's actions \
    are only sent for elements the stack holds, that "forEach" runs before any reducer that \
    removes elements (put it after the parent's "Reduce"), and that long-living effects of an \
    element are cancelled before the element is popped.
    """
  }
}

/// The ID under which a stack element waits to be dismissed.
@usableFromInline
struct StackDismissID: Hashable, Sendable {
  @usableFromInline let id: StackElementID

  @usableFromInline
  init(id: StackElementID) {
    self.id = id
  }
}
