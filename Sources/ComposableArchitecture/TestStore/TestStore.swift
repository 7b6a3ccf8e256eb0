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
  public var exhaustivity: Exhaustivity {
    get { self.core.exhaustivity }
    set { self.core.exhaustivity = newValue }
  }

  /// How long ``receive(_:timeout:assert:fileID:file:line:column:)-(Action,_,_,_,_,_,_)`` and
  /// ``finish(timeout:fileID:file:line:column:)`` wait by default.
  public var timeout: Duration {
    get { self.core.timeout }
    set { self.core.timeout = newValue }
  }

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
    self.core.isDismissed
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

  /// What the store checks and remembers (shared with ``TestStoreActor``).
  let core: TestStoreCore<State, Action>
  var reducer: TestReducer<State, Action> { self.core.reducer }
  var sharedChangeTracker: SharedChangeTracker { self.core.sharedChangeTracker }
  /// The environment of a store made from an ``AnyReducer`` and an environment, which
  /// `.environment` steps change.
  var environment: (any TestStoreEnvironment)? {
    get { self.core.environment }
    set { self.core.environment = newValue }
  }
  private let store: Store<State, TestReducer<State, Action>.TestAction>
  private var mainSerialExecutorToken: MainSerialExecutorUsers.Token?

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
    let sharedChangeTracker = SharedChangeTracker()
    let reducer = TestStoreCore.makeReducer(
      initialState: initialState, reducer: reducer, withDependencies: prepareDependencies,
      sharedChangeTracker: sharedChangeTracker
    )
    let store = Store(core: RootCore(initialState: reducer.state, reducer: reducer))
    self.store = store
    self.core = TestStoreCore(
      reducer: reducer, sharedChangeTracker: sharedChangeTracker,
      fileID: fileID, filePath: filePath, line: line, column: column,
      sendToStore: { store.sendToCore($0) }
    )
    self.mainSerialExecutorToken = MainSerialExecutorUsers.retain()
  }

  deinit {
    // Runs synchronously, in the test's task, so that failures are attributed to the test that
    // owned the store (an isolated deinit would run without the test's task-local context).
    mainActorNow {
      self.core.completed()
      self.reducer.endRegistrations()
      MainSerialExecutorUsers.release(self.mainSerialExecutorToken)
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
    await self.core.send(
      action, assert: updateStateToExpectedResult,
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
    self.core.sendNow(
      action, assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
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
    self.core.assert(
      updateStateToExpectedResult, fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

extension TestStore {
  /// Whether a received action is ready to be asserted (for the legacy `.receive` step).
  func hasReceivedAction(matching predicate: (Action) -> Bool) -> Bool {
    self.core.hasReceivedAction(matching: predicate)
  }

  /// Asserts the next received action, which must be there (for the legacy `.receive` step).
  func assertReceivedAction(
    matching predicate: (Action) -> Bool,
    unexpectedActionDescription: (Action) -> String,
    update: ((inout State) throws -> Void)?,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    self.core.assertReceivedAction(
      matching: predicate, unexpectedActionDescription: unexpectedActionDescription,
      update: update, fileID: fileID, filePath: filePath, line: line, column: column
    )
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
