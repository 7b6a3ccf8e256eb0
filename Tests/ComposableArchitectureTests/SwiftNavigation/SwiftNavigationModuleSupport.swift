import ComposableArchitecture

/// Reads an alert's title through `ComposableArchitecture`'s re-export of `SwiftNavigation`, for
/// `SwiftNavigationModuleTests`, which imports the module alone.
func libraryAlertTitle<Action>(_ alert: ComposableArchitecture.AlertState<Action>) -> String {
  String(state: alert.title)
}
