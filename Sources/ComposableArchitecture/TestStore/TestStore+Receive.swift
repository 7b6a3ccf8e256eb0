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
    await self.core.receive(
      expected: expectedAction, timeout: duration, assert: updateStateToExpectedResult,
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
    await self.core.receive(
      matching: isMatching, timeout: duration, assert: updateStateToExpectedResult,
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
    await self.core.receive(
      case: actionCase, timeout: duration, assert: updateStateToExpectedResult,
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
    await self.core.receive(
      case: actionCase, value: value, timeout: duration, assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
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
    await self.core.finish(
      timeout: duration, fileID: fileID, filePath: filePath, line: line, column: column
    )
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
    await self.core.skipReceivedActions(
      strict: strict, fileID: fileID, filePath: filePath, line: line, column: column
    )
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
    await self.core.skipInFlightEffects(
      strict: strict, fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

/// A convenience for the test store of a reducer.
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action> where R.State: Equatable
