import IssueReporting

extension Reducer {
  /// Runs a child reducer on the parent's optional child state, while it is not `nil`, for the
  /// parent's actions that carry child actions.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in
  ///     // parent logic
  ///   }
  ///   .ifLet(\.child, action: \.child) {
  ///     Child()
  ///   }
  /// }
  /// ```
  ///
  /// The child runs first, then the parent. When the parent sets the child state to `nil` (or to
  /// a child of another identity), the effects the child started are cancelled. A child action
  /// that arrives while the child state is `nil` is reported as an issue and ignored.
  @inlinable
  @warn_unqualified_access
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer<WrappedState, WrappedAction>>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, Wrapped> {
    _IfLetReducer(
      parent: self,
      child: wrapped(),
      toChildState: toWrappedState,
      toChildAction: AnyCasePath(toWrappedAction),
      site: ReducerSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Runs the parent on optional ephemeral state, such as an alert, which is set back to `nil`
  /// after any of its actions.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.alert, action: \.alert)
  /// ```
  @inlinable
  @warn_unqualified_access
  public func ifLet<WrappedState: _EphemeralState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, EmptyReducer<WrappedState, WrappedAction>> {
    self.ifLet(
      toWrappedState,
      action: toWrappedAction,
      then: { EmptyReducer() },
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }
}

/// The reducer ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)`` returns.
public struct _IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let toChildState: WritableKeyPath<Parent.State, Child.State?>
  @usableFromInline let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  @usableFromInline let site: ReducerSite
  @usableFromInline let childBody = ChildBodyCache<Child>()
  @usableFromInline let childIDs: ChildNavigationIDs<Child.State>
  @usableFromInline let childMember: StateMember<Parent.State, Child.State?>

  @usableFromInline
  init(
    parent: Parent,
    child: Child,
    toChildState: WritableKeyPath<Parent.State, Child.State?>,
    toChildAction: AnyCasePath<Parent.Action, Child.Action>,
    site: ReducerSite
  ) {
    self.parent = parent
    self.child = child
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.site = site
    self.childIDs = ChildNavigationIDs(path: toChildState)
    self.childMember = StateMember(toChildState)
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let lifecycle = ChildLifecycle<Parent.State, Parent.Action>(site: self.site)
    var childEffects = Effect<Parent.Action>.none
    let childAction = self.toChildAction.extract(from: action)
    if let childAction {
      let toChildAction = self.toChildAction
      childEffects = lifecycle.run(
        self.child, cache: self.childBody, action: childAction,
        at: self.childNavigationID(state).map(lifecycle.path(for:)), in: &state,
        access: self.withChild, embed: { toChildAction.embed($0) },
        missing: { _ in self.missingChild(action) }
      )
    }
    let parent = lifecycle.runParent(
      self.parent, in: &state, action: action, children: self.childNavigationID,
      path: lifecycle.path(for:)
    )
    // Ephemeral state (an alert) goes away after any of its actions, unless the parent already
    // replaced it.
    if childAction != nil, parent.before != nil, parent.before == parent.after,
      let childState = state[keyPath: self.toChildState], isEphemeral(childState)
    {
      state[keyPath: self.toChildState] = nil
    }
    return .merge(childEffects, parent.effects)
  }

  @inlinable
  func withChild(
    _ state: inout Parent.State,
    _ body: (inout Child.State) -> Effect<Child.Action>
  ) -> Effect<Child.Action> {
    self.childMember.modify(&state) { body(&$0!) }
  }

  @usableFromInline
  func missingChild(_ action: Parent.Action) -> String {
    """
    An "ifLet" at "\(self.site.fileID):\(self.site.line)" received a child action when child \
    state was "nil":

      Action:
        \(debugCaseOutput(action))

    This is generally considered an application logic error, and can happen for a few \
    reasons:

    • A parent reducer set child state to "nil" before this reducer ran. This reducer must \
    run before any other reducer sets child state to "nil": put "ifLet" after the parent's \
    "Reduce", as in "Reduce { … }.ifLet(…) { … }".

    • An in-flight effect emitted this action when child state was "nil". While it's \
    perfectly reasonable to ignore this action, consider cancelling the associated effect \
    before child state becomes "nil", especially if it is a long-living effect.

    • This action was sent to the store while state was "nil". Make sure that actions for \
    this reducer can only be sent from a store when state is non-"nil". In SwiftUI \
    applications, use "IfLetStore".
    """
  }

  @usableFromInline
  func childNavigationID(_ state: Parent.State) -> NavigationID? {
    state[keyPath: self.toChildState].map { self.childIDs.id(of: $0) }
  }
}
