import ComposableArchitecture
import XCTest

/// Stack element IDs in XCTest, as TCA users write such tests: every test method numbers from 0,
/// including stacks it builds outside a test store, whichever methods ran before it in the same
/// process. (On Linux this needs the test target to link `ComposableArchitectureTestSupport`.)
final class StackElementIDNumberingXCTests: XCTestCase {
  func testStackBuiltInOneMethodStartsAtZero() {
    let path = StackState(["Inbox", "Drafts"])
    XCTAssertEqual(path[id: 0], "Inbox")
    XCTAssertEqual(path[id: 1], "Drafts")
  }

  func testStackBuiltInAnotherMethodStartsAtZeroToo() {
    var path = StackState(["Outbox"])
    path.append("Trash")
    XCTAssertEqual(path[id: 0], "Outbox")
    XCTAssertEqual(path[id: 1], "Trash")
  }

  @MainActor
  func testDeepLinkedElementDismissesItself() async {
    let store = TestStore(
      initialState: StackRoot.State(
        path: StackState([StackDetail.State(title: "Inbox"), StackDetail.State(title: "Detail")])
      )
    ) {
      StackRoot()
    }
    await store.send(.path(.element(id: 1, action: .closeButtonTapped)))
    await store.receive(.path(.popFrom(id: 1))) {
      $0.path.removeLast()
    }
    await store.send(.openDetail("Archive")) {
      $0.path[id: 2] = StackDetail.State(title: "Archive")
    }
  }
}
