import CasePaths
import Dependencies
import IssueReporting
import Observation
import Perception
import Sharing

/// Runs a feature: it holds the state, sends actions to the reducer, runs the effects the reducer
/// returns, and hands out scoped stores for child features.
///
/// ```swift
/// let store = Store(initialState: Counter.State()) {
///   Counter()
/// }
/// store.send(.incrementButtonTapped)
/// store.withState { print($0.count) }  // 1
/// ```
///
/// > Important: A store lives on the main actor. Actions are processed one at a time, in the
/// > order they are sent; when the root store is deallocated, every effect it started is
/// > cancelled.
@dynamicMemberLookup
@preconcurrency @MainActor
public final class Store<State, Action>: Observable, Perceptible {
  let core: any Core<State, Action>
  @exclusivity(unchecked) var children = ChildStores()
  /// For a store of an identified array, what its element stores hear of replacements through
  /// (an ``ElementFanOut``), once one was scoped.
  var elementFanOutObject: AnyObject?
  /// Who read the state, to tell of changes.
  @exclusivity(unchecked) private var tracking: StoreStateTracking
  private let stateObservation: StateObservation<State>?

  /// Creates a root store from an initial state and a reducer.
  ///
  /// The initial state and the reducer are built with the dependencies set up by
  /// `withDependencies`, and every action and effect of the store sees those dependencies.
  ///
  /// ```swift
  /// let store = Store(initialState: Feature.State()) {
  ///   Feature()
  /// } withDependencies: {
  ///   $0.apiClient = .mock
  /// }
  /// ```
  @inlinable
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    self.init(
      core: RootCore(
        initialState: initialState(), reducer: reducer(), withDependencies: prepareDependencies
      )
    )
  }

  @usableFromInline
  init(core: some Core<State, Action>) {
    self.core = core
    let observation = StateObservation<State>.shared()
    self.stateObservation = observation
    self.tracking = StoreStateTracking({ core.state }, observation: observation)
    if observation != nil {
      // The readers of the state's properties hear of changes from its registrar: the store
      // only needs to hear of the state being replaced.
      core.observeReplacements(self) { [weak self] in self?.rootStateDidChange() }
    }
  }

  /// Sends an action to the store.
  ///
  /// The reducer runs synchronously; the returned task tracks the effects it started:
  ///
  /// ```swift
  /// await store.send(.refresh).finish()
  /// ```
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    StoreTask(rawValue: self.sendToCore(action))
  }

  @_spi(Internals)
  @_disfavoredOverload
  public func send(_ action: Action) -> Task<Void, Never>? {
    self.sendToCore(action)
  }

  func sendToCore(_ action: Action) -> Task<Void, Never>? {
    if self.core.isRootSending {
      reportReentrantSend(action)
    }
    return self.core.send(action)
  }

  /// The current state, without registering observation.
  @_spi(Internals)
  public var currentState: State {
    self.core.state
  }

  /// Reads the current state once, without observing it.
  ///
  /// ```swift
  /// let count = store.withState(\.count)
  /// ```
  public func withState<R>(_ body: (_ state: State) -> R) -> R {
    body(self.currentState)
  }

  /// Derives a store for a child feature from a key path of the state and a case key path of
  /// the action. Child stores are cached: scoping twice gives the same store.
  ///
  /// ```swift
  /// let settingsStore = store.scope(\.settings, action: \.settings)
  /// ```
  ///
  /// This is TCA 1.26's spelling; `scope(state:action:)`, the earlier one, does the same.
  @_disfavoredOverload
  public func scope<ChildState, ChildAction>(
    _ state: KeyPath<State, ChildState>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    let id = ScopeID<State, Action>(state: state, action: action)
    if let child = self.children[id] as? Store<ChildState, ChildAction> {
      return child
    }
    let child = Store<ChildState, ChildAction>(
      core: ScopedCore(base: self.core, toState: state, action: action)
    )
    self.children[id] = child
    return child
  }

  /// Derives a store for a child feature; the same as ``scope(_:action:)-(KeyPath<State,ChildState>,_)``.
  @_disfavoredOverload
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    self.scope(state, action: action)
  }

  /// Derives a store from closures that transform state and actions.
  ///
  /// > Important: Closure-scoped stores cannot be cached. Prefer key paths.
  @available(*, deprecated, message: "Scope with key paths: 'store.scope(state: \\.child, action: \\.child)'.")
  @_disfavoredOverload
  public func scope<ChildState, ChildAction>(
    state toChildState: @escaping (_ state: State) -> ChildState,
    action fromChildAction: @escaping (_ childAction: ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    Store<ChildState, ChildAction>(
      core: ClosureScopedCore(base: self.core, toState: toChildState, fromAction: fromChildAction)
    )
  }

  func rootStateDidChange() {
    self.tracking.stateDidChange(to: self.core.state, observation: self.stateObservation)
  }
}

extension Store where State: ObservableState {
  /// The current state. Reading it in an observation scope registers interest in the state's
  /// identity; the state's own properties report their changes to their readers.
  ///
  /// ```swift
  /// Text("\(store.state.count)")
  /// ```
  public var state: State {
    let state = self.currentState
    self.tracking.registerIdentityReader(of: state)
    return state
  }

  /// Reads a property of the state, observed.
  ///
  /// ```swift
  /// store.count
  /// ```
  ///
  /// A property `@ObservableState` tracks registers its reader itself; any other read (a `let`,
  /// an ignored or computed property) is registered with the state's identity too, as a read of
  /// ``state`` is, so that it is heard when the state is replaced.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    let state = self.currentState
    self.tracking.registerReader(of: keyPath, in: state)
    return state[keyPath: keyPath]
  }

  /// Derives a store for optional child state, or `nil` while the child state is `nil`.
  ///
  /// ```swift
  /// if let childStore = store.scope(state: \.child, action: \.child) {
  ///   ChildView(store: childStore)
  /// }
  /// ```
  ///
  /// The child store keeps the last non-`nil` state it saw, so a view that is being dismissed
  /// can still read it.
  public func scope<ChildState, ChildAction>(
    _ state: KeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, ChildAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Store<ChildState, ChildAction>? {
    self.reportUncachedScope(fileID: fileID, filePath: filePath, line: line, column: column)
    let id = ScopeID<State, Action>(state: state, action: action)
    let generation = SharedValueChanges.generation
    guard let childState = self.state[keyPath: state] else {
      // A dismissed child's store is forgotten, so presenting it again gives a new store.
      self.children[id] = nil
      return nil
    }
    if let child = self.children[id] as? Store<ChildState, ChildAction> {
      return child
    }
    let child = Store<ChildState, ChildAction>(
      core: IfLetCore(
        base: self.core, cachedState: childState, generation: generation, toState: state,
        action: action
      )
    )
    self.children[id] = child
    return child
  }

  /// Derives a store for optional child state; the same as ``scope(_:action:fileID:filePath:line:column:)``.
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, ChildAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Store<ChildState, ChildAction>? {
    self.scope(
      state, action: action, fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

/// Reports an action sent to a store while it processes another.
func reportReentrantSend(_ action: some Any) {
  reportIssue(
    """
    An action was sent to a store while it was still processing another:

      \(debugCaseOutput(action))

    Sending from inside a reducer, or from code observing a state change that the store is \
    making, is reentrant: the action is processed only after the current one. Return an \
    effect instead, for example ".send(action)", or call the shared logic directly.
    """
  )
}

extension RootCore {
  /// The core of a root store: the initial state, the reducer and its body are made with the
  /// dependencies `prepareDependencies` sets up, which every action and effect of the store sees.
  @inlinable
  convenience init(
    initialState: @autoclosure () -> Root.State,
    reducer: @autoclosure () -> Root,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)?,
    isolation: (any Actor)? = nil
  ) {
    // Made inside `withDependencies` even with nothing to prepare: besides binding the
    // dependencies, it marks them as being read rather than set up, which a store made inside
    // another `withDependencies`'s set-up closure would otherwise not be.
    let (initialState, reducer, body, dependencies) = Dependencies.withDependencies(
      prepareDependencies ?? { _ in }
    ) {
      let initialState = initialState()
      let reducer = reducer()
      let bodies = StoreBodies()
      let body =
        bodies.body(of: reducer) ?? reducer._storeBody() as? _StoreBody<Root.State, Root.Action>
      return (initialState, reducer, body, rootStoreDependencies(bodies: bodies))
    }
    self.init(
      initialState: initialState, reducer: reducer, body: body, dependencies: dependencies,
      isolation: isolation, specializedSend: { core, action in core.sendActions(action) }
    )
  }
}

/// The dependencies of a new root store: the current ones, with a navigation path of its own, so
/// that its cancellation IDs don't reach another store's effects, and the bodies its reducers
/// share.
@usableFromInline
func rootStoreDependencies(bodies: StoreBodies) -> DependencyValues {
  var rootDependencies = DependencyValues._current
  rootDependencies.navigationIDPath = rootDependencies.navigationIDPath.appending(NavigationID())
  rootDependencies.storeBodies = bodies
  return rootDependencies
}

/// The property under which readers of a store's whole state are registered, with the state's
/// registrar or the store's. A registrar tells properties apart by key path only, so every store
/// names the same one; a key path of this non-generic type is made once, where one of the generic
/// `Store` would be made on every read.
/// A convenience for the store of a reducer.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>

/// Identifies a child store by the key paths it was scoped with: the typed way to name an entry
/// of a store's ``ChildStores``, which keeps the key paths erased.
struct ScopeID<State, Action> {
  let state: PartialKeyPath<State>
  let action: PartialCaseKeyPath<Action>
}

extension Store: Equatable {
  public nonisolated static func == (lhs: Store, rhs: Store) -> Bool {
    lhs === rhs
  }
}

extension Store: Hashable {
  public nonisolated func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

extension Store: Identifiable {}

extension Store: CustomDebugStringConvertible {
  public nonisolated var debugDescription: String {
    storeTypeName(of: self)
  }
}

/// A readable name for a store's type: `StoreOf<Feature>` when the state and action belong to a
/// reducer, `Store<State, Action>` otherwise.
func storeTypeName<State, Action>(of store: Store<State, Action>) -> String {
  let stateName = typeName(State.self)
  let actionName = typeName(Action.self)
  if stateName.hasSuffix(".State"), actionName.hasSuffix(".Action"),
    stateName.dropLast(".State".count) == actionName.dropLast(".Action".count)
  {
    return "StoreOf<\(stateName.dropLast(".State".count))>"
  }
  if stateName.hasPrefix("Optional<"), stateName.hasSuffix(".State>"),
    actionName.hasSuffix(".Action"),
    stateName.dropFirst("Optional<".count).dropLast(".State>".count)
      == actionName.dropLast(".Action".count)
  {
    return "StoreOf<\(actionName.dropLast(".Action".count))?>"
  }
  return "Store<\(stateName), \(actionName)>"
}

/// Embeds a child store's actions in its parent's through a case key path. The case is looked up
/// the first time an action is sent, and kept: calling the case key path itself would look it up
/// for every action, and looking it up when the store is scoped would cost every scope, sent to
/// or not.
final class ActionEmbedding<Action, ChildAction> {
  private let keyPath: CaseKeyPath<Action, ChildAction>
  private lazy var casePath = AnyCasePath(self.keyPath)

  init(_ keyPath: CaseKeyPath<Action, ChildAction>) {
    self.keyPath = keyPath
  }

  func callAsFunction(_ action: ChildAction) -> Action {
    self.casePath.embed(action)
  }
}
