// This target is compiled with `-Werror DeprecatedDeclaration`: what a user writes here every day
// must not warn. A read of a shared field through a store's dynamic member is one: it must use
// the read-only subscript, not the binding one, whose key path names `@Shared`'s deprecated setter.
import ComposableArchitecture
import Testing

#if Web
  import ComposableWeb
#endif

@Reducer
struct Inventory {
  @ObservableState
  struct State: Equatable {
    @Shared var stock: Stock
    var note = ""
  }

  struct Stock: Equatable, Sendable {
    var items: [String]
  }

  enum Action: BindableAction {
    case binding(BindingAction<State>)
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
  }
}

@MainActor
@Suite struct DynamicMemberReadTests {
  func state() -> Inventory.State {
    Inventory.State(stock: Shared(value: Inventory.Stock(items: ["apples"])))
  }

  @Test func aStoreReadsASharedFieldWithoutTheBindingSubscript() {
    let store = Store(initialState: state()) { Inventory() }
    #expect(store.stock.items == ["apples"])
    store.note = "restock"
    #expect(store.note == "restock")
  }

  #if Web
    @Test func aLiveStoreReadsASharedFieldWithoutTheBindingSubscript() {
      let store = LiveStore(initialState: state()) { Inventory() }
      #expect(store.stock.items == ["apples"])
      store.note = "restock"
      #expect(store.note == "restock")
    }
  #endif
}
