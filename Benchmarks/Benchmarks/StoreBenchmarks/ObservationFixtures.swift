import ComposableArchitecture

/// The counter of the store benchmarks, written with the macros.
@Reducer
struct ObservedCounter {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var label = ""
  }

  enum Action {
    case increment
  }

  var body: some ReducerOf<Self> {
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
/// `.ifLet(\.$child, action: \.child)`.
@Reducer
struct ObservedNested {
  @ObservableState
  struct State: Equatable {
    var count = 0
    @Presents var child: ObservedNested.State?

    init(depth: Int) {
      if depth > 0 {
        self.child = State(depth: depth - 1)
      }
    }
  }

  enum Action {
    case increment
    case child(PresentationAction<Action>)
    case present
    case dismiss

    static func nested(depth: Int) -> Self {
      depth == 0 ? .increment : .child(.presented(.nested(depth: depth - 1)))
    }
  }

  var body: some ReducerOf<Self> {
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

/// The baseline's nested state: the same shape without observation or presentation.
struct PlainNested: Equatable {
  var count = 0
  var child: Box?

  final class Box: Equatable {
    var value: PlainNested
    init(_ value: PlainNested) { self.value = value }
    static func == (lhs: Box, rhs: Box) -> Bool { lhs.value == rhs.value }
  }

  init(depth: Int) {
    if depth > 0 {
      self.child = Box(PlainNested(depth: depth - 1))
    }
  }
}

func plainNestedReduce(_ state: inout PlainNested, _ action: ObservedNested.Action) {
  switch action {
  case .increment:
    state.count += 1
  case let .child(.presented(action)):
    if let box = state.child {
      var child = box.value
      plainNestedReduce(&child, action)
      state.child = Box(child)
    }
  case .present:
    state.child = PlainNested.Box(PlainNested(depth: 0))
  case .dismiss, .child(.dismiss):
    state.child = nil
  }
}

private typealias Box = PlainNested.Box
