import ComposableArchitecture
import Testing

// MARK: - Fixtures

private enum DepRedNumberKey: DependencyKey {
  static let liveValue = 0
  static let testValue = 0
}

struct DepRedClient: TestDependencyKey, Equatable, Sendable {
  var label: String
  static let testValue = DepRedClient(label: "default")
}

extension DependencyValues {
  var depRedNumber: Int {
    get { self[DepRedNumberKey.self] }
    set { self[DepRedNumberKey.self] = newValue }
  }
}

/// Records the dependencies it sees, in the reducer and in its effects.
struct DepRedReader: Reducer {
  struct State: Equatable {
    var numbers: [Int] = []
    var labels: [String] = []
  }
  @CasePathable
  enum Action: Equatable {
    case read
    case readInEffect
    case recorded(number: Int, label: String)
  }

  @Dependency(\.depRedNumber) var number
  @Dependency(DepRedClient.self) var client

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .read:
        state.numbers.append(self.number)
        state.labels.append(self.client.label)
        return .none
      case .readInEffect:
        return .run { send in
          @Dependency(\.depRedNumber) var number
          @Dependency(DepRedClient.self) var client
          await send(.recorded(number: number, label: client.label))
        }
      case let .recorded(number, label):
        state.numbers.append(number)
        state.labels.append(label)
        return .none
      }
    }
  }
}

@MainActor
private func depRedRead<R: Reducer<DepRedReader.State, DepRedReader.Action>>(
  _ reducer: R
) -> DepRedReader.State {
  var state = DepRedReader.State()
  _ = reducer.reduce(into: &state, action: .read)
  return state
}

// MARK: - Tests

@MainActor
struct DependencyReducerTests {
  @Test func baseReducerSeesTheDefaultValue() {
    #expect(depRedRead(DepRedReader()).numbers == [0])
  }

  @Test func keyPathOverrideIsSeenByTheReducer() {
    #expect(depRedRead(DepRedReader().dependency(\.depRedNumber, 42)).numbers == [42])
  }

  @Test func typeKeyedOverrideIsSeenByTheReducer() {
    let state = depRedRead(DepRedReader().dependency(DepRedClient(label: "override")))
    #expect(state.labels == ["override"])
  }

  @Test func transformDependencyChangesTheCurrentValueInPlace() {
    let reducer = DepRedReader()
      .transformDependency(\.depRedNumber) { $0 += 5 }
    #expect(depRedRead(reducer).numbers == [5])
  }

  @Test func chainedKeyPathOverridesLetTheOneClosestToTheBaseWin() {
    let reducer = DepRedReader()
      .dependency(\.depRedNumber, 1)
      .dependency(\.depRedNumber, 2)
    #expect(depRedRead(reducer).numbers == [1])
  }

  @Test func chainedTypeKeyedOverridesLetTheOneClosestToTheBaseWin() {
    let reducer = DepRedReader()
      .dependency(DepRedClient(label: "inner"))
      .dependency(DepRedClient(label: "outer"))
    #expect(depRedRead(reducer).labels == ["inner"])
  }

  @Test func transformCloserToTheBaseRunsAfterAnOuterOverride() {
    let reducer = DepRedReader()
      .transformDependency(\.depRedNumber) { $0 += 5 }
      .dependency(\.depRedNumber, 10)
    #expect(depRedRead(reducer).numbers == [15])
  }

  @Test func overrideCloserToTheBaseReplacesAnOuterTransform() {
    let reducer = DepRedReader()
      .dependency(\.depRedNumber, 10)
      .transformDependency(\.depRedNumber) { $0 += 5 }
    #expect(depRedRead(reducer).numbers == [10])
  }

  @Test func chainedOverridesOfDifferentDependenciesAllApply() {
    let reducer = DepRedReader()
      .dependency(\.depRedNumber, 3)
      .dependency(DepRedClient(label: "both"))
    let state = depRedRead(reducer)
    #expect(state.numbers == [3])
    #expect(state.labels == ["both"])
  }

  @Test func overrideInsideCombinedReducersWinsOverOuterOverride() {
    let reducer = CombineReducers {
      DepRedReader().dependency(\.depRedNumber, 1)
    }
    .dependency(\.depRedNumber, 2)
    #expect(depRedRead(reducer).numbers == [1])
  }

  @Test func effectsSeeTheOverriddenDependencies() async {
    let store = Store(initialState: DepRedReader.State()) {
      DepRedReader()
        .dependency(\.depRedNumber, 7)
        .dependency(DepRedClient(label: "effect"))
    }
    await store.send(.readInEffect).finish()
    #expect(store.withState { $0 } == DepRedReader.State(numbers: [7], labels: ["effect"]))
  }

  @Test func storeDependenciesAreSeenWhenNoReducerOverrideApplies() async {
    let store = Store(initialState: DepRedReader.State()) {
      DepRedReader()
    } withDependencies: {
      $0.depRedNumber = 99
    }
    store.send(.read)
    await store.send(.readInEffect).finish()
    #expect(store.withState(\.numbers) == [99, 99])
  }

  @Test func reducerOverrideWinsOverStoreDependencies() async {
    let store = Store(initialState: DepRedReader.State()) {
      DepRedReader().dependency(\.depRedNumber, 5)
    } withDependencies: {
      $0.depRedNumber = 99
    }
    store.send(.read)
    await store.send(.readInEffect).finish()
    #expect(store.withState(\.numbers) == [5, 5])
  }
}
