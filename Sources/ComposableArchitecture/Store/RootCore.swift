#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif
import ConcurrencyExtras
import Dependencies
import Sharing
import Foundation
import IssueReporting

/// Runs the root reducer.
///
/// Sending an action while the core is processing appends it to a buffer; otherwise the core
/// reduces it, then the actions buffered meanwhile, one by one, in order, in a pass that sets the
/// store's dependencies once:
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
///
/// The core runs where its store is isolated (``isolation``): a ``Store``'s on the main actor, a
/// ``StoreActor``'s on that store's actor. Its effects' tasks start there, and what effects send
/// back is processed there.
@usableFromInline
final class RootCore<Root: Reducer>: Core, RootCoreProtocol, @unchecked Sendable {
  // Unchecked: confined to `isolation`. Only the store that owns the core calls it, from that
  // isolation, and what runs elsewhere (effects, publishers, signals) reaches it by hopping
  // there first (`perform(_:)`, `EffectMailbox`).
  //
  // The hot path (`sendActions`) is inlinable, so that a store made in another module runs a
  // copy specialized for its reducer (`specializedSend`, which `Store` passes in); the stored
  // properties it touches skip dynamic exclusivity checks: they are confined to one isolation,
  // and no access to them spans a call out of the core.

  /// The committed state. While a pass runs, the pass holds the state and this holds what a read
  /// during the pass sees: the state the store was created with, or, once the store keeps it,
  /// the state from before the pass (see `stateDuringPass()`).
  @usableFromInline @exclusivity(unchecked) var committedState: Root.State
  /// Whether a pass is running, when reading the state is a mistake.
  @usableFromInline @exclusivity(unchecked) var isReducing = false
  /// Whether passes leave the state from before them readable, which a store starts doing at
  /// the first read during a pass.
  @usableFromInline @exclusivity(unchecked) var keepsStateBeforePass = false
  /// Whether the running pass left the initial state in `committedState`.
  @usableFromInline @exclusivity(unchecked) var passLeftInitialState = false
  /// What a read during a pass sees before the store keeps the state from before its passes.
  @usableFromInline let initialState: Root.State
  @usableFromInline let reducer: Root
  /// The reducer's body, built once, when the reducer's logic is its body alone.
  @usableFromInline let body: _StoreBody<Root.State, Root.Action>?
  /// The dependencies every action and effect of the store sees, set once per pass; `nil` when
  /// the reducer sets its own (a test store's).
  @usableFromInline let dependencies: DependencyValues?
  @usableFromInline @exclusivity(unchecked) var bufferedActions: [Root.Action] = []
  @usableFromInline @exclusivity(unchecked) var isSending = false
  @usableFromInline @exclusivity(unchecked) var stateVersion: UInt = 0
  @usableFromInline @exclusivity(unchecked) var observers = CoreObservers()
  /// `sendActions` as compiled for the concrete reducer, when the core was made where it is known
  /// (an inlinable caller), for sends to go through instead of the generic one, which looks up
  /// generic type metadata at every step. It captures nothing, and as a constant it isn't
  /// retained around each call.
  @usableFromInline let specializedSend: ((RootCore, Root.Action) -> Task<Void, Never>?)?
  /// In-flight effect runs (tasks and subscriptions), cancelled when the core goes away.
  private let inFlightRuns = Locked<[Int: CancelToken]>([:])
  private var nextEffectID = 0
  /// The actor the core runs on, or `nil` for the main actor.
  @usableFromInline let isolation: (any Actor)?
  /// Where effects of a core that runs off the main actor leave what they send.
  private let mailbox: EffectMailbox<Root.Action>?

  @usableFromInline
  init(
    initialState: Root.State,
    reducer: Root,
    body: _StoreBody<Root.State, Root.Action>? = nil,
    dependencies: DependencyValues? = nil,
    isolation: (any Actor)? = nil,
    specializedSend: ((RootCore, Root.Action) -> Task<Void, Never>?)? = nil
  ) {
    self.specializedSend = specializedSend
    self.committedState = initialState
    self.initialState = initialState
    self.reducer = reducer
    self.body = body
    self.dependencies = dependencies
    // An actor that runs on the main actor's executor is the main actor, for the core.
    if let isolation, !Self.isMainActor(isolation) {
      self.isolation = isolation
      self.mailbox = EffectMailbox()
    } else {
      self.isolation = nil
      self.mailbox = nil
    }
  }

  private static func isMainActor(_ actor: any Actor) -> Bool {
    actor === MainActor.shared
  }

  @usableFromInline
  var state: Root.State {
    if self.isReducing { return self.stateDuringPass() }
    return self.committedState
  }

  /// A read of the state while a pass holds it: a mistake, reported.
  @usableFromInline
  func stateDuringPass() -> Root.State {
    self.keepsStateBeforePass = true
    reportIssue(
      """
      A store's state was read while the store was running its reducer.

      This happens when something the reducer calls synchronously reads the store that runs it: \
      a dependency holding the store, or an observation callback ("withObservationTracking"'s \
      "onChange") that reads the store right away. Read the store after "send" returns instead, \
      for example from a task.

      \(
        self.passLeftInitialState
          ? """
            The store changes its state in place and kept no copy of it, so this read sees the \
            state the store was created with. From now on the store keeps the state from before \
            each action for such reads, at the cost of copying what its reducer changes.
            """
          : "The read sees the state as it was before the action being processed."
      )
      """
    )
    return self.committedState
  }

  deinit {
    let runs = self.inFlightRuns.withLock { runs in
      defer { runs.removeAll() }
      return Array(runs.values)
    }
    for run in runs { run.cancel() }
  }

  @usableFromInline
  var root: any RootCoreProtocol { self }
  @usableFromInline var storeBodies: StoreBodies? { self.dependencies?.storeBodies }
  @usableFromInline
  var isRootSending: Bool { self.isSending }
  @usableFromInline
  var stateExists: Bool { true }

  @usableFromInline
  func send(_ action: Root.Action) -> Task<Void, Never>? {
    if let specializedSend = self.specializedSend {
      return specializedSend(self, action)
    }
    return self.sendActions(action)
  }

  @inlinable
  func sendActions(_ action: Root.Action) -> Task<Void, Never>? {
    guard !self.isSending else {
      self.bufferedActions.append(action)
      return nil
    }

    self.isSending = true
    var tasks: EffectTasks?
    if self.dependencies != nil {
      // Unwrapped in place rather than bound to a local, which would be one more copy.
      DependencyValues.$_current.withValue(self.dependencies.unsafelyUnwrapped) {
        self.reduceActions(startingWith: action, tasks: &tasks)
      }
    } else {
      self.reduceActions(startingWith: action, tasks: &tasks)
    }
    self.isSending = false

    guard let tasks else { return nil }
    return tasks.awaitingAll(onMainActor: self.isolation == nil)
  }

  /// Reduces `action`, then the actions buffered meanwhile (those its effects send
  /// synchronously, and those observers send), one by one, and starts their effects, committing
  /// the state and notifying observers after each pass.
  ///
  /// The first action is reduced without going through the buffer, which stays empty unless
  /// something sends while the pass runs.
  @inlinable
  func reduceActions(startingWith action: Root.Action, tasks: inout EffectTasks?) {
    var isFirstPass = true
    repeat {
      // The pass takes the state, leaving the initial state in its place, so that the reducer
      // changes it in place; a store read during a pass keeps the state from before each pass
      // from then on, and pays for the copies (see `stateDuringPass()`).
      var currentState: Root.State
      if self.keepsStateBeforePass {
        currentState = self.committedState
        self.passLeftInitialState = false
      } else {
        currentState = self.initialState
        swap(&currentState, &self.committedState)
        self.passLeftInitialState = true
      }
      // What derived cores read during the pass (the state from before it) is not the state
      // the pass commits.
      self.stateVersion &+= 1
      self.isReducing = true
      if isFirstPass {
        isFirstPass = false
        self.reduce(action, into: &currentState, tasks: &tasks)
      }
      var index = 0
      while index < self.bufferedActions.count {
        let action = self.bufferedActions[index]
        index += 1
        self.reduce(action, into: &currentState, tasks: &tasks)
      }
      self.isReducing = false
      self.committedState = consume currentState
      self.stateVersion &+= 1
      if index > 0 {
        self.clearProcessedActions(index)
      }
      // Observers may send actions while being notified; those are processed in another pass.
      if !self.observers.isEmpty {
        self.notifyObservers()
      }
    } while !self.bufferedActions.isEmpty
  }

  /// Reduces one action of a pass and starts its effect.
  @inlinable
  func reduce(_ action: Root.Action, into state: inout Root.State, tasks: inout EffectTasks?) {
    let effect =
      if let body = self.body {
        body.reduce(&state, action)
      } else {
        self.reducer._reduce(into: &state, action: action)
      }
    if !effect.isNone {
      self.start(effect, tasks: &tasks)
    }
  }

  /// Takes the first `count` actions, which the pass processed, out of the action buffer,
  /// keeping its storage for the next pass. Releasing an action can send another (an object in
  /// its payload that sends from its `deinit`), so the processed actions are released out of the
  /// buffer, and such an action is buffered for the next pass. So is one sent after the pass's
  /// last action ran (an object only the state from before the pass held, sending from its
  /// `deinit` as the pass commits), ahead of those.
  @inlinable
  func clearProcessedActions(_ count: Int) {
    var processed: [Root.Action] = []
    swap(&processed, &self.bufferedActions)
    let unprocessed = processed.count > count ? Array(processed[count...]) : []
    processed.removeAll(keepingCapacity: true)
    if self.bufferedActions.isEmpty {
      self.bufferedActions = processed
    }
    if !unprocessed.isEmpty {
      self.bufferedActions.insert(contentsOf: unprocessed, at: 0)
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
    self.inFlightRuns.withLock { $0[id] = token }
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
    case let .signal(signal):
      SignalWait(signal, registration: registration, core: self).start()
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
    let mailbox = self.mailbox
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
      guard let self else { return }
      if let mailbox {
        // `Send` is main-actor isolated, as in TCA 1.x: the action goes on to the core's actor.
        mailbox.deliver(action, tasks: tasks, to: self)
      } else {
        self.receive(action, tasks: tasks)
      }
    }
    let body: @Sendable () async -> Void = {
      await operation(send)
      isCompleted.setValue(true)
      finish()
    }
    // A main-actor store's effects start on the main actor, as TCA's do. Another store's need
    // not start on its actor: the operation is not isolated.
    let task =
      self.isolation == nil
      ? Self.startTask(named: run.name, priority: run.priority) { @MainActor in await body() }
      : Self.startTask(named: run.name, priority: run.priority, body)
    token.attach(task)
    return task
  }

  private static func startTask(
    named name: String?,
    priority: TaskPriority?,
    _ body: @escaping @isolated(any) @Sendable () async -> Void
  ) -> Task<Void, Never> {
    #if compiler(>=6.2)
      Task(name: name, priority: priority, operation: body)
    #else
      Task(priority: priority, operation: body)
    #endif
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
      receiveCompletion: { @Sendable [weak self, mailbox] _ in
        if let mailbox {
          // Completion follows the values through the mailbox, so that none is dropped as
          // arriving after the end.
          guard let self else { return subscription.complete() }
          mailbox.deliver({ subscription.complete() }, to: self)
          return
        }
        // Off the main queue, completion follows the values hopping to it, so that none is
        // dropped as arriving after the end.
        if isOnMainQueue() {
          subscription.complete()
        } else {
          DispatchQueue.main.async { subscription.complete() }
        }
      },
      receiveValue: { @Sendable [weak self, mailbox] action in
        guard subscription.isActive else { return }
        if let mailbox, let self {
          mailbox.deliver(action, tasks: tasks, to: self, unless: { !subscription.isActive })
          return
        }
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
  func receive(_ action: Root.Action, tasks: EffectTasks) {
    if let task = self.send(action) {
      tasks.append(task)
    }
  }

  /// Runs `work` later, on the core's isolation, from a task of its own: with the core, or with
  /// `nil` if the core is gone by then.
  func perform(_ work: @escaping @Sendable (RootCore?) -> Void) {
    guard let isolation = self.isolation else {
      Task { @MainActor [weak self] in work(self) }
      return
    }
    Task { [weak self] in
      guard let self else { return work(nil) }
      await self.run(on: isolation, work)
    }
  }

  /// Runs `work` with the core on the core's actor.
  func run(on isolation: isolated any Actor, _ work: (RootCore) -> Void) {
    work(self)
  }

  /// Whether an effect has sent something that hasn't reached the core's actor yet: `Send` is
  /// main-actor isolated, so what an effect sends to a core off the main actor is still on its
  /// way for a moment after the effect ends. Read on the core's actor.
  var hasMailInTransit: Bool {
    self.mailbox?.hasLetters ?? false
  }

  /// Processes what effects left in the mailbox, in the order they left it.
  func processMail() {
    guard let mailbox = self.mailbox else { return }
    // Letters left while these are processed are taken in the next round.
    var letters = mailbox.takeAll()
    while !letters.isEmpty {
      for letter in letters {
        switch letter {
        case let .action(action, tasks, isWithdrawn):
          if isWithdrawn?() == true { continue }
          self.receive(action.value, tasks: tasks)
        case let .work(work):
          work()
        }
      }
      letters = mailbox.takeAll()
    }
  }

  @usableFromInline
  func observe(_ observer: AnyObject, didChange: @escaping () -> Void) {
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
