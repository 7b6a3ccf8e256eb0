#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif
import ConcurrencyExtras

extension Shared {
  /// A publisher of the value: the current value at once, then each new value.
  ///
  /// ```swift
  /// $count.publisher.sink { print("count is \($0)") }
  /// ```
  public var publisher: AnyPublisher<Value, Never> {
    valuePublisher(box: self.box, relay: self.box.relay, current: { self.reference.currentValue })
  }
}

extension Shared where Value: Sendable {
  /// The value as an async sequence: the current value at once, then each new value, until the
  /// task iterating it is cancelled.
  ///
  /// ```swift
  /// for await count in $count.asyncValues { … }
  /// ```
  public var asyncValues: AsyncStream<Value> {
    valueStream(box: self.box, relay: self.box.relay, current: self.reference.currentValue)
  }
}

extension SharedReader {
  /// A publisher of the value: the current value at once, then each new value.
  public var publisher: AnyPublisher<Value, Never> {
    valuePublisher(box: self.box, relay: self.box.relay, current: { self.reference.currentValue })
  }
}

extension SharedReader where Value: Sendable {
  /// The value as an async sequence: the current value at once, then each new value.
  public var asyncValues: AsyncStream<Value> {
    valueStream(box: self.box, relay: self.box.relay, current: self.reference.currentValue)
  }
}

/// The box is kept alive by the subscription, so that a publisher of a derived value
/// (`$settings.theme.publisher`) keeps publishing after the derived `Shared` is gone.
private func valuePublisher<Value>(
  box: some Sendable & AnyObject, relay: ValueRelay<Value>, current: @escaping () -> Value
) -> AnyPublisher<Value, Never> {
  Deferred {
    let subject = CurrentValueSubject<Value, Never>(current())
    let send = UncheckedSendable(subject)
    let subscription = relay.subscribe { value in withExtendedLifetime(box) { send.value.send(value) } }
    return subject.handleEvents(receiveCancel: { subscription.cancel() })
  }
  .eraseToAnyPublisher()
}

private func valueStream<Value: Sendable>(
  box: some Sendable & AnyObject, relay: ValueRelay<Value>, current: Value
) -> AsyncStream<Value> {
  let (stream, continuation) = AsyncStream<Value>.makeStream()
  continuation.yield(current)
  let subscription = relay.subscribe { value in withExtendedLifetime(box) { _ = continuation.yield(value) } }
  continuation.onTermination = { _ in subscription.cancel() }
  return stream
}
