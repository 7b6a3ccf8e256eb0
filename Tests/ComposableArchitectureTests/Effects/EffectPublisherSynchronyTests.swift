import ComposableArchitecture
import Foundation
import Testing

// Publisher effects deliver what they emit on the main thread right away, as Combine does:
// during the subscription, while a subject is made to emit, or while a scheduler advances.
// These tests use only `import ComposableArchitecture`: it brings Combine's API (OpenCombine
// where Combine is absent).

private enum PSCancelID { case subject }

private struct PSCounter: Reducer {
  struct State: Equatable {
    var count = 0
    var log: [String] = []
  }
  enum Action: Equatable {
    case startJust
    case startSequence
    case startImmediate
    case startScheduled
    case startSubject
    case stopSubject
    case logged(String)
  }
  let subject: PassthroughSubject<String, Never>
  let scheduler: AnySchedulerOf<DispatchQueue>

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .startJust:
        state.log.append("start")
        return .merge(
          .publisher { Just(.logged("just")) },
          .send(.logged("send"))
        )
      case .startSequence:
        return .publisher { ["a", "b", "c"].publisher.map(Action.logged) }
      case .startImmediate:
        return .publisher {
          Just("immediate").receive(on: DispatchQueue.immediate).map(Action.logged)
        }
      case .startScheduled:
        return .publisher {
          Just("scheduled").delay(for: .seconds(1), scheduler: self.scheduler).map(Action.logged)
        }
      case .startSubject:
        return .publisher { self.subject.map(Action.logged) }
          .cancellable(id: PSCancelID.subject)
      case .stopSubject:
        return .cancel(id: PSCancelID.subject)
      case let .logged(entry):
        state.log.append(entry)
        state.count += 1
        return .none
      }
    }
  }
}

@MainActor
struct EffectPublisherSynchronyTests {
  let subject = PassthroughSubject<String, Never>()
  let scheduler = DispatchQueue.test

  private func makeStore() -> StoreOf<PSCounter> {
    Store(initialState: PSCounter.State()) {
      PSCounter(subject: self.subject, scheduler: self.scheduler.eraseToAnyScheduler())
    }
  }

  @Test func justIsProcessedBeforeSendReturnsAfterTheStepsOfTheSameEffect() {
    let store = makeStore()
    store.send(.startJust)
    // The effect's synchronous `send` step goes first, then what the publisher emitted as the
    // store subscribed to it.
    #expect(store.withState(\.log) == ["start", "send", "just"])
  }

  @Test func aSequencePublisherIsProcessedInOrderBeforeSendReturns() {
    let store = makeStore()
    store.send(.startSequence)
    #expect(store.withState(\.log) == ["a", "b", "c"])
  }

  @Test func anImmediateSchedulerDeliversBeforeSendReturns() {
    let store = makeStore()
    store.send(.startImmediate)
    #expect(store.withState(\.log) == ["immediate"])
  }

  @Test func aTestSchedulerDeliversWhileItAdvances() {
    let store = makeStore()
    store.send(.startScheduled)
    #expect(store.withState(\.log) == [])
    self.scheduler.advance(by: .milliseconds(999))
    #expect(store.withState(\.log) == [])
    self.scheduler.advance(by: .milliseconds(1))
    #expect(store.withState(\.log) == ["scheduled"])
  }

  @Test func aTestSchedulerAdvancedAsynchronouslyDeliversBeforeAdvanceReturns() async {
    let store = makeStore()
    store.send(.startScheduled)
    await self.scheduler.advance(by: .seconds(1))
    #expect(store.withState(\.log) == ["scheduled"])
  }

  @Test func aSubjectDeliversWhileItSends() {
    let store = makeStore()
    store.send(.startSubject)
    self.subject.send("one")
    #expect(store.withState(\.log) == ["one"])
    self.subject.send("two")
    #expect(store.withState(\.log) == ["one", "two"])
  }

  @Test func cancellingByIDCancelsTheSubscription() {
    let store = makeStore()
    store.send(.startSubject)
    self.subject.send("one")
    store.send(.stopSubject)
    self.subject.send("two")
    #expect(store.withState(\.log) == ["one"])
  }

  @Test func releasingTheStoreCancelsTheSubscription() {
    let cancelled = LockIsolated(false)
    let subject = PassthroughSubject<Int, Never>()
    var store: StoreOf<PSRelay>? = Store(initialState: [Int]()) {
      PSRelay(publisher: subject.handleEvents(receiveCancel: { cancelled.setValue(true) }))
    }
    store?.send(.start)
    subject.send(1)
    #expect(store?.withState { $0 } == [1])
    #expect(!cancelled.value)
    store = nil
    #expect(cancelled.value)
  }

  @Test func theStoreTaskOfAPublisherEffectEndsWhenThePublisherCompletes() async {
    let subject = PassthroughSubject<Int, Never>()
    let store = Store(initialState: [Int]()) { PSRelay(publisher: subject) }
    let task = store.send(.start)
    subject.send(3)
    #expect(store.withState { $0 } == [3])
    subject.send(completion: .finished)
    await task.finish()
    #expect(!task.isCancelled)
  }

  @Test func cancellingTheStoreTaskCancelsTheSubscription() async {
    let cancelled = LockIsolated(false)
    let subject = PassthroughSubject<Int, Never>()
    let store = Store(initialState: [Int]()) {
      PSRelay(publisher: subject.handleEvents(receiveCancel: { cancelled.setValue(true) }))
    }
    let task = store.send(.start)
    task.cancel()
    await task.finish()
    #expect(cancelled.value)
    subject.send(5)
    #expect(store.withState { $0 } == [])
  }

  @Test func whatIsEmittedOnAnotherThreadArrivesOnTheMainActor() async {
    let subject = PassthroughSubject<Int, Never>()
    let store = Store(initialState: [Int]()) { PSRelay(publisher: subject) }
    let task = store.send(.start)
    let sendingSubject = UncheckedSendable(subject)
    // A queue of its own, so the values surely come from a thread other than the main one.
    DispatchQueue(label: "EffectPublisherSynchronyTests.background").async {
      sendingSubject.value.send(7)
      sendingSubject.value.send(8)
      sendingSubject.value.send(completion: .finished)
    }
    await task.finish()
    // Both values arrived, in order, before the effect ended.
    #expect(store.withState { $0 } == [7, 8])
  }

  @Test func valuesEmittedDuringTheSubscriptionAreAllBufferedBeforeAnyIsReduced() {
    // The first value's action cancels the effect that emitted it, but by then the publisher
    // has emitted everything.
    let store = Store(initialState: [Int]()) {
      Reduce<[Int], Int> { state, action in
        if action == 0 {
          return .publisher { [1, 2, 3].publisher }.cancellable(id: PSCancelID.subject)
        }
        state.append(action)
        return action == 1 ? .cancel(id: PSCancelID.subject) : .none
      }
    }
    store.send(0)
    // All three were emitted during the subscription, before action 1 ran: they are processed
    // in order, as Combine delivered them.
    #expect(store.withState { $0 } == [1, 2, 3])
  }
}

/// Collects the values of a publisher in the state.
private struct PSRelay: Reducer {
  enum Action { case start, value(Int) }
  let publisher: AnyPublisher<Int, Never>

  init(publisher: some Publisher<Int, Never>) {
    self.publisher = publisher.eraseToAnyPublisher()
  }

  var body: some Reducer<[Int], Action> {
    Reduce { state, action in
      switch action {
      case .start:
        return .publisher { self.publisher.map(Action.value) }
      case let .value(value):
        state.append(value)
        return .none
      }
    }
  }
}

// MARK: - Ordering and re-entrance

/// Actions a publisher emits while the reducer runs are processed after it, in order.
@MainActor
struct EffectPublisherReentranceTests {
  private enum Action: Equatable {
    case subscribe
    case emit
    case emitted
  }

  @Test func actionsEmittedWhileReducingAreQueuedAfterTheCurrentAction() async {
    let subject = PassthroughSubject<Void, Never>()
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .subscribe:
          return .publisher { subject.map { Action.emitted } }
        case .emit:
          subject.send()
          return .none
        case .emitted:
          state += 1
          return .none
        }
      }
    }
    await store.send(.subscribe)
    await store.send(.emit)
    await store.receive(.emitted) { $0 = 1 }
    await store.send(.emit)
    await store.receive(.emitted) { $0 = 2 }
    subject.send(completion: .finished)
    // Completion ends the effect right away: the store has nothing left in flight.
  }

  @Test func aPublisherSendingDuringTheReducerDoesNotReenterIt() {
    struct State: Equatable {
      var isEmitting = false
      var countWhileEmitting = 0
      var emitted = 0
    }
    let subject = PassthroughSubject<Void, Never>()
    let store = Store(initialState: State()) {
      Reduce<State, Action> { state, action in
        switch action {
        case .subscribe:
          return .publisher { subject.map { Action.emitted } }
        case .emit:
          state.isEmitting = true
          subject.send()
          state.isEmitting = false
          return .none
        case .emitted:
          if state.isEmitting { state.countWhileEmitting += 1 }
          state.emitted += 1
          return .none
        }
      }
    }
    store.send(.subscribe)
    store.send(.emit)
    #expect(store.withState { $0 } == State(isEmitting: false, countWhileEmitting: 0, emitted: 1))
  }

  @Test func anActionReleasedAfterItsPassCanSendToAPublisherEffect() {
    let subject = PassthroughSubject<Step, Never>()
    let handled = LockIsolated<[String]>([])
    let store = Store(initialState: 0) {
      Reduce<Int, Step> { _, action in
        handled.withValue { $0.append(action.name) }
        switch action {
        case .listen:
          return .publisher { subject }.cancellable(id: PSCancelID.subject)
        case .hand:
          // The payload sends `.stop` when it is released, once this pass has ended.
          return .send(.hold(PSReleaseSignal { subject.send(.stop) }))
        case .hold:
          return .none
        case .stop:
          return .cancel(id: PSCancelID.subject)
        }
      }
    }
    store.send(.listen)
    store.send(.hand)
    #expect(handled.value == ["listen", "hand", "hold", "stop"])
    // `.stop` cancelled the subscription.
    subject.send(.stop)
    #expect(handled.value == ["listen", "hand", "hold", "stop"])
  }

  fileprivate enum Step: Equatable {
    case listen
    case hand
    case hold(PSReleaseSignal)
    case stop

    var name: String {
      switch self {
      case .listen: "listen"
      case .hand: "hand"
      case .hold: "hold"
      case .stop: "stop"
      }
    }
  }
}

/// Runs a closure when released.
private final class PSReleaseSignal: Equatable, @unchecked Sendable {
  let onRelease: () -> Void
  init(onRelease: @escaping () -> Void) { self.onRelease = onRelease }
  deinit { self.onRelease() }
  static func == (lhs: PSReleaseSignal, rhs: PSReleaseSignal) -> Bool { lhs === rhs }
}
