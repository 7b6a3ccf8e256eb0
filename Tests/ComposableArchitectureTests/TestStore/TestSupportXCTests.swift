import XCTest

@testable import ComposableArchitecture

/// A list feature of the shape that leaked between XCTest methods on Linux: its rows are
/// `@Shared(.fileStorage)`, and each new row takes an ID from the UUID generator.
@Reducer
private struct TSXRowList {
  @ObservableState
  struct State: Equatable {
    @Shared(.fileStorage(URL(fileURLWithPath: "/tmp/test-support-rows.json"))) var rows: [Row] = []
    @Shared(.inMemory("test-support-count")) var added = 0
  }

  struct Row: Codable, Equatable, Identifiable {
    var id: UUID
    var title: String
  }

  enum Action: Equatable {
    case addButtonTapped(String)
  }

  @Dependency(\.uuid) var uuid

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .addButtonTapped(title):
        let row = Row(id: self.uuid(), title: title)
        state.$rows.withLock { $0.append(row) }
        state.$added.withLock { $0 += 1 }
        return .none
      }
    }
  }
}

/// Two methods that must run in this order (XCTest runs a class's methods by name): the first
/// fills file storage, in-memory storage, app storage and the UUID generator's count; the second
/// sees none of it, as on Apple platforms. Linux gives it that because this test binary links
/// `ComposableArchitectureTestSupport`; without it, the second method fails.
final class TestSupportXCTests: XCTestCase {
  nonisolated(unsafe) static var firstMethodRan = false

  @MainActor
  func test1_AMethodFillsSharedStateAndDependencies() async {
    Self.firstMethodRan = true
    @Shared(.appStorage("test-support-flag")) var flag = false
    $flag.withLock { $0 = true }
    let store = TestStore(initialState: TSXRowList.State()) {
      TSXRowList()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.addButtonTapped("Standup")) {
      $0.$rows.withLock {
        $0 = [TSXRowList.Row(id: UUID(0), title: "Standup")]
      }
      $0.$added.withLock { $0 = 1 }
    }
  }

  @MainActor
  func test2_TheNextMethodStartsAfresh() async throws {
    try XCTSkipUnless(Self.firstMethodRan, "Only meaningful after test1_ in the same run.")
    @Shared(.appStorage("test-support-flag")) var flag = false
    XCTAssertFalse(flag)
    let store = TestStore(initialState: TSXRowList.State()) {
      TSXRowList()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    XCTAssertEqual(store.state.rows, [])
    XCTAssertEqual(store.state.added, 0)
    await store.send(.addButtonTapped("Retro")) {
      $0.$rows.withLock {
        $0 = [TSXRowList.Row(id: UUID(0), title: "Retro")]
      }
      $0.$added.withLock { $0 = 1 }
    }
  }

  func testTheCheckFindsTheObserverLinkedHere() {
    XCTAssertTrue(TestSupportCheck.dependenciesTestObserverIsLinked)
  }

  func testTheCheckReportsOnceUnderXCTestWithoutTheObserver() {
    let check = TestSupportCheck(context: { .xcTest }, observerIsLinked: { false })
    let recorder = TSIssueRecorder()
    withIssueReporters([recorder]) {
      XCTAssertTrue(check.check())
      XCTAssertFalse(check.check())
    }
    XCTAssertEqual(recorder.messages.count, 1)
    XCTAssertTrue(
      recorder.messages.first?.contains(
        #".product(name: "ComposableArchitectureTestSupport", package: "open-composable-architecture"),"#
      ) == true
    )
  }

  func testTheCheckIsQuietWithTheObserverOrUnderSwiftTesting() {
    let recorder = TSIssueRecorder()
    withIssueReporters([recorder]) {
      XCTAssertFalse(TestSupportCheck(context: { .xcTest }, observerIsLinked: { true }).check())
      XCTAssertFalse(
        TestSupportCheck(context: { .swiftTesting(nil) }, observerIsLinked: { false }).check()
      )
      XCTAssertFalse(TestSupportCheck(context: { nil }, observerIsLinked: { false }).check())
    }
    XCTAssertEqual(recorder.messages, [])
  }
}
