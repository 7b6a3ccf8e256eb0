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
