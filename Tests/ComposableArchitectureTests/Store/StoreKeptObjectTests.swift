import ComposableArchitecture
import Foundation
import Testing

/// What a store keeps for its features: `StoreActor.keep(_:)`, found by the store's reducers and
/// effects with `DependencyValues.storeObject(_:)`.
private final class Mailbox: Sendable {
  let letters = LockIsolated<[String]>([])
  func post(_ letter: String) { letters.withValue { $0.append(letter) } }
}

@Reducer
private struct Courier {
  @ObservableState
  struct State: Equatable {
    /// Whether each reduce found a mailbox, in order.
    var found: [Bool] = []
  }

  enum Action {
    case post(String)
    case postLater(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      let mailbox = DependencyValues._current.storeObject(Mailbox.self)
      state.found.append(mailbox != nil)
      switch action {
      case let .post(letter):
        mailbox?.post(letter)
        return .none
      case let .postLater(letter):
        return .run { _ in
          // An effect finds the store's object where it runs.
          DependencyValues._current.storeObject(Mailbox.self)?.post(letter)
        }
      }
    }
  }
}

@Reducer
private struct PostOffice {
  @ObservableState
  struct State: Equatable {
    var counter = Courier.State()
  }

  enum Action {
    case counter(Courier.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: \.counter) { Courier() }
  }
}

@MainActor
@Suite struct StoreKeptObjectTests {
  @Test func aKeptObjectReachesTheStoresReducersAndEffects() async {
    let store = StoreActor(initialState: PostOffice.State()) { PostOffice() }
    let mailbox = Mailbox()
    store.keep(mailbox)
    await store.send(.counter(.post("now"))).finish()
    await store.send(.counter(.postLater("later"))).finish()
    #expect(mailbox.letters.value == ["now", "later"])
    #expect(await store.state.counter.found == [true, true])
  }

  @Test func aStoreFindsOnlyWhatItKeeps() async {
    let keeping = StoreActor(initialState: Courier.State()) { Courier() }
    let other = StoreActor(initialState: Courier.State()) { Courier() }
    let mailbox = Mailbox()
    keeping.keep(mailbox)
    await other.send(.post("elsewhere")).finish()
    await other.send(.postLater("elsewhere later")).finish()
    #expect(await other.state.found == [false, false])
    #expect(mailbox.letters.value.isEmpty)
    // Nothing is found outside a store either.
    #expect(DependencyValues._current.storeObject(Mailbox.self) == nil)
  }

  @Test func keepingAnotherOfTheTypeReplacesIt() async {
    let store = StoreActor(initialState: Courier.State()) { Courier() }
    let first = Mailbox()
    let second = Mailbox()
    store.keep(first)
    store.keep(second)
    await store.send(.post("one")).finish()
    #expect(first.letters.value.isEmpty)
    #expect(second.letters.value == ["one"])
  }

  @Test func aTestStoreKeepsNothing() async {
    let store = TestStore(initialState: Courier.State()) { Courier() }
    await store.send(.post("test")) { $0.found = [false] }
  }
}
