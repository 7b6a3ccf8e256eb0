import ComposableArchitecture
import Testing
@_spi(Testing) import ComposableArchitectureTestSupport

#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

// MARK: - Fixtures

private enum EffectPublisherCancelID {
  case subscription
}

/// Bridges publishers into effects.
private struct EffectPublisherFeature: Reducer {
  struct State: Equatable {
    var values: [Int] = []
  }
  enum Action: Equatable {
    case startSequence
    case startSubject
    case stop
    case value(Int)
  }
  let subject: PassthroughSubject<Int, Never>
  let cancelled: LockIsolated<Bool>

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .startSequence:
        return .publisher {
          [1, 2, 3].publisher.map(Action.value)
        }
      case .startSubject:
        let cancelled = self.cancelled
        return .publisher {
          self.subject
            .handleEvents(receiveCancel: { cancelled.setValue(true) })
            .map(Action.value)
        }
        .cancellable(id: EffectPublisherCancelID.subscription)
      case .stop:
        return .cancel(id: EffectPublisherCancelID.subscription)
      case let .value(value):
        state.values.append(value)
        return .none
      }
    }
  }
}

/// Collects everything a publisher emits until it finishes.
@MainActor
private func effectPublisherCollect(_ publisher: _EffectPublisher<Int>) async -> [Int] {
  let values = LockIsolated<[Int]>([])
  var cancellable: AnyCancellable?
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    cancellable = publisher.sink(
      receiveCompletion: { _ in continuation.resume() },
      receiveValue: { value in values.withValue { $0.append(value) } }
    )
  }
  _ = cancellable
  return values.value
}

// MARK: - Effect.publisher

@MainActor
struct EffectPublisherTests {
  let subject = PassthroughSubject<Int, Never>()
  let cancelled = LockIsolated(false)

  fileprivate func makeStore() -> TestStoreOf<EffectPublisherFeature> {
    TestStore(initialState: EffectPublisherFeature.State()) {
      EffectPublisherFeature(subject: self.subject, cancelled: self.cancelled)
    }
  }

  @Test func publisherValuesArriveAsActionsInOrder() async {
    let store = makeStore()
    await store.send(.startSequence)
    await store.receive(.value(1)) { $0.values = [1] }
    await store.receive(.value(2)) { $0.values = [1, 2] }
    await store.receive(.value(3)) { $0.values = [1, 2, 3] }
    await store.finish()
  }

  @Test func publisherCompletionEndsTheEffect() async {
    let store = makeStore()
    let task = await store.send(.startSubject)
    self.subject.send(1)
    await store.receive(.value(1)) { $0.values = [1] }
    self.subject.send(completion: .finished)
    await task.finish()
    #expect(!self.cancelled.value, "the effect ended because the publisher finished")
  }

  @Test func cancellingThePublisherEffectCancelsTheSubscription() async {
    let store = makeStore()
    await store.send(.startSubject)
    self.subject.send(1)
    await store.receive(.value(1)) { $0.values = [1] }
    #expect(!self.cancelled.value)
    await store.send(.stop)
    #expect(self.cancelled.value)
    // Nothing sent after the cancellation reaches the store.
    self.subject.send(2)
    await store.finish()
  }
}

// MARK: - _EffectPublisher

@MainActor
struct EffectPublisherBridgeTests {
  @Test func effectPublisherEmitsTheEffectsActionsAndFinishes() async {
    let effect = Effect<Int>.concatenate(
      .send(1),
      .run { send in
        await send(2)
        await send(3)
      },
      .send(4)
    )
    let values = await effectPublisherCollect(_EffectPublisher(effect))
    #expect(values == [1, 2, 3, 4])
  }

  @Test func effectPublisherOfNoneFinishesWithoutValues() async {
    let values = await effectPublisherCollect(_EffectPublisher(Effect<Int>.none))
    #expect(values == [])
  }

  @Test func cancellingEffectPublisherSubscriptionCancelsTheEffect() async {
    let cancelled = LockIsolated(false)
    let effect = Effect<Int>.run { _ in
      await withTaskCancellationHandler {
        try? await Task.never()
      } onCancel: {
        cancelled.setValue(true)
      }
    }
    let cancellable = _EffectPublisher(effect).sink { _ in }
    await Task.megaYield()
    #expect(!cancelled.value)
    cancellable.cancel()
    #expect(await eventually { cancelled.value })
  }
}
