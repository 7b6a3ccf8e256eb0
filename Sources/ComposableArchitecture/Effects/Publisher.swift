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
  /// The publisher is created immediately, with the reducer's dependencies, and the store
  /// subscribes to it the moment it starts the effect. What it emits on the main thread is
  /// processed right away, as Combine would deliver it: a publisher that emits while being
  /// subscribed to (`Just`, a publisher on an immediate scheduler) has its actions processed
  /// before `send` returns, right after the action that returned the effect; one driven by a
  /// test scheduler has them processed while the scheduler advances. What it emits on another
  /// thread is sent to the store on the main thread. Cancelling the effect, or releasing the
  /// store, cancels the subscription.
  public static func publisher(_ createPublisher: () -> some Publisher<Action, Never>) -> Self {
    Self(
      runs: [
        Run(
          name: nil,
          priority: nil,
          cancellations: [],
          body: .publisher(UncheckedSendable(createPublisher().eraseToAnyPublisher()))
        )
      ]
    )
  }
}

extension Publisher where Failure == Never {
  /// Subscribes in the calling task and sends what the publisher emits, returning when it
  /// completes. Cancelling the task cancels the subscription.
  func forward(to send: Send<Output>) async {
    let (stream, continuation) = AsyncStream<UncheckedSendable<Output>>.makeStream()
    let cancellable = self.sink(
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
