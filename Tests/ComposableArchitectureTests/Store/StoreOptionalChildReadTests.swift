import ComposableArchitecture
import Sharing
import Testing

// An optional child's store keeps the state it last read and reuses it until the root's state
// changes, so that reading a store scoped several levels down does not read through every level
// above it each time.

/// Counts the reads of an optional child through its key path.
@MainActor
private final class ReadCounter {
  var reads = 0
}

private struct CountedChildParent: Reducer {
  struct State: ObservableState, Equatable {
    var _$id = ObservableStateID()
    var storedChild: StoreScopeChild.State?
    var other = 0
    /// Read through a key path by the child's store; each read is counted.
    let counter: ReadCounter

    var child: StoreScopeChild.State? {
      get {
        MainActor.assumeIsolated { self.counter.reads += 1 }
        return self.storedChild
      }
      set { self.storedChild = newValue }
    }

    mutating func _$willModify() {}

    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.storedChild == rhs.storedChild && lhs.other == rhs.other
    }
  }
  @CasePathable
  enum Action: Equatable {
    case child(StoreScopeChild.Action)
    case other
    case dismiss
    case incrementAndReadChild
  }
  /// The child's store, read from inside the reducer by `incrementAndReadChild` (a misuse,
  /// reported).
  let childStore: () -> Store<StoreScopeChild.State, StoreScopeChild.Action>?

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .child(.increment):
        state.storedChild?.count += 1
        return .none
      case .child(.dismiss), .dismiss:
        state.storedChild = nil
        return .none
      case .other:
        state.other += 1
        return .none
      case .incrementAndReadChild:
        state.storedChild?.count += 1
        _ = self.childStore()?.withState(\.count)
        return .none
      }
    }
  }
}

@MainActor
private final class ChildStoreBox {
  var store: Store<StoreScopeChild.State, StoreScopeChild.Action>?
}

@MainActor
private func countedChildStores(
  count: Int = 3
) -> (
  root: StoreOf<CountedChildParent>,
  child: Store<StoreScopeChild.State, StoreScopeChild.Action>,
  counter: ReadCounter
) {
  let counter = ReadCounter()
  let box = ChildStoreBox()
  let root = Store(
    initialState: CountedChildParent.State(
      storedChild: StoreScopeChild.State(count: count), counter: counter
    )
  ) {
    CountedChildParent(childStore: { MainActor.assumeIsolated { box.store } })
  }
  let child = root.scope(state: \.child, action: \.child)!
  box.store = child
  return (root, child, counter)
}

/// What `body` returns from a run during which no shared value changed, or `nil` if none did in
/// 100 runs: tests running beside this one change shared values at any time, and each change
/// makes a kept state be read again.
@MainActor
private func inAQuietWindow<Result>(_ body: () -> Result) -> Result? {
  for _ in 1...100 {
    let generation = SharedValueChanges.generation
    let result = body()
    if SharedValueChanges.generation == generation { return result }
  }
  return nil
}

@MainActor
struct StoreOptionalChildReadTests {
  @Test func readingAnOptionalChildAgainWithoutAChangeDoesNotReadThroughItsParent() throws {
    let (_, child, counter) = countedChildStores()

    let readsAgain = try #require(
      inAQuietWindow { () -> Int in
        _ = child.withState(\.count)
        let before = counter.reads
        for _ in 1...5 { _ = child.withState(\.count) }
        return counter.reads - before
      })
    #expect(readsAgain == 0)
    #expect(child.withState(\.count) == 3)
  }

  @Test func afterEverySendTheOptionalChildReadsItsStateAnew() throws {
    let (root, child, counter) = countedChildStores()

    let readsAfterASend = try #require(
      inAQuietWindow { () -> Int in
        _ = child.withState(\.count)
        let before = counter.reads
        root.send(.other)
        _ = child.withState(\.count)
        return counter.reads - before
      })
    #expect(readsAfterASend == 1)

    child.send(.increment)
    #expect(child.withState(\.count) == 4)
    let readsAgain = try #require(
      inAQuietWindow { () -> Int in
        _ = child.withState(\.count)
        let before = counter.reads
        _ = child.withState(\.count)
        return counter.reads - before
      })
    #expect(readsAgain == 0)
  }

  @Test func aDismissedChildsStoreKeepsItsLastState() {
    let (root, child, _) = countedChildStores()
    child.send(.increment)
    _ = child.withState(\.count)

    root.send(.dismiss)
    #expect(child.withState(\.count) == 4)
    #expect(root.scope(state: \.child, action: \.child) == nil)
  }

  @Test func aChildThreeLevelsDownFollowsEveryChangeAtTheRoot() {
    let store = Store(initialState: Nested.State(depth: 3)) { Nested() }
    let leaf = store.scope(state: \.child, action: \.child)!
      .scope(state: \.child, action: \.child)!
      .scope(state: \.child, action: \.child)!
    #expect(leaf.withState(\.count) == 0)

    store.send(.child(.child(.child(.increment))))
    #expect(leaf.withState(\.count) == 1)
    store.send(.child(.child(.child(.increment))))
    store.send(.increment)
    #expect(leaf.withState(\.count) == 2)
    #expect(store.withState(\.count) == 1)
  }

  @Test func aChildInSharedStateFollowsChangesMadeOutsideTheStore() throws {
    let shared = Shared<StoreScopeChild.State?>(value: StoreScopeChild.State(count: 1))
    let store = Store(initialState: SharedChildParent.State(shared: shared)) {
      SharedChildParent()
    }
    let child = try #require(store.scope(state: \.child, action: \.child))
    #expect(child.withState(\.count) == 1)

    shared.withLock { $0?.count = 7 }
    #expect(child.withState(\.count) == 7)
  }

  @Test func aReadOfAChildDuringItsRootsPassIsReportedAndNotKept() {
    let (root, child, _) = countedChildStores()
    #expect(child.withState(\.count) == 3)

    withKnownIssue {
      root.send(.incrementAndReadChild)
    } matching: { issue in
      issue.description.contains("A store's state was read while the store was running its reducer")
    }
    // What the read saw during the pass is not what the pass committed.
    #expect(child.withState(\.count) == 4)
  }
}

/// A feature whose optional child lives in shared state, which changes without the store.
private struct SharedChildParent: Reducer {
  struct State: ObservableState {
    var _$id = ObservableStateID()
    let shared: Shared<StoreScopeChild.State?>
    var child: StoreScopeChild.State? { self.shared.wrappedValue }
    mutating func _$willModify() {}
  }
  @CasePathable
  enum Action: Equatable {
    case child(StoreScopeChild.Action)
  }
  var body: some ReducerOf<Self> {
    EmptyReducer()
  }
}

/// A feature that holds an optional copy of itself, `depth` levels deep.
private struct Nested: Reducer {
  struct State: ObservableState, Equatable {
    var _$id = ObservableStateID()
    var count = 0
    var box: [State] = []
    var child: State? {
      get { self.box.first }
      set { self.box = newValue.map { [$0] } ?? [] }
    }

    init(depth: Int) {
      if depth > 0 { self.child = State(depth: depth - 1) }
    }

    mutating func _$willModify() {}
  }
  @CasePathable
  indirect enum Action: Equatable {
    case increment
    case child(Action)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
    case let .child(action):
      if var child = state.child {
        _ = self.reduce(into: &child, action: action)
        state.child = child
      }
    }
    return .none
  }
}
