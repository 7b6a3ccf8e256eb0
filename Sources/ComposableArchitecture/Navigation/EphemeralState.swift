/// State that goes away on its first interaction, such as an alert or a confirmation dialog.
///
/// `ifLet` sets presented ephemeral state back to `nil` after the parent has handled any of its
/// actions, and starts no long-living presentation effect for it:
///
/// ```swift
/// Reduce { state, action in
///   switch action {
///   case .alert(.presented(.confirmDeletion)):
///     // `state.alert` is still set here; `ifLet` clears it after this reducer returns.
///     return .run { _ in try await self.database.deleteAll() }
///   // …
///   }
/// }
/// .ifLet(\.$alert, action: \.alert)
/// ```
public protocol _EphemeralState<Action> {
  /// The action the state's interactions send.
  associatedtype Action

  /// The action type, readable from an existential.
  static var actionType: Any.Type { get }
}

extension _EphemeralState {
  /// `Action.self`.
  public static var actionType: Any.Type { Action.self }
}

extension AlertState: _EphemeralState {}
extension ConfirmationDialogState: _EphemeralState {}

/// Whether an action is one of the ephemeral state's own: only those dismiss it. An enum
/// destination holding an alert also receives its other cases' actions (a child feature's, sent
/// while the alert is up), which leave the alert presented.
@usableFromInline
func ephemeralState<State>(_ state: State, accepts action: Any) -> Bool {
  let ephemeralType: any _EphemeralState.Type
  if let type = State.self as? any _EphemeralState.Type {
    ephemeralType = type
  } else {
    let mirror = Mirror(reflecting: state)
    guard mirror.displayStyle == .enum, let payload = mirror.children.first?.value,
      let type = type(of: payload) as? any _EphemeralState.Type
    else { return false }
    ephemeralType = type
  }
  let actionType = ephemeralType.actionType
  if type(of: action) == actionType { return true }
  // An enum destination's action: the case's payload is the alert's action.
  let mirror = Mirror(reflecting: action)
  guard mirror.displayStyle == .enum, let payload = mirror.children.first?.value else {
    return false
  }
  return type(of: payload) == actionType
}

/// Whether a state is dismissed on its first action: `_EphemeralState` itself, or an enum whose
/// current case holds one.
@usableFromInline
func isEphemeral<State>(_ state: State) -> Bool {
  if State.self is any _EphemeralState.Type { return true }
  guard EnumTypes.contains(state) else { return false }
  let mirror = Mirror(reflecting: state)
  guard mirror.displayStyle == .enum, let payload = mirror.children.first?.value else {
    return false
  }
  return type(of: payload) is any _EphemeralState.Type
}
