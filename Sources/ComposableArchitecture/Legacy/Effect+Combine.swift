#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

extension Publisher where Failure == Never {
  /// Turns a publisher that cannot fail into an effect, as effects were built before
  /// ``Effect/publisher(_:)``.
  ///
  /// ```swift
  /// return environment.userNotifications.getNotificationSettings()
  ///   .receive(on: environment.mainQueue)
  ///   .map(Action.notificationSettingsResponse)
  ///   .eraseToEffect()
  /// ```
  ///
  /// The effect behaves as ``Effect/publisher(_:)`` does, which is the spelling of TCA 1.x: what
  /// the publisher emits on the main thread is processed right away.
  public func eraseToEffect() -> Effect<Output> {
    Effect.publisher { self }
  }

  /// Turns a publisher that cannot fail into an effect, transforming each value into an action.
  ///
  /// ```swift
  /// return environment.settings().eraseToEffect(Action.settingsResponse)
  /// ```
  public func eraseToEffect<T>(_ transform: @escaping (Output) -> T) -> Effect<T> {
    Effect.publisher { self.map(transform) }
  }
}

extension Publisher {
  /// Turns a publisher into an effect of results: each value as a success, and a failure as a
  /// last `.failure`.
  ///
  /// ```swift
  /// return environment.request(id)
  ///   .catchToEffect()
  ///   .map(Action.response)
  /// ```
  public func catchToEffect() -> Effect<Result<Output, Failure>> {
    Effect.publisher {
      self
        .map { Result<Output, Failure>.success($0) }
        .catch { Just(Result<Output, Failure>.failure($0)) }
    }
  }

  /// Turns a publisher into an effect, transforming each value, and a failure, as a result into
  /// an action.
  ///
  /// ```swift
  /// return environment.request(state.id, state.isFavorite)
  ///   .receive(on: environment.mainQueue)
  ///   .mapError(FavoriteError.init)
  ///   .catchToEffect(FavoriteAction.response)
  ///   .cancellable(id: FavoriteCancelID(id: state.id), cancelInFlight: true)
  /// ```
  public func catchToEffect<T>(
    _ transform: @escaping (_ result: Result<Output, Failure>) -> T
  ) -> Effect<T> {
    Effect.publisher {
      self
        .map { transform(.success($0)) }
        .catch { Just(transform(.failure($0))) }
    }
  }
}

extension Effect {
  /// An effect that feeds one action back right away; what `Effect(value:)` did before
  /// ``send(_:)``.
  ///
  /// ```swift
  /// return Effect(value: .refresh)
  /// ```
  @available(*, deprecated, message: "Use 'Effect.send(_:)', or call the shared logic directly.")
  public init(value: Action) {
    self = .send(value)
  }

  /// An effect that performs work and feeds nothing back.
  ///
  /// ```swift
  /// return .fireAndForget {
  ///   try await environment.analytics.track("saved")
  /// }
  /// ```
  @available(*, deprecated, message: "Use 'Effect.run { _ in … }', which feeds nothing back unless it calls 'send'.")
  public static func fireAndForget(
    priority: TaskPriority? = nil,
    _ work: @escaping @Sendable () async throws -> Void
  ) -> Self {
    .run(priority: priority) { _ in try await work() }
  }

  /// An effect that performs asynchronous work and feeds back the one action it returns.
  ///
  /// ```swift
  /// return .task {
  ///   .factResponse(await TaskResult { try await environment.fact(count) })
  /// }
  /// ```
  ///
  /// An error thrown by `operation` is turned into an action by `handler`; without a handler it
  /// is reported, as with ``run(priority:name:operation:catch:fileID:filePath:line:column:)``.
  @available(*, deprecated, message: "Use 'Effect.run { send in await send(…) }'.")
  public static func task(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable () async throws -> Action,
    catch handler: (@Sendable (_ error: any Error) async -> Action)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    var catchHandler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)?
    if let handler {
      catchHandler = { error, send in
        let action = await handler(error)
        await send(action)
      }
    }
    return .run(
      priority: priority,
      operation: { send in
        let action = try await operation()
        await send(action)
      },
      catch: catchHandler,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// An effect that feeds back the action a callback is given, the way Combine's `Future` does.
  /// Calling the callback while the effect starts feeds the action back right away.
  ///
  /// ```swift
  /// return .future { callback in
  ///   environment.location.requestAuthorization { status in
  ///     callback(.success(.authorizationResponse(status)))
  ///   }
  /// }
  /// ```
  @available(
    *, deprecated,
    message: "Use 'Effect.run' and call 'send' where the callback was called, waiting for a callback with 'withCheckedContinuation'."
  )
  public static func future(
    _ attemptToFulfill: @escaping (_ callback: @escaping (Result<Action, Never>) -> Void) -> Void
  ) -> Self {
    .publisher { Deferred { Future(attemptToFulfill) } }
  }
}
