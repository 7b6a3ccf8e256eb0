extension Store {
  /// A store running a reducer value, as stores were made before reducer builders.
  ///
  /// ```swift
  /// let store = Store(initialState: Counter.State(), reducer: Counter())
  /// ```
  public convenience init<R: Reducer<State, Action>>(initialState: State, reducer: R) {
    self.init(initialState: initialState) { reducer }
  }

  /// A store running a closure reducer with its environment.
  ///
  /// ```swift
  /// let store = Store(
  ///   initialState: AppState(),
  ///   reducer: appReducer,
  ///   environment: AppEnvironment(api: .live)
  /// )
  /// ```
  public convenience init<Environment>(
    initialState: State,
    reducer: AnyReducer<State, Action, Environment>,
    environment: Environment
  ) {
    self.init(initialState: initialState) { Reduce(reducer, environment: environment) }
  }

  /// A store running a closure reducer that needs no environment.
  ///
  /// ```swift
  /// let store = Store(initialState: AppState(), reducer: appReducer)
  /// ```
  public convenience init(initialState: State, reducer: AnyReducer<State, Action, Void>) {
    self.init(initialState: initialState, reducer: reducer, environment: ())
  }
}

extension TestStore {
  /// A test store running a reducer value.
  ///
  /// ```swift
  /// let store = TestStore(initialState: Counter.State(), reducer: Counter())
  /// ```
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    reducer: R,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      initialState: initialState(), reducer: { reducer },
      fileID: fileID, file: filePath, line: line, column: column
    )
  }

  /// A test store running a closure reducer with its environment, where the environment's
  /// endpoints are the test's doubles.
  ///
  /// ```swift
  /// let store = TestStore(
  ///   initialState: SettingsState(),
  ///   reducer: settingsReducer,
  ///   environment: SettingsEnvironment(userNotifications: .authorized)
  /// )
  /// ```
  ///
  /// The environment can be changed between steps with an `.environment` step of
  /// `store.assert(…)`; later actions see the change.
  public convenience init<Environment>(
    initialState: @autoclosure () -> State,
    reducer: AnyReducer<State, Action, Environment>,
    environment: Environment,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let box = EnvironmentBox(environment)
    self.init(
      initialState: initialState(),
      reducer: { Reduce { state, action in reducer.run(&state, action, box.value) } },
      fileID: fileID, file: filePath, line: line, column: column
    )
    self.environment = box
  }
}

/// The environment a ``TestStore`` made from an ``AnyReducer`` runs it with.
protocol TestStoreEnvironment: AnyObject {
  /// The environment's type, as the test should name it.
  var typeName: String { get }
}

/// Holds the environment of a test store, so that steps can change it between actions. Both the
/// reducer, which reads it, and the steps, which change it, run on the main actor.
final class EnvironmentBox<Environment>: TestStoreEnvironment, @unchecked Sendable {
  // Unchecked: `value` is read and written on the main actor only (see above); the legacy
  // environment types it holds are not `Sendable`.
  var value: Environment

  init(_ value: Environment) {
    self.value = value
  }

  var typeName: String { String(reflecting: Environment.self) }
}
