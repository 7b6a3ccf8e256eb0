import IssueReporting

extension TestStore {
  /// One step of a test written as a list, the way tests were written before `async` tests:
  /// send an action, receive one, change the environment, or do some work such as advancing a
  /// scheduler.
  ///
  /// ```swift
  /// store.assert(
  ///   .send(.form(.set(\.displayName, "Blob"))) {
  ///     $0.displayName = "Blob"
  ///   },
  ///   .send(.favorite(.buttonTapped)) {
  ///     $0.isFavorite = true
  ///   },
  ///   .do { scheduler.advance() },
  ///   .receive(.favorite(.response(.success(true))))
  /// )
  /// ```
  ///
  /// Each step that fails reports the failure where the step is written.
  @MainActor
  public struct Step {
    fileprivate let perform: @MainActor (TestStore) -> Void

    fileprivate init(_ perform: @escaping @MainActor (TestStore) -> Void) {
      self.perform = perform
    }

    /// Sends an action and asserts how it changes the state, as `store.send` does from a
    /// synchronous test. What the action's publisher effects emit right away is received before
    /// the next step.
    ///
    /// ```swift
    /// .send(.incrementButtonTapped) { $0.count = 1 }
    /// ```
    public static func send(
      _ action: Action,
      assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
      fileID: StaticString = #fileID,
      file filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) -> Step {
      Step { store in
        store.send(
          action, assert: updateStateToExpectedResult,
          fileID: fileID, file: filePath, line: line, column: column
        )
      }
    }

    /// Changes the environment the store runs its ``AnyReducer`` with; the actions sent after it
    /// see the change.
    ///
    /// ```swift
    /// .environment { (environment: inout FavoriteEnvironment) in
    ///   environment.request = { _, _ in Fail(error: ApiError()).eraseToAnyPublisher() }
    /// }
    /// ```
    ///
    /// The store must have been made with `TestStore(initialState:reducer:environment:)` and an
    /// environment of this type, which the closure names: its type cannot be inferred from the
    /// members the closure sets.
    public static func environment<Environment>(
      _ update: @escaping (_ environment: inout Environment) throws -> Void,
      fileID: StaticString = #fileID,
      file filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) -> Step {
      Step { store in
        guard let box = store.environment as? EnvironmentBox<Environment> else {
          let actual =
            store.environment.map { "an environment of type \"\($0.typeName)\"" }
            ?? "no environment"
          reportIssue(
            """
            An ".environment" step changes an environment of type \
            "\(String(reflecting: Environment.self))", but the store runs with \(actual).

            Only a store made with "TestStore(initialState:reducer:environment:)" has an \
            environment, and the step must name its type.
            """,
            fileID: fileID, filePath: filePath, line: line, column: column
          )
          return
        }
        do {
          try update(&box.value)
        } catch {
          reportIssue(
            "An \".environment\" step threw an error: \(error)",
            fileID: fileID, filePath: filePath, line: line, column: column
          )
        }
      }
    }

    /// Does some work between steps, such as advancing a test scheduler or checking a value.
    ///
    /// ```swift
    /// .do { scheduler.advance(by: .seconds(1)) }
    /// ```
    public static func `do`(
      _ work: @escaping () throws -> Void,
      fileID: StaticString = #fileID,
      file filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) -> Step {
      Step { _ in
        do {
          try work()
        } catch {
          reportIssue(
            "A \".do\" step threw an error: \(error)",
            fileID: fileID, filePath: filePath, line: line, column: column
          )
        }
      }
    }

    /// Runs several steps in order, so that a list of steps can be built up and reused.
    ///
    /// ```swift
    /// let signIn: [TestStore<AppState, AppAction>.Step] = [
    ///   .send(.signInTapped) { $0.isSigningIn = true },
    ///   .do { scheduler.advance() },
    /// ]
    /// store.assert(.sequence(signIn), .send(.signOutTapped))
    /// ```
    public static func sequence(_ steps: [Step]) -> Step {
      Step { store in
        for step in steps {
          step.perform(store)
        }
      }
    }
  }

  /// Runs a list of steps in order, right away, on the main actor: each step sends an action,
  /// checks one the store received, changes the environment or does some work in between.
  ///
  /// ```swift
  /// store.assert(
  ///   .send(.form(.set(\.displayName, "Blob"))) {
  ///     $0.displayName = "Blob"
  ///   },
  ///   .send(.form(.set(\.displayName, "Blob McBlob, Esq."))) {
  ///     $0.displayName = "Blob McBlob, Esq"
  ///   }
  /// )
  /// ```
  ///
  /// Nothing waits: what an effect has not sent by the time a `.receive` step runs has not been
  /// received. Effects driven by a test scheduler are moved forward with a `.do` step that
  /// advances it; for effects that take real time, prefer `await store.send` and
  /// `await store.receive`, which wait.
  public func assert(_ steps: Step...) {
    self.assert(steps)
  }

  /// Runs an array of steps in order, right away, on the main actor.
  ///
  /// ```swift
  /// store.assert([
  ///   .send(.incrementButtonTapped) { $0.count = 1 },
  ///   .send(.decrementButtonTapped) { $0.count = 0 },
  /// ])
  /// ```
  public func assert(_ steps: [Step]) {
    for step in steps {
      step.perform(self)
    }
  }
}

extension TestStore.Step where Action: Equatable {
  /// Asserts that the store received `expectedAction` next from an effect, and how it changed
  /// the state, without waiting: the action must already have arrived.
  ///
  /// ```swift
  /// .receive(.notificationSettingsResponse(settings)) {
  ///   $0.sendNotifications = true
  /// }
  /// ```
  public static func receive(
    _ expectedAction: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    Self { store in
      let matches: (Action) -> Bool = { $0 == expectedAction }
      guard store.hasReceivedAction(matching: matches) else {
        let running = store.reducer.inFlightEffects.value.count
        reportIssue(
          """
          Expected to have received \
          \(store.exhaustivity == .on ? "an action" : "a matching action"), but none had \
          arrived.

          A ".receive" step does not wait. \(
            running == 0
            ? "No effect is running that could send it: was the effect that sends it cancelled, or did it never start?"
            : "Effects are still running: if the one that sends this action waits on a scheduler, advance the scheduler in a \".do\" step before this one, or use \"await store.receive\", which waits."
          )
          """,
          fileID: fileID, filePath: filePath, line: line, column: column
        )
        return
      }
      store.assertReceivedAction(
        matching: matches,
        unexpectedActionDescription: { received in
          differenceDescription(expected: expectedAction, actual: received, actualLabel: "Received")
        },
        update: updateStateToExpectedResult,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    }
  }
}
