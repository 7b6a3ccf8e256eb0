import CasePaths
import ConcurrencyExtras
import CustomDump
import Dependencies
import Foundation
import IssueReporting

/// What a test store checks and remembers, whichever actor runs the store it drives: a
/// ``TestStore``'s on the main actor, a ``TestStoreActor``'s on the actor that made it. It is
/// confined to that actor, as the store is, and its waits take the caller's isolation so that they
/// stay there. The public stores hold one and forward to it.
final class TestStoreCore<State: Equatable, Action> {
  var exhaustivity: Exhaustivity = .on
  var timeout: Duration = .seconds(1)
  let reducer: TestReducer<State, Action>
  /// Makes the reducer's changes to shared state assertable (see ``Shared``).
  let sharedChangeTracker: SharedChangeTracker
  /// Sends an action to the store the test drives; returns the task of the effects it started.
  private let sendToStore: (TestReducer<State, Action>.TestAction) -> Task<Void, Never>?
  /// Whether something an effect sent is still on its way to the store (see
  /// `RootCore.hasMailInTransit`).
  private let hasActionsInTransit: () -> Bool
  let fileID: StaticString
  let filePath: StaticString
  var line: UInt
  let column: UInt
  /// The environment of a store made from an ``AnyReducer`` and an environment, which
  /// `.environment` steps change.
  var environment: (any TestStoreEnvironment)?

  init(
    reducer: TestReducer<State, Action>,
    sharedChangeTracker: SharedChangeTracker,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt,
    sendToStore: @escaping (TestReducer<State, Action>.TestAction) -> Task<Void, Never>?,
    hasActionsInTransit: @escaping () -> Bool = { false }
  ) {
    self.reducer = reducer
    self.sharedChangeTracker = sharedChangeTracker
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
    self.sendToStore = sendToStore
    self.hasActionsInTransit = hasActionsInTransit
  }

  /// Whether an effect is running, or what one sent before it ended has yet to reach the store:
  /// either can still send the store an action.
  var effectsMaySendMore: Bool {
    !self.reducer.inFlightEffects.value.isEmpty || self.hasActionsInTransit()
  }

  /// The reducer under test, wrapped to record what the test must assert, with the test's
  /// dependencies.
  static func makeReducer<R: Reducer<State, Action>>(
    initialState: () -> State,
    reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void,
    sharedChangeTracker: SharedChangeTracker
  ) -> TestReducer<State, Action> {
    Dependencies.withDependencies {
      // Stack element IDs come from the test's own generator, shared with state built before the
      // store (`StackState([…])` in the initial state), as they do in TCA. Where cached test
      // dependencies outlive a test method (see `cachedTestDependenciesStartAfreshPerTest`), each
      // store at least numbers its elements from 0.
      if !cachedTestDependenciesStartAfreshPerTest() {
        $0.stackElementID = .incrementing(from: 0)
      }
      prepareDependencies(&$0)
      sharedChangeTracker.track(&$0)
    } operation: {
      TestReducer(
        Reduce(reducer()), initialState: initialState(), sharedChangeTracker: sharedChangeTracker
      )
    }
  }

  var isDismissed: Bool { self.reducer.isDismissed.value }

  /// The end-of-test checks: nothing left to receive, nothing left running.
  func completed() {
    self.assertNoReceivedActions(
      fileID: self.fileID, filePath: self.filePath, line: self.line, column: self.column
    )
    self.assertNoSharedChanges(
      fileID: self.fileID, filePath: self.filePath, line: self.line, column: self.column
    )
    let inFlightEffects = self.reducer.inFlightEffects.value
    guard self.exhaustivity == .on else {
      if self.exhaustivity == .off(showSkippedAssertions: true), !inFlightEffects.isEmpty {
        self.reportSkipped(
          "\(inFlightEffects.count) in-flight \(inFlightEffects.count == 1 ? "effect was" : "effects were") still running at the end of the test.",
          fileID: self.fileID, filePath: self.filePath, line: self.line, column: self.column
        )
      }
      return
    }
    for effect in inFlightEffects {
      reportIssue(
        """
        An effect started by this action is still running, and every effect must finish before \
        the test ends:

          \(debugCaseOutput(effect.action.value, abbreviated: true))

        To fix it, make the effect finish: advance the clocks or schedulers it waits on, \
        cancel it with the action meant to do so, or await "task.cancel()" on the task returned \
        by "send" for effects that live as long as a view. To stop checking, call \
        "await store.skipInFlightEffects()" or set "store.exhaustivity = .off".
        """,
        fileID: effect.fileID,
        filePath: effect.filePath,
        line: effect.line,
        column: effect.column
      )
    }
  }

}

extension TestStoreCore {
  /// The work of a test store's `send`.
  func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)?,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt,
    isolation: isolated (any Actor)? = #isolation
  ) async -> TestStoreTask {
    guard self.canSend(fileID: fileID, filePath: filePath, line: line, column: column) else {
      return TestStoreTask(rawValue: nil, timeout: self.timeout)
    }
    let (previousState, task) = self.startSend(
      action, fileID: fileID, filePath: filePath, line: line, column: column
    )
    await Task.megaYield()
    await self.waitForEffectsToStart()
    return self.finishSend(
      previousState, task, update: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// The work of a test store's synchronous `send`.
  func sendNow(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)?,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> TestStoreTask {
    guard self.canSend(fileID: fileID, filePath: filePath, line: line, column: column) else {
      return TestStoreTask(rawValue: nil, timeout: self.timeout)
    }
    let (previousState, task) = self.startSend(
      action, fileID: fileID, filePath: filePath, line: line, column: column
    )
    return self.finishSend(
      previousState, task, update: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Whether an action can be sent; one sent after the feature dismissed itself is reported.
  func canSend(
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> Bool {
    guard self.isDismissed else { return true }
    reportIssue(
      """
      An action was sent to a test store whose feature has dismissed itself.

      After "dismiss()" the feature is gone, as it would be from the screen: nothing can be sent \
      to it any more. Assert "store.isDismissed" and end the test there.
      """,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
    return false
  }

  func startSend(
    _ action: Action,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> (State, Task<Void, Never>?) {
    if !self.reducer.receivedActions.isEmpty {
      self.handlePendingReceivedActions(
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    }
    let previousState = self.reducer.state
    let task = self.sendToStore(
      .init(
        origin: .send(action), fileID: fileID, filePath: filePath, line: line, column: column
      )
    )
    return (previousState, task)
  }

  func finishSend(
    _ previousState: State,
    _ task: Task<Void, Never>?,
    update updateStateToExpectedResult: ((_ state: inout State) throws -> Void)?,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> TestStoreTask {
    // While the assertion runs, `store.state` is the state before the action, as in `receive`.
    let currentState = self.reducer.state
    self.reducer.state = previousState
    self.checkState(
      previous: previousState,
      actual: currentState,
      sharedValues: self.reducer.sharedValuesAfterSend,
      update: updateStateToExpectedResult,
      stackElementIDs: self.reducer.stackElementIDsBeforeSend,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
    self.reducer.state = currentState
    if "\(self.fileID)" == "\(fileID)" {
      self.line = line
    }
    return TestStoreTask(rawValue: task, timeout: self.timeout)
  }

  /// The work of a test store's `assert`.
  func assert(
    _ updateStateToExpectedResult: @escaping (_ state: inout State) throws -> Void,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    self.checkState(
      previous: self.reducer.state,
      actual: self.reducer.state,
      update: updateStateToExpectedResult,
      requireChange: false,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  func handlePendingReceivedActions(
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    let actions = self.reducer.receivedActions
    switch self.exhaustivity {
    case .on:
      reportIssue(
        """
        \(actions.count) received \(actions.count == 1 ? "action" : "actions") must be asserted \
        before another action is sent.

        Unhandled actions: \(String(customDumping: actions.map(\.action)))
        """,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    case let .off(showSkippedAssertions):
      if showSkippedAssertions {
        self.reportSkipped(
          "\(actions.count) received \(actions.count == 1 ? "action was" : "actions were") skipped.",
          fileID: fileID, filePath: filePath, line: line, column: column
        )
      }
      if let last = actions.last {
        self.reducer.state = last.state
        self.sharedChangeTracker.advance(to: last.sharedValues)
      }
      self.reducer.receivedActions.removeAll()
    }
  }
}

extension TestStoreCore {
  /// Checks the state a step produced against what the test asserted.
  ///
  /// Exhaustive: the assertion closure is applied to the state *before* the step and must
  /// produce exactly the state after it. Non-exhaustive: it is applied to the state *after* the
  /// step, so only what it asserts is checked.
  func checkState(
    previous: State,
    actual: State,
    sharedValues: SharedChangeTracker.Checkpoint? = nil,
    update: ((inout State) throws -> Void)?,
    stackElementIDs: StackElementIDGenerator? = nil,
    requireChange: Bool = true,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    let tracker = self.sharedChangeTracker
    defer { tracker.advance(to: sharedValues) }
    if self.exhaustivity != .on {
      // A non-exhaustive store asserts from the actual state, shared values included.
      tracker.reset()
    }
    // A step whose only changes are to shared state changes nothing a state comparison can see.
    let requireChange = requireChange && !tracker.hasUnassertedChanges

    func expectation(from start: State) -> State? {
      var state = start
      guard let update else { return state }
      do {
        try Dependencies.withDependencies {
          $0 = self.reducer.dependencies
          if let stackElementIDs {
            // Elements the assertion adds get the IDs the reducer gave the ones it added.
            $0.stackElementID = stackElementIDs.copy()
          }
        } operation: {
          try tracker.assert {
            try self.exhaustivity.withAssertionHelpers { try update(&state) }
          }
        }
      } catch {
        reportIssue(
          "The assertion closure threw an error: \(error)",
          fileID: fileID, filePath: filePath, line: line, column: column
        )
        return nil
      }
      return state
    }

    tracker.withActualValues(sharedValues) {
    tracker.assert {
      switch self.exhaustivity {
      case .on:
        guard let expected = expectation(from: previous) else { return }
        if expected != actual {
          reportIssue(
            self.stateMismatchMessage(expected: expected, actual: actual, hasAssertion: update != nil),
            fileID: fileID, filePath: filePath, line: line, column: column
          )
        } else if requireChange, update != nil, expected == previous {
          reportIssue(
            """
            The state was expected to change, but it did not.

            The assertion closure left the state as it was. When a step changes nothing, leave \
            out the closure.
            """,
            fileID: fileID, filePath: filePath, line: line, column: column
          )
        }

      case let .off(showSkippedAssertions):
        guard let expected = expectation(from: actual) else { return }
        if expected != actual {
          reportIssue(
            self.stateMismatchMessage(expected: expected, actual: actual, hasAssertion: true),
            fileID: fileID, filePath: filePath, line: line, column: column
          )
        } else if showSkippedAssertions,
          let exhaustiveExpectation = expectation(from: previous),
          exhaustiveExpectation != actual
        {
          self.reportSkipped(
            self.stateMismatchMessage(
              expected: exhaustiveExpectation, actual: actual, hasAssertion: update != nil
            ),
            fileID: fileID, filePath: filePath, line: line, column: column
          )
        }
      }
    }
    }
  }

  /// Reports changes to shared state that no step asserted, then forgets them.
  func assertNoSharedChanges(
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    let tracker = self.sharedChangeTracker
    defer { tracker.reset() }
    guard self.exhaustivity == .on else { return }
    let changes = tracker.unassertedChanges
    guard !changes.isEmpty else { return }
    let list = changes.map { "  \($0.description)" }.joined(separator: "\n")
    reportIssue(
      """
      The test ended with changes to shared state that no step asserted:

      \(list)

      Assert them with "store.assert { $0.$value.withLock { … } }" before the test ends, or in \
      the step that made them.
      """,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  func stateMismatchMessage(expected: State, actual: State, hasAssertion: Bool) -> String {
    let heading =
      hasAssertion
      ? "The state does not match the asserted change:"
      : "The state changed, but the step asserted no change:"
    return "\(heading)\n\n\(differenceDescription(expected: expected, actual: actual))"
  }

  /// Reports an assertion that a non-exhaustive store skipped. Under Swift Testing it shows as a
  /// known issue; XCTest on Linux cannot expect failures, so there it is logged instead.
  func reportSkipped(
    _ message: String,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    let message = "Skipped assertions.\n\n\(message)"
    #if !canImport(ObjectiveC)
      if case .xcTest = TestContext.current {
        print("\(fileID):\(line): \(message)")
        return
      }
    #endif
    withExpectedIssue(fileID: fileID, filePath: filePath, line: line, column: column) {
      reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
}



extension TestStoreCore where Action: Equatable {
  /// The work of a test store's `receive`.
  func receive(
    expected expectedAction: Action,
    timeout duration: Duration?,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)?,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt,
    isolation: isolated (any Actor)? = #isolation
  ) async {
    await self.receiveAction(
      matching: { $0 == expectedAction },
      description: "an action",
      timeout: duration,
      unexpectedActionDescription: { received in
        differenceDescription(expected: expectedAction, actual: received, actualLabel: "Received")
      },
      update: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

extension TestStoreCore {
  /// The work of a test store's `receive`.
  func receive(
    matching isMatching: (_ action: Action) -> Bool,
    timeout duration: Duration?,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)?,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt,
    isolation: isolated (any Actor)? = #isolation
  ) async {
    await self.receiveAction(
      matching: isMatching,
      description: "an action matching the predicate",
      timeout: duration,
      unexpectedActionDescription: { String(customDumping: $0).indent(by: 2) },
      update: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// The work of a test store's `receive`.
  func receive<Value>(
    case actionCase: CaseKeyPath<Action, Value>,
    timeout duration: Duration?,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)?,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt,
    isolation: isolated (any Actor)? = #isolation
  ) async {
    let casePath = AnyCasePath(actionCase)
    await self.receiveAction(
      matching: { casePath.extract(from: $0) != nil },
      description: "an action in the expected case",
      timeout: duration,
      unexpectedActionDescription: { String(customDumping: $0).indent(by: 2) },
      update: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// The work of a test store's `receive`.
  func receive<Value: Equatable>(
    case actionCase: CaseKeyPath<Action, Value>,
    value: Value,
    timeout duration: Duration?,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)?,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt,
    isolation: isolated (any Actor)? = #isolation
  ) async {
    let casePath = AnyCasePath(actionCase)
    await self.receiveAction(
      matching: { casePath.extract(from: $0) == value },
      description: "an action in the expected case",
      timeout: duration,
      unexpectedActionDescription: { received in
        differenceDescription(
          expected: casePath.embed(value), actual: received, actualLabel: "Received"
        )
      },
      update: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  func receiveAction(
    matching predicate: (Action) -> Bool,
    description: String,
    timeout duration: Duration?,
    unexpectedActionDescription: (Action) -> String,
    update: ((inout State) throws -> Void)?,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt,
    isolation: isolated (any Actor)? = #isolation
  ) async {
    let duration = duration ?? self.timeout
    // A non-exhaustive store skips actions that don't match, so it waits for one that does.
    // Without an effect in flight nothing can send the action, so the wait ends at once.
    guard
      await self.waitForReceivedAction(
        timeout: duration, whileEffectsRun: true,
        until: { $0.hasReceivedAction(matching: predicate) }
      )
    else {
      let expected = self.exhaustivity == .on ? description : "a matching action"
      let problem =
        !self.effectsMaySendMore
        ? """
        Expected to receive \(expected), but none arrived, and no effect is running that could \
        send it. Was the effect that sends it cancelled, or did it never start?
        """
        : """
        Expected to receive \(expected), but none arrived within \(duration.seconds) seconds.

        Effects are still running. If the one that sends this action waits on a clock or a \
        scheduler, advance it in the test; otherwise give this assertion a longer "timeout".
        """
      reportIssue(
        problem,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
      return
    }
    self.assertReceivedAction(
      matching: predicate,
      unexpectedActionDescription: unexpectedActionDescription,
      update: update,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
    await Task.megaYield()
    await self.waitForEffectsToStart()
  }

  /// Waits until every effect the store has started has begun running its operation, for at
  /// most the store's ``timeout``. On a busy machine a task can take a while to get a thread;
  /// without this a test that advances a clock right after `send` could advance it before the
  /// effect asked to sleep on it. Nothing is reported if the wait runs out: a later assertion
  /// says what is missing.
  func waitForEffectsToStart(isolation: isolated (any Actor)? = #isolation) async {
    guard self.reducer.unstartedRuns.value > 0 else { return }
    _ = await self.waitForReceivedAction(timeout: self.timeout) {
      $0.reducer.unstartedRuns.value == 0
    }
    await Task.megaYield()
  }

  /// Whether a received action is ready to be asserted: any action for an exhaustive store, or
  /// one satisfying `predicate` for a non-exhaustive store, which skips those that don't.
  func hasReceivedAction(matching predicate: (Action) -> Bool) -> Bool {
    self.exhaustivity == .on
      ? !self.reducer.receivedActions.isEmpty
      : self.reducer.receivedActions.contains(where: { predicate($0.action) })
  }

  /// Asserts the next received action, which must be there: it satisfies `predicate` and
  /// changed the state as `update` describes.
  func assertReceivedAction(
    matching predicate: (Action) -> Bool,
    unexpectedActionDescription: (Action) -> String,
    update: ((inout State) throws -> Void)?,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    if case let .off(showSkippedAssertions) = self.exhaustivity {
      var skipped = 0
      while let first = self.reducer.receivedActions.first, !predicate(first.action) {
        self.reducer.receivedActions.removeFirst()
        self.reducer.state = first.state
        self.sharedChangeTracker.advance(to: first.sharedValues)
        skipped += 1
      }
      if skipped > 0, showSkippedAssertions {
        self.reportSkipped(
          "\(skipped) received \(skipped == 1 ? "action was" : "actions were") skipped.",
          fileID: fileID, filePath: filePath, line: line, column: column
        )
      }
    }

    let (receivedAction, receivedState, stackElementIDs, sharedValues) =
      self.reducer.receivedActions.removeFirst()
    if predicate(receivedAction) {
      self.checkState(
        previous: self.reducer.state,
        actual: receivedState,
        sharedValues: sharedValues,
        update: update,
        stackElementIDs: stackElementIDs,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    } else {
      let expectedLater = self.reducer.receivedActions.contains { predicate($0.action) }
      reportIssue(
        """
        Received an unexpected action\(expectedLater ? " before the expected one" : ""):

        \(unexpectedActionDescription(receivedAction))
        """,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
      self.sharedChangeTracker.advance(to: sharedValues)
    }
    self.reducer.state = receivedState
  }

  /// Waits, yielding to effects, until `isReady` holds or the timeout has passed (for a received
  /// action, or for started effects to begin); `whileEffectsRun` also stops it once no effect is
  /// in flight.
  func waitForReceivedAction(
    timeout duration: Duration,
    whileEffectsRun: Bool = false,
    until isReady: (TestStoreCore) -> Bool,
    isolation: isolated (any Actor)? = #isolation
  ) async -> Bool {
    await Task.megaYield()
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: duration)
    while !isReady(self) {
      guard clock.now < deadline, !Task.isCancelled else { return false }
      if whileEffectsRun, !self.effectsMaySendMore {
        // What effects scheduled before they ended gets its turn first: a presented feature's
        // dismissal action is sent from a task of its own, which no effect tracks.
        await Task.megaYield()
        return isReady(self)
      }
      await Task.detached(priority: .background) { await Task.yield() }.value
    }
    return true
  }

  /// The work of a test store's `finish`.
  func finish(
    timeout duration: Duration?,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt,
    isolation: isolated (any Actor)? = #isolation
  ) async {
    self.assertNoReceivedActions(fileID: fileID, filePath: filePath, line: line, column: column)
    defer {
      self.assertNoSharedChanges(fileID: fileID, filePath: filePath, line: line, column: column)
    }
    let duration = duration ?? self.timeout
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: duration)
    await Task.megaYield()
    while self.effectsMaySendMore {
      guard clock.now < deadline, !Task.isCancelled else {
        reportIssue(
          """
          Expected every effect to finish, but \(self.reducer.inFlightEffects.value.count) \
          still running after \(duration.seconds) seconds.

          If they wait on a clock or a scheduler, advance it in the test; otherwise give \
          "finish" a longer "timeout".
          """,
          fileID: fileID, filePath: filePath, line: line, column: column
        )
        return
      }
      await Task.detached(priority: .background) { await Task.yield() }.value
    }
  }

  /// The work of a test store's `skipReceivedActions`.
  func skipReceivedActions(
    strict: Bool,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt,
    isolation: isolated (any Actor)? = #isolation
  ) async {
    await Task.megaYield()
    let actions = self.reducer.receivedActions
    guard !actions.isEmpty else {
      self.reportNothingToSkip(
        "received actions", strict: strict,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
      return
    }
    if self.showsSkippedAssertions {
      self.reportSkipped(
        """
        \(actions.count) received \(actions.count == 1 ? "action was" : "actions were") \
        skipped:

        \(String(customDumping: actions.map(\.action)))
        """,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    }
    self.reducer.state = actions[actions.count - 1].state
    self.sharedChangeTracker.advance(to: actions[actions.count - 1].sharedValues)
    self.reducer.receivedActions.removeAll()
  }

  /// The work of a test store's `skipInFlightEffects`.
  func skipInFlightEffects(
    strict: Bool,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt,
    isolation: isolated (any Actor)? = #isolation
  ) async {
    await Task.megaYield()
    let effects = self.reducer.inFlightEffects.value
    guard !effects.isEmpty else {
      self.reportNothingToSkip(
        "in-flight effects", strict: strict,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
      return
    }
    if self.showsSkippedAssertions {
      let origins = effects.map { effect -> String in
        "\(debugCaseOutput(effect.action.value, abbreviated: true)) at \(effect.fileID):\(effect.line)"
      }
      .sorted()
      self.reportSkipped(
        """
        \(effects.count) in-flight \(effects.count == 1 ? "effect is" : "effects are") no longer \
        tracked, started by:

        \(origins.map { "  • \($0)" }.joined(separator: "\n"))
        """,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    }
    self.reducer.inFlightEffects.withValue { $0.subtract(effects) }
  }

  /// Whether skipping is worth showing: always in an exhaustive store, and in a non-exhaustive
  /// one when asked to.
  var showsSkippedAssertions: Bool {
    self.exhaustivity == .on || self.exhaustivity == .off(showSkippedAssertions: true)
  }

  func reportNothingToSkip(
    _ what: String, strict: Bool,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    guard strict else { return }
    reportIssue(
      "There were no \(what) to skip.",
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  func assertNoReceivedActions(
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    let actions = self.reducer.receivedActions
    guard !actions.isEmpty else { return }
    guard self.exhaustivity == .on else {
      if self.exhaustivity == .off(showSkippedAssertions: true) {
        self.reportSkipped(
          "\(actions.count) received \(actions.count == 1 ? "action was" : "actions were") skipped.",
          fileID: fileID, filePath: filePath, line: line, column: column
        )
      }
      return
    }
    let list = actions
      .map { debugCaseOutput($0.action, abbreviated: true).indent(by: 4) }
      .joined(separator: "\n")
    reportIssue(
      """
      The store received \(actions.count) \(actions.count == 1 ? "action" : "actions") that the \
      test did not assert:

        Unhandled actions:
      \(list)

      Assert each one with "store.receive", skip them with \
      "await store.skipReceivedActions()", or make the test non-exhaustive with \
      "store.exhaustivity = .off".
      """,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

