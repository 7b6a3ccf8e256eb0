import CasePaths

/// Applies binding actions to the state: put it in a feature's `body`, usually first, so that the
/// reducers after it see the new value and can react to it.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   BindingReducer()
///   Reduce { state, action in
///     switch action {
///     case .binding(\.displayName):
///       state.displayName = String(state.displayName.prefix(16))
///       return .none
///     case .binding:
///       return .none
///     }
///   }
/// }
/// ```
public struct BindingReducer<State, Action, ViewAction: BindableAction>: Reducer
where State == ViewAction.State {
  let toViewAction: (Action) -> ViewAction?

  /// A reducer that applies the binding actions of a bindable action.
  public init() where Action == ViewAction {
    self.toViewAction = { $0 }
  }

  /// A reducer that applies the binding actions of the view actions a case key path extracts,
  /// for features whose bindable actions are nested, as in `\.view`.
  ///
  /// ```swift
  /// BindingReducer(action: \.view)
  /// ```
  public init(action toViewAction: CaseKeyPath<Action, ViewAction>) where Action: CasePathable {
    let toViewAction = AnyCasePath(toViewAction)
    self.toViewAction = { toViewAction.extract(from: $0) }
  }

  /// A reducer that applies the binding actions of the view actions a closure extracts.
  @available(*, deprecated, message: "Use a case key path, as in 'BindingReducer(action: \\.view)'.")
  public init(action toViewAction: @escaping (_ action: Action) -> ViewAction?) {
    self.toViewAction = toViewAction
  }

  /// Applies `action`'s binding action to `state`, when the action is one; any other action
  /// leaves the state alone. Runs no effect.
  ///
  /// ```swift
  /// _ = BindingReducer().reduce(into: &state, action: .binding(.set(\.name, "Ada")))
  /// ```
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    // A closure, not `\.binding`: a key path to a requirement of a generic type is made anew at
    // run time on every call, which costs more than the whole binding.
    guard let bindingAction = self.toViewAction(action).flatMap({ $0.binding }) else {
      return .none
    }
    bindingAction.apply(to: &state)
    return .none
  }
}
