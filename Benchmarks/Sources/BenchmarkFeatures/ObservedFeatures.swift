import ComposableArchitecture
import Observation

/// The counter of the store benchmarks, written with the macros.
@Reducer
package struct ObservedCounter {
  @ObservableState
  package struct State: Equatable {
    package var count = 0
    package var label = ""
    package init() {}
  }

  package enum Action {
    case increment
  }

  package init() {}

  package var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      }
    }
  }
}

/// A feature that presents itself: `depth` levels of `@Presents` children, each integrated with
/// `.ifLet(\.$child, action: \.child)`. It is also the feature of TCA's own store benchmarks
/// (a counter with an optional child of its own kind), which the `Fresh.*` benchmarks follow.
@Reducer
package struct ObservedNested {
  @ObservableState
  package struct State: Equatable {
    package var count = 0
    @Presents package var child: ObservedNested.State?

    package init(depth: Int) {
      if depth > 0 {
        self.child = State(depth: depth - 1)
      }
    }
  }

  package enum Action {
    case increment
    case child(PresentationAction<Action>)
    case present
    case dismiss

    package static func nested(depth: Int) -> Self {
      depth == 0 ? .increment : .child(.presented(.nested(depth: depth - 1)))
    }
  }

  package init() {}

  package var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .present:
        state.child = State(depth: 0)
        return .none
      case .dismiss:
        state.child = nil
        return .none
      case .child:
        return .none
      }
    }
    .ifLet(\.$child, action: \.child) {
      ObservedNested()
    }
  }
}

/// A store of `ObservedNested` with `levels` features in its state: the root and `levels - 1`
/// presented children below it.
@MainActor
package func nestedRoot(levels: Int) -> StoreOf<ObservedNested> {
  Store(initialState: ObservedNested.State(depth: levels - 1)) { ObservedNested() }
}

/// The store of the deepest of `levels` features, scoped down from `root` one level at a time.
@MainActor
package func nestedLeaf(of root: StoreOf<ObservedNested>, levels: Int) -> StoreOf<ObservedNested> {
  var store = root
  for _ in 1..<levels {
    store = store.scope(state: \.child, action: \.child.presented)!
  }
  return store
}

/// The baseline's nested state: the same shape without observation or presentation.
package struct PlainNested: Equatable {
  package var count = 0
  package var child: Box?

  package final class Box: Equatable {
    package var value: PlainNested
    package init(_ value: PlainNested) { self.value = value }
    package static func == (lhs: Box, rhs: Box) -> Bool { lhs.value == rhs.value }
  }

  package init(depth: Int) {
    if depth > 0 {
      self.child = Box(PlainNested(depth: depth - 1))
    }
  }
}

package func plainNestedReduce(_ state: inout PlainNested, _ action: ObservedNested.Action) {
  switch action {
  case .increment:
    state.count += 1
  case let .child(.presented(action)):
    if let box = state.child {
      var child = box.value
      plainNestedReduce(&child, action)
      state.child = PlainNested.Box(child)
    }
  case .present:
    state.child = PlainNested.Box(PlainNested(depth: 0))
  case .dismiss, .child(.dismiss):
    state.child = nil
  }
}

/// Reads inside an observation scope, as a renderer would, and drops the registration.
@MainActor
@inlinable
@inline(__always)
package func observed<T>(_ read: () -> T) -> T {
  withObservationTracking(read, onChange: {})
}

/// A counter as a plain `@Observable` class, for what Swift's Observation costs without a store.
@MainActor
@Observable
package final class ObservableCounterModel {
  package private(set) var count = 0
  package init() {}
  @inline(never)
  package func increment() { self.count += 1 }
}
