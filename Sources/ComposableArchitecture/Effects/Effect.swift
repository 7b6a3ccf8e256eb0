#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif
import Dependencies
import Foundation
import IssueReporting

/// Work that a reducer asks the store to perform: talking to the outside world and feeding actions
/// back into the system.
///
/// Reducers return effects; the store starts them once the reducer has finished mutating state.
///
/// ```swift
/// case .factButtonTapped:
///   return .run { [count = state.count] send in
///     let fact = try await self.factClient.fetch(count)
///     await send(.factResponse(fact))
///   }
/// ```
///
/// An effect is made of two parts:
/// - *synchronous steps*, which happen the moment the store starts the effect: actions emitted by
///   ``send(_:)`` and cancellations from ``cancel(id:)``; and
/// - *runs*, work that goes on after that: operations started as tasks, and publishers the store
///   subscribes to.
public struct Effect<Action>: Sendable {
  /// What happens synchronously, in order, when the effect starts: an action to feed back, or
  /// work such as cancelling in-flight effects.
  @usableFromInline
  enum Step: Sendable {
    case send(UncheckedSendable<Action>)
    case perform(@Sendable () -> Void)
  }

  /// A unit of work that outlives the moment the effect starts: an operation started as its own
  /// task, or a publisher the store subscribes to.
  @usableFromInline
  struct Run: Sendable {
    @usableFromInline var name: String?
    @usableFromInline var priority: TaskPriority?
    /// Cancellation IDs the run is registered under when it starts, innermost first.
    @usableFromInline var cancellations: [CancellationRegistration]
    @usableFromInline var body: Body

    /// What a run does.
    @usableFromInline
    enum Body: Sendable {
      /// An asynchronous operation, performed in a task of its own.
      case operation(@Sendable (Send<Action>) async -> Void)
      /// A publisher, subscribed to the moment the effect starts: what it emits during the
      /// subscription, or later on the main thread, is sent to the store right away.
      case publisher(UncheckedSendable<AnyPublisher<Action, Never>>)
      /// A wait for a signal that other code gives: no task, only a token that the signal
      /// cancels, and the run's own registrations, which end the wait without a word. When the
      /// signal comes, the store is sent an action. (A presented feature's wait for its own
      /// dismissal is one: see ``Effect/_waitForDismissal(navigationIDPath:dismissID:then:)``.) A
      /// `TestStore` doesn't expect a test to see it end: it lasts as long as whatever signals it.
      case signal(Signal)
    }

    /// What a wait for a signal holds.
    @usableFromInline
    struct Signal: Sendable {
      /// Registered under `registration`, where cancelling it gives the signal.
      @usableFromInline let token: CancelToken
      @usableFromInline let registration: CancellationRegistration
      /// The action the store is sent, made when the signal comes.
      @usableFromInline let action: @Sendable () -> Action

      @inlinable
      init(
        token: CancelToken,
        registration: CancellationRegistration,
        action: @escaping @Sendable () -> Action
      ) {
        self.token = token
        self.registration = registration
        self.action = action
      }

      /// Ends the wait: nothing is left for the signal to cancel.
      func end() {
        self.registration.unregister(self.token)
      }

      /// The wait as an operation in a task of its own, for effects that perform their runs
      /// inside a task (a concatenation): it sends the action if the signal comes, and nothing
      /// if the task is cancelled.
      func wait(send: Send<Action>) async {
        defer { self.end() }
        let wait = Task<Void, any Error> { try await Task.never() }
        self.token.attach(wait)
        do {
          try await wait.cancellableValue
        } catch {
          // Either the signal cancelled the wait, and the action is sent; or the task was
          // cancelled, and `send` does nothing.
          await send(self.action())
        }
      }
    }

    @inlinable
    init(
      name: String?,
      priority: TaskPriority?,
      cancellations: [CancellationRegistration],
      operation: @escaping @Sendable (Send<Action>) async -> Void
    ) {
      self.init(
        name: name, priority: priority, cancellations: cancellations, body: .operation(operation)
      )
    }

    @inlinable
    init(
      name: String?,
      priority: TaskPriority?,
      cancellations: [CancellationRegistration],
      body: Body
    ) {
      self.name = name
      self.priority = priority
      self.cancellations = cancellations
      self.body = body
    }

    /// The run as an asynchronous operation: a publisher is subscribed to in the calling task,
    /// which returns when it completes.
    var operation: @Sendable (Send<Action>) async -> Void {
      switch self.body {
      case let .operation(operation):
        return operation
      case let .publisher(publisher):
        return { send in await publisher.value.forward(to: send) }
      case let .signal(signal):
        return { send in await signal.wait(send: send) }
      }
    }
  }

  /// The steps and runs of an effect that does something; `nil` for ``none``, so that telling
  /// whether there is anything to do costs no look-up of the generic array types, even in code
  /// that is not specialized for `Action`.
  @usableFromInline
  final class Work: Sendable {
    @usableFromInline let steps: [Step]
    @usableFromInline let runs: [Run]

    @inlinable
    init(steps: [Step], runs: [Run]) {
      self.steps = steps
      self.runs = runs
    }
  }

  @usableFromInline
  let work: Work?

  @inlinable
  init(steps: [Step] = [], runs: [Run] = []) {
    self.work = steps.isEmpty && runs.isEmpty ? nil : Work(steps: steps, runs: runs)
  }

  @inlinable
  init() {
    self.work = nil
  }

  /// What happens synchronously when the effect starts, in order.
  @inlinable
  var steps: [Step] { self.work?.steps ?? [] }
  /// What goes on after the effect has started.
  @inlinable
  var runs: [Run] { self.work?.runs ?? [] }

  /// Whether the effect does nothing at all.
  @inlinable
  var isNone: Bool { self.work == nil }
}

/// A convenience for the effect of a reducer's action type.
public typealias EffectOf<R: Reducer> = Effect<R.Action>

extension Effect {
  /// An effect that does nothing and completes immediately.
  ///
  /// ```swift
  /// case .incrementButtonTapped:
  ///   state.count += 1
  ///   return .none
  /// ```
  @inlinable
  public static var none: Self {
    Self()
  }

  /// An effect that immediately feeds an action back into the store, before any other action is
  /// processed.
  ///
  /// Prefer calling shared logic directly over sending actions to share logic; this is for
  /// notifying a parent, for example a delegate action:
  ///
  /// ```swift
  /// return .send(.delegate(.saved(item)))
  /// ```
  public static func send(_ action: Action) -> Self {
    Self(steps: [.send(UncheckedSendable(action))])
  }

  /// Wraps an asynchronous unit of work that can send any number of actions back into the system.
  ///
  /// ```swift
  /// return .run { send in
  ///   for await _ in self.clock.timer(interval: .seconds(1)) {
  ///     await send(.timerTicked)
  ///   }
  /// }
  /// ```
  ///
  /// The operation runs with the dependencies of the reducer that returned it. Cancellation errors
  /// are ignored. Any other error is passed to `catch`; without a handler it is reported as a
  /// runtime warning, because an effect that fails silently hides bugs.
  ///
  /// - Parameters:
  ///   - priority: The priority of the task that runs the operation.
  ///   - name: A name for the task, shown by debugging tools.
  ///   - operation: The work to perform, given a ``Send`` to feed actions back.
  ///   - handler: Handles errors thrown by `operation`, and can send actions in response.
  public static func run(
    priority: TaskPriority? = nil,
    name: String? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    withEscapedDependencies { dependencies in
      Self(
        runs: [
          Run(name: name, priority: priority, cancellations: []) { send in
            await dependencies.yield {
              do {
                try await operation(send)
              } catch is CancellationError {
                return
              } catch {
                guard !Task.isCancelled else { return }
                guard let handler else {
                  reportIssue(
                    """
                    An "Effect.run" created at "\(fileID):\(line)" threw an error that nothing \
                    handled:

                      \(error)

                    Effects must handle every error other than cancellation: pass a "catch" \
                    handler to "Effect.run", or catch the error inside the operation with a "do" \
                    block.
                    """,
                    fileID: fileID,
                    filePath: filePath,
                    line: line,
                    column: column
                  )
                  return
                }
                await handler(error, send)
              }
            }
          }
        ]
      )
    }
  }

  /// Runs several effects at the same time.
  ///
  /// ```swift
  /// return .merge(
  ///   .send(.delegate(.started)),
  ///   .run { send in await send(.loaded(try await self.api.load())) }
  /// )
  /// ```
  @inlinable
  public static func merge(_ effects: Self...) -> Self {
    Self.merge(effects)
  }

  /// Runs a sequence of effects at the same time.
  @inlinable
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    // Collected in one pass: merging pairwise would copy the first effects' steps and runs again
    // for every effect after them.
    var first: Self?
    var steps: [Step] = []
    var runs: [Run] = []
    for effect in effects where !effect.isNone {
      guard let merged = first else {
        first = effect
        continue
      }
      if steps.isEmpty && runs.isEmpty {
        steps = merged.steps
        runs = merged.runs
      }
      steps.append(contentsOf: effect.steps)
      runs.append(contentsOf: effect.runs)
    }
    guard let first else { return .none }
    return steps.isEmpty && runs.isEmpty ? first : Self(steps: steps, runs: runs)
  }

  /// Runs this effect and another at the same time.
  @inlinable
  public func merge(with other: Self) -> Self {
    if other.isNone { return self }
    if self.isNone { return other }
    return Self(steps: self.steps + other.steps, runs: self.runs + other.runs)
  }

  /// Runs several effects one after the other: each starts once the previous one has finished.
  ///
  /// ```swift
  /// return .concatenate(
  ///   .run { _ in await self.analytics.track("saved") },
  ///   .send(.delegate(.didSave))
  /// )
  /// ```
  public static func concatenate(_ effects: Self...) -> Self {
    Self.concatenate(effects)
  }

  /// Runs a collection of effects one after the other.
  public static func concatenate(_ effects: some Collection<Self>) -> Self {
    effects.reduce(.none) { $0.concatenate(with: $1) }
  }

  /// Runs another effect once this one has finished.
  @_disfavoredOverload
  public func concatenate(with next: Self) -> Self {
    // While nothing is asynchronous yet, steps simply run in order when the effect starts.
    guard !self.runs.isEmpty else {
      return Self(steps: self.steps + next.steps, runs: next.runs)
    }
    guard !next.isNone else { return self }
    let first = Self(runs: self.runs)
    return Self(
      steps: self.steps,
      runs: [
        Run(name: self.runs.first?.name, priority: self.runs.first?.priority, cancellations: []) {
          send in
          await first.execute(send: send)
          guard !Task.isCancelled else { return }
          await next.execute(send: send)
        }
      ]
    )
  }

  /// Transforms the actions an effect sends.
  ///
  /// Parent reducers use it to embed a child's effects in their own action type:
  ///
  /// ```swift
  /// return childEffect.map(Action.child)
  /// ```
  @inlinable
  public func map<T>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T> {
    guard !self.isNone else { return .none }
    return Effect<T>(
      steps: self.steps.map { step in
        switch step {
        case let .send(action):
          return .send(UncheckedSendable(transform(action.value)))
        case let .perform(work):
          return .perform(work)
        }
      },
      runs: self.runs.map { run in
        let body: Effect<T>.Run.Body
        switch run.body {
        case let .operation(operation):
          body = .operation { send in
            await operation(Send { action in send(transform(action)) })
          }
        case let .publisher(publisher):
          body = .publisher(UncheckedSendable(publisher.value.map(transform).eraseToAnyPublisher()))
        case let .signal(signal):
          let action = signal.action
          body = .signal(
            Effect<T>.Run.Signal(
              token: signal.token,
              registration: signal.registration,
              action: { transform(action()) }
            )
          )
        }
        return Effect<T>.Run(
          name: run.name,
          priority: run.priority,
          cancellations: run.cancellations,
          body: body
        )
      }
    )
  }
}

extension Effect {
  /// Performs the whole effect inside the current task: synchronous steps first, then every run
  /// concurrently, returning when all of them have finished.
  func execute(send: Send<Action>) async {
    for step in self.steps {
      switch step {
      case let .send(action):
        await send(action.value)
      case let .perform(work):
        work()
      }
    }
    switch self.runs.count {
    case 0:
      return
    case 1:
      await self.runs[0].execute(send: send)
    default:
      await withTaskGroup(of: Void.self) { group in
        for run in self.runs {
          group.addTask(priority: run.priority) {
            await run.execute(send: send)
          }
        }
      }
    }
  }
}

extension Effect.Run {
  /// Runs the operation in the current task, registered under its cancellation IDs.
  func execute(send: Send<Action>) async {
    var operation: @Sendable () async -> Void = { await self.operation(send) }
    for registration in self.cancellations {
      let inner = operation
      operation = {
        await registration.withTaskCancellation { await inner() }
      }
    }
    await operation()
  }
}
