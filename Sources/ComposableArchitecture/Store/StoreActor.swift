import CasePaths
import Dependencies
import IssueReporting
import Observation
import Perception
import Sharing

/// A store that runs its feature on an actor of your choosing rather than on the main actor.
///
/// It runs the same features as ``Store``: reducers, effects, dependencies, cancellation,
/// bindings, `@Shared` state and scoping work alike. Code elsewhere awaits it; code on the
/// store's actor reaches it without suspending, through `assumeIsolated`:
///
/// ```swift
/// let store = StoreActor(initialState: Counter.State()) {
///   Counter()
/// }
/// await store.send(.incrementButtonTapped).finish()
/// let count = await store.state.count
///
/// // On the store's actor:
/// store.assumeIsolated { store in
///   store.send(.incrementButtonTapped)
/// }
/// ```
///
/// The store runs on the actor that creates it (its `isolation` parameter, `#isolation` by
/// default), sharing that actor's executor, so that code isolated to that actor reaches the
/// store without waiting. Created where no actor is, it runs on an actor of its own. Scoped stores
/// run where their parent does.
///
/// An effect's ``Send`` is main-actor isolated, as in TCA 1.x, so an action an effect sends passes
/// through the main actor on its way to the store: a program that uses effects lets the main
/// actor run, as any `async` `main` does. Reducing, scoping, reading state and observing happen on
/// the store's actor.
@dynamicMemberLookup
public actor StoreActor<State, Action>: Observable, Perceptible {
  // The core, the children and the tracking are the actor's state, used only on its executor;
  // they are `nonisolated(unsafe)` so that the `…OnActor` entry points below, for code on that
  // executor that the compiler can't see is (a non-`Sendable` type made there), reach them
  // without a check of the executor or a `Sendable` result on every read.
  nonisolated(unsafe) let core: any Core<State, Action>
  /// The actor whose executor the store runs on.
  let isolation: any Actor
  nonisolated(unsafe) var children = ChildStores()
  /// For a store of an identified array, what its element stores hear of replacements through
  /// (an ``ElementFanOut``), once one was scoped.
  nonisolated(unsafe) var elementFanOutObject: AnyObject?
  /// Who read the state, to tell of changes. (Confined to the actor, as `Store`'s is to the main
  /// actor, so it skips dynamic exclusivity checks as that one does.)
  @exclusivity(unchecked) nonisolated(unsafe) private var tracking: StoreStateTracking
  nonisolated(unsafe) private let stateObservation: StateObservation<State>?

  /// Creates a store that runs a feature on the caller's actor, or on an actor of its own when
  /// the caller is not isolated to one.
  ///
  /// ```swift
  /// actor Session {
  ///   var store: StoreActor<App.State, App.Action>?
  ///
  ///   func start() {
  ///     self.store = StoreActor(initialState: App.State(), isolation: self) { App() }
  ///   }
  /// }
  /// ```
  // Inlinable, as `Store`'s is, so that the core's send is specialized for the feature where the
  // store is made.
  @inlinable
  public init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> R.State,
    isolation: isolated (any Actor)? = #isolation,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    let isolation: any Actor = isolation ?? StoreIsolation()
    let core = RootCore(
      initialState: initialState(), reducer: reducer(), withDependencies: prepareDependencies,
      isolation: isolation
    )
    self.init(core: UncheckedSendable(core), isolation: isolation)
  }

  /// A store for `core`, which runs on `isolation`. (The core is confined to that isolation, which
  /// the new store shares, so handing it over is safe.)
  @usableFromInline
  init(core: UncheckedSendable<any Core<State, Action>>, isolation: any Actor) {
    let core = core.value
    self.core = core
    self.isolation = isolation
    let observation = StateObservation<State>.shared()
    self.stateObservation = observation
    self.tracking = StoreStateTracking({ core.state }, observation: observation)
    if observation != nil {
      // The core tells of changes on its actor, the store's. The readers of the state's
      // properties hear of changes from its registrar: the store only needs to hear of the
      // state being replaced.
      core.observeReplacements(self) { [weak self] in self?.rootStateDidChange() }
    }
  }

  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    self.isolation.unownedExecutor
  }

  /// Sends an action to the store: the reducer runs at once, and the returned task tracks the
  /// effects it started.
  ///
  /// ```swift
  /// await store.send(.refresh).finish()
  /// ```
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    self.sendOnActor(action)
  }

  /// Reads the current state once, without observing it.
  ///
  /// ```swift
  /// let count = await store.withState(\.count)
  /// ```
  public func withState<R>(_ body: (_ state: State) -> R) -> R {
    self.withStateOnActor(body)
  }

  /// The current state.
  ///
  /// ```swift
  /// let state = await store.state
  /// ```
  public var state: State {
    self.core.state
  }

  /// Derives a store for a child feature, which runs on the same actor. Child stores are cached:
  /// scoping twice gives the same store.
  ///
  /// ```swift
  /// let counter = await store.scope(state: \.counter, action: \.counter)
  /// ```
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> StoreActor<ChildState, ChildAction> {
    self.scopeOnActor(state: state, action: action)
  }

  /// Derives a store for an optional child feature: `nil` while the child state is.
  ///
  /// ```swift
  /// if let detail = await store.scope(state: \.detail, action: \.detail) { … }
  /// ```
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> StoreActor<ChildState, ChildAction>? {
    self.scopeOnActor(state: state, action: action)
  }

  private nonisolated func rootStateDidChange() {
    self.tracking.stateDidChange(to: self.core.state, observation: self.stateObservation)
  }
}

// MARK: - Objects the store keeps for its features

extension StoreActor {
  /// Keeps `object` with this store, for its reducers and effects to find by its type with
  /// `DependencyValues.storeObject(_:)`, in every scope of the store: how a library gives a
  /// store's features something of the store's own without adding to every store's
  /// dependencies. (A ComposableWeb session has its store keep what the feature's effects push
  /// to its page.) A store whose reducer sets its own dependencies keeps nothing.
  ///
  /// ```swift
  /// let store = StoreActor(initialState: Feature.State()) { Feature() }
  /// store.keep(tracker)   // effects: DependencyValues._current.storeObject(Tracker.self)
  /// ```
  @usableFromInline
  package nonisolated func keep<T: AnyObject & Sendable>(_ object: T) {
    self.core.root.storeBodies?.keep(object)
  }
}

// MARK: - On the store's actor, unchecked

extension StoreActor {
  /// ``send(_:)``, for code on the store's actor that the compiler can't see is there (such as a
  /// non-`Sendable` type made on it). It is not checked: call it nowhere else.
  @_spi(Internals)
  public nonisolated func sendOnActor(_ action: Action) -> StoreTask {
    if self.core.isRootSending {
      reportReentrantSend(action)
    }
    return StoreTask(rawValue: self.core.send(action))
  }

  /// Writes `value` at `keyPath` by sending the binding action `embed` makes, as a `Store`'s
  /// `store.field = value` does: a write no reducer applies is reported, and a write to state
  /// that is gone is dropped. For code on the store's actor; not checked.
  @_spi(Internals)
  public nonisolated func sendBindingOnActor<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value>,
    _ value: Value,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    embed: (BindingAction<State>) -> Action
  ) {
    sendBinding(
      keyPath, value, to: self.core, send: { _ = self.sendOnActor($0) },
      fileID: fileID, filePath: filePath, line: line, column: column, embed: embed
    )
  }

  /// ``withState(_:)``, for code on the store's actor; not checked.
  @_spi(Internals)
  public nonisolated func withStateOnActor<R>(_ body: (_ state: State) -> R) -> R {
    body(self.core.state)
  }

  /// ``scope(state:action:)-(KeyPath<State,ChildState>,_)``, for code on the store's actor; not
  /// checked.
  @_spi(Internals)
  public nonisolated func scopeOnActor<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> StoreActor<ChildState, ChildAction> {
    let id = ScopeID<State, Action>(state: state, action: action)
    if let child = self.children[id] as? StoreActor<ChildState, ChildAction> {
      return child
    }
    let child = StoreActor<ChildState, ChildAction>(
      core: UncheckedSendable(ScopedCore(base: self.core, toState: state, action: action)),
      isolation: self.isolation
    )
    self.children[id] = child
    return child
  }

  /// ``scope(state:action:)-(KeyPath<State,ChildState?>,_)``, for code on the store's actor; not
  /// checked.
  @_spi(Internals)
  public nonisolated func scopeOnActor<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> StoreActor<ChildState, ChildAction>? {
    let id = ScopeID<State, Action>(state: state, action: action)
    let generation = SharedValueChanges.generation
    guard let childState = self.core.state[keyPath: state] else {
      // A dismissed child's store is forgotten, so presenting it again gives a new store.
      self.children[id] = nil
      return nil
    }
    if let child = self.children[id] as? StoreActor<ChildState, ChildAction> {
      return child
    }
    let child = StoreActor<ChildState, ChildAction>(
      core: UncheckedSendable(
        IfLetCore(
          base: self.core, cachedState: childState, generation: generation, toState: state,
          action: action
        )
      ),
      isolation: self.isolation
    )
    self.children[id] = child
    return child
  }
}

extension StoreActor where State: ObservableState {
  /// The current state, registering its reader as ``Store/state`` does.
  ///
  /// ```swift
  /// let state = await store.state
  /// ```
  public var state: State {
    self.stateOnActor
  }

  /// Reads a property of the state, registering its reader as ``Store`` does.
  ///
  /// ```swift
  /// let count = await store.count
  /// ```
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value> & Sendable) -> Value {
    self.readOnActor(keyPath)
  }

  /// ``state``, for code on the store's actor; not checked.
  @_spi(Internals)
  public nonisolated var stateOnActor: State {
    let state = self.core.state
    self.tracking.registerIdentityReader(of: state)
    return state
  }

  /// ``subscript(dynamicMember:)``, for code on the store's actor; not checked.
  @_spi(Internals)
  public nonisolated func readOnActor<Value>(_ keyPath: KeyPath<State, Value>) -> Value {
    let state = self.core.state
    self.tracking.registerReader(of: keyPath, in: state)
    return state[keyPath: keyPath]
  }
}

/// The actor a ``StoreActor`` made where no actor is runs on.
@usableFromInline
actor StoreIsolation {
  @usableFromInline
  init() {}
}
