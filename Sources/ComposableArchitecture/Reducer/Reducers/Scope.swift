import IssueReporting

/// Embeds a child reducer in a parent: it runs the child on a slice of the parent's state, for
/// the parent's actions that carry child actions, and embeds the child's effects back into parent
/// actions.
///
/// ```swift
/// @Reducer
/// struct App {
///   struct State { var settings = Settings.State() }
///   enum Action { case settings(Settings.Action) }
///
///   var body: some ReducerOf<Self> {
///     Scope(state: \.settings, action: \.settings) {
///       Settings()
///     }
///   }
/// }
/// ```
///
/// > Tip: Put the `Scope` before the parent's own logic, so the parent sees the child's changes.
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  @usableFromInline
  enum StatePath {
    case keyPath(StateMember<ParentState, Child.State>)
    case casePath(
      AnyCasePath<ParentState, Child.State>,
      fileID: StaticString,
      filePath: StaticString,
      line: UInt,
      column: UInt
    )
  }

  @usableFromInline
  let toChildState: StatePath

  @usableFromInline
  let toChildAction: AnyCasePath<ParentAction, Child.Action>

  @usableFromInline
  let child: Child

  @usableFromInline
  let childBody = ChildBodyCache<Child>()

  @usableFromInline
  init(
    toChildState: StatePath,
    toChildAction: AnyCasePath<ParentAction, Child.Action>,
    child: Child
  ) {
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.child = child
  }

  /// Scopes a child reducer to a writable key path of the parent's state and a case key path of
  /// the parent's action.
  @inlinable
  public init<ChildState, ChildAction>(
    _ toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> _ child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      toChildState: .keyPath(StateMember(toChildState)),
      toChildAction: AnyCasePath(toChildAction),
      child: child()
    )
  }

  /// Scopes a child reducer to a writable key path of the parent's state and a case key path of
  /// the parent's action.
  ///
  /// ```swift
  /// Scope(state: \.settings, action: \.settings) { Settings() }
  /// ```
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(toChildState, action: toChildAction, child)
  }

  /// Scopes a child reducer to one case of an enum parent state.
  ///
  /// If a child action arrives while the state is in another case, the action is ignored and a
  /// runtime warning is reported.
  @available(*, deprecated, message: "Use a '@Reducer enum' or 'ifCaseLet' for enum state.")
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: CaseKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      toChildState: .casePath(
        AnyCasePath(toChildState),
        fileID: fileID,
        filePath: filePath,
        line: line,
        column: column
      ),
      toChildAction: AnyCasePath(toChildAction),
      child: child()
    )
  }

  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = self.toChildAction.extract(from: action) else { return .none }
    let toChildAction = self.toChildAction
    switch self.toChildState {
    case let .keyPath(member):
      let child = self.child
      let childBody = self.childBody
      return member.modify(&state) { childBody.reduce(child, into: &$0, action: childAction) }
        .map { toChildAction.embed($0) }

    case let .casePath(casePath, fileID, filePath, line, column):
      guard var childState = casePath.extract(from: state) else {
        reportIssue(
          """
          A "Scope" at "\(fileID):\(line)" received a child action while its state was in a \
          different case:

            Action:
              \(debugCaseOutput(action))
            State:
              \(debugCaseOutput(state))

          The action was ignored. Make sure the state is in the child's case when the child's \
          actions are sent, and cancel the child's effects when the state changes case. For enum \
          state, prefer a "@Reducer enum" or "ifCaseLet".
          """,
          fileID: fileID,
          filePath: filePath,
          line: line,
          column: column
        )
        return .none
      }
      defer { state = casePath.embed(childState) }
      return self.childBody
        .reduce(self.child, into: &childState, action: childAction)
        .map { toChildAction.embed($0) }
    }
  }
}
