import CasePaths
import IssueReporting

// The spellings of the navigation and scoping operators from before case key paths, when actions
// were reached with closure case paths such as `/Action.child`. Each one builds the same reducer
// as its case key path counterpart.

extension Reducer {
  /// Runs a child reducer on optional child state, reaching the child's actions through a closure
  /// case path.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.child, action: /Action.child) {
  ///     Child()
  ///   }
  /// ```
  @available(
    *, deprecated,
    message: "Reach the child's actions with a case key path, '.ifLet(\\.child, action: \\.child)', instead of a closure case path ('/Action.child')."
  )
  @inlinable
  @warn_unqualified_access
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer<WrappedState, WrappedAction>>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: AnyCasePath<Action, WrappedAction>,
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
      toChildAction: toWrappedAction,
      site: ReducerSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Runs the parent on optional ephemeral state, such as an alert, reaching its actions through
  /// a closure case path.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.alert, action: /Action.alert)
  /// ```
  @available(
    *, deprecated,
    message: "Reach the alert's actions with a case key path, '.ifLet(\\.alert, action: \\.alert)', instead of a closure case path ('/Action.alert')."
  )
  @inlinable
  @warn_unqualified_access
  public func ifLet<WrappedState: _EphemeralState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: AnyCasePath<Action, WrappedAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, EmptyReducer<WrappedState, WrappedAction>> {
    self.ifLet(
      toWrappedState, action: toWrappedAction, then: { EmptyReducer() },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Runs a destination reducer on presented state, reaching the presentation actions through a
  /// closure case path.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.$destination, action: /Action.destination) {
  ///     Destination()
  ///   }
  /// ```
  @available(
    *, deprecated,
    message: "Reach the destination's actions with a case key path, '.ifLet(\\.$destination, action: \\.destination)', instead of a closure case path ('/Action.destination')."
  )
  @inlinable
  @warn_unqualified_access
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: AnyCasePath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, Destination>
  where Destination.State == DestinationState, Destination.Action == DestinationAction {
    _PresentationReducer(
      base: self,
      destination: destination(),
      toPresentationState: toPresentationState,
      toPresentationAction: toPresentationAction,
      site: ReducerSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Presents ephemeral state, such as an alert, reaching its presentation actions through a
  /// closure case path.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.$alert, action: /Action.alert)
  /// ```
  @available(
    *, deprecated,
    message: "Reach the alert's actions with a case key path, '.ifLet(\\.$alert, action: \\.alert)', instead of a closure case path ('/Action.alert')."
  )
  @inlinable
  @warn_unqualified_access
  public func ifLet<DestinationState: _EphemeralState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: AnyCasePath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, EmptyReducer<DestinationState, DestinationAction>> {
    self.ifLet(
      toPresentationState, action: toPresentationAction, destination: { EmptyReducer() },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Runs an enum reducer's destinations on presented state, reaching the presentation actions
  /// through a closure case path.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.$destination, action: /Action.destination)
  /// ```
  @available(
    *, deprecated,
    message: "Reach the destination's actions with a case key path, '.ifLet(\\.$destination, action: \\.destination)', instead of a closure case path ('/Action.destination')."
  )
  @inlinable
  @warn_unqualified_access
  public func ifLet<DestinationState: CaseReducerState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: AnyCasePath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, DestinationState.StateReducer.Body>
  where DestinationState.StateReducer.Action == DestinationAction {
    self.ifLet(
      toPresentationState, action: toPresentationAction,
      destination: { DestinationState.StateReducer.body },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Runs a child reducer on one case of enum state, reaching the case and the child's actions
  /// through closure case paths.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifCaseLet(/State.loggedIn, action: /Action.loggedIn) {
  ///     LoggedIn()
  ///   }
  /// ```
  @available(
    *, deprecated,
    message: "Reach the case and the child's actions with case key paths, '.ifCaseLet(\\.loggedIn, action: \\.loggedIn)', instead of closure case paths ('/State.loggedIn')."
  )
  @inlinable
  @warn_unqualified_access
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer<CaseState, CaseAction>>(
    _ toCaseState: AnyCasePath<State, CaseState>,
    action toCaseAction: AnyCasePath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then case: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfCaseLetReducer<Self, Case> {
    _IfCaseLetReducer(
      parent: self,
      child: `case`(),
      childKind: .casePath,
      toChildState: toCaseState,
      toChildAction: toCaseAction,
      site: ReducerSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Runs an element reducer on each element of an identified array, for actions that carry an
  /// element's ID and action as a tuple, as `case row(id: Row.State.ID, action: Row.Action)`.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .forEach(\.rows, action: /Action.row(id:action:)) {
  ///     Row()
  ///   }
  /// ```
  @available(
    *, deprecated,
    message: "Give the parent a 'case rows(IdentifiedActionOf<Row>)' action and reach it with a case key path, '.forEach(\\.rows, action: \\.rows)', instead of an '(ID, Action)' case path ('/Action.row(id:action:)')."
  )
  @inlinable
  @warn_unqualified_access
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable, Element: Reducer>(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: AnyCasePath<Action, (ID, ElementAction)>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachReducer<Self, ID, Element>
  where Element.State == ElementState, Element.Action == ElementAction {
    _ForEachReducer(
      parent: self,
      toElementsState: toElementsState,
      toElementAction: AnyCasePath(
        embed: { identifiedAction in
          switch identifiedAction {
          case let .element(id, action):
            return toElementAction.embed((id, action))
          }
        },
        extract: { action in
          toElementAction.extract(from: action).map { .element(id: $0.0, action: $0.1) }
        }
      ),
      element: element(),
      site: ReducerSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Runs a destination reducer on each element of a navigation stack, reaching the stack
  /// actions through a closure case path.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .forEach(\.path, action: /Action.path) {
  ///     Path()
  ///   }
  /// ```
  @available(
    *, deprecated,
    message: "Reach the stack's actions with a case key path, '.forEach(\\.path, action: \\.path)', instead of a closure case path ('/Action.path')."
  )
  @inlinable
  @warn_unqualified_access
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: AnyCasePath<Action, StackAction<DestinationState, DestinationAction>>,
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
      toStackAction: toStackAction,
      destination: destination(),
      site: ReducerSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension Scope {
  /// Scopes a child reducer to a key path of the parent's state, reaching the child's actions
  /// through a closure case path.
  ///
  /// ```swift
  /// Scope(state: \.settings, action: /Action.settings) {
  ///   Settings()
  /// }
  /// ```
  @available(
    *, deprecated,
    message: "Reach the child's actions with a case key path, 'Scope(state: \\.child, action: \\.child)', instead of a closure case path ('/Action.child')."
  )
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      toChildState: .keyPath(StateMember(toChildState)),
      toChildAction: toChildAction,
      child: child()
    )
  }

  /// Scopes a child reducer to one case of an enum parent state, reaching the case and the
  /// child's actions through closure case paths.
  ///
  /// ```swift
  /// Scope(state: /State.loggedIn, action: /Action.loggedIn) {
  ///   LoggedIn()
  /// }
  /// ```
  @available(
    *, deprecated,
    message: "Use a '@Reducer enum' or 'ifCaseLet(\\.child, action: \\.child)' for enum state, with case key paths instead of closure case paths ('/State.child')."
  )
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: AnyCasePath<ParentState, ChildState>,
    action toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      toChildState: .casePath(
        toChildState,
        fileID: fileID,
        filePath: filePath,
        line: line,
        column: column
      ),
      toChildAction: toChildAction,
      child: child()
    )
  }
}

extension StackState {
  /// The payload of the element with an ID in one enum case, reached through a closure case path.
  ///
  /// ```swift
  /// state.path[id: id, case: /Path.State.detail]?.title = "Edited"
  /// ```
  @available(
    *, deprecated,
    message: "Reach the case with a case key path, 'path[id: id, case: \\.detail]', instead of a closure case path ('/Path.State.detail')."
  )
  public subscript<Case>(
    id id: StackElementID,
    case path: AnyCasePath<Element, Case>,
    fileID fileID: _HashableStaticString = #fileID,
    filePath filePath: _HashableStaticString = #filePath,
    line line: UInt = #line,
    column column: UInt = #column
  ) -> Case? {
    get { self[id: id].flatMap(path.extract(from:)) }
    set {
      guard let element = self[id: id] else { return }
      guard path.extract(from: element) != nil else {
        reportIssue(
          """
          Can't modify unrelated case: the element \(id.debugDescription) is \
          "\(debugCaseOutput(element))", not in the case the case path reaches.
          """,
          fileID: fileID.rawValue,
          filePath: filePath.rawValue,
          line: line,
          column: column
        )
        return
      }
      self[id: id] = newValue.map(path.embed)
    }
  }
}

extension TestStore {
  /// A binding view store of the test store's current state, for a feature whose bindable
  /// actions are nested in another case, such as `.view(.binding(…))`. Like ``bindings``, it is
  /// detached from the test store.
  ///
  /// ```swift
  /// let viewState = Feature.ViewState(store: store.bindings(action: /Feature.Action.view))
  /// ```
  @available(
    *, deprecated,
    message: "Derive bindings from the store with '@ObservableState', and send binding actions in tests with 'store.send(\\.view.binding.field, value)'."
  )
  public func bindings<ViewAction: BindableAction>(
    action toViewAction: AnyCasePath<Action, ViewAction>
  ) -> BindingViewStore<State> where State == ViewAction.State {
    BindingViewStore(
      Store(initialState: self.state) { BindingReducer<State, ViewAction, ViewAction>() }
    )
  }

  /// Asserts that the next action fed back by an effect is in the case a closure case path
  /// reaches.
  ///
  /// ```swift
  /// await store.receive(/Feature.Action.factResponse) {
  ///   $0.fact = "1 is a good number."
  /// }
  /// ```
  @available(
    *, deprecated,
    message: "Match the received action with a case key path, 'store.receive(\\.factResponse)', instead of a closure case path ('/Action.factResponse')."
  )
  @_disfavoredOverload
  public func receive<Value>(
    _ actionCase: AnyCasePath<Action, Value>,
    timeout duration: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await self.receive(
      { actionCase.extract(from: $0) != nil },
      timeout: duration,
      assert: updateStateToExpectedResult,
      fileID: fileID,
      file: filePath,
      line: line,
      column: column
    )
  }
}
