/// A reducer made of an enum whose cases each hold a feature: an *enum reducer*.
///
/// The `@Reducer` macro on an enum provides the conformance:
///
/// ```swift
/// @Reducer
/// enum Destination {
///   case detail(Detail)
///   case settings(Settings)
/// }
/// ```
///
/// Its `State` and `Action` are enums with a case per feature, its static ``body`` runs each
/// feature's reducer on its own case, and ``scope(_:)`` turns a store of its state into a
/// ``CaseScope`` of child stores, read through ``Store/case``.
public protocol CaseReducer<State, Action>: Reducer
where State: CaseReducerState, Body: Reducer, Body.State == State, Body.Action == Action {
  // Restated, with themselves as defaults, so that associated type inference can take `Body`
  // from a hand-written `static var body: some ReducerOf<Self>`; without this it settles on the
  // `Never` body of reducers that have none, and the enum doesn't conform.
  associatedtype State = State
  associatedtype Action = Action
  associatedtype Body = Body

  /// An enum with one case per feature, each holding that feature's store.
  associatedtype CaseScope: _CaseScopeProtocol

  /// The reducer of the whole enum.
  @ReducerBuilder<State, Action>
  static var body: Body { get }

  /// Destructures a store of the enum's state into a store of the active case.
  @preconcurrency @MainActor
  static func scope(_ store: Store<State, Action>) -> CaseScope
}

extension CaseReducer {
  /// The enum's reducer, ``body``.
  public var body: Body {
    Self.body
  }
}

/// The `State` of an enum reducer, linked back to its reducer.
///
/// ```swift
/// store.scope(state: \.destination, action: \.destination)?.case   // Destination.CaseScope
/// ```
public protocol CaseReducerState {
  /// The enum reducer this state belongs to.
  associatedtype StateReducer: CaseReducer where StateReducer.State == Self
}

/// A marker for the `CaseScope` enums that `@Reducer` generates.
public protocol _CaseScopeProtocol {}

extension Store where State: CaseReducerState, State.StateReducer.Action == Action {
  /// The store's state as an enum of child stores, one per case, to switch on:
  ///
  /// ```swift
  /// switch store.case {
  /// case let .detail(store): DetailView(store: store)
  /// case let .settings(store): SettingsView(store: store)
  /// }
  /// ```
  ///
  /// Reading it observes which case is active.
  public var `case`: State.StateReducer.CaseScope {
    State.StateReducer.scope(self)
  }
}
