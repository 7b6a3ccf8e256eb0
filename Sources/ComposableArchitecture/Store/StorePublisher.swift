#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

extension Store {
  /// A publisher of the store's state: the current state when subscribed, then the state after
  /// each action the store processes. Fields reached through it emit only when they change.
  ///
  /// ```swift
  /// store.publisher.isLoading
  ///   .sink { isLoading in activityIndicator.isHidden = !isLoading }
  ///   .store(in: &cancellables)
  /// ```
  ///
  /// It works for any state, observable or not, and delivers on the main actor. A subscription
  /// keeps the store alive until it is cancelled.
  public var publisher: StorePublisher<State> {
    let relay = StoreStateRelay(store: self)
    return StorePublisher(relay.subject.eraseToAnyPublisher(), owner: relay)
  }
}

/// Feeds a store's state into a subject after every change of its root state, for as long as a
/// publisher or one of its subscriptions holds it.
@MainActor
final class StoreStateRelay<State, Action> {
  let store: Store<State, Action>
  let subject: CurrentValueSubject<State, Never>

  init(store: Store<State, Action>) {
    self.store = store
    self.subject = CurrentValueSubject(store.currentState)
    store.core.observe(self) { [weak self] in
      guard let self else { return }
      self.subject.send(self.store.currentState)
    }
  }
}

/// A publisher of a store's (or a view store's) state that derives publishers of its fields,
/// each emitting only when the field changes.
///
/// ```swift
/// store.publisher.isLoading.sink { isLoading in … }
/// viewStore.publisher.count.sink { count in … }
/// ```
@dynamicMemberLookup
public struct StorePublisher<State>: Publisher {
  public typealias Output = State
  public typealias Failure = Never

  let upstream: AnyPublisher<State, Never>
  /// What feeds the publisher (a view store, or a store's relay), kept alive by subscriptions.
  let owner: AnyObject

  init(_ upstream: AnyPublisher<State, Never>, owner: AnyObject) {
    self.upstream = upstream
    self.owner = owner
  }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == State, S.Failure == Never {
    let owner = self.owner
    self.upstream
      .handleEvents(receiveCancel: { withExtendedLifetime(owner) {} })
      .receive(subscriber: subscriber)
  }

  /// A publisher of a field of the state, emitting when the field changes.
  public subscript<Value: Equatable>(
    dynamicMember keyPath: KeyPath<State, Value>
  ) -> StorePublisher<Value> {
    StorePublisher<Value>(
      self.upstream.map { $0[keyPath: keyPath] }.removeDuplicates().eraseToAnyPublisher(),
      owner: self.owner
    )
  }
}
