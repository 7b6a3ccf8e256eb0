import ComposableArchitecture
import Testing

// MARK: - Fixtures

struct StoreIdentityFeature: Reducer {
  struct State: Equatable {}
  enum Action: Equatable { case tap }
  var body: some ReducerOf<Self> { EmptyReducer() }
}

private struct StoreIdentityPrivateFeature: Reducer {
  struct State: Equatable {}
  enum Action: Equatable { case tap }
  var body: some ReducerOf<Self> { EmptyReducer() }
}

struct StoreIdentityGenericFeature<Value: Equatable>: Reducer {
  struct State: Equatable { var value: Value }
  enum Action: Equatable { case tap }
  var body: some ReducerOf<Self> { EmptyReducer() }
}

// MARK: - Tests

@MainActor
struct StoreIdentityTests {
  @Test func debugDescriptionNamesTheReducerForItsStateAndAction() {
    let store = Store(initialState: StoreIdentityFeature.State()) {
      StoreIdentityFeature()
    }
    #expect(store.debugDescription == "StoreOf<StoreIdentityFeature>")
  }

  @Test func debugDescriptionOmitsPrivateContextDecorations() {
    let store = Store(initialState: StoreIdentityPrivateFeature.State()) {
      StoreIdentityPrivateFeature()
    }
    #expect(store.debugDescription == "StoreOf<StoreIdentityPrivateFeature>")
  }

  @Test func debugDescriptionNamesTheReducerForOptionalState() {
    let store = Store(initialState: StoreIdentityFeature.State?.none) {
      EmptyReducer<StoreIdentityFeature.State?, StoreIdentityFeature.Action>()
    }
    #expect(store.debugDescription == "StoreOf<StoreIdentityFeature?>")
  }

  @Test func debugDescriptionNamesAGenericReducer() {
    let store = Store(initialState: StoreIdentityGenericFeature<Int>.State(value: 1)) {
      StoreIdentityGenericFeature<Int>()
    }
    #expect(store.debugDescription == "StoreOf<StoreIdentityGenericFeature<Int>>")
  }

  @Test func debugDescriptionNamesStateAndActionOtherwise() {
    let store = Store(initialState: 0) { EmptyReducer<Int, String>() }
    #expect(store.debugDescription == "Store<Int, String>")
  }

  @Test func storesAreEqualOnlyToThemselves() {
    let first = Store(initialState: 0) { EmptyReducer<Int, String>() }
    let second = Store(initialState: 0) { EmptyReducer<Int, String>() }
    #expect(first == first)
    #expect(first != second)
  }

  @Test func storesHashByIdentity() {
    let first = Store(initialState: 0) { EmptyReducer<Int, String>() }
    let second = Store(initialState: 0) { EmptyReducer<Int, String>() }
    let set: Set = [first, second, first]
    #expect(set.count == 2)
    #expect(set.contains(first))
    #expect(first.hashValue == first.hashValue)
  }

  @Test func storeIDIsItsObjectIdentity() {
    let first = Store(initialState: 0) { EmptyReducer<Int, String>() }
    let second = Store(initialState: 0) { EmptyReducer<Int, String>() }
    #expect(first.id == ObjectIdentifier(first))
    #expect(first.id != second.id)
  }
}
