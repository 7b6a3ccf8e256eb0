import ComposableArchitecture
import Testing

// MARK: - Fixtures

@CasePathable
enum StoreRuntimeWarningChildAction: Equatable {
  case ping
}

/// Holds a store so that a reducer can send to it while it is processing.
@MainActor
final class StoreRuntimeWarningBox {
  var store: StoreOf<StoreRuntimeWarningFeature>?
}

struct StoreRuntimeWarningFeature: Reducer {
  struct State: ObservableState, Equatable {
    var _$id = ObservableStateID()
    var log: [String] = []
    mutating func _$willModify() {}
  }
  @CasePathable
  enum Action: Equatable {
    case reenter
    case reenterThroughChild
    case reenterWithEffect
    case reenteredWithEffect
    case child(StoreRuntimeWarningChildAction)
    case reentered
    case escape
    case late
    case replace
    case readDuringReduce
  }

  let box: StoreRuntimeWarningBox
  let escaped: LockIsolated<Send<Action>?>

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      state.log.append("\(action)")
      switch action {
      case .reenter:
        MainActor.assumeIsolated {
          _ = self.box.store?.send(.reentered)
        }
        state.log.append("reenter-end")
        return .none
      case .reenterWithEffect:
        MainActor.assumeIsolated {
          _ = self.box.store?.send(.reenteredWithEffect)
        }
        return .none
      case .reenteredWithEffect:
        return .run { send in
          await Task.yield()
          await send(.late)
        }
      case .reenterThroughChild:
        MainActor.assumeIsolated {
          _ = self.box.store?.scope(state: \.self, action: \.child).send(.ping)
        }
        return .none
      case .reentered, .late, .child:
        return .none
      case .escape:
        return .run { [escaped] send in
          escaped.setValue(send)
        }
      case .readDuringReduce:
        let count = MainActor.assumeIsolated { self.box.store?.withState(\.log.count) }
        state.log.append("read \(count ?? -1)")
        return .none
      case .replace:
        let log = state.log
        state = State()
        state.log = log
        return .none
      }
    }
  }
}

@MainActor
private func storeRuntimeWarningStore() -> (
  StoreOf<StoreRuntimeWarningFeature>, LockIsolated<Send<StoreRuntimeWarningFeature.Action>?>
) {
  let box = StoreRuntimeWarningBox()
  let escaped = LockIsolated<Send<StoreRuntimeWarningFeature.Action>?>(nil)
  let store = Store(initialState: StoreRuntimeWarningFeature.State()) {
    StoreRuntimeWarningFeature(box: box, escaped: escaped)
  }
  box.store = store
  return (store, escaped)
}

// MARK: - Tests

@MainActor
struct StoreRuntimeWarningTests {
  @Test func sendingFromInsideTheReducerReportsAnIssue() {
    let (store, _) = storeRuntimeWarningStore()
    withKnownIssue {
      store.send(.reenter)
    } matching: { issue in
      issue.description.contains("while it was still processing")
    }
  }

  @Test func actionSentFromInsideTheReducerIsProcessedAfterTheCurrentOne() {
    let (store, _) = storeRuntimeWarningStore()
    withKnownIssue {
      store.send(.reenter)
    } matching: { issue in
      issue.description.contains("while it was still processing")
    }
    #expect(store.withState(\.log) == ["reenter", "reenter-end", "reentered"])
  }

  @Test func sendingFromAnObserverReportsAnIssueAndProcessesTheAction() {
    let (store, _) = storeRuntimeWarningStore()
    withObservationTracking {
      _ = store.state
    } onChange: {
      MainActor.assumeIsolated {
        _ = store.send(.late)
      }
    }
    withKnownIssue {
      store.send(.replace)
    } matching: { issue in
      issue.description.contains("while it was still processing")
    }
    #expect(store.withState(\.log) == ["replace", "late"])
  }

  @Test func sendingFromOutsideTheStoreReportsNoIssue() async {
    let (store, _) = storeRuntimeWarningStore()
    store.send(.late)
    await store.send(.escape).finish()
    #expect(store.withState(\.log) == ["late", "escape"])
  }

  @Test func sendingFromAnEffectAfterItFinishedReportsAnIssue() async throws {
    let (store, escaped) = storeRuntimeWarningStore()
    await store.send(.escape).finish()
    let send = try #require(escaped.value)
    withKnownIssue {
      send(.late)
    } matching: { issue in
      issue.description.contains("after it had finished")
    }
  }

  @Test func sendingThroughAChildStoreFromInsideTheReducerReportsAnIssue() {
    let (store, _) = storeRuntimeWarningStore()
    withKnownIssue {
      store.send(.reenterThroughChild)
    } matching: { issue in
      // Scoping the store inside the reducer reads its state too, which is reported as well.
      issue.description.contains("while it was still processing")
        || issue.description.contains("A store's state was read while the store was running")
    }
    let log = store.withState(\.log)
    #expect(log.count == 2)
    #expect(log.first == "reenterThroughChild")
    #expect(log.last?.hasSuffix("StoreRuntimeWarningChildAction.ping)") == true)
  }

  @Test func effectsOfAReentrantActionAreAwaitedByTheOuterSend() async {
    let (store, _) = storeRuntimeWarningStore()
    var task: StoreTask?
    withKnownIssue {
      task = store.send(.reenterWithEffect)
    } matching: { issue in
      issue.description.contains("while it was still processing")
    }
    await task?.finish()
    #expect(store.withState(\.log) == ["reenterWithEffect", "reenteredWithEffect", "late"])
  }

  @Test func readingTheStoreFromInsideItsReducerReportsAnIssue() {
    let (store, _) = storeRuntimeWarningStore()
    withKnownIssue {
      store.send(.readDuringReduce)
    } matching: { issue in
      issue.description.contains("A store's state was read while the store was running its reducer")
    }
    // The read saw the state as it was before the action, as in TCA: the reducer's first change
    // (appending to the log) was not committed yet.
    #expect(store.withState(\.log) == ["readDuringReduce", "read 0"])
  }
}
