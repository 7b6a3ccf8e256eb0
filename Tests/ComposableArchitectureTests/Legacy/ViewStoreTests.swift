import ComposableArchitecture
import ConcurrencyExtras
import Testing
@_spi(Testing) import ComposableArchitectureTestSupport

#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

struct ViewStoreCounter: Reducer {
  struct State: Equatable {
    var count = 0
    var name = ""
    var isLoading = false
  }
  @CasePathable
  enum Action: Equatable {
    case increment
    case nameChanged(String)
    case touch
    case refresh
    case refreshed
  }
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case let .nameChanged(name):
        state.name = name
        return .none
      case .touch:
        return .none
      case .refresh:
        state.isLoading = true
        return .run { send in
          try await self.clock.sleep(for: .milliseconds(10))
          await send(.refreshed)
        }
      case .refreshed:
        state.isLoading = false
        return .none
      }
    }
  }
}

@MainActor
@Suite("ViewStore")
struct ViewStoreTests {
  @Test func readsStateAndSendsActions() {
    let store = Store(initialState: ViewStoreCounter.State(), reducer: ViewStoreCounter())
    let viewStore = ViewStore(store, observe: { $0 })
    viewStore.send(.increment)
    #expect(viewStore.count == 1)
    #expect(viewStore.state.count == 1)
    #expect(store.withState(\.count) == 1)
  }

  @Test func notifiesOnlyWhenTheDeduplicatedViewStateChanges() {
    let store = Store(initialState: ViewStoreCounter.State(), reducer: ViewStoreCounter())
    let viewStore = ViewStore(store, observe: \.count)
    let notifications = LockIsolated(0)
    let cancellable = viewStore.objectWillChange.sink { _ in notifications.withValue { $0 += 1 } }
    viewStore.send(.increment)
    #expect(notifications.value == 1)
    // Changes the store's state, not the view state.
    store.send(.nameChanged("Blob"))
    #expect(notifications.value == 1)
    // Changes nothing at all.
    store.send(.touch)
    #expect(notifications.value == 1)
    viewStore.send(.increment)
    #expect(notifications.value == 2)
    _ = cancellable
  }

  @Test func customDuplicateCheckDecidesWhatCountsAsAChange() {
    let store = Store(initialState: ViewStoreCounter.State(), reducer: ViewStoreCounter())
    // Only parity matters to this view.
    let viewStore = ViewStore(store, observe: { $0.count }, removeDuplicates: { $0 % 2 == $1 % 2 })
    let notifications = LockIsolated(0)
    let cancellable = viewStore.objectWillChange.sink { _ in notifications.withValue { $0 += 1 } }
    viewStore.send(.increment)
    viewStore.send(.increment)
    #expect(notifications.value == 2)
    #expect(viewStore.state == 2)
    _ = cancellable
  }

  @Test func publisherEmitsTheStateThenItsChanges() {
    let store = Store(initialState: ViewStoreCounter.State(), reducer: ViewStoreCounter())
    let viewStore = ViewStore(store, observe: { $0 })
    let names = LockIsolated<[String]>([])
    let cancellable = viewStore.publisher.name.sink { name in names.withValue { $0.append(name) } }
    viewStore.send(.nameChanged("Blob"))
    viewStore.send(.increment)  // not a change of name
    viewStore.send(.nameChanged("Blob"))  // the same name again
    viewStore.send(.nameChanged("Blob Jr"))
    #expect(names.value == ["", "Blob", "Blob Jr"])
    _ = cancellable
  }

  /// A view store reads its view state once when it is made and once each time the store's state
  /// changes; it doesn't read it again to start observing.
  @available(*, deprecated)
  @Test func derivesItsViewStateTwiceWhenMadeThenOncePerChange() {
    let store = Store(initialState: ViewStoreCounter.State(), reducer: ViewStoreCounter())
    let scopeReads = LockIsolated(0)
    let viewReads = LockIsolated(0)
    let duplicateChecks = LockIsolated(0)
    let countStore = store.scope(
      state: { (state: ViewStoreCounter.State) -> Int in
        scopeReads.withValue { $0 += 1 }
        return state.count
      },
      action: { $0 }
    )
    let viewStore = ViewStore(
      countStore,
      observe: { (count: Int) -> Int in
        viewReads.withValue { $0 += 1 }
        return count
      },
      removeDuplicates: { lhs, rhs in
        duplicateChecks.withValue { $0 += 1 }
        return lhs == rhs
      }
    )
    // Once for the initial state, once more as it subscribes (as TCA's does); nothing compared.
    #expect(scopeReads.value == 2)
    #expect(viewReads.value == 2)
    #expect(duplicateChecks.value == 0)

    viewStore.send(.increment)
    #expect(scopeReads.value == 3)
    #expect(viewReads.value == 3)
    #expect(duplicateChecks.value == 1)
    #expect(viewStore.state == 1)

    store.send(.nameChanged("Blob"))
    #expect(scopeReads.value == 4)
    #expect(viewReads.value == 4)
    #expect(duplicateChecks.value == 2)
    #expect(viewStore.state == 1)
  }

  @Test func bindingsSendActionsForWrites() {
    let store = Store(initialState: ViewStoreCounter.State(), reducer: ViewStoreCounter())
    let viewStore = ViewStore(store, observe: { $0 })
    let name = viewStore.binding(get: \.name, send: ViewStoreCounter.Action.nameChanged)
    name.wrappedValue = "Blob"
    #expect(store.withState(\.name) == "Blob")
    #expect(name.wrappedValue == "Blob")

    let touch = viewStore.binding(get: \.count, send: .increment)
    touch.wrappedValue = 100
    #expect(viewStore.count == 1)

    let whole = viewStore.binding(send: { .nameChanged("\($0.count)") })
    whole.wrappedValue = ViewStoreCounter.State(count: 1)
    #expect(viewStore.name == "1")
  }

  @Test func viewActionsAreEmbeddedIntoTheStoresActions() {
    enum ViewAction { case tapped }
    let store = Store(initialState: ViewStoreCounter.State(), reducer: ViewStoreCounter())
    let viewStore = ViewStore(
      store, observe: \.count, send: { (_: ViewAction) in ViewStoreCounter.Action.increment }
    )
    viewStore.send(.tapped)
    #expect(viewStore.state == 1)
  }

  @Test func sendWhileWaitsUntilThePredicateFails() async {
    let clock = TestClock()
    let store = Store(initialState: ViewStoreCounter.State()) {
      ViewStoreCounter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let viewStore = ViewStore(store, observe: { $0 })
    let finished = LockIsolated(false)
    let task = Task {
      await viewStore.send(.refresh, while: \.isLoading)
      finished.setValue(true)
    }
    // The task sends once it runs; on a busy machine that can take more than a few yields.
    await eventually { viewStore.isLoading }
    #expect(viewStore.isLoading)
    #expect(!finished.value)
    #expect(await eventuallySleeping(on: clock))
    await clock.advance(by: .milliseconds(10))
    await task.value
    #expect(finished.value)
    #expect(!viewStore.isLoading)
  }

  @Test func theStateRightAfterSendIsTheActionsAndYieldWaitsForTheEffectsAction() async {
    let store = Store(initialState: false) {
      Reduce<Bool, Bool> { isOn, turnOn in
        isOn = turnOn
        // Turning on answers at once with turning off, from an effect.
        return turnOn ? .run { send in await send(false) } : .none
      }
    }
    let viewStore = ViewStore(store, observe: { $0 })
    for _ in 1...20 {
      viewStore.send(true)
      // Effects start as tasks: none has run before `send` returns to its caller.
      #expect(viewStore.state == true)
      await viewStore.yield(while: { $0 })
      #expect(viewStore.state == false)
    }
  }

  @Test func yieldReturnsAtOnceWhenThePredicateAlreadyFails() async {
    let store = Store(initialState: ViewStoreCounter.State(), reducer: ViewStoreCounter())
    let viewStore = ViewStore(store, observe: { $0 })
    await viewStore.yield(while: \.isLoading)
    #expect(!viewStore.isLoading)
  }
}

@MainActor
@Suite("ViewStore lifetimes, cancellation and unhandled bindings")
struct ViewStoreEdgeTests {
  @Test func yieldReturnsWhenItsTaskIsCancelledEvenBeforeItWaits() async {
    let store = Store(initialState: ViewStoreCounter.State(isLoading: true), reducer: ViewStoreCounter())
    let viewStore = ViewStore(store, observe: { $0 })
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      await viewStore.yield(while: \.isLoading)
    }
    await task.value
    #expect(viewStore.isLoading)

    let waiting = Task { await viewStore.yield(while: \.isLoading) }
    await Task.megaYield()
    waiting.cancel()
    await waiting.value
    #expect(viewStore.isLoading)
  }

  @Test func aPublisherKeepsItsViewStoreAlive() {
    let store = Store(initialState: ViewStoreCounter.State(), reducer: ViewStoreCounter())
    let names = LockIsolated<[String]>([])
    let cancellable = ViewStore(store, observe: { $0 }).publisher.name
      .sink { name in names.withValue { $0.append(name) } }
    store.send(.nameChanged("Blob"))
    #expect(names.value == ["", "Blob"])
    _ = cancellable
  }

  @Test func aBindingNoReducerAppliesIsReported() {
    let store = Store<LegacyForm.State, LegacyForm.Action>(initialState: LegacyForm.State()) {
      EmptyReducer()
    }
    let viewStore = ViewStore(store, observe: { (state: LegacyForm.State) in state })
    withKnownIssue {
      viewStore.binding(keyPath: \.touched, send: LegacyForm.Action.binding).wrappedValue = 3
    } matching: { issue in
      issue.description.contains("A binding action sent from a store was not handled")
        && issue.description.contains("LegacyForm.Action.binding(.set(_, 3))")
    }
    #expect(viewStore.touched == 0)
  }
}
