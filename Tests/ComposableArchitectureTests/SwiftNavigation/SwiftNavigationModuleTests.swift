import SwiftNavigation
import Testing

// This file imports `SwiftNavigation` alone, as a model module that describes alerts and
// dialogs without depending on the whole library would.

private enum ModuleAlertAction: Equatable {
  case confirmDeletion
}

private func deletionAlert(count: Int) -> AlertState<ModuleAlertAction> {
  AlertState {
    TextState("Delete \(count) items?")
  } actions: {
    ButtonState(role: .destructive, action: .confirmDeletion) {
      TextState("Delete")
    }
    ButtonState(role: .cancel) {
      TextState("Cancel")
    }
  } message: {
    TextState("This cannot be undone.")
  }
}

@Suite struct SwiftNavigationModuleTests {
  @Test func alertAndTextStateAreUsableWithTheModuleAlone() {
    let alert = deletionAlert(count: 3)
    #expect(String(state: alert.title) == "Delete 3 items?")
    #expect(alert.message.map { String(state: $0) } == "This cannot be undone.")
    #expect(alert.buttons.map { String(state: $0.label) } == ["Delete", "Cancel"])
    #expect(alert.buttons.first?.role == .destructive)
  }

  @Test func theLibrarysTypesAreTheModulesTypes() {
    // `ComposableArchitecture` re-exports this module: the alert built here is the one a
    // feature's `@Presents var alert: AlertState<Action>?` holds.
    let alert: AlertState<ModuleAlertAction> = deletionAlert(count: 1)
    #expect(libraryAlertTitle(alert) == "Delete 1 items?")
  }

  @Test func dialogsToo() {
    let dialog = ConfirmationDialogState<ModuleAlertAction>(titleVisibility: .visible) {
      TextState("Remove?")
    } actions: {
      ButtonState(action: .confirmDeletion) { TextState("Remove") }
    }
    #expect(String(state: dialog.title) == "Remove?")
    #expect(dialog.titleVisibility == .visible)
  }
}
