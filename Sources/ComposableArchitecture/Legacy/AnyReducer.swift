import CasePaths
import IdentifiedCollections
import IssueReporting

/// A reducer written as a closure of state, action and environment: the shape of reducers before
/// the ``Reducer`` protocol (TCA 0.x called this type `Reducer`).
///
/// ```swift
/// let counterReducer = AnyReducer<CounterState, CounterAction, CounterEnvironment> {
///   state, action, environment in
///   switch action {
///   case .incrementTapped:
///     state.count += 1
///     return .none
///   }
/// }
/// let appReducer = AnyReducer<AppState, AppAction, AppEnvironment>.combine(
///   counterReducer.pullback(state: \.counter, action: /AppAction.counter, environment: { $0.counter })
/// )
/// ```
///
/// Mix it with protocol reducers through `Reduce(anyReducer, environment:)` and
/// `AnyReducer { environment in SomeReducer() }`.
///
/// Such reducers were declared as global constants, so the type is `Sendable`: a reducer is a
/// pure function of its arguments, and its closure must not capture mutable state.
public struct AnyReducer<State, Action, Environment>: @unchecked Sendable {
  // Unchecked: the closure is a pure function (see above), written before closures could say
  // they are `@Sendable`.
  private let reducer: (inout State, Action, Environment) -> Effect<Action>

  /// A reducer from a closure that evolves the state for an action, with the environment's
  /// dependencies at hand, and returns the effect to run.
  public init(_ reducer: @escaping (inout State, Action, Environment) -> Effect<Action>) {
    self.reducer = reducer
  }

  /// A reducer that runs a protocol reducer built from the environment.
  ///
  /// ```swift
  /// let legacy = AnyReducer<Feature.State, Feature.Action, AppEnvironment> { environment in
  ///   Feature()
  /// }
  /// ```
  public init<R: Reducer>(_ build: @escaping (Environment) -> R)
  where R.State == State, R.Action == Action {
    self.init { state, action, environment in
      build(environment).reduce(into: &state, action: action)
    }
  }

  /// A reducer that does nothing.
  public static var empty: Self {
    Self { _, _, _ in .none }
  }

  /// Runs the reducers one after another on the same state, merging their effects.
  ///
  /// ```swift
  /// let appReducer = AnyReducer.combine(counterReducer, favoritesReducer)
  /// ```
  public static func combine(_ reducers: Self...) -> Self {
    .combine(reducers)
  }

  /// Runs the reducers one after another on the same state, merging their effects.
  public static func combine(_ reducers: [Self]) -> Self {
    Self { state, action, environment in
      .merge(reducers.map { $0.reducer(&state, action, environment) })
    }
  }

  /// This reducer followed by another, on the same state.
  public func combined(with other: Self) -> Self {
    .combine(self, other)
  }

  /// Runs the reducer.
  ///
  /// ```swift
  /// let effect = reducer.run(&state, action, environment)
  /// ```
  public func run(_ state: inout State, _ action: Action, _ environment: Environment) -> Effect<Action> {
    self.reducer(&state, action, environment)
  }

  /// Runs the reducer.
  public func callAsFunction(
    _ state: inout State, _ action: Action, _ environment: Environment
  ) -> Effect<Action> {
    self.reducer(&state, action, environment)
  }

  /// Moves the reducer into a parent domain: it runs on the state at `toLocalState`, for the
  /// actions `toLocalAction` extracts, with the environment `toLocalEnvironment` derives, and its
  /// effects' actions are embedded back into the parent's.
  ///
  /// ```swift
  /// counterReducer.pullback(
  ///   state: \AppState.counter,
  ///   action: /AppAction.counter,
  ///   environment: { $0.counter }
  /// )
  /// ```
  public func pullback<ParentState, ParentAction, ParentEnvironment>(
    state toLocalState: WritableKeyPath<ParentState, State>,
    action toLocalAction: AnyCasePath<ParentAction, Action>,
    environment toLocalEnvironment: @escaping (ParentEnvironment) -> Environment
  ) -> AnyReducer<ParentState, ParentAction, ParentEnvironment> {
    let localState = StateMember(toLocalState)
    return .init { parentState, parentAction, parentEnvironment in
      guard let action = toLocalAction.extract(from: parentAction) else { return .none }
      return localState.modify(&parentState) {
        self.reducer(&$0, action, toLocalEnvironment(parentEnvironment))
      }
      .map(toLocalAction.embed)
    }
  }

  /// Moves the reducer into a parent domain whose action has a case for this reducer's actions.
  ///
  /// ```swift
  /// counterReducer.pullback(state: \.counter, action: \.counter, environment: { $0 })
  /// ```
  public func pullback<ParentState, ParentAction, ParentEnvironment>(
    state toLocalState: WritableKeyPath<ParentState, State>,
    action toLocalAction: CaseKeyPath<ParentAction, Action>,
    environment toLocalEnvironment: @escaping (ParentEnvironment) -> Environment
  ) -> AnyReducer<ParentState, ParentAction, ParentEnvironment> {
    self.pullback(
      state: toLocalState, action: AnyCasePath(toLocalAction), environment: toLocalEnvironment
    )
  }

  /// A reducer over optional state: it runs while the state is non-`nil`. An action that arrives
  /// while the state is `nil` is reported, as it usually means a parent cleared the state too
  /// early or an effect outlived it.
  ///
  /// ```swift
  /// childReducer.optional().pullback(state: \.child, action: /AppAction.child, environment: { $0 })
  /// ```
  public func optional(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> AnyReducer<State?, Action, Environment> {
    .init { state, action, environment in
      guard state != nil else {
        reportIssue(
          """
          An "optional" reducer at "\(fileID):\(line)" received an action when state was "nil":

            Action:
              \(debugCaseOutput(action))

          This is generally considered an application logic error: a parent reducer set the \
          state to "nil" before this reducer ran (combine this reducer before the parent's), or \
          an in-flight effect sent this action after the state became "nil" (cancel it first).
          """,
          fileID: fileID, filePath: filePath, line: line, column: column
        )
        return .none
      }
      return self.reducer(&state!, action, environment)
    }
  }

  /// Runs the reducer on the element of an identified array that an action names.
  ///
  /// ```swift
  /// rowReducer.forEach(
  ///   state: \.rows,
  ///   action: /ListAction.row(id:action:),
  ///   environment: { $0.row }
  /// )
  /// ```
  public func forEach<ParentState, ParentAction, ParentEnvironment, ID: Hashable & Sendable>(
    state toElementsState: WritableKeyPath<ParentState, IdentifiedArray<ID, State>>,
    action toElementAction: AnyCasePath<ParentAction, (ID, Action)>,
    environment toElementEnvironment: @escaping (ParentEnvironment) -> Environment,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> AnyReducer<ParentState, ParentAction, ParentEnvironment> {
    let elementsState = StateMember(toElementsState)
    return .init { parentState, parentAction, parentEnvironment in
      guard let (id, action) = toElementAction.extract(from: parentAction) else { return .none }
      guard parentState[keyPath: toElementsState][id: id] != nil else {
        reportIssue(
          """
          A "forEach" reducer at "\(fileID):\(line)" received an action for a missing element:

            Action:
              \(debugCaseOutput(parentAction))

          This is generally considered an application logic error: a parent reducer removed the \
          element before this reducer ran (combine this reducer before the parent's), or an \
          in-flight effect sent this action after the element was removed (cancel it first).
          """,
          fileID: fileID, filePath: filePath, line: line, column: column
        )
        return .none
      }
      return elementsState.modify(&parentState) {
        self.reducer(&$0[id: id]!, action, toElementEnvironment(parentEnvironment))
      }
      .map { toElementAction.embed((id, $0)) }
    }
  }

  /// Applies binding actions before running this reducer, which can then react to them.
  ///
  /// ```swift
  /// settingsReducer.binding(action: /SettingsAction.binding)
  /// ```
  public func binding(action toBindingAction: AnyCasePath<Action, BindingAction<State>>) -> Self {
    Self { state, action, environment in
      toBindingAction.extract(from: action)?.apply(to: &state)
      return self.reducer(&state, action, environment)
    }
  }

  /// Applies binding actions before running this reducer; the name the form-actions era used.
  ///
  /// ```swift
  /// settingsReducer.form(action: /SettingsAction.form)
  /// ```
  public func form(action toFormAction: AnyCasePath<Action, FormAction<State>>) -> Self {
    self.binding(action: toFormAction)
  }

  /// Prints every action the reducer receives and the change it makes to the state.
  ///
  /// ```swift
  /// appReducer.debug()
  /// ```
  public func debug(
    _ prefix: String = "",
    printer: _ReducerPrinter<State, Action>? = nil
  ) -> Self {
    let printer =
      printer
      ?? _ReducerPrinter { action, oldState, newState in
        let message = _ReducerPrinter<State, Action>.customDumpMessage(action, oldState, newState)
        print(prefix.isEmpty ? message : "\(prefix): \(message)", terminator: "")
      }
    return Self { state, action, environment in
      Reduce(self, environment: environment)
        ._printChanges(printer)
        .reduce(into: &state, action: action)
    }
  }
}

extension Reduce {
  /// A protocol reducer that runs a closure reducer with a fixed environment.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce(legacyReducer, environment: LegacyEnvironment(api: .live))
  /// }
  /// ```
  public init<Environment>(
    _ reducer: AnyReducer<State, Action, Environment>,
    environment: Environment
  ) {
    self.init { state, action in
      reducer.run(&state, action, environment)
    }
  }
}
