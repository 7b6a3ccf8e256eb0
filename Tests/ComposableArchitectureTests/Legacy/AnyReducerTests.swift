import ComposableArchitecture
import Foundation
import Testing

struct AnyReducerRow: Equatable, Identifiable {
  let id: Int
  var count = 0
}

@CasePathable
enum AnyReducerRowAction: Equatable {
  case increment
  case delayedIncrement
}

struct AnyReducerRowEnvironment {
  var step: Int
}

@CasePathable
enum AnyReducerParentAction: Equatable {
  case row(id: Int, action: AnyReducerRowAction)
  case child(AnyReducerRowAction)
  case removeAll
  case clearChild
}

struct AnyReducerParentState: Equatable {
  var rows: IdentifiedArrayOf<AnyReducerRow> = []
  var child: AnyReducerRow?
  var log: [String] = []
}

let anyReducerRow = AnyReducer<AnyReducerRow, AnyReducerRowAction, AnyReducerRowEnvironment> {
  state, action, environment in
  switch action {
  case .increment:
    state.count += environment.step
    return .none
  case .delayedIncrement:
    return .send(.increment)
  }
}

@MainActor
@Suite("AnyReducer: the closure reducers of TCA 0.x")
struct AnyReducerTests {
  var parent: AnyReducer<AnyReducerParentState, AnyReducerParentAction, Int> {
    .combine(
      anyReducerRow.forEach(
        state: \.rows,
        action: /AnyReducerParentAction.row(id:action:),
        environment: { AnyReducerRowEnvironment(step: $0) }
      ),
      anyReducerRow.optional().pullback(
        state: \.child,
        action: \.child,
        environment: { AnyReducerRowEnvironment(step: $0) }
      ),
      AnyReducer { state, action, _ in
        state.log.append("parent")
        switch action {
        case .removeAll:
          state.rows.removeAll()
        case .clearChild:
          state.child = nil
        case .row, .child:
          break
        }
        return .none
      }
    )
  }

  @Test func combineRunsEveryReducerInOrderAndForEachReachesTheElement() async {
    let store = TestStore(
      initialState: AnyReducerParentState(rows: [AnyReducerRow(id: 1), AnyReducerRow(id: 2)]),
      reducer: self.parent,
      environment: 10
    )
    await store.send(.row(id: 2, action: .increment)) {
      $0.rows[id: 2]?.count = 10
      $0.log = ["parent"]
    }
    // Effects of an element come back embedded with its ID.
    await store.send(.row(id: 1, action: .delayedIncrement)) {
      $0.log = ["parent", "parent"]
    }
    await store.receive(.row(id: 1, action: .increment)) {
      $0.rows[id: 1]?.count = 10
      $0.log = ["parent", "parent", "parent"]
    }
  }

  @Test func optionalRunsWhileThereIsState() async {
    let store = TestStore(
      initialState: AnyReducerParentState(child: AnyReducerRow(id: 9)),
      reducer: self.parent,
      environment: 3
    )
    await store.send(.child(.increment)) {
      $0.child?.count = 3
      $0.log = ["parent"]
    }
  }

  @Test func anActionForNilOptionalStateIsReported() {
    var state: AnyReducerRow? = nil
    withKnownIssue {
      _ = anyReducerRow.optional().run(&state, .increment, AnyReducerRowEnvironment(step: 1))
    } matching: { issue in
      issue.description.contains(#"An "optional" reducer at "#)
        && issue.description.contains(#"received an action when state was "nil""#)
        && issue.description.contains("AnyReducerRowAction.increment")
    }
    #expect(state == nil)
  }

  @Test func anActionForAMissingElementIsReported() {
    var state = AnyReducerParentState()
    withKnownIssue {
      _ = self.parent.run(&state, .row(id: 7, action: .increment), 1)
    } matching: { issue in
      issue.description.contains(#"A "forEach" reducer at "#)
        && issue.description.contains("received an action for a missing element")
        && issue.description.contains("AnyReducerParentAction.row(id:, action: .increment)")
    }
    #expect(state.log == ["parent"])
  }

  @Test func bindingAppliesTheWriteBeforeTheReducerRuns() {
    struct Form: Equatable { var name = ""; var seenName = "" }
    enum Action { case binding(BindingAction<Form>) }
    let reducer = AnyReducer<Form, Action, Void> { state, _, _ in
      state.seenName = state.name
      return .none
    }
    .binding(action: /Action.binding)
    var state = Form()
    _ = reducer.run(&state, .binding(.set(\.name, "Blob")), ())
    #expect(state == Form(name: "Blob", seenName: "Blob"))
  }

  @Test func bridgesRunProtocolReducersAndClosureReducersInsideEachOther() async {
    // A protocol reducer inside a closure reducer…
    let wrapped = AnyReducer<AnyReducerRow, AnyReducerRowAction, Int> { step in
      Reduce { state, action in
        state.count += step
        return .none
      }
    }
    var row = AnyReducerRow(id: 1)
    _ = wrapped(&row, .increment, 4)
    #expect(row.count == 4)

    // …and a closure reducer inside a protocol reducer.
    let store = TestStore(initialState: AnyReducerRow(id: 1)) {
      Reduce(anyReducerRow, environment: AnyReducerRowEnvironment(step: 2))
    }
    await store.send(.increment) { $0.count = 2 }
  }

  @Test func debugPrintsWithoutChangingWhatTheReducerDoes() async {
    let printed = LockIsolated<[String]>([])
    let queue = DispatchQueue(label: "AnyReducerTests.debug")
    let reducer = anyReducerRow.debug(
      "row",
      printer: _ReducerPrinter(
        printChange: { action, old, new in
          printed.withValue { $0.append("\(action): \(old.count) → \(new.count)") }
        },
        queue: queue
      )
    )
    let store = TestStore(
      initialState: AnyReducerRow(id: 1), reducer: reducer,
      environment: AnyReducerRowEnvironment(step: 1)
    )
    await store.send(.increment) { $0.count = 1 }
    queue.sync {}
    #expect(printed.value == ["increment: 0 → 1"])
  }
}

@Suite("TaskResult")
struct TaskResultTests {
  struct Failure: Error, Equatable { var code: Int }

  @Test func catchesWhatTheOperationThrows() async throws {
    let success = await TaskResult { 42 }
    #expect(try success.value == 42)
    let failure = await TaskResult<Int> { throw Failure(code: 1) }
    #expect(throws: Failure(code: 1)) { try failure.value }
  }

  @Test func failuresCompareByTheirErrors() {
    #expect(TaskResult<Int>.failure(Failure(code: 1)) == .failure(Failure(code: 1)))
    #expect(TaskResult<Int>.failure(Failure(code: 1)) != .failure(Failure(code: 2)))
    #expect(TaskResult<Int>.success(1) != .failure(Failure(code: 1)))
    let cocoa = NSError(domain: "test", code: 3)
    #expect(TaskResult<Int>.failure(cocoa) == .failure(NSError(domain: "test", code: 3)))
    #expect(TaskResult<Int>.failure(cocoa) != .failure(NSError(domain: "test", code: 4)))
  }

  @Test func casePathsReachTheValueAndTheError() {
    let paths = TaskResult<Int>.allCasePaths
    #expect(paths.success.extract(from: .success(3)) == 3)
    #expect(paths.success.extract(from: .failure(Failure(code: 1))) == nil)
    #expect(paths.failure.extract(from: .failure(Failure(code: 1))) as? Failure == Failure(code: 1))
    #expect(paths.success.embed(4) == .success(4))
  }

  @Test func mapsAndConvertsFromResult() {
    let result = TaskResult(Result<Int, Failure>.success(2)).map { $0 * 10 }
    #expect(result == .success(20))
    let chained = TaskResult<Int>.success(2).flatMap { _ in TaskResult<String>.failure(Failure(code: 5)) }
    #expect(chained == .failure(Failure(code: 5)))
  }

  @Test func convertsToAResult() throws {
    let success = Result(TaskResult<Int>.success(7))
    #expect(try success.get() == 7)
    let failure = Result(TaskResult<Int>.failure(Failure(code: 9)))
    #expect(throws: Failure(code: 9)) { try failure.get() }
  }
}
