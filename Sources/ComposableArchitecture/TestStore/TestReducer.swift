#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif
import ConcurrencyExtras
import Dependencies
import Foundation

/// Wraps the reducer under test: it records the actions effects feed back and the effects still
/// in flight, so that the ``TestStore`` can make the test assert them.
final class TestReducer<State, Action>: Reducer, @unchecked Sendable {
  // Unchecked: a test store and its reducer run on the store's actor (the main actor, or a
  // `TestStoreActor`'s); the mutable state the effects reach from other threads is in
  // `LockIsolated` values.
  struct TestAction {
    enum Origin {
      case send(Action)
      case receive(Action)
    }

    let origin: Origin
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt

    var action: Action {
      switch self.origin {
      case let .send(action), let .receive(action):
        return action
      }
    }
  }

  let base: Reduce<State, Action>
  var dependencies: DependencyValues
  /// The state as of the last asserted step.
  var state: State
  /// Actions fed back by effects and not yet asserted, with the state after each.
  var receivedActions: [
    (
      action: Action, state: State, stackElementIDs: StackElementIDGenerator,
      sharedValues: SharedChangeTracker.Checkpoint
    )
  ] = []
  /// The shared values as the last sent action left them.
  var sharedValuesAfterSend: SharedChangeTracker.Checkpoint?
  let sharedChangeTracker: SharedChangeTracker
  /// Where stack element IDs stood before the last sent action ran, so that the test's expected
  /// state can add stack elements with the same IDs the reducer gave them.
  var stackElementIDsBeforeSend: StackElementIDGenerator?
  let inFlightEffects = LockIsolated<Set<InFlightEffect>>([])
  /// The test store's own step in the cancellation registry: every cancellable piece of work its
  /// effects start is registered at or below it, as is each tracked effect.
  let navigationIDPath: NavigationIDPath
  /// How many tracked runs have been handed to the store but not yet begun their operation. The
  /// test store waits for them after each `send` and `receive`, so that an effect has reached its
  /// first `clock.sleep` (or other suspension) before the test advances a clock.
  let unstartedRuns = LockIsolated(0)
  /// Whether the feature under test dismissed itself with `@Dependency(\.dismiss)` (from the
  /// main actor, where a dismissal runs, whichever actor runs the store).
  let isDismissed = LockIsolated(false)

  init(
    _ base: Reduce<State, Action>,
    initialState: State,
    sharedChangeTracker: SharedChangeTracker
  ) {
    @Dependency(\.self) var dependencies
    var testDependencies = dependencies
    testDependencies.navigationIDPath = dependencies.navigationIDPath.appending(NavigationID())
    self.navigationIDPath = testDependencies.navigationIDPath
    self.base = base
    self.dependencies = testDependencies
    self.state = initialState
    self.sharedChangeTracker = sharedChangeTracker
  }

  func reduce(into state: inout State, action: TestAction) -> Effect<TestAction> {
    var dependencies = self.dependencies
    let dismiss = dependencies.dismiss.dismiss
    dependencies.dismiss = DismissEffect { [weak self] in
      dismiss?()
      self?.dismiss()
    }
    let reducer = self.base.dependency(\.self, dependencies)
    let stackElementIDs = self.dependencies.stackElementID.copy()
    let effect: Effect<Action>
    switch action.origin {
    case let .send(sentAction):
      self.stackElementIDsBeforeSend = stackElementIDs
      effect = reducer.reduce(into: &state, action: sentAction)
      self.state = state
      self.sharedValuesAfterSend = self.sharedChangeTracker.checkpoint()
    case let .receive(receivedAction):
      effect = reducer.reduce(into: &state, action: receivedAction)
      self.receivedActions.append(
        (receivedAction, state, stackElementIDs, self.sharedChangeTracker.checkpoint())
      )
    }

    let origin = UncheckedSendable(action)
    let received = effect.map {
      TestAction(
        origin: .receive($0),
        fileID: origin.value.fileID,
        filePath: origin.value.filePath,
        line: origin.value.line,
        column: origin.value.column
      )
    }
    let inFlightEffects = self.inFlightEffects
    let unstartedRuns = self.unstartedRuns
    let navigationIDPath = self.navigationIDPath
    return Effect(
      steps: received.steps,
      runs: received.runs.map { run in
        // A wait for a signal (a presented feature's for its dismissal) lasts as long as what
        // signals it: tests don't assert that it ends.
        if case .signal = run.body { return run }
        let inFlight = InFlightEffect(
          action: UncheckedSendable(origin.value.action),
          fileID: origin.value.fileID,
          filePath: origin.value.filePath,
          line: origin.value.line,
          column: origin.value.column
        )
        inFlightEffects.withValue { _ = $0.insert(inFlight) }
        var tracked = run
        tracked.cancellations.append(
          CancellationRegistration(id: inFlight, navigationIDPath: navigationIDPath)
        )
        let ended: @Sendable () -> Void = {
          inFlightEffects.withValue { _ = $0.remove(inFlight) }
        }
        switch run.body {
        case let .operation(operation):
          unstartedRuns.withValue { $0 += 1 }
          tracked.body = .operation { send in
            unstartedRuns.withValue { $0 -= 1 }
            await operation(send)
            ended()
          }
        case let .publisher(publisher):
          // A completion off the main queue reaches the store after the values before it, which
          // hop to the main queue: the effect ends for the test at the same moment.
          tracked.body = .publisher(
            UncheckedSendable(
              publisher.value
                .handleEvents(
                  receiveCompletion: { _ in
                    if isOnMainQueue() { ended() } else { DispatchQueue.main.async(execute: ended) }
                  },
                  receiveCancel: ended
                )
                .eraseToAnyPublisher()
            )
          )
        case .signal:
          break
        }
        return tracked
      }
    )
  }
}

extension TestReducer {
  /// Dismisses the feature under test, as a parent would dismiss a presented one: the effects
  /// still running are cancelled and no longer tracked.
  func dismiss() {
    self.isDismissed.setValue(true)
    let effects = self.inFlightEffects.withValue { effects in
      defer { effects.removeAll() }
      return effects
    }
    for effect in effects {
      CancellationRegistration(id: effect, navigationIDPath: self.navigationIDPath)
        .cancelInFlight()
    }
  }

  /// Cancels and forgets, at once, everything the test store's effects registered for
  /// cancellation: the work itself may take a few more hops to see its cancellation and
  /// unregister, by which time the next test has started.
  func endRegistrations() {
    _cancellationCancellables.withValue { $0.removeAll(under: self.navigationIDPath) }
      .forEach { $0.cancel() }
  }
}

/// An effect that has started and not yet finished, with the action that started it.
struct InFlightEffect: Hashable, Sendable {
  let id = UUID()
  let action: UncheckedSendable<Any>
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
  func hash(into hasher: inout Hasher) { hasher.combine(self.id) }
}
