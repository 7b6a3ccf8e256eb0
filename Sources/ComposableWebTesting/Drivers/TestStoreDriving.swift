#if Web
import ComposableArchitecture
import ComposableWeb
import Foundation
import IssueReporting
import Logging

/// What a page made with a test store sends its actions through.
protocol TestStoreDriving<State, Action>: AnyObject {
  associatedtype State
  /// Sends what the page's view sent through the test store, with the expected change. (The
  /// page then shows the test store's state: see ``sync()``.)
  nonisolated(nonsending) func forward(
    expected: ((inout State) throws -> Void)?, caller: Caller) async
  /// Shows the test store's state on the page; `true` when it differed.
  func sync() -> Bool
  /// The page's store (see ``PageMirrorStore``).
  associatedtype Action
  var pageStore: LiveStore<State, Action> { get }
}

/// Drives a `TestStore` from a page, on the main actor.
final class TestDriver<State: Equatable, Action>: TestStoreDriving {
  var pageStore: LiveStore<State, Action> { mirror.pageStore }
  let testStore: TestStore<State, Action>
  let mirror: PageMirrorStore<State, Action>

  @MainActor init(_ testStore: TestStore<State, Action>) {
    self.testStore = testStore
    self.mirror = PageMirrorStore(state: testStore.state)
  }

  nonisolated(nonsending) func forward(
    expected: ((inout State) throws -> Void)?, caller: Caller
  ) async {
    // The page, its actions and the expected change are the main actor's, as the test store is.
    MainActor.preconditionIsolated("A page of a TestStore is used on the main actor.")
    for action in mirror.takeActions() {
      nonisolated(unsafe) let unchecked = (action, expected)
      await Self.send(unchecked.0, expected: unchecked.1, to: testStore, caller: caller)
    }
  }

  @MainActor private static func send(
    _ action: Action, expected: ((inout State) throws -> Void)?,
    to testStore: TestStore<State, Action>, caller: Caller
  ) async {
    _ = await testStore.send(
      action, assert: expected, fileID: caller.fileID, file: caller.filePath, line: caller.line,
      column: caller.column)
  }

  func sync() -> Bool {
    // The page of a test store is used on the main actor, as the test store is (checked).
    let testStore = self.testStore
    nonisolated(unsafe) var state: State?
    MainActor.assumeIsolated { state = testStore.state }
    return mirror.show(state!)
  }
}

/// Drives a `TestStoreActor` from a page, on the test store's actor.
final class ActorTestDriver<State: Equatable, Action>: TestStoreDriving {
  var pageStore: LiveStore<State, Action> { mirror.pageStore }
  let testStore: TestStoreActor<State, Action>
  let mirror: PageMirrorStore<State, Action>

  init(_ testStore: TestStoreActor<State, Action>, isolation: isolated any Actor = #isolation) {
    self.testStore = testStore
    self.mirror = PageMirrorStore(state: testStore.state)
  }

  nonisolated(nonsending) func forward(
    expected: ((inout State) throws -> Void)?, caller: Caller
  ) async {
    for action in mirror.takeActions() {
      _ = await testStore.send(
        action, assert: expected, fileID: caller.fileID, file: caller.filePath,
        line: caller.line, column: caller.column)
    }
  }

  func sync() -> Bool {
    mirror.show(testStore.state)
  }
}
#endif  // Web
