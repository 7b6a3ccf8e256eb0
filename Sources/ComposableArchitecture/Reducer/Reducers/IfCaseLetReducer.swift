import IssueReporting

extension Reducer {
  /// Runs a child reducer on one case of the parent's enum state, for the parent's actions that
  /// carry child actions.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in
  ///     // parent logic
  ///   }
  ///   .ifCaseLet(\.loggedIn, action: \.loggedIn) {
  ///     LoggedIn()
  ///   }
  /// }
  /// ```
  ///
  /// The child runs first, then the parent, so the parent sees what the child did. When the
  /// parent moves the state to another case (or to another identity of the same case), the
  /// effects the child started are cancelled. A child action that arrives while the state is in
  /// another case is reported as an issue and ignored.
  @inlinable
  @warn_unqualified_access
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer<CaseState, CaseAction>>(
    _ toCaseState: CaseKeyPath<State, CaseState>,
    action toCaseAction: CaseKeyPath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then case: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfCaseLetReducer<Self, Case> {
    _IfCaseLetReducer(
      parent: self,
      child: `case`(),
      toChildState: toCaseState,
      toChildAction: toCaseAction,
      site: ReducerSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer ``Reducer/ifCaseLet(_:action:then:fileID:filePath:line:column:)`` returns.
public struct _IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let childKind: ChildKind
  @usableFromInline let toChildState: AnyCasePath<Parent.State, Child.State>
  @usableFromInline let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  @usableFromInline let site: ReducerSite
  @usableFromInline let childBody = ChildBodyCache<Child>()

  @usableFromInline
  init(
    parent: Parent,
    child: Child,
    toChildState: CaseKeyPath<Parent.State, Child.State>,
    toChildAction: CaseKeyPath<Parent.Action, Child.Action>,
    site: ReducerSite
  ) {
    self.init(
      parent: parent,
      child: child,
      childKind: .caseKeyPath(ChildNavigationIDs(path: toChildState)),
      toChildState: AnyCasePath(toChildState),
      toChildAction: AnyCasePath(toChildAction),
      site: site
    )
  }

  @usableFromInline
  init(
    parent: Parent,
    child: Child,
    childKind: ChildKind,
    toChildState: AnyCasePath<Parent.State, Child.State>,
    toChildAction: AnyCasePath<Parent.Action, Child.Action>,
    site: ReducerSite
  ) {
    self.parent = parent
    self.child = child
    self.childKind = childKind
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.site = site
  }

  /// Where the child lives in the parent's state, as part of the child's navigation ID.
  @usableFromInline
  enum ChildKind {
    case caseKeyPath(ChildNavigationIDs<Child.State>)
    /// A closure case path has no identity of its own: the child is told apart by the parent's
    /// case.
    case casePath
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let lifecycle = ChildLifecycle<Parent.State, Parent.Action>(site: self.site)
    let toChildAction = self.toChildAction
    let childEffects = toChildAction.extract(from: action).map { childAction in
      lifecycle.run(
        self.child, cache: self.childBody, action: childAction,
        at: self.childNavigationID(state).map(lifecycle.path(for:)), in: &state,
        access: self.withChild, embed: { toChildAction.embed($0) },
        missing: { self.missingChild(action, in: $0) }
      )
    }
    return .merge(
      childEffects ?? .none,
      lifecycle.runParent(
        self.parent, in: &state, action: action, children: self.childNavigationID,
        path: lifecycle.path(for:)
      ).effects
    )
  }

  /// Swift offers no in-place access to an enum's payload: the case is taken out, run, and put
  /// back.
  @inlinable
  func withChild(
    _ state: inout Parent.State,
    _ body: (inout Child.State) -> Effect<Child.Action>
  ) -> Effect<Child.Action> {
    guard var childState = self.toChildState.extract(from: state) else { return .none }
    defer { state = self.toChildState.embed(childState) }
    return body(&childState)
  }

  @usableFromInline
  func missingChild(_ action: Parent.Action, in state: Parent.State) -> String {
    """
    An "ifCaseLet" at "\(self.site.fileID):\(self.site.line)" received a child action when \
    child state was set to a different case:

      Action:
        \(debugCaseOutput(action))
      State:
        \(debugCaseOutput(state))

    This is generally considered an application logic error, and can happen for a few \
    reasons:

    • A parent reducer set "\(typeName(Parent.State.self))" to a different case before this \
    reducer ran. This reducer must run before any other reducer sets child state to a \
    different case: put "ifCaseLet" after the parent's "Reduce", as in \
    "Reduce { … }.ifCaseLet(…) { … }".

    • An in-flight effect emitted this action when child state was in a different case. \
    While it's perfectly reasonable to ignore this action, consider cancelling the \
    associated effect before child state changes to another case, especially if it is a \
    long-living effect.

    • This action was sent to the store while state was another case. Make sure that \
    actions for this reducer can only be sent from a store when state is set to the \
    appropriate case.
    """
  }

  @usableFromInline
  func childNavigationID(_ state: Parent.State) -> NavigationID? {
    self.toChildState.extract(from: state).map { childState in
      switch self.childKind {
      case let .caseKeyPath(ids):
        return ids.id(of: childState)
      case .casePath:
        return NavigationID(caseOf: state, state: childState)
      }
    }
  }
}
