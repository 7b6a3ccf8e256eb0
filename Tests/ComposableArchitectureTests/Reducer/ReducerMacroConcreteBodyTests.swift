import ComposableArchitecture
import Foundation
import Testing

/// A feature that names no `State` or `Action` of its own: both come from its body's type.
@Reducer
private struct Kiln {
  @Dependency(\.date.now) var now
  var body: some Reducer<Int, Bool> {
    Reduce { degrees, warmer in
      _ = self.now
      degrees += warmer ? 1 : -1
      return .none
    }
  }
}

/// Same, written with `ReducerOf` over another feature's types.
@Reducer
private struct MirroredKiln {
  var body: some ReducerOf<Kiln> {
    Kiln()
    Reduce { degrees, _ in
      degrees *= 10
      return .none
    }
  }
}

@MainActor
@Suite struct ReducerMacroConcreteBodyTests {
  @Test func stateAndActionAreInferredFromTheBodysGenericArguments() async {
    let store = TestStore(initialState: 20) {
      Kiln()
    } withDependencies: {
      $0.date.now = Date(timeIntervalSince1970: 0)
    }
    await store.send(true) { $0 = 21 }
    await store.send(false) { $0 = 20 }
  }

  @Test func reducerOfAnotherFeatureBuildsWithThatFeaturesTypes() async {
    let store = TestStore(initialState: 1) {
      MirroredKiln()
    } withDependencies: {
      $0.date.now = Date(timeIntervalSince1970: 0)
    }
    await store.send(true) { $0 = 20 }
  }

  @Test func aStoreRunsTheInferredFeature() {
    let store = Store(initialState: 5) {
      Kiln()
    } withDependencies: {
      $0.date.now = Date(timeIntervalSince1970: 0)
    }
    store.send(true)
    #expect(store.withState { $0 } == 6)
  }
}
