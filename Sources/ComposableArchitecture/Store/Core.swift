#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif
import ConcurrencyExtras
import Dependencies
import Foundation
import IssueReporting

/// The engine behind a store: where state lives and how actions reach the root reducer.
///
/// A root store owns a ``RootCore``; scoped stores own cores that read their state through the
/// parent's and embed their actions into the parent's.
@MainActor
@usableFromInline
protocol Core<State, Action>: AnyObject, Sendable {
  associatedtype State
  associatedtype Action

  var state: State { get }
  func send(_ action: Action) -> Task<Void, Never>?
  /// The root of the core tree, which runs the reducer and notifies observers.
  var root: any RootCoreProtocol { get }
  /// Whether a store with this core can cache the stores scoped from it: not when it, or a core
  /// it derives from, was scoped with closures. See `ChildStoreCaching.swift`.
  var canStoreCacheChildren: Bool { get }
  /// Whether the state this core reads still exists in the root: `false` below a child of
  /// optional state that is gone. A binding's write to such a store is dropped.
  var isPresent: Bool { get }
  /// Calls `didChange` after every change of root state, for as long as `observer` is alive.
  ///
  /// Observation follows the tree of cores: the root tells its own observers, among which the
  /// cores scoped from it, each of which tells its own; a scoped core observes its parent only
  /// once it has an observer. While a core tells its observers, it holds its state, so that
  /// they, and the cores scoped from it, read it without going up to the root.
  func observe(_ observer: AnyObject, didChange: @escaping @MainActor () -> Void)
}

@MainActor
@usableFromInline
protocol RootCoreProtocol: AnyObject {
  /// Whether the root is in the middle of processing actions.
  var isSending: Bool { get }
}

/// The observers of a core, each held weakly.
@MainActor
@usableFromInline
struct CoreObservers {
  @usableFromInline var observers: [Observer] = []
  private var purgeThreshold = 16

  @usableFromInline
  init() {}

  @usableFromInline
  var isEmpty: Bool { self.observers.isEmpty }

  mutating func add(_ observer: AnyObject, didChange: @escaping @MainActor () -> Void) {
    // Observers that went away are dropped here too, so a store that receives no actions
    // while views come and go doesn't collect them.
    if self.observers.count >= self.purgeThreshold {
      self.observers.removeAll { $0.object == nil }
      self.purgeThreshold = max(16, self.observers.count * 2)
    }
    self.observers.append(Observer(object: observer, didChange: didChange))
  }

  /// Calls the observers that are still alive, in the order they started observing, and
  /// returns whether some have gone away. Call it on a copy: observers may start observing
  /// meanwhile, and are called from the next change on.
  @usableFromInline
  func notify() -> Bool {
    var hasDeparted = false
    for observer in self.observers {
      if observer.object == nil {
        hasDeparted = true
      } else {
        observer.didChange()
      }
    }
    return hasDeparted
  }

  @usableFromInline
  mutating func removeDeparted() {
    self.observers.removeAll { $0.object == nil }
  }

  @usableFromInline
  struct Observer {
    weak var object: AnyObject?
    let didChange: @MainActor () -> Void
  }
}

/// A core derived from another: it observes its base on behalf of its own observers, and reads
/// its state from the base's (see ``Core/observe(_:didChange:)``).
@MainActor
protocol DerivedCore: Core {
  associatedtype BaseState
  associatedtype BaseAction
  /// The core this one derives from.
  var base: any Core<BaseState, BaseAction> { get }
  /// The core's observers, and its state while it tells them of a change.
  var observation: DerivedCoreObservation<State> { get }
  /// Reads the state from the base core's.
  func readState() -> State
}

/// What a ``DerivedCore`` keeps for observation.
@MainActor
final class DerivedCoreObservation<State> {
  var observers = CoreObservers()
  var isObservingBase = false
  /// Whether the core is telling its observers of a change.
  var isNotifying = false
  /// The core's state, once read while it tells its observers of a change; `nil` otherwise, so
  /// that the core holds no state of its own that the root has moved on from.
  var stateDuringNotification: State?

  init() {}
}

extension DerivedCore {
  var state: State {
    let observation = self.observation
    guard observation.isNotifying else { return self.readState() }
    if let state = observation.stateDuringNotification { return state }
    let state = self.readState()
    observation.stateDuringNotification = state
    return state
  }

  func observe(_ observer: AnyObject, didChange: @escaping @MainActor () -> Void) {
    if !self.observation.isObservingBase {
      self.observation.isObservingBase = true
      self.base.observe(self) { [weak self] in self?.baseDidChange() }
    }
    self.observation.observers.add(observer, didChange: didChange)
  }

  private func baseDidChange() {
    let observation = self.observation
    // Nothing can change the root's state while observers are told: actions they send are
    // processed after the notification, in another pass. (Read only when an observer reads it.)
    observation.isNotifying = true
    defer {
      observation.isNotifying = false
      observation.stateDuringNotification = nil
    }
    let observers = observation.observers
    if observers.notify() {
      observation.observers.removeDeparted()
    }
  }
}

/// Runs the root reducer.
///
/// Sending an action appends it to a buffer; if the core is not already processing, it reduces
/// buffered actions one by one, in order, in a pass that sets the store's dependencies once:
/// - actions from an effect's synchronous steps (``Effect/send(_:)``) join the buffer and are
///   processed in the same pass;
/// - each operation of an effect starts as a main-actor task whose actions are sent back to the
///   core in the order the task sends them;
/// - each publisher of an effect is subscribed to right away. What it emits on the main thread is
///   sent to the core at once, as Combine delivers it: during the pass (a publisher emitting as
///   it is subscribed to, or when the reducer makes a subject emit) it joins the buffer, after
///   the actions already there; later (a scheduler advancing) it starts a pass of its own. What
///   it emits on another thread is sent from the main queue.
/// When the buffer is empty the new state is committed and observers are notified.
///
/// A pass holds the only copy of the state, so that the reducer changes it in place: changing one
/// row of a large collection costs the same as in a small one. The store's state is not meant to
/// be read while its reducer runs, and such a read is reported. It can't see the state the pass
/// is changing, so it sees the state as it was before the pass, as in TCA, once the store keeps
/// that copy: a store starts keeping it at the first such read, and pays for it (the pass then
/// copies what it changes) from then on. The first read, which nothing foresaw, sees the state the
/// store was created with.
@MainActor
@usableFromInline
final class RootCore<Root: Reducer>: Core, RootCoreProtocol {
  // The hot path (`sendActions`) is inlinable, so that a store made in another module runs a
  // copy specialized for its reducer (see `specializeSend()`); the stored properties it touches
  // skip dynamic exclusivity checks: they are main-actor isolated, and no access to them spans a
  // call out of the core.

  /// The committed state, or `nil` while a pass holds it.
  @usableFromInline @exclusivity(unchecked) var committedState: Root.State?
  /// The state before the running pass, kept only once the store's state has been read during a
  /// pass (`keepsStateBeforePass`).
  @usableFromInline @exclusivity(unchecked) var stateBeforePass: Root.State?
  @usableFromInline @exclusivity(unchecked) var keepsStateBeforePass = false
  /// What a read during a pass sees before the store keeps the state from before its passes.
  let initialState: Root.State
  @usableFromInline let reducer: Root
  /// The reducer's body, built once, when the reducer's logic is its body alone.
  @usableFromInline let body: _StoreBody<Root.State, Root.Action>?
  /// The dependencies every action and effect of the store sees, set once per pass; `nil` when
  /// the reducer sets its own (a test store's).
  @usableFromInline let dependencies: DependencyValues?
  @usableFromInline @exclusivity(unchecked) var bufferedActions: [Root.Action] = []
  @usableFromInline @exclusivity(unchecked) var isSending = false
  @usableFromInline @exclusivity(unchecked) var observers = CoreObservers()
  /// `sendActions` as compiled for the concrete reducer, when the store was made where it is
  /// known.
  @usableFromInline var specializedSend: ((Root.Action) -> Task<Void, Never>?)?
  /// In-flight effect runs (tasks and subscriptions), cancelled when the core goes away.
  private nonisolated let inFlightRuns = LockIsolated<[Int: CancelToken]>([:])
  private var nextEffectID = 0

  @usableFromInline
  init(
    initialState: Root.State,
    reducer: Root,
    body: _StoreBody<Root.State, Root.Action>? = nil,
    dependencies: DependencyValues? = nil
  ) {
    self.committedState = initialState
    self.initialState = initialState
    self.reducer = reducer
    self.body = body
    self.dependencies = dependencies
  }

  /// Routes sends through a copy of the hot path specialized where the reducer's type is known
  /// (an inlinable caller), instead of the generic one, which looks up generic type metadata at
  /// every step.
  @inlinable
  func specializeSend() {
    self.specializedSend = { [unowned self] action in self.sendActions(action) }
  }

  @usableFromInline
  var state: Root.State {
    if let state = self.committedState { return state }
    return self.stateDuringPass()
  }

  /// A read of the state while a pass holds it: a mistake, reported.
  @usableFromInline
  func stateDuringPass() -> Root.State {
    let isFirst = !self.keepsStateBeforePass
    self.keepsStateBeforePass = true
    reportIssue(
      """
      A store's state was read while the store was running its reducer.

      This happens when something the reducer calls synchronously reads the store that runs it: \
      a dependency holding the store, or an observation callback ("withObservationTracking"'s \
      "onChange") that reads the store right away. Read the store after "send" returns instead, \
      for example from a task.

      \(
        isFirst
          ? """
            The store changes its state in place and kept no copy of it, so this read sees the \
            state the store was created with. From now on the store keeps the state from before \
            each action for such reads, at the cost of copying what its reducer changes.
            """
          : "The read sees the state as it was before the action being processed."
      )
      """
    )
    return self.stateBeforePass ?? self.initialState
  }

  deinit {
    let runs = self.inFlightRuns.withValue { runs in
      defer { runs.removeAll() }
      return Array(runs.values)
    }
    for run in runs { run.cancel() }
  }

  @usableFromInline
  var root: any RootCoreProtocol { self }
  @usableFromInline
  var isPresent: Bool { true }

  @usableFromInline
  func send(_ action: Root.Action) -> Task<Void, Never>? {
    if let specializedSend = self.specializedSend {
      return specializedSend(action)
    }
    return self.sendActions(action)
  }

  @inlinable
  func sendActions(_ action: Root.Action) -> Task<Void, Never>? {
    self.bufferedActions.append(action)
    guard !self.isSending else { return nil }

    self.isSending = true
    var tasks: EffectTasks?
    if let dependencies = self.dependencies {
      DependencyValues.$_current.withValue(dependencies) {
        self.reduceBufferedActions(tasks: &tasks)
      }
    } else {
      self.reduceBufferedActions(tasks: &tasks)
    }
    self.isSending = false

    guard let tasks else { return nil }
    return tasks.awaitingAll()
  }

  /// Reduces the buffered actions, including those their effects send synchronously, one by one,
  /// and starts their effects, committing the state and notifying observers after each pass.
  @inlinable
  func reduceBufferedActions(tasks: inout EffectTasks?) {
    repeat {
      // The pass takes the state, so that the reducer changes it in place; a store read during
      // a pass keeps a copy from then on (see `stateDuringPass()`).
      var currentState = self.committedState.take()!
      if self.keepsStateBeforePass {
        self.stateBeforePass = currentState
      }
      var index = 0
      while index < self.bufferedActions.count {
        let action = self.bufferedActions[index]
        index += 1
        let effect =
          if let body = self.body {
            body.reduce(&currentState, action)
          } else {
            self.reducer._reduce(into: &currentState, action: action)
          }
        if !effect.isNone {
          self.start(effect, tasks: &tasks)
        }
      }
      self.committedState = consume currentState
      if self.keepsStateBeforePass {
        self.stateBeforePass = nil
      }
      self.clearProcessedActions()
      // Observers may send actions while being notified; those are processed in another pass.
      if !self.observers.isEmpty {
        self.notifyObservers()
      }
    } while !self.bufferedActions.isEmpty
  }

  /// Empties the action buffer, keeping its storage for the next pass. Releasing an action can
  /// send another (an object in its payload that sends from its `deinit`), so the processed
  /// actions are released out of the buffer, and such an action is buffered for the next pass.
  @inlinable
  func clearProcessedActions() {
    var processed: [Root.Action] = []
    swap(&processed, &self.bufferedActions)
    processed.removeAll(keepingCapacity: true)
    if self.bufferedActions.isEmpty {
      self.bufferedActions = processed
    }
  }

  /// Performs an effect's synchronous steps and starts its runs.
  @usableFromInline
  func start(_ effect: Effect<Root.Action>, tasks: inout EffectTasks?) {
    for step in effect.steps {
      switch step {
      case let .send(action):
        self.bufferedActions.append(action.value)
      case let .perform(work):
        work()
      }
    }
    for run in effect.runs {
      let effectTasks = tasks ?? EffectTasks()
      tasks = effectTasks
      if let task = self.start(run, tasks: effectTasks) {
        effectTasks.append(task)
      }
    }
  }

  /// Starts one run of an effect, registered under its cancellation IDs before it begins, so
  /// that it can be cancelled right away. Returns a task that ends when the run does, or `nil`
  /// for a publisher that completed while being subscribed to.
  private func start(
    _ run: Effect<Root.Action>.Run,
    tasks: EffectTasks
  ) -> Task<Void, Never>? {
    let id = self.nextEffectID
    self.nextEffectID += 1
    let token = CancelToken()
    for registration in run.cancellations {
      registration.register(token)
    }
    self.inFlightRuns.withValue { $0[id] = token }
    let registration = RunRegistration(
      id: id, token: token, cancellations: run.cancellations, inFlightRuns: self.inFlightRuns
    )
    switch run.body {
    case let .operation(operation):
      return self.startTask(
        operation, of: run, token: token, finish: { registration.end() }, tasks: tasks
      )
    case let .publisher(publisher):
      return self.subscribe(
        to: publisher.value, token: token, finish: { registration.end() }, tasks: tasks
      )
    case let .dismissal(dismissal):
      DismissalWait(dismissal, registration: registration, core: self).start()
      return nil
    }
  }

  private func startTask(
    _ operation: @escaping @Sendable (Send<Root.Action>) async -> Void,
    of run: Effect<Root.Action>.Run,
    token: CancelToken,
    finish: @escaping @Sendable () -> Void,
    tasks: EffectTasks
  ) -> Task<Void, Never> {
    let isCompleted = LockIsolated(false)
    let send = Send<Root.Action> { [weak self] action in
      if isCompleted.value {
        reportIssue(
          """
          An effect sent an action after it had finished:

            Action:
              \(debugCaseOutput(action))

          The "send" given to "Effect.run" must only be used while the operation runs. If it \
          escapes, for example into a callback that fires later, the action arrives after the \
          effect is complete. Use an "AsyncStream" to wait for callbacks inside the operation.
          """
        )
      }
      self?.receive(action, tasks: tasks)
    }
    let body: @MainActor @Sendable () async -> Void = {
      await operation(send)
      isCompleted.setValue(true)
      finish()
    }
    #if compiler(>=6.2)
      let task = Task(name: run.name, priority: run.priority, operation: body)
    #else
      let task = Task(priority: run.priority, operation: body)
    #endif
    token.attach(task)
    return task
  }

  /// Subscribes to an effect's publisher. Returns a task that ends when the subscription does,
  /// or `nil` when the publisher completed while being subscribed to.
  private func subscribe(
    to publisher: AnyPublisher<Root.Action, Never>,
    token: CancelToken,
    finish: @escaping @Sendable () -> Void,
    tasks: EffectTasks
  ) -> Task<Void, Never>? {
    let (ended, endedContinuation) = AsyncStream<Never>.makeStream()
    let subscription = EffectSubscription {
      finish()
      endedContinuation.finish()
    }
    token.attach { subscription.cancel() }
    // The closures are `@Sendable` so that they don't inherit the main actor's isolation: a
    // publisher may call them on any thread.
    let cancellable = publisher.sink(
      receiveCompletion: { @Sendable _ in
        // Off the main queue, completion follows the values hopping to it, so that none is
        // dropped as arriving after the end.
        if isOnMainQueue() {
          subscription.complete()
        } else {
          DispatchQueue.main.async { subscription.complete() }
        }
      },
      receiveValue: { @Sendable [weak self] action in
        guard subscription.isActive else { return }
        let action = UncheckedSendable(action)
        if isOnMainQueue() {
          MainActor.assumeIsolated { self?.receive(action.value, tasks: tasks) }
        } else {
          DispatchQueue.main.async {
            guard subscription.isActive else { return }
            MainActor.assumeIsolated { self?.receive(action.value, tasks: tasks) }
          }
        }
      }
    )
    subscription.attach(cancellable)
    guard subscription.isActive else { return nil }
    return Task {
      await withTaskCancellationHandler {
        for await _ in ended {}
      } onCancel: {
        subscription.cancel()
      }
    }
  }

  /// Sends an action an effect fed back, keeping the task for the effects it starts with those
  /// of the action that started the effect.
  private func receive(_ action: Root.Action, tasks: EffectTasks) {
    if let task = self.send(action) {
      tasks.append(task)
    }
  }

  @usableFromInline
  func observe(_ observer: AnyObject, didChange: @escaping @MainActor () -> Void) {
    self.observers.add(observer, didChange: didChange)
  }

  @usableFromInline
  func notifyObservers() {
    let observers = self.observers
    if observers.notify() {
      self.observers.removeDeparted()
    }
  }
}

/// What a store registered for one run of an effect: its cancellation IDs and its place among
/// the store's runs in flight, given up when the run ends.
private final class RunRegistration: Sendable {
  let id: Int
  let token: CancelToken
  let cancellations: [CancellationRegistration]
  let inFlightRuns: LockIsolated<[Int: CancelToken]>

  init(
    id: Int,
    token: CancelToken,
    cancellations: [CancellationRegistration],
    inFlightRuns: LockIsolated<[Int: CancelToken]>
  ) {
    self.id = id
    self.token = token
    self.cancellations = cancellations
    self.inFlightRuns = inFlightRuns
  }

  /// Unregisters the run: cancelling its IDs no longer reaches it, and its token lets go of the
  /// work it would have cancelled (which may hold this registration).
  func end() {
    for registration in self.cancellations {
      registration.unregister(self.token)
    }
    self.inFlightRuns.withValue { _ = $0.removeValue(forKey: self.id) }
    self.token.detach()
  }
}

/// A presented feature's wait for its dismissal, as a store runs it: without a task, it ends
/// when the feature dismisses itself, and the store is sent the action that tells its parent,
/// or when the run is cancelled (the parent removed the feature, or the store went away),
/// sending nothing. No task waits for it: it lasts as long as the feature.
private final class DismissalWait<Root: Reducer>: @unchecked Sendable {
  // The lock guards `phase`; the rest is set once.
  private let lock = NSLock()
  private var phase = Phase.waiting
  private let dismissal: Effect<Root.Action>.Run.Dismissal
  private let registration: RunRegistration
  private weak var core: RootCore<Root>?

  private enum Phase {
    case waiting
    /// The feature dismissed itself; the action for its parent is on its way.
    case dismissing
    /// Over: cancelled, or the action was sent.
    case ended
  }

  init(
    _ dismissal: Effect<Root.Action>.Run.Dismissal,
    registration: RunRegistration,
    core: RootCore<Root>
  ) {
    self.dismissal = dismissal
    self.registration = registration
    self.core = core
  }

  func start() {
    self.registration.token.attach { self.cancelled() }
    self.dismissal.token.attach { self.dismissed() }
  }

  /// The run is cancelled: the wait ends without a word, even after a dismissal whose action is
  /// not sent yet (the feature's parent removed it meanwhile, as when an ancestor dismissed).
  private func cancelled() {
    let previous = self.lock.withLock {
      defer { self.phase = .ended }
      return self.phase
    }
    if previous == .waiting {
      self.end()
    }
  }

  /// The feature dismissed itself.
  private func dismissed() {
    let isDismissing = self.lock.withLock {
      guard self.phase == .waiting else { return false }
      self.phase = .dismissing
      return true
    }
    guard isDismissing else { return }
    // The feature's `dismiss()` has nothing left to cancel.
    self.dismissal.end()
    let action = UncheckedSendable(self.dismissal.action())
    // Sent from a task of its own, as TCA's presentation sends it: the effect that called
    // `dismiss()` goes on until it suspends, before the parent removes the feature.
    Task { @MainActor in
      let wasCancelled = self.lock.withLock {
        defer { self.phase = .ended }
        return self.phase == .ended
      }
      self.end()
      if !wasCancelled {
        _ = self.core?.send(action.value)
      }
    }
  }

  /// Gives up the wait's registrations, and the tokens' hold on the wait.
  private func end() {
    self.dismissal.end()
    self.dismissal.token.detach()
    self.registration.end()
  }
}

/// The tasks of the effects that one send started, directly or through the actions its effects
/// sent back: the task a send returns waits for all of them. Made only when an effect starts.
@usableFromInline
final class EffectTasks: Sendable {
  private let tasks = LockIsolated<[Task<Void, Never>]>([])

  @usableFromInline
  init() {}

  /// A task that waits for every task of the list, including those added while it waits, and
  /// cancels them all when cancelled; `nil` when there is none to wait for.
  @usableFromInline
  func awaitingAll() -> Task<Void, Never>? {
    guard !self.isEmpty else { return nil }
    return Task { @MainActor in
      await withTaskCancellationHandler {
        var index = 0
        while let task = self.task(at: index) {
          await task.value
          index += 1
        }
      } onCancel: {
        self.cancelAll()
      }
    }
  }

  func append(_ task: Task<Void, Never>) {
    self.tasks.withValue { $0.append(task) }
  }

  var isEmpty: Bool {
    self.tasks.withValue { $0.isEmpty }
  }

  func task(at index: Int) -> Task<Void, Never>? {
    self.tasks.withValue { index < $0.count ? $0[index] : nil }
  }

  func cancelAll() {
    for task in self.tasks.value { task.cancel() }
  }
}

/// A core for a child store: its state is a key path of the parent's and its actions are
/// embedded in the parent's by a case key path.
@MainActor
final class ScopedCore<ParentState, ParentAction, State, Action>: DerivedCore {
  let base: any Core<ParentState, ParentAction>
  let toState: StateReader<ParentState, State>
  let fromAction: (Action) -> ParentAction
  let observation = DerivedCoreObservation<State>()

  init(base: any Core<ParentState, ParentAction>, toState: KeyPath<ParentState, State>, fromAction: @escaping (Action) -> ParentAction) {
    self.base = base
    self.toState = StateReader(toState)
    self.fromAction = fromAction
  }

  func readState() -> State { self.toState.get(self.base.state) }
  var root: any RootCoreProtocol { self.base.root }
  var isPresent: Bool { self.base.isPresent }

  func send(_ action: Action) -> Task<Void, Never>? {
    self.base.send(self.fromAction(action))
  }
}

/// A core for a child store of optional state. It remembers the last non-`nil` state so that a
/// view that is being torn down can still read it.
@MainActor
final class IfLetCore<ParentState, ParentAction, State, Action>: DerivedCore {
  let base: any Core<ParentState, ParentAction>
  private var cachedState: State
  let toState: StateReader<ParentState, State?>
  let fromAction: (Action) -> ParentAction
  let observation = DerivedCoreObservation<State>()

  init(
    base: any Core<ParentState, ParentAction>,
    cachedState: State,
    toState: KeyPath<ParentState, State?>,
    fromAction: @escaping (Action) -> ParentAction
  ) {
    self.base = base
    self.cachedState = cachedState
    self.toState = StateReader(toState)
    self.fromAction = fromAction
  }

  func readState() -> State {
    let state = self.toState.get(self.base.state) ?? self.cachedState
    self.cachedState = state
    return state
  }

  var isPresent: Bool { self.base.isPresent && self.toState.get(self.base.state) != nil }
  var root: any RootCoreProtocol { self.base.root }

  func send(_ action: Action) -> Task<Void, Never>? {
    self.base.send(self.fromAction(action))
  }
}

/// A core for a store scoped with closures rather than key paths. Such stores cannot be cached
/// by their parent, because closures have no identity.
@MainActor
final class ClosureScopedCore<ParentState, ParentAction, State, Action>: DerivedCore {
  let base: any Core<ParentState, ParentAction>
  let toState: (ParentState) -> State
  let fromAction: (Action) -> ParentAction
  let observation = DerivedCoreObservation<State>()

  init(
    base: any Core<ParentState, ParentAction>,
    toState: @escaping (ParentState) -> State,
    fromAction: @escaping (Action) -> ParentAction
  ) {
    self.base = base
    self.toState = toState
    self.fromAction = fromAction
  }

  func readState() -> State { self.toState(self.base.state) }
  var root: any RootCoreProtocol { self.base.root }
  var isPresent: Bool { self.base.isPresent }

  func send(_ action: Action) -> Task<Void, Never>? {
    self.base.send(self.fromAction(action))
  }
}

/// The subscription of an effect's publisher: active until the publisher completes or the effect
/// is cancelled, whichever comes first, at which point `onEnd` runs, once.
private final class EffectSubscription: Sendable {
  private enum Status {
    case active(UncheckedSendable<AnyCancellable>?)
    case completed
    case cancelled
  }

  private let status = LockIsolated<Status>(.active(nil))
  private let onEnd: @Sendable () -> Void

  init(onEnd: @escaping @Sendable () -> Void) {
    self.onEnd = onEnd
  }

  var isActive: Bool {
    guard case .active = self.status.value else { return false }
    return true
  }

  /// Keeps the subscription's cancellable, or cancels it if the effect was cancelled while the
  /// publisher was being subscribed to.
  func attach(_ cancellable: AnyCancellable) {
    let held = UncheckedSendable(cancellable)
    let wasCancelled = self.status.withValue { status in
      switch status {
      case .active:
        status = .active(held)
        return false
      case .completed:
        return false
      case .cancelled:
        return true
      }
    }
    if wasCancelled { cancellable.cancel() }
  }

  func complete() {
    guard self.end(as: .completed) != nil else { return }
    self.onEnd()
  }

  func cancel() {
    guard let cancellable = self.end(as: .cancelled) else { return }
    cancellable?.value.cancel()
    self.onEnd()
  }

  /// Ends the subscription. Returns `nil` if it had already ended, or else the cancellable it
  /// held, if any.
  private func end(as ending: Status) -> UncheckedSendable<AnyCancellable>?? {
    self.status.withValue { status in
      guard case let .active(cancellable) = status else { return nil }
      status = ending
      return .some(cancellable)
    }
  }
}
