import ComposableArchitecture
import XCTest

/// A sheet and a stack present in the test's initial state, as TCA users write such tests with
/// XCTest: the features dismiss themselves on their first action, though `ifLet` and `forEach`
/// never saw them appear.
final class NavigationChangesAroundIfLetAndForEachXCTests: XCTestCase {
  @MainActor
  func testSheetInTheInitialStateDismissesItself() async {
    let store = TestStore(initialState: SheetParent.State(sheet: SheetChild.State(count: 3))) {
      SheetParent()
    }
    await store.send(.sheet(.presented(.closeButtonTapped)))
    await store.receive(.sheet(.dismiss)) {
      $0.sheet = nil
    }
  }

  @MainActor
  func testStackElementInTheInitialStateHasItsEffectsCancelledWhenPopped() async {
    let store = TestStore(
      initialState: StackRoot.State(path: StackState([StackDetail.State(title: "Inbox")]))
    ) {
      StackRoot()
    }
    let polling = await store.send(.path(.element(id: 0, action: .startPolling)))
    await store.send(.popToRoot) {
      $0.path.removeAll()
    }
    await polling.finish()
  }
}
