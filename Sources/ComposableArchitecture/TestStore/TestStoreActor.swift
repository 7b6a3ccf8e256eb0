import CasePaths
import ConcurrencyExtras
import Dependencies
import Foundation
import IssueReporting

/// A test store for a feature run by a ``StoreActor``: the feature runs on the actor the test
/// store is made on, as a store actor runs it there in the app, and the test is as exhaustive as
/// with ``TestStore``: every state change, every action fed back by an effect and every effect
/// still running must be asserted.
///
/// It is ``TestStore`` isolated to the caller's actor instead of the main actor, with the same
/// checks and messages (the two share them), and is not `Sendable`: it stays on that actor.
///
/// ```swift
/// actor Worker {
///   func test() async {
///     let store = TestStoreActor(initialState: Counter.State()) {
///       Counter()
///     } withDependencies: {
///       $0.numberFact.fetch = { "\($0) is a good number." }
///     }
///     await store.send(.incrementButtonTapped) { $0.count = 1 }
///     await store.send(.factButtonTapped)
///     await store.receive(\.factResponse) { $0.fact = "1 is a good number." }
///   }
/// }
/// ```
///
/// Unlike `TestStore`, it does not switch effects to the main serial executor: effects run on
/// the global executor, and `receive` and `finish` wait for them up to ``timeout``.
public final class TestStoreActor<State: Equatable, Action> {
  /// How strictly the store checks the test. Exhaustive (``Exhaustivity/on``) by default.
  public var exhaustivity: Exhaustivity {
    get { self.core.exhaustivity }
    set { self.core.exhaustivity = newValue }
  }

  /// How long `receive` and ``finish(timeout:fileID:file:line:column:isolation:)`` wait by
  /// default.
  public var timeout: Duration {
    get { self.core.timeout }
    set { self.core.timeout = newValue }
  }

  /// The dependencies of the reducer under test. Changes apply to later actions and effects.
  public var dependencies: DependencyValues {
    get { self.core.reducer.dependencies }
    set { self.core.reducer.dependencies = newValue }
  }

  /// The state as of the last assertion.
  public var state: State {
    self.core.reducer.state
  }

  /// Whether the feature under test has dismissed itself, by calling `@Dependency(\.dismiss)`.
  public var isDismissed: Bool {
    self.core.isDismissed
  }

  let core: TestStoreCore<State, Action>
  private let store: StoreActor<State, TestReducer<State, Action>.TestAction>

  /// Creates a test store for a reducer that runs on the caller's actor.
  ///
  /// ```swift
  /// let store = TestStoreActor(initialState: Feature.State()) {
  ///   Feature()
  /// } withDependencies: {
  ///   $0.continuousClock = ImmediateClock()
  /// }
  /// ```
  public init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    isolation: isolated any Actor = #isolation,
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
    let rootCore = RootCore(initialState: reducer.state, reducer: reducer, isolation: isolation)
    let store = StoreActor(core: UncheckedSendable(rootCore), isolation: isolation)
    self.store = store
    self.core = TestStoreCore(
      reducer: reducer, sharedChangeTracker: sharedChangeTracker,
      fileID: fileID, filePath: filePath, line: line, column: column,
      sendToStore: { store.sendOnActor($0).rawValue },
      hasActionsInTransit: { rootCore.hasMailInTransit }
    )
  }

  deinit {
    // On the store's actor, where the last reference goes: the store is not `Sendable`.
    self.core.completed()
    self.core.reducer.endRegistrations()
  }

  /// Sends an action and asserts how it changes the state, as ``TestStore/send(_:assert:fileID:file:line:column:)-(Action,_,_,_,_,_)``
  /// does.
  ///
  /// ```swift
  /// await store.send(.incrementButtonTapped) { $0.count = 1 }
  /// ```
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
  ) async -> TestStoreTask {
    await self.core.send(
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
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
  ) async -> TestStoreTask {
    await self.core.send(
      action(()), assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Sends the action at a case key path, with its payload.
  ///
  /// ```swift
  /// await store.send(\.binding.text, "Hello") { $0.text = "Hello" }
  /// ```
  @discardableResult
  @_disfavoredOverload
  public func send<Value>(
    _ action: CaseKeyPath<Action, Value>,
    _ value: Value,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
  ) async -> TestStoreTask {
    await self.core.send(
      action(value), assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Asserts that the next action fed back by an effect is in the case at a case key path.
  ///
  /// ```swift
  /// await store.receive(\.factResponse) { $0.fact = "1 is a good number." }
  /// ```
  public func receive<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    timeout duration: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
  ) async {
    await self.core.receive(
      case: actionCase, timeout: duration, assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

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
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
  ) async {
    await self.core.receive(
      matching: isMatching, timeout: duration, assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Asserts a change to the state made outside of an action, without sending anything.
  ///
  /// ```swift
  /// store.assert { $0.$total.withLock { $0 = 3 } }
  /// ```
  public func assert(
    _ updateStateToExpectedResult: @escaping (_ state: inout State) throws -> Void,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.core.assert(
      updateStateToExpectedResult, fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Waits for every in-flight effect to finish, failing the test if some are still running
  /// after `timeout` (``timeout`` by default).
  ///
  /// ```swift
  /// await store.send(.save)
  /// await store.finish()
  /// ```
  public func finish(
    timeout duration: Duration? = nil,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
  ) async {
    await self.core.finish(
      timeout: duration, fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Drops the received actions not yet asserted, adopting the state after the last of them.
  ///
  /// ```swift
  /// await store.skipReceivedActions()
  /// ```
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
  ) async {
    await self.core.skipReceivedActions(
      strict: strict, fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Stops tracking the effects still running, so the test can end without waiting for them.
  ///
  /// ```swift
  /// await store.skipInFlightEffects()
  /// ```
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
  ) async {
    await self.core.skipInFlightEffects(
      strict: strict, fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

extension TestStoreActor where Action: Equatable {
  /// Asserts that an effect fed back `expectedAction` next, and how it changed the state.
  ///
  /// ```swift
  /// await store.receive(.refreshResponse(items)) { $0.items = items }
  /// ```
  public func receive(
    _ expectedAction: Action,
    timeout duration: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation
  ) async {
    await self.core.receive(
      expected: expectedAction, timeout: duration, assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

/// A convenience for the test store actor of a reducer.
public typealias TestStoreActorOf<R: Reducer> = TestStoreActor<R.State, R.Action>
where R.State: Equatable
