import ComposableArchitecture
import ConcurrencyExtras
import Testing

#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

private struct Tally: Reducer {
  typealias State = Int
  enum Action { case bump }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state += 1
      return .none
    }
  }
}

/// Requests one value at a time, when told to.
private final class OneAtATime: Subscriber, @unchecked Sendable {
  typealias Input = Int
  typealias Failure = Never

  var values: [Int] = []
  var subscription: (any Subscription)?

  func receive(subscription: any Subscription) {
    self.subscription = subscription
  }

  func receive(_ input: Int) -> Subscribers.Demand {
    self.values.append(input)
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) {}
}

@MainActor
struct ViewStorePublisherTests {
  @Test func subscribersAreNotifiedInTheOrderTheySubscribed() {
    let store = Store(initialState: 0) { Tally() }
    let viewStore = ViewStore(store, observe: { $0 })
    var order: [Int] = []
    var cancellables: [AnyCancellable] = []
    for subscriber in 0..<12 {
      viewStore.publisher
        .sink { _ in order.append(subscriber) }
        .store(in: &cancellables)
    }
    #expect(order == Array(0..<12))
    for _ in 1...5 {
      order = []
      viewStore.send(.bump)
      #expect(order == Array(0..<12))
    }
  }

  @Test func derivedPublishersAreNotifiedInTheOrderTheySubscribedToo() {
    struct Pair: Equatable { var left = 0, right = 0 }
    let store = Store(initialState: 0) { Tally() }
    let viewStore = ViewStore(store, observe: { Pair(left: $0, right: -$0) })
    var order: [String] = []
    var cancellables: [AnyCancellable] = []
    for subscriber in 0..<6 {
      viewStore.publisher.left
        .sink { _ in order.append("left \(subscriber)") }
        .store(in: &cancellables)
      viewStore.publisher.right
        .sink { _ in order.append("right \(subscriber)") }
        .store(in: &cancellables)
    }
    order = []
    viewStore.send(.bump)
    #expect(order == (0..<6).flatMap { ["left \($0)", "right \($0)"] })
  }

  @Test func aCancelledSubscriberIsNoLongerNotifiedAndTheOthersKeepTheirOrder() {
    let store = Store(initialState: 0) { Tally() }
    let viewStore = ViewStore(store, observe: { $0 })
    var order: [Int] = []
    var cancellables: [AnyCancellable] = []
    for subscriber in 0..<5 {
      viewStore.publisher
        .sink { _ in order.append(subscriber) }
        .store(in: &cancellables)
    }
    cancellables[2].cancel()
    order = []
    viewStore.send(.bump)
    #expect(order == [0, 1, 3, 4])
  }

  @Test func aSubscriberWithoutDemandGetsTheLatestStateWhenItAsks() {
    let store = Store(initialState: 0) { Tally() }
    let viewStore = ViewStore(store, observe: { $0 })
    let subscriber = OneAtATime()
    viewStore.publisher.subscribe(subscriber)
    #expect(subscriber.values == [])
    subscriber.subscription?.request(.max(1))
    #expect(subscriber.values == [0])
    viewStore.send(.bump)
    viewStore.send(.bump)
    #expect(subscriber.values == [0])
    subscriber.subscription?.request(.max(1))
    #expect(subscriber.values == [0, 2])
    subscriber.subscription?.request(.max(1))
    #expect(subscriber.values == [0, 2])
    viewStore.send(.bump)
    #expect(subscriber.values == [0, 2, 3])
    subscriber.subscription?.cancel()
  }
}
