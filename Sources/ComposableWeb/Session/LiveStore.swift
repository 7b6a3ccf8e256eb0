#if Web
@_spi(Internals) import ComposableArchitecture

/// A session's store as its views use it: the state is read and actions are sent without
/// waiting, on the actor the session runs on.
///
/// It is a ``StoreActor`` seen from its own actor. A view is a function of one, written as a
/// SwiftUI view of a `Store` is:
///
/// ```swift
/// func counterView(_ store: LiveStoreOf<Counter>) -> Node<Counter.Action> {
///   div {
///     button("−", send: .decrementButtonTapped)
///     span("\(store.count)")
///     button("+", send: .incrementButtonTapped)
///   }
/// }
/// ```
///
/// A live store belongs to the actor it was made on (its `isolation`): use it only there. It is
/// not `Sendable`, so the compiler keeps it from leaving that actor's code, and debug builds
/// stop the program at a use from anywhere else.
@dynamicMemberLookup
public final class LiveStore<State, Action> {
  /// The store, as code elsewhere reaches it: with `await`.
  public let storeActor: StoreActor<State, Action>
  /// For the store of a navigation stack's path, made by `stack(state:action:)`: the store of
  /// the element with an ID, scoped from the feature that holds the stack (a stack's state is not
  /// observable state, so its elements can't be scoped from the path's store).
  var stackElement: ((StackElementID) -> AnyObject?)?

  /// Wraps `storeActor`, which runs on the caller's actor.
  @usableFromInline
  init(_ storeActor: StoreActor<State, Action>) {
    self.storeActor = storeActor
  }

  /// Creates a store that runs a feature on the caller's actor. In a feature's `makeStore`
  /// (see ``LiveFeature``), which is not isolated to an actor, that is the actor of the session
  /// the store is made for (see ``SessionActor``).
  ///
  /// ```swift
  /// let store = LiveStore(initialState: Counter.State()) { Counter() }
  /// ```
  ///
  /// It is inlinable, so that the store's send is specialized for the feature where it is made.
  @inlinable
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> R.State,
    isolation: isolated (any Actor)? = #isolation,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    if isolation != nil {
      self.init(
        StoreActor(
          initialState: initialState(), isolation: isolation, reducer: reducer,
          withDependencies: prepareDependencies))
    } else if let session = LiveStoreIsolation.session {
      // A session's `makeStore` runs on the session's actor: checked here, at run time. (So the
      // feature is made and handed over on one thread.)
      nonisolated(unsafe) let state = initialState()
      nonisolated(unsafe) let feature = reducer()
      nonisolated(unsafe) let prepare = prepareDependencies
      self.init(
        session.assumeIsolated { session in
          StoreActor(
            initialState: state, isolation: session, reducer: { feature },
            withDependencies: prepare)
        })
    } else {
      LiveStoreIsolation.reportOutsideActor()
      self.init(
        StoreActor(
          initialState: initialState(), isolation: nil, reducer: reducer,
          withDependencies: prepareDependencies))
    }
  }

  /// The store, for a use on its actor, which is the caller's: checked in debug builds, where
  /// a use from elsewhere stops the program.
  var onActor: StoreActor<State, Action> {
    #if DEBUG
      self.storeActor.preconditionIsolated(
        "A LiveStore was used off the actor it was made on: use it only there.")
    #endif
    return self.storeActor
  }

  /// Sends an action: the reducer runs at once, and the returned task tracks the effects it
  /// started.
  ///
  /// ```swift
  /// store.send(.incrementButtonTapped)
  /// ```
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    self.onActor.sendOnActor(action)
  }

  /// Reads the current state once, without observing it.
  ///
  /// ```swift
  /// let count = store.withState(\.count)
  /// ```
  public func withState<R>(_ body: (_ state: State) -> R) -> R {
    self.onActor.withStateOnActor(body)
  }

  /// Derives the store of a child feature, cached: scoping twice gives the same store.
  ///
  /// ```swift
  /// component(store.scope(\.counter, action: \.counter), counterView)
  /// ```
  @_disfavoredOverload
  public func scope<ChildState, ChildAction>(
    _ state: KeyPath<State, ChildState>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> LiveStore<ChildState, ChildAction> {
    LiveStore<ChildState, ChildAction>(self.onActor.scopeOnActor(state: state, action: action))
  }

  /// Derives the store of a child feature; the same as ``scope(_:action:)-(KeyPath<State,ChildState>,_)``.
  @_disfavoredOverload
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> LiveStore<ChildState, ChildAction> {
    self.scope(state, action: action)
  }
}

extension LiveStore where State: ObservableState {
  /// The current state, observed: a view that reads it renders again when it is replaced.
  ///
  /// ```swift
  /// let state = store.state
  /// ```
  public var state: State {
    self.onActor.stateOnActor
  }

  /// Reads a property of the state, observed: a view that reads it renders again when it
  /// changes.
  ///
  /// ```swift
  /// span("\(store.count)")
  /// ```
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    self.onActor.readOnActor(keyPath)
  }

  /// Derives the store of an optional child feature: `nil` while the child state is `nil`.
  ///
  /// ```swift
  /// if let detail = store.scope(\.detail, action: \.detail) { component(detail, detailView) }
  /// ```
  public func scope<ChildState, ChildAction>(
    _ state: KeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> LiveStore<ChildState, ChildAction>? {
    self.onActor.scopeOnActor(state: state, action: action).map {
      LiveStore<ChildState, ChildAction>($0)
    }
  }

  /// Derives the store of an optional child feature; the same as ``scope(_:action:)-(KeyPath<State,ChildState?>,_)``.
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> LiveStore<ChildState, ChildAction>? {
    self.scope(state, action: action)
  }

  /// The stores of the elements of an identified array, in order, each cached by its element's
  /// ID: the rows of a `forEach` feature.
  ///
  /// ```swift
  /// for row in store.scope(\.rows, action: \.rows) { component(row, key: "\(row.id)", rowView) }
  /// ```
  public func scope<ElementID, ElementState, ElementAction>(
    _ state: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action: CaseKeyPath<Action, IdentifiedAction<ElementID, ElementAction>>
  ) -> LiveStoreCollection<ElementID, ElementState, ElementAction> {
    LiveStoreCollection(stores: self.onActor.scopeOnActor(state: state, action: action))
  }

  /// The stores of the elements of an identified array; the same as
  /// ``scope(_:action:)-(KeyPath<State,IdentifiedArray<ElementID,ElementState>>,_)``.
  public func scope<ElementID, ElementState, ElementAction>(
    state: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action: CaseKeyPath<Action, IdentifiedAction<ElementID, ElementAction>>
  ) -> LiveStoreCollection<ElementID, ElementState, ElementAction> {
    self.scope(state, action: action)
  }
}

extension LiveStore where State: ObservableState, Action: BindableAction, Action.State == State {
  /// Reads a field of the state, and writes it by sending a binding action, which
  /// `BindingReducer` applies.
  ///
  /// ```swift
  /// store.displayName = "Blob"   // sends .binding(.set(\.displayName, "Blob"))
  /// ```
  @_disfavoredOverload
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, Value>
  ) -> Value {
    // Disfavored so that a read takes the read-only subscript: this one's key path names the
    // property's setter, which for a `@Shared` property is deprecated (and warns at every read).
    get { self[dynamicMember: keyPath as KeyPath<State, Value>] }
    set { self.onActor.sendBindingOnActor(keyPath, newValue) { .binding($0) } }
  }
}

extension LiveStore
where
  State: ObservableState, Action: ViewAction, Action.ViewAction: BindableAction,
  Action.ViewAction.State == State
{
  /// Reads a field of the state, and writes it by sending a view action holding a binding
  /// action: `.view(.binding(.set(\.field, value)))`.
  ///
  /// ```swift
  /// store.displayName = "Blob"
  /// ```
  @_disfavoredOverload
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, Value>
  ) -> Value {
    // Disfavored so that a read takes the read-only subscript: this one's key path names the
    // property's setter, which for a `@Shared` property is deprecated (and warns at every read).
    get { self[dynamicMember: keyPath as KeyPath<State, Value>] }
    set { self.onActor.sendBindingOnActor(keyPath, newValue) { .view(.binding($0)) } }
  }
}

extension LiveStore: Hashable {
  /// Two live stores are equal when they show the same store.
  public static func == (lhs: LiveStore, rhs: LiveStore) -> Bool {
    lhs.storeActor === rhs.storeActor
  }

  /// Hashes the store's identity.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self.storeActor))
  }
}

/// A convenience for the live store of a reducer.
public typealias LiveStoreOf<R: Reducer> = LiveStore<R.State, R.Action>

/// The live stores of the elements of an identified array, in order: what
/// ``LiveStore/scope(_:action:)-(KeyPath<State,IdentifiedArray<ElementID,ElementState>>,_)``
/// returns.
public struct LiveStoreCollection<ID: Hashable & Sendable, State, Action>: RandomAccessCollection {
  let stores: _StoreActorCollection<ID, State, Action>

  /// The first row's position.
  public var startIndex: Int { 0 }
  /// The position after the last row.
  public var endIndex: Int { self.stores.endIndex }

  /// The store of the element at a position.
  public subscript(position: Int) -> LiveStore<State, Action> {
    LiveStore(self.stores[position])
  }
}

/// The actor of the session whose store is being made, for stores made outside any actor.
@usableFromInline
enum LiveStoreIsolation {
  @TaskLocal static var current: (any Actor)?

  @usableFromInline
  static var session: (any Actor)? { current }

  @usableFromInline
  static func reportOutsideActor() {
    reportIssue(
      """
      A LiveStore was made outside any actor and outside a session's "makeStore": it runs on an \
      actor of its own and can't be used synchronously. Make it on the actor that uses it, \
      such as the main actor in a test.
      """)
  }
}
#endif  // Web
