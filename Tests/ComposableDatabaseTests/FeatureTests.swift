#if SQLite
import ComposableArchitecture
@_spi(Testing) import ComposableArchitectureTestSupport
import ComposableDatabase
import Testing

@Reducer
struct Shopping {
  @ObservableState
  struct State: Equatable {
    @FetchAll var items: [Item]
    var failure: String?
  }

  enum Action: Equatable {
    case addTapped(String)
    case addFailed(String)
  }

  @Dependency(\.defaultDatabase) var database

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .addTapped(title):
        return .run { [database] _ in
          try await insert(title, into: database)
        } catch: { error, send in
          await send(.addFailed("\(error)"))
        }
      case let .addFailed(message):
        state.failure = message
        return .none
      }
    }
  }
}

@MainActor
@Suite struct FeatureTests {
  @Test func aTestStoreSeesTheRowsItsEffectWrote() async throws {
    let database = try await SQLiteLiveDatabase.inMemory(migrator: .items)
    let store = TestStore(initialState: Shopping.State()) {
      Shopping()
    } withDependencies: {
      $0.defaultDatabase = database
    }
    await store.send(.addTapped("Milk"))
    #expect(await eventually { store.state.items.map(\.title) == ["Milk"] })
  }

  @Test func aWriteThatFailsReachesTheFeature() async throws {
    // No migration: the table is missing, so the insert fails.
    let database = try await SQLiteLiveDatabase.inMemory()
    let store = TestStore(initialState: Shopping.State()) {
      Shopping()
    } withDependencies: {
      $0.defaultDatabase = database
    }
    store.exhaustivity = .off
    await store.send(.addTapped("Milk"))
    await store.receive(\.addFailed, timeout: .seconds(10))
    #expect(store.state.failure?.contains("items") == true)
  }
}
#endif
