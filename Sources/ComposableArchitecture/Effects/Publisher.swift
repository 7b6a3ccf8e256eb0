#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif
import ConcurrencyExtras

extension Effect {
  /// Creates an effect from a Combine publisher (OpenCombine where Combine is absent).
  ///
  /// ```swift
  /// case .onAppear:
  ///   return .publisher {
  ///     self.notifications.publisher.map(Action.notificationReceived)
  ///   }
  /// ```
  ///
  /// The publisher is created immediately, with the reducer's dependencies, and is subscribed to
  /// when the store starts the effect. Cancelling the effect cancels the subscription.
  public static func publisher(_ createPublisher: () -> some Publisher<Action, Never>) -> Self {
    let publisher = UncheckedSendable(createPublisher())
    return .run { send in
      let (stream, continuation) = AsyncStream<UncheckedSendable<Action>>.makeStream()
      let cancellable = publisher.value.sink(
        receiveCompletion: { _ in continuation.finish() },
        receiveValue: { continuation.yield(UncheckedSendable($0)) }
      )
      let subscription = UncheckedSendable(cancellable)
      await withTaskCancellationHandler {
        for await action in stream {
          await send(action.value)
        }
      } onCancel: {
        subscription.value.cancel()
        continuation.finish()
      }
    }
  }
}

/// Exposes an effect as a publisher, for code that still composes effects with Combine.
///
/// The effect starts when the publisher is subscribed to, its actions are published on the main
/// actor, and the publisher finishes when the whole effect has finished. Cancelling the
/// subscription cancels the effect.
public struct _EffectPublisher<Action>: Publisher {
  public typealias Output = Action
  public typealias Failure = Never

  let effect: Effect<Action>

  public init(_ effect: Effect<Action>) {
    self.effect = effect
  }

  public func receive<S: Subscriber>(subscriber: S)
  where S.Input == Action, S.Failure == Never {
    let effect = self.effect
    Deferred { () -> AnyPublisher<Action, Never> in
      let subject = PassthroughSubject<Action, Never>()
      let relay = UncheckedSendable(subject)
      let task = Task { @MainActor in
        await effect.execute(send: Send { relay.value.send($0) })
        relay.value.send(completion: .finished)
      }
      return subject
        .handleEvents(receiveCancel: { task.cancel() })
        .eraseToAnyPublisher()
    }
    .receive(subscriber: subscriber)
  }
}
