import Foundation
import XCTest

@testable import ComposableArchitecture
@testable import Sharing
@_spi(Testing) import ComposableArchitectureTestSupport

#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

/// The XCTest side of the third drop-in round's shared-state fixes, as a TCA user's XCTest suite
/// would meet them. Each has a Swift Testing counterpart beside the rest of its area's tests.
final class DropInSharingXCTests: XCTestCase {
  private struct Todo: Equatable, Identifiable, Codable {
    var id: Int
    var title: String
  }

  func testAnOptionalInMemoryValueKeepsItsDefault() async {
    @Shared(.inMemory("xct-optional")) var count: Int? = 5
    XCTAssertEqual(count, 5)
    do {
      _ = try await Shared<Int?>(require: .inMemory("xct-missing"))
      XCTFail("A missing in-memory value was required without an error.")
    } catch {}
  }

  func testLoadingAnotherKeyDoesNotRepublish() async throws {
    @Shared(.inMemory("xct-first")) var value = 0
    let received = LockIsolated<[Int]>([])
    let cancellable = $value.publisher.sink { value in received.withValue { $0.append(value) } }
    $value.withLock { $0 = 42 }
    try await $value.load(.inMemory("xct-second"))
    $value.withLock { $0 = 1729 }
    XCTAssertEqual(received.value, [0, 42, 1729])
    cancellable.cancel()
  }

  func testArraysOfSharedElements() {
    @Shared(.inMemory("xct-todos")) var todos: IdentifiedArrayOf<Todo> = [
      Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs"),
    ]
    let elements = Array($todos)
    XCTAssertEqual(elements.map(\.wrappedValue.title), ["Milk", "Eggs"])
    elements[1].withLock { $0.title = "Bread" }
    XCTAssertEqual(todos[id: 2]?.title, "Bread")
    @SharedReader(.inMemory("xct-todos")) var reader: IdentifiedArrayOf<Todo> = []
    XCTAssertEqual(Array($reader).map(\.wrappedValue.title), ["Milk", "Bread"])
  }

  func testAppStorageSeesAnOutsideWriteAtOnce() {
    @Dependency(\.defaultAppStorage) var defaults
    @Shared(.appStorage("xct-count")) var count = 0
    defaults.set(3, forKey: "xct-count")
    XCTAssertEqual(count, 3)
  }

  func testAppStorageStoresURLsAsFoundationDoes() {
    @Dependency(\.defaultAppStorage) var defaults
    @Shared(.appStorage("xct-url")) var url = URL(fileURLWithPath: "/dev")
    XCTAssertEqual(defaults.url(forKey: "xct-url"), URL(fileURLWithPath: "/dev"))
    let remote = URL(string: "https://example.com/a?b=c")!
    $url.withLock { $0 = remote }
    XCTAssertEqual(defaults.url(forKey: "xct-url"), remote)
  }

  func testAppStorageForStringArraysAndCodableValues() {
    @Dependency(\.defaultAppStorage) var defaults
    @Shared(.appStorage("xct-tags")) var tags: [String] = ["a"]
    $tags.withLock { $0.append("b") }
    XCTAssertEqual(defaults.stringArray(forKey: "xct-tags"), ["a", "b"])
    @Shared(.appStorage("xct-todo")) var todo = Todo(id: 1, title: "Milk")
    $todo.withLock { $0.title = "Oat milk" }
    let stored = defaults.data(forKey: "xct-todo").flatMap {
      try? JSONDecoder().decode(Todo.self, from: $0)
    }
    XCTAssertEqual(stored, Todo(id: 1, title: "Oat milk"))
  }

  func testDeletingTheFileDropsAPendingWrite() async throws {
    let directory = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("drop-in-xct-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("count.json")
    let work = ScheduledWork()
    try await withDependencies {
      $0.defaultFileStorage = FileStorage.fileSystem(
        id: UUID(), scheduler: .dispatch(FileStorage.queue)
      ).countingScheduledWork(into: work)
    } operation: {
      @Shared(.fileStorage(url)) var count = 10
      $count.withLock { $0 = 11 }
      $count.withLock { $0 = 12 }
      try FileManager.default.removeItem(at: url)
      let dropped = await eventually(timeout: .seconds(3)) { count == 10 }
      XCTAssertTrue(dropped)
      // Past the end of the write window, nothing was written.
      let closed = await eventually { work.outstanding.value == 0 }
      XCTAssertTrue(closed)
      XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
      XCTAssertEqual(count, 10)
    }
  }

  func testResultFromATaskResult() {
    struct Failure: Error, Equatable {}
    XCTAssertEqual(try Result(TaskResult<Int>.success(7)).get(), 7)
    XCTAssertThrowsError(try Result(TaskResult<Int>.failure(Failure())).get())
  }

  func testSharedDumpsMarkRepeatedReferences() {
    @Shared(value: 0) var count: Int
    XCTAssertEqual(
      String(customDumping: [$count, $count]),
      """
      [
        [0]: 0,
        [1]: Int(↩︎)
      ]
      """
    )
  }
}

/// `scope(_:action:)` and `Scope(_:action:)`, TCA 1.26's spellings, in XCTest.
final class UnlabeledScopeXCTests: XCTestCase {
  @Reducer
  struct Child {
    @ObservableState
    struct State: Equatable { var count = 0 }
    enum Action: Equatable { case increment }
    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.count += 1
        return .none
      }
    }
  }

  @Reducer
  struct Parent {
    @ObservableState
    struct State: Equatable { var child = Child.State() }
    enum Action: Equatable { case child(Child.Action) }
    var body: some ReducerOf<Self> {
      Scope(\.child, action: \.child) { Child() }
    }
  }

  @MainActor
  func testUnlabeledScopes() async {
    let store = Store(initialState: Parent.State()) { Parent() }
    let child = store.scope(\.child, action: \.child)
    child.send(.increment)
    XCTAssertEqual(store.child.count, 1)
    XCTAssertTrue(child === store.scope(state: \.child, action: \.child))
  }
}
