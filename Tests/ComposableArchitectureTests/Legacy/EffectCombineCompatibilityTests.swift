import ComposableArchitecture
import Foundation
import Testing

// The effect helpers of TCA 0.x: publishers turned into effects, and the helpers kept as
// deprecated spellings of today's effects.

private struct CCError: Error, Equatable {
  var code: Int
}

private enum CCAction: Equatable {
  case value(Int)
  case result(Result<Int, CCError>)
  case text(String)
}

@MainActor
struct EffectCombineCompatibilityTests {
  /// A store whose reducer returns `effect` for `.text("go")` and records every action.
  private func store(
    _ effect: @escaping () -> Effect<CCAction>
  ) -> Store<[CCAction], CCAction> {
    Store(initialState: [CCAction]()) {
      Reduce<[CCAction], CCAction> { state, action in
        if action == .text("go") { return effect() }
        state.append(action)
        return .none
      }
    }
  }

  @Test func eraseToEffectTurnsAPublisherIntoASynchronousEffect() {
    let store = store { [1, 2].publisher.map(CCAction.value).eraseToEffect() }
    store.send(.text("go"))
    #expect(store.withState { $0 } == [.value(1), .value(2)])
  }

  @Test func eraseToEffectWithATransformMapsEachValue() {
    let store = store { Just(3).eraseToEffect(CCAction.value) }
    store.send(.text("go"))
    #expect(store.withState { $0 } == [.value(3)])
  }

  @Test func catchToEffectSendsValuesAsSuccessesAndTheFailureLast() {
    let subject = PassthroughSubject<Int, CCError>()
    let store = Store(initialState: [Result<Int, CCError>]()) {
      Reduce<[Result<Int, CCError>], Result<Int, CCError>?> { state, action in
        guard let action else { return subject.catchToEffect().map(Optional.some) }
        state.append(action)
        return .none
      }
    }
    store.send(nil)
    subject.send(1)
    subject.send(completion: .failure(CCError(code: 7)))
    subject.send(2)
    #expect(store.withState { $0 } == [.success(1), .failure(CCError(code: 7))])
  }

  @Test func catchToEffectWithATransformWrapsTheResult() {
    let success = store {
      Just(4).setFailureType(to: CCError.self).catchToEffect(CCAction.result)
    }
    success.send(.text("go"))
    #expect(success.withState { $0 } == [.result(.success(4))])

    let failure = store {
      Fail<Int, CCError>(error: CCError(code: 1)).catchToEffect(CCAction.result)
    }
    failure.send(.text("go"))
    #expect(failure.withState { $0 } == [.result(.failure(CCError(code: 1)))])
  }

  @Test func effectValueSendsTheActionRightAway() {
    let store = store { Effect(value: .value(5)) }
    store.send(.text("go"))
    #expect(store.withState { $0 } == [.value(5)])
  }

  @Test func fireAndForgetDoesTheWorkAndSendsNothing() async {
    let didWork = LockIsolated(false)
    let store = store { .fireAndForget { didWork.setValue(true) } }
    await store.send(.text("go")).finish()
    #expect(didWork.value)
    #expect(store.withState { $0 } == [])
  }

  @Test func taskSendsTheActionItReturns() async {
    let store = store { .task { .value(6) } }
    await store.send(.text("go")).finish()
    #expect(store.withState { $0 } == [.value(6)])
  }

  @Test func taskTurnsAnErrorIntoAnActionWithItsHandler() async {
    let store = store {
      .task { throw CCError(code: 2) } catch: { error in
        .result(.failure(error as? CCError ?? CCError(code: -1)))
      }
    }
    await store.send(.text("go")).finish()
    #expect(store.withState { $0 } == [.result(.failure(CCError(code: 2)))])
  }

  @Test func taskWithoutAHandlerReportsTheError() async {
    let store = store { .task { throw CCError(code: 3) } }
    await withKnownIssue {
      await store.send(.text("go")).finish()
    } matching: { issue in
      issue.description.contains("threw an error that nothing handled")
    }
    #expect(store.withState { $0 } == [])
  }

  @Test func futureCalledBackRightAwaySendsBeforeSendReturns() {
    let store = store { .future { callback in callback(.success(.value(8))) } }
    store.send(.text("go"))
    #expect(store.withState { $0 } == [.value(8)])
  }

  @Test func futureCalledBackLaterSendsThen() async {
    let callbacks = LockIsolated<[@Sendable (Result<CCAction, Never>) -> Void]>([])
    let store = store {
      .future { callback in
        let callback = UncheckedSendable(callback)
        callbacks.withValue { $0.append { callback.value($0) } }
      }
    }
    let task = store.send(.text("go"))
    #expect(store.withState { $0 } == [])
    callbacks.value.first?(.success(.value(9)))
    await task.finish()
    #expect(store.withState { $0 } == [.value(9)])
  }
}
