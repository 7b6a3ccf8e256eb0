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
  public convenience init<Environment>(
    initialState: @autoclosure () -> State,
    reducer: AnyReducer<State, Action, Environment>,
    environment: Environment,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      initialState: initialState(), reducer: { Reduce(reducer, environment: environment) },
      fileID: fileID, file: filePath, line: line, column: column
    )
  }
}
