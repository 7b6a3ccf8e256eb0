import CasePaths
import Foundation

/// The name of ``Reducer`` before TCA 1.0.
///
/// ```swift
/// struct Counter: ReducerProtocol {
///   struct State: Equatable { var count = 0 }
///   enum Action { case increment }
///   func reduce(into state: inout State, action: Action) -> EffectTask<Action> {
///     state.count += 1
///     return .none
///   }
/// }
/// ```
public typealias ReducerProtocol = Reducer

/// The name of ``ReducerOf`` before TCA 1.0.
public typealias ReducerProtocolOf<R: Reducer> = Reducer<R.State, R.Action>

/// The name of `AnyCasePath` in swift-case-paths before 1.0, as seed-era reducers spell it:
/// `action: CasePath<AppAction, CounterAction>`.
@available(*, deprecated, renamed: "AnyCasePath")
public typealias CasePath<Root, Value> = AnyCasePath<Root, Value>

/// The name of ``Effect`` before TCA 1.0.
public typealias EffectTask<Action> = Effect<Action>

/// The name of ``BindingAction`` in the form-actions era: an action that writes a value at a key
/// path of the state.
///
/// ```swift
/// case form(FormAction<State>)
/// // …
/// store.send(.form(.set(\.displayName, "Blob")))
/// ```
public typealias FormAction<Root> = BindingAction<Root>

extension BindingAction {
  /// An action that writes `value` at `keyPath`; the same as ``set(_:_:)-4v0zr``.
  ///
  /// ```swift
  /// .form(.init(\.displayName, "Blob"))
  /// ```
  public init<Value: Equatable & Sendable>(
    _ keyPath: _SendableWritableKeyPath<Root, Value>,
    _ value: Value
  ) {
    self.init(keyPath: keyPath, value: value)
  }
}

/// The result of an async operation, with an untyped error: what effects sent back before typed
/// throws.
///
/// ```swift
/// return .run { send in
///   await send(.response(TaskResult { try await api.fetch() }))
/// }
/// ```
///
/// Two failures are equal when their errors are: equal values of the same `Equatable` error type,
/// or otherwise errors with the same domain and code.
public enum TaskResult<Success: Sendable>: Sendable {
  case success(Success)
  case failure(any Error)

  /// The result of running `body`: its value, or the error it threw.
  public init(catching body: @Sendable () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }

  /// The same outcome as a `Result`.
  public init<Failure>(_ result: Result<Success, Failure>) {
    switch result {
    case let .success(value): self = .success(value)
    case let .failure(error): self = .failure(error)
    }
  }

  /// The value, or the error thrown.
  public var value: Success {
    get throws {
      switch self {
      case let .success(value): return value
      case let .failure(error): throw error
      }
    }
  }

  /// Transforms the value of a success.
  public func map<NewSuccess>(_ transform: (Success) -> NewSuccess) -> TaskResult<NewSuccess> {
    switch self {
    case let .success(value): return .success(transform(value))
    case let .failure(error): return .failure(error)
    }
  }

  /// Transforms the value of a success into another result.
  public func flatMap<NewSuccess>(
    _ transform: (Success) -> TaskResult<NewSuccess>
  ) -> TaskResult<NewSuccess> {
    switch self {
    case let .success(value): return transform(value)
    case let .failure(error): return .failure(error)
    }
  }
}

extension Result where Success: Sendable, Failure == any Error {
  /// The same outcome as a `TaskResult`: the bridge for code moving from `TaskResult` to
  /// `Result`.
  ///
  /// ```swift
  /// let result = Result(TaskResult { try await api.fetch() })
  /// ```
  @available(*, message: "Send 'Result' from effects instead of 'TaskResult'.")
  public init(_ result: TaskResult<Success>) {
    switch result {
    case let .success(value): self = .success(value)
    case let .failure(error): self = .failure(error)
    }
  }
}

extension TaskResult: CasePathable {
  /// The case paths of a task result, so that `\.response.success` names a successful response.
  ///
  /// ```swift
  /// await store.receive(\.response.success) { $0.fact = "42 is a number" }
  /// ```
  public struct AllCasePaths: Sendable {
    /// The value of a success.
    public var success: AnyCasePath<TaskResult, Success> {
      AnyCasePath(
        embed: { .success($0) },
        extract: {
          guard case let .success(value) = $0 else { return nil }
          return value
        }
      )
    }

    /// The error of a failure.
    public var failure: AnyCasePath<TaskResult, any Error> {
      AnyCasePath(
        embed: { .failure($0) },
        extract: {
          guard case let .failure(error) = $0 else { return nil }
          return error
        }
      )
    }
  }

  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension TaskResult: Equatable where Success: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case let (.success(lhs), .success(rhs)):
      return lhs == rhs
    case let (.failure(lhs), .failure(rhs)):
      return errorsAreEqual(lhs, rhs)
    default:
      return false
    }
  }
}

extension TaskResult: Hashable where Success: Hashable {
  public func hash(into hasher: inout Hasher) {
    switch self {
    case let .success(value):
      hasher.combine(0)
      hasher.combine(value)
    case let .failure(error):
      hasher.combine(1)
      let error = error as NSError
      hasher.combine(error.domain)
      hasher.combine(error.code)
    }
  }
}

func errorsAreEqual(_ lhs: any Error, _ rhs: any Error) -> Bool {
  func open<E: Error & Equatable>(_ lhs: E) -> Bool {
    (rhs as? E).map { lhs == $0 } ?? false
  }
  if let lhs = lhs as? any Error & Equatable {
    return open(lhs)
  }
  let lhs = lhs as NSError
  let rhs = rhs as NSError
  return lhs.domain == rhs.domain && lhs.code == rhs.code
}
