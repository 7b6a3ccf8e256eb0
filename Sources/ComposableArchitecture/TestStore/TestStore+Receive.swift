import CasePaths
import ConcurrencyExtras
import CustomDump
import Foundation
import IssueReporting

extension TestStore where Action: Equatable {
  /// Asserts that an effect fed back `expectedAction` next, and how it changed the state.
  ///
  /// ```swift
  /// await store.send(.refreshButtonTapped)
  /// await store.receive(.refreshResponse(.success(items))) {
  ///   $0.items = items
  /// }
  /// ```
  ///
  /// Waits up to `timeout` (the store's ``TestStore/timeout`` by default) for the action.
  public func receive(
    _ expectedAction: Action,
    timeout duration: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
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

extension TestStore {
  /// Asserts that the next action fed back by an effect satisfies a predicate.
  ///
  /// ```swift
  /// await store.receive({ if case .response = $0 { true } else { false } })
  /// ```
  @_disfavoredOverload
  public func receive(
    _ isMatching: (_ action: Action) -> Bool,
    timeout duration: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
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

  /// Asserts that the next action fed back by an effect is in the case at a case key path.
  ///
  /// ```swift
  /// await store.receive(\.factResponse.success) {
  ///   $0.fact = "1 is a good number."
  /// }
  /// ```
  @_disfavoredOverload
  public func receive<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    timeout duration: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
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

  /// Asserts that the next action fed back by an effect is in the case at a case key path and
  /// carries the given payload.
  ///
  /// ```swift
  /// await store.receive(\.factResponse, "1 is a good number.") {
  ///   $0.fact = "1 is a good number."
  /// }
  /// ```
  public func receive<Value: Equatable>(
    _ actionCase: CaseKeyPath<Action, Value>,
    _ value: Value,
    timeout duration: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
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

  private func receiveAction(
    matching predicate: (Action) -> Bool,
    description: String,
    timeout duration: Duration?,
    unexpectedActionDescription: (Action) -> String,
    update: ((inout State) throws -> Void)?,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
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
        self.reducer.inFlightEffects.value.isEmpty
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
  func waitForEffectsToStart() async {
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
  private func waitForReceivedAction(
    timeout duration: Duration,
    whileEffectsRun: Bool = false,
    until isReady: (TestStore) -> Bool
  ) async -> Bool {
    await Task.megaYield()
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: duration)
    while !isReady(self) {
      guard clock.now < deadline, !Task.isCancelled else { return false }
      if whileEffectsRun, self.reducer.inFlightEffects.value.isEmpty {
        // What effects scheduled before they ended gets its turn first: a presented feature's
        // dismissal action is sent from a task of its own, which no effect tracks.
        await Task.megaYield()
        return isReady(self)
      }
      await Task.detached(priority: .background) { await Task.yield() }.value
    }
    return true
  }

  /// Waits for every in-flight effect to finish, failing the test if some are still running
  /// after `timeout` (the store's ``TestStore/timeout`` by default).
  ///
  /// ```swift
  /// await store.send(.save)
  /// await store.finish()
  /// ```
  public func finish(
    timeout duration: Duration? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    self.assertNoReceivedActions(fileID: fileID, filePath: filePath, line: line, column: column)
    defer {
      self.assertNoSharedChanges(fileID: fileID, filePath: filePath, line: line, column: column)
    }
    let duration = duration ?? self.timeout
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: duration)
    await Task.megaYield()
    while !self.reducer.inFlightEffects.value.isEmpty {
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

  /// Drops the received actions not yet asserted, adopting the state after the last of them.
  ///
  /// ```swift
  /// await store.send(.onAppear)
  /// await store.skipReceivedActions()
  /// ```
  ///
  /// In an exhaustive store the skipped actions are still shown, as a known issue.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
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

  /// Stops tracking the effects still running, so the test can end without waiting for them.
  ///
  /// The effects are not cancelled: they keep running, and the actions they send later still
  /// arrive and must be received.
  ///
  /// ```swift
  /// await store.send(.startPolling)
  /// await store.skipInFlightEffects()
  /// ```
  ///
  /// In an exhaustive store the skipped effects are still shown, as a known issue.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
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
  private var showsSkippedAssertions: Bool {
    self.exhaustivity == .on || self.exhaustivity == .off(showSkippedAssertions: true)
  }

  private func reportNothingToSkip(
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

/// A convenience for the test store of a reducer.
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action> where R.State: Equatable
