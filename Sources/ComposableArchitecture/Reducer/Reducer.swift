/// A unit of feature logic: it evolves `State` for each `Action` and returns an ``Effect`` for the
/// store to run.
///
/// Implement either ``body-swift.property``, to compose other reducers, or
/// ``reduce(into:action:)-1t2ri``, to write the logic by hand:
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementButtonTapped, decrementButtonTapped }
///
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       switch action {
///       case .incrementButtonTapped:
///         state.count += 1
///         return .none
///       case .decrementButtonTapped:
///         state.count -= 1
///         return .none
///       }
///     }
///   }
/// }
/// ```
///
/// > Important: If a type implements both, `reduce(into:action:)` wins and `body` is ignored.
public protocol Reducer<State, Action> {
  /// The state the reducer evolves.
  associatedtype State

  /// The actions the reducer handles.
  associatedtype Action

  /// The type of the composed reducer returned by ``body-swift.property``.
  associatedtype Body

  /// Evolves the state for an action and returns the effects to run.
  ///
  /// > Note: Don't call this from your own code: compose reducers in `body` instead, and let the
  /// > store run them.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The entry point the runtime calls. It forwards to ``body-swift.property`` or
  /// ``reduce(into:action:)-1t2ri``.
  func _reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducer's logic, composed from other reducers.
  @ReducerBuilder<State, Action>
  var body: Body { get }

  /// The body a store can build once and run for every action, as a ``_StoreBody``: `nil` unless
  /// the reducer's logic is its ``body-swift.property`` alone. `@Reducer` implements it for
  /// reducers that have no ``reduce(into:action:)-1t2ri`` of their own; other reducers have their
  /// body built for each action, as the protocol's default `reduce(into:action:)` does. (It is
  /// typed `Any` so that it plays no part in inferring `State` and `Action` from the body.)
  func _storeBody() -> Any?
}

/// A reducer's body, built once, that a store runs for every action. `@Reducer` makes it.
public final class _StoreBody<State, Action> {
  @usableFromInline
  let reduce: (inout State, Action) -> Effect<Action>

  @inlinable
  public init<Body: Reducer<State, Action>>(_ body: Body) {
    self.reduce = { body._reduce(into: &$0, action: $1) }
  }
}

extension Reducer {
  @inlinable
  public func _storeBody() -> Any? {
    nil
  }
}

extension Reducer where Body == Never {
  /// A non-existent body.
  ///
  /// > Warning: Reaching it is a programmer error: a reducer that doesn't compose a `body` must
  /// > implement ``Reducer/reduce(into:action:)-1t2ri``.
  public var body: Body {
    fatalError(
      """
      '\(Self.self)' has no body. Implement 'reduce(into:action:)' or 'body' for it.
      """
    )
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs the reducer's ``body-swift.property``.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    self.body._reduce(into: &state, action: action)
  }

  @inlinable
  public func _reduce(into state: inout State, action: Action) -> Effect<Action> {
    self.reduce(into: &state, action: action)
  }
}

extension Reducer {
  @inlinable
  public func _reduce(into state: inout State, action: Action) -> Effect<Action> {
    self.reduce(into: &state, action: action)
  }
}

/// A convenience for naming a reducer by the state and action of another, as in
/// `var body: some ReducerOf<Self>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>
