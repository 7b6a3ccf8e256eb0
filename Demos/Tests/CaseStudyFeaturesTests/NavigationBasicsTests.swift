import CaseStudyFeatures
import ComposableArchitecture
import Testing

@MainActor
struct NavigationBasicsTests {
  func alert(count: Int) -> AlertState<NavigationBasics.Destination.Alert> {
    AlertState {
      TextState("The count is \(count).")
    } actions: {
      ButtonState(action: .incrementButtonTapped) {
        TextState("Add one")
      }
      ButtonState(role: .destructive, action: .resetButtonTapped) {
        TextState("Reset")
      }
      ButtonState(role: .cancel) {
        TextState("Cancel")
      }
    } message: {
      TextState("What should happen to it?")
    }
  }

  func dialog(count: Int) -> ConfirmationDialogState<
    NavigationBasics.Destination.ConfirmationDialog
  > {
    ConfirmationDialogState(titleVisibility: .visible) {
      TextState("Change the count")
    } actions: {
      ButtonState(action: .incrementButtonTapped) {
        TextState("Add one")
      }
      ButtonState(action: .decrementButtonTapped) {
        TextState("Take one away")
      }
      ButtonState(role: .cancel) {
        TextState("Cancel")
      }
    } message: {
      TextState("The count is \(count).")
    }
  }

  @Test func alertButtonChangesTheCountAndClosesTheAlert() async {
    let store = TestStore(initialState: NavigationBasics.State(count: 4)) {
      NavigationBasics()
    }
    await store.send(.alertButtonTapped) {
      $0.destination = .alert(self.alert(count: 4))
    }
    await store.send(\.destination.alert.incrementButtonTapped) {
      $0.count = 5
      $0.destination = nil
    }
    await store.send(.alertButtonTapped) {
      $0.destination = .alert(self.alert(count: 5))
    }
    await store.send(\.destination.alert.resetButtonTapped) {
      $0.count = 0
      $0.destination = nil
    }
  }

  @Test func cancellingTheAlertChangesNothing() async {
    let store = TestStore(initialState: NavigationBasics.State(count: 2)) {
      NavigationBasics()
    }
    await store.send(.alertButtonTapped) {
      $0.destination = .alert(self.alert(count: 2))
    }
    await store.send(\.destination.dismiss) {
      $0.destination = nil
    }
  }

  @Test func confirmationDialogChangesTheCount() async {
    let store = TestStore(initialState: NavigationBasics.State()) {
      NavigationBasics()
    }
    await store.send(.confirmationDialogButtonTapped) {
      $0.destination = .confirmationDialog(self.dialog(count: 0))
    }
    await store.send(\.destination.confirmationDialog.decrementButtonTapped) {
      $0.count = -1
      $0.destination = nil
    }
    await store.send(.confirmationDialogButtonTapped) {
      $0.destination = .confirmationDialog(self.dialog(count: -1))
    }
    await store.send(\.destination.confirmationDialog.incrementButtonTapped) {
      $0.count = 0
      $0.destination = nil
    }
  }

  @Test func sheetTimerStopsWhenTheSheetIsDismissed() async {
    let clock = TestClock()
    let store = TestStore(initialState: NavigationBasics.State()) {
      NavigationBasics()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.sheetButtonTapped) {
      $0.destination = .sheet(Ticker.State())
    }
    await store.send(\.destination.sheet.task)
    await clock.advance(by: .seconds(2))
    await store.receive(\.destination.sheet.tick) {
      $0.destination?.modify(\.sheet) { $0.ticks = 1 }
    }
    await store.receive(\.destination.sheet.tick) {
      $0.destination?.modify(\.sheet) { $0.ticks = 2 }
    }
    await store.send(\.destination.dismiss) {
      $0.destination = nil
      $0.lastSheetTicks = 2
    }
    await clock.advance(by: .seconds(5))
  }

  @Test func sheetDismissesItself() async {
    let clock = TestClock()
    let store = TestStore(initialState: NavigationBasics.State()) {
      NavigationBasics()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.sheetButtonTapped) {
      $0.destination = .sheet(Ticker.State())
    }
    await store.send(\.destination.sheet.task)
    await clock.advance(by: .seconds(1))
    await store.receive(\.destination.sheet.tick) {
      $0.destination?.modify(\.sheet) { $0.ticks = 1 }
    }
    await store.send(\.destination.sheet.doneButtonTapped)
    await store.receive(\.destination.dismiss) {
      $0.destination = nil
      $0.lastSheetTicks = 1
    }
    await clock.advance(by: .seconds(5))
  }
}
