import ConcurrencyExtras
import CustomDump
import Dependencies
import Foundation
import IssueReporting

/// A store for tests that makes them exhaustive: every state change, every action fed back by an
/// effect, and every effect still running must be asserted, or the test fails with a readable
/// diff.
///
/// ```swift
/// @MainActor
/// @Test func counter() async {
///   let store = TestStore(initialState: Counter.State()) {
///     Counter()
///   } withDependencies: {
///     $0.numberFact.fetch = { "\($0) is a good number." }
///   }
///
///   await store.send(.incrementButtonTapped) {
///     $0.count = 1
///   }
///   await store.send(.factButtonTapped)
///   await store.receive(\.factResponse) {
///     $0.fact = "1 is a good number."
///   }
/// }
/// ```
///
/// > Important: With XCTest on Linux, write `TestStore` tests as `async` methods: synchronous
/// > main-actor test methods cannot be discovered there. Link `ComposableArchitectureTestSupport` in the
/// > test target so that failures reach Swift Testing and each XCTest method starts afresh.
@preconcurrency @MainActor
public final class TestStore<State: Equatable, Action> {
  /// How strictly the store checks the test. Exhaustive (``Exhaustivity/on``) by default.
  public var exhaustivity: Exhaustivity = .on

  /// How long ``receive(_:timeout:assert:fileID:file:line:column:)-(Action,_,_,_,_,_,_)`` and
  /// ``finish(timeout:fileID:file:line:column:)`` wait by default.
  public var timeout: Duration

  /// The dependencies of the reducer under test. Changes apply to later actions and effects.
  public var dependencies: DependencyValues {
    get { self.reducer.dependencies }
    set { self.reducer.dependencies = newValue }
  }

  /// The state as of the last assertion. Inside the assertion closure of a `send` or `receive`,
  /// the state before that step: the value the closure's `inout` state starts from.
  ///
  /// ```swift
  /// await store.send(.incrementButtonTapped) {
  ///   $0.count = store.state.count + 1
  /// }
  /// ```
  public var state: State {
    self.reducer.state
  }

  /// Whether the feature under test has dismissed itself, by calling `@Dependency(\.dismiss)`.
  /// Dismissal cancels the effects still running; actions sent afterwards are reported.
  ///
  /// ```swift
  /// await store.send(.closeButtonTapped)
  /// #expect(store.isDismissed)
  /// ```
  public var isDismissed: Bool {
    self.reducer.isDismissed
  }

  /// Whether effects are run serially on the main thread, which makes async tests deterministic.
  /// A test store turns it on for its lifetime.
  public var useMainSerialExecutor: Bool {
    get { uncheckedUseMainSerialExecutor }
    set {
      MainSerialExecutorUsers.release(self.mainSerialExecutorToken)
      self.mainSerialExecutorToken = nil
      uncheckedUseMainSerialExecutor = newValue
    }
  }

  let reducer: TestReducer<State, Action>
  /// Makes the reducer's changes to shared state assertable (see ``Shared``).
  let sharedChangeTracker = SharedChangeTracker()
  private let store: Store<State, TestReducer<State, Action>.TestAction>
  private let fileID: StaticString
  private let filePath: StaticString
  private var line: UInt
  private let column: UInt
  private var mainSerialExecutorToken: MainSerialExecutorUsers.Token?
  /// The environment of a store made from an ``AnyReducer`` and an environment, which
  /// `.environment` steps change.
  var environment: (any TestStoreEnvironment)?

  /// Creates a test store for a reducer, with an initial state and dependencies.
  ///
  /// ```swift
  /// let store = TestStore(initialState: Feature.State()) {
  ///   Feature()
  /// } withDependencies: {
  ///   $0.continuousClock = ImmediateClock()
  /// }
  /// ```
  public init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    TestSupportCheck.current.check(fileID: fileID, filePath: filePath, line: line, column: column)
    let sharedChangeTracker = self.sharedChangeTracker
    let reducer = Dependencies.withDependencies {
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
    self.reducer = reducer
    self.store = Store(core: RootCore(initialState: reducer.state, reducer: reducer))
    self.timeout = .seconds(1)
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
    self.mainSerialExecutorToken = MainSerialExecutorUsers.retain()
  }

  deinit {
    // Runs synchronously, in the test's task, so that failures are attributed to the test that
    // owned the store (an isolated deinit would run without the test's task-local context).
    mainActorNow {
      self.completed()
      self.reducer.endRegistrations()
      MainSerialExecutorUsers.release(self.mainSerialExecutorToken)
    }
  }

  /// The end-of-test checks: nothing left to receive, nothing left running.
  private func completed() {
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

  /// Runs `operation` with the store's exhaustivity set temporarily.
  ///
  /// ```swift
  /// await store.withExhaustivity(.off) {
  ///   await store.send(.refresh)
  /// }
  /// ```
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity,
    operation: () throws -> R
  ) rethrows -> R {
    let previous = self.exhaustivity
    defer { self.exhaustivity = previous }
    self.exhaustivity = exhaustivity
    return try operation()
  }

  /// Runs an async `operation` with the store's exhaustivity set temporarily.
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity,
    operation: () async throws -> R
  ) async rethrows -> R {
    let previous = self.exhaustivity
    defer { self.exhaustivity = previous }
    self.exhaustivity = exhaustivity
    return try await operation()
  }

  /// Runs `operation` with the store's dependencies changed temporarily.
  ///
  /// ```swift
  /// await store.withDependencies {
  ///   $0.apiClient.fetch = { throw Failure() }
  /// } operation: {
  ///   await store.send(.refresh)
  /// }
  /// ```
  public func withDependencies<R>(
    _ updateValuesForOperation: (_ dependencies: inout DependencyValues) throws -> Void,
    operation: () throws -> R
  ) rethrows -> R {
    let previous = self.dependencies
    defer { self.dependencies = previous }
    try updateValuesForOperation(&self.dependencies)
    return try operation()
  }

  /// Runs an async `operation` with the store's dependencies changed temporarily.
  public func withDependencies<R>(
    _ updateValuesForOperation: (_ dependencies: inout DependencyValues) async throws -> Void,
    operation: () async throws -> R
  ) async rethrows -> R {
    let previous = self.dependencies
    defer { self.dependencies = previous }
    var dependencies = previous
    try await updateValuesForOperation(&dependencies)
    self.dependencies = dependencies
    return try await operation()
  }
}

extension TestStore {
  /// Sends an action and asserts how it changes the state.
  ///
  /// The closure receives the state before the action and must turn it into the state after:
  ///
  /// ```swift
  /// await store.send(.incrementButtonTapped) {
  ///   $0.count = 1
  /// }
  /// ```
  ///
  /// Leave out the closure when the action doesn't change the state.
  ///
  /// Before it returns, the send waits (for at most ``timeout``) until the effects the action
  /// started have begun running, so a test can advance a clock right after it even on a busy
  /// machine.
  ///
  /// - Returns: A task for the effects the action started, to cancel or await.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
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

  /// Sends an action and asserts the state it leaves, from a synchronous test: the form test
  /// stores had before `async` tests. Effects the action starts are not given time to run before
  /// the state is checked; prefer `await store.send(…)`.
  ///
  /// ```swift
  /// @MainActor @Test func increment() {
  ///   let store = TestStore(initialState: Counter.State(), reducer: Counter())
  ///   store.send(.increment) { $0.count = 1 }
  /// }
  /// ```
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
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
  private func canSend(
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

  private func startSend(
    _ action: Action,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> (State, Task<Void, Never>?) {
    if !self.reducer.receivedActions.isEmpty {
      self.handlePendingReceivedActions(
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    }
    let previousState = self.reducer.state
    let task = self.store.send(
      .init(
        origin: .send(action), fileID: fileID, filePath: filePath, line: line, column: column
      ),
      originatingFrom: nil
    )
    return (previousState, task)
  }

  private func finishSend(
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

  /// Sends the action at a case key path, for actions without a payload.
  ///
  /// ```swift
  /// await store.send(\.rows[id: 1].toggle)
  /// ```
  @discardableResult
  @_disfavoredOverload
  public func send(
    _ action: CaseKeyPath<Action, Void>,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await self.send(
      action(()), assert: updateStateToExpectedResult,
      fileID: fileID, file: filePath, line: line, column: column
    )
  }

  /// Sends the action at a case key path, with its payload.
  ///
  /// ```swift
  /// await store.send(\.binding.text, "Hello")
  /// ```
  @discardableResult
  @_disfavoredOverload
  public func send<Value>(
    _ action: CaseKeyPath<Action, Value>,
    _ value: Value,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await self.send(
      action(value), assert: updateStateToExpectedResult,
      fileID: fileID, file: filePath, line: line, column: column
    )
  }

  /// Asserts a change to the state made outside of an action, without sending anything.
  public func assert(
    _ updateStateToExpectedResult: @escaping (_ state: inout State) throws -> Void,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.checkState(
      previous: self.reducer.state,
      actual: self.reducer.state,
      update: updateStateToExpectedResult,
      requireChange: false,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  private func handlePendingReceivedActions(
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

extension TestStore {
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

  private func stateMismatchMessage(expected: State, actual: State, hasAssertion: Bool) -> String {
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


/// A diff of two values with `−` for expected and `+` for actual lines, or both values in full
/// when they differ in ways a diff cannot show.
func differenceDescription<T>(expected: T, actual: T, actualLabel: String = "Actual") -> String {
  diff(expected, actual, format: .proportional)
    .map { "\($0.indent(by: 4))\n\n(Expected: −, \(actualLabel): +)" }
    ?? """
    Expected:
    \(String(describing: expected).indent(by: 2))

    \(actualLabel):
    \(String(describing: actual).indent(by: 2))
    """
}

/// Counts the test stores alive that asked for the main serial executor, so that stores in tests
/// running side by side don't turn it off under each other. Every new store turns it on, even if
/// other code turned it off while an earlier store was alive; the value from before the first
/// store comes back when the last one goes.
@MainActor
enum MainSerialExecutorUsers {
  final class Token {}

  private static var count = 0
  private static var previousValue = false

  static func retain() -> Token {
    if count == 0 {
      previousValue = uncheckedUseMainSerialExecutor
    }
    uncheckedUseMainSerialExecutor = true
    count += 1
    return Token()
  }

  static func release(_ token: Token?) {
    guard token != nil else { return }
    count -= 1
    if count == 0 {
      uncheckedUseMainSerialExecutor = previousValue
    }
  }
}
