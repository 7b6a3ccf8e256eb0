import ComposableArchitecture
import Testing

#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

// A master–detail flow as a UIKit coordinator drove it: the detail is pushed when the optional
// detail state appears and popped when it goes away.
@Reducer
struct UnwrappedNote {
  struct State: Equatable {
    var text: String
  }
  enum Action: Equatable {
    case edit(String)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .edit(text):
        state.text = text
        return .none
      }
    }
  }
}

@Reducer
struct UnwrappedNotebook {
  struct State: Equatable {
    var note: UnwrappedNote.State?
    var edits = 0
  }
  enum Action: Equatable {
    case note(UnwrappedNote.Action)
    case open(String)
    case close
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .note:
        state.edits += 1
        return .none
      case let .open(text):
        state.note = UnwrappedNote.State(text: text)
        return .none
      case .close:
        state.note = nil
        return .none
      }
    }
    .ifLet(\.note, action: \.note) {
      UnwrappedNote()
    }
  }
}

/// What a coordinator did in response to the store: push a screen for a note, or pop.
private enum Navigation: Equatable {
  case push(String)
  case pop
}

@MainActor
@Suite("Store.ifLet(then:else:)")
struct StoreIfLetTests {
  @Test func callsElseRightAwayWhenTheStateIsNil() {
    let store = Store(initialState: UnwrappedNotebook.State()) { UnwrappedNotebook() }
    var navigation: [Navigation] = []
    let cancellable = store.scope(state: \.note, action: \.note).ifLet { noteStore in
      navigation.append(.push(noteStore.withState(\.text)))
    } else: {
      navigation.append(.pop)
    }
    #expect(navigation == [.pop])
    _ = cancellable
  }

  @Test func callsThenRightAwayWhenTheStateIsPresent() {
    let store = Store(initialState: UnwrappedNotebook.State(note: .init(text: "Draft"))) {
      UnwrappedNotebook()
    }
    var navigation: [Navigation] = []
    let cancellable = store.scope(state: \.note, action: \.note).ifLet { noteStore in
      navigation.append(.push(noteStore.withState(\.text)))
    } else: {
      navigation.append(.pop)
    }
    #expect(navigation == [.push("Draft")])
    _ = cancellable
  }

  @Test func callsThenAndElseOnlyWhenTheStateAppearsOrGoesAway() {
    let store = Store(initialState: UnwrappedNotebook.State()) { UnwrappedNotebook() }
    var navigation: [Navigation] = []
    var noteStores: [StoreOf<UnwrappedNote>] = []
    let cancellable = store.scope(state: \.note, action: \.note).ifLet { noteStore in
      noteStores.append(noteStore)
      navigation.append(.push(noteStore.withState(\.text)))
    } else: {
      navigation.append(.pop)
    }
    store.send(.open("First"))
    store.send(.note(.edit("First, edited")))
    store.send(.close)
    store.send(.close)
    store.send(.open("Second"))
    #expect(navigation == [.pop, .push("First"), .pop, .push("Second")])
    #expect(noteStores.count == 2)
    _ = cancellable
  }

  @Test func theUnwrappedStoreFollowsTheStateAndSendsToTheParent() {
    let store = Store(initialState: UnwrappedNotebook.State()) { UnwrappedNotebook() }
    var noteStore: StoreOf<UnwrappedNote>?
    let cancellable = store.scope(state: \.note, action: \.note).ifLet { noteStore = $0 }
    store.send(.open("Draft"))
    noteStore?.send(.edit("Final"))
    #expect(noteStore?.withState(\.text) == "Final")
    #expect(store.withState(\.note?.text) == "Final")
    #expect(store.withState(\.edits) == 1)
    // Once the note is gone, its store still shows the last note, as a screen being popped does.
    store.send(.close)
    #expect(noteStore?.withState(\.text) == "Final")
    _ = cancellable
  }

  @Test func cancellingStopsTheCalls() {
    let store = Store(initialState: UnwrappedNotebook.State()) { UnwrappedNotebook() }
    var navigation: [Navigation] = []
    let cancellable = store.scope(state: \.note, action: \.note).ifLet { noteStore in
      navigation.append(.push(noteStore.withState(\.text)))
    } else: {
      navigation.append(.pop)
    }
    cancellable.cancel()
    store.send(.open("Draft"))
    #expect(navigation == [.pop])
  }

  @Test func worksOnARootStoreOfOptionalState() {
    let store = Store(initialState: Int?.none) {
      Reduce<Int?, Int?> { state, action in
        state = action
        return .none
      }
    }
    var outputs: [Int?] = []
    var cancellables: Set<AnyCancellable> = []
    store.ifLet { countStore in
      outputs.append(countStore.withState { $0 })
    } else: {
      outputs.append(nil)
    }
    .store(in: &cancellables)
    store.send(1)
    store.send(2)
    store.send(nil)
    store.send(3)
    #expect(outputs == [nil, 1, nil, 3])
  }
}
