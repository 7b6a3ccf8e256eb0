import ComposableArchitecture
import Testing

/// Stack element IDs come from one generator per test, shared by every stack the test builds:
/// state built before a test store, the store itself, and any later store.
@MainActor
@Suite("Stack element IDs are numbered per test")
struct StackElementIDNumberingTests {
  @Test func stackBuiltBeforeTheStoreStartsAtZeroAndTheStoreContinuesFromIt() async {
    var path = StackState<StackDetail.State>()
    path.append(StackDetail.State(title: "Inbox"))
    path.append(StackDetail.State(title: "Drafts"))
    #expect(path[id: 0]?.title == "Inbox")
    #expect(path[id: 1]?.title == "Drafts")

    let store = TestStore(initialState: StackRoot.State(path: path)) { StackRoot() }
    await store.send(.openDetail("Archive")) {
      $0.path[id: 2] = StackDetail.State(title: "Archive")
    }
  }

  @Test func deepLinkedElementDismissesItself() async {
    let store = TestStore(
      initialState: StackRoot.State(path: StackState([StackDetail.State(title: "Deep link")]))
    ) {
      StackRoot()
    }
    await store.send(.path(.element(id: 0, action: .closeButtonTapped)))
    await store.receive(.path(.popFrom(id: 0))) {
      $0.path.removeAll()
    }
  }

  @Test func aSecondStoreInTheSameTestContinuesTheNumbering() async {
    let first = TestStore(initialState: StackRoot.State()) { StackRoot() }
    await first.send(.openDetail("Inbox")) {
      $0.path[id: 0] = StackDetail.State(title: "Inbox")
    }
    await first.send(.openDetail("Drafts")) {
      $0.path[id: 1] = StackDetail.State(title: "Drafts")
    }

    let second = TestStore(initialState: StackRoot.State()) { StackRoot() }
    await second.send(.openDetail("Archive")) {
      $0.path[id: 2] = StackDetail.State(title: "Archive")
    }
  }

  @Test func anotherTestStartsAgainAtZero() {
    // Whichever of these tests runs later would see higher IDs if tests shared a generator.
    let path = StackState(["Inbox", "Drafts"])
    #expect(path[id: 0] == "Inbox")
    #expect(path[id: 1] == "Drafts")
  }

  @Test func yetAnotherTestStartsAgainAtZero() {
    let path = StackState(["Outbox"])
    #expect(path[id: 0] == "Outbox")
  }
}
