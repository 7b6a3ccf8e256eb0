import ComposableArchitecture
import Observation
import Testing

// A store's reads of tracked properties register only the property; reads of anything else also
// register the state's identity. Either way, replacing the state must reach every reader.

@Reducer
private struct Receipt {
  @ObservableState
  struct State: Equatable {
    var total = 0
  }
  enum Action {
    case add(Int)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .add(amount):
        state.total += amount
        return .none
      }
    }
  }
}

@Reducer
private struct Ledger {
  @ObservableState
  struct State: Equatable {
    let number: Int
    var balance = 0
    @ObservationStateIgnored var note = ""
    @Presents var receipt: Receipt.State?
    var title: String { "Ledger \(self.number)" }
  }
  enum Action {
    case deposit(Int)
    case reopen(number: Int, balance: Int)
    case annotate(String)
    case printReceipt
    case receipt(PresentationAction<Receipt.Action>)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .deposit(amount):
        state.balance += amount
        return .none
      case let .reopen(number, balance):
        state = State(number: number, balance: balance, receipt: state.receipt)
        return .none
      case let .annotate(note):
        state.note = note
        return .none
      case .printReceipt:
        state.receipt = Receipt.State(total: state.balance)
        return .none
      case .receipt:
        return .none
      }
    }
    .ifLet(\.$receipt, action: \.receipt) {
      Receipt()
    }
  }
}

@Reducer
private struct Bank {
  @ObservableState
  struct State: Equatable {
    var ledger = Ledger.State(number: 1)
  }
  enum Action {
    case ledger(Ledger.Action)
    case replaceLedger(number: Int)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.ledger, action: \.ledger) {
      Ledger()
    }
    Reduce { state, action in
      if case let .replaceLedger(number) = action {
        state.ledger = Ledger.State(number: number, balance: state.ledger.balance)
      }
      return .none
    }
  }
}

/// The ways a view reads a ledger through its store: properties the macro tracks register
/// themselves, the others register the state's identity.
enum LedgerRead: String, CaseIterable, Sendable {
  case trackedProperty, letProperty, computedProperty, ignoredProperty, presentedChild
  case presentedProjection
}

extension LedgerRead {
  @MainActor
  fileprivate func perform(on store: StoreOf<Ledger>) {
    switch self {
    case .trackedProperty: _ = store.balance
    case .letProperty: _ = store.number
    case .computedProperty: _ = store.title
    case .ignoredProperty: _ = store.note
    case .presentedChild: _ = store.receipt
    case .presentedProjection: _ = store.$receipt
    }
  }
}

@MainActor
struct StoreReplacementObservationTests {
  @Test func theMacroNamesThePropertiesWhoseReadsRegisterThemselves() {
    #expect(Ledger.State._$isObservedMember(\Ledger.State.balance))
    #expect(Ledger.State._$isObservedMember(\Ledger.State.receipt))
    #expect(Ledger.State._$isObservedMember(\Ledger.State.$receipt))
    #expect(!Ledger.State._$isObservedMember(\Ledger.State.number))
    #expect(!Ledger.State._$isObservedMember(\Ledger.State.note))
    #expect(!Ledger.State._$isObservedMember(\Ledger.State.title))
    #expect(!Ledger.State._$isObservedMember(\Ledger.State.balance.description))
    #expect(!Ledger.State._$isObservedMember(\Receipt.State.total))
  }

  @Test(arguments: LedgerRead.allCases)
  func everyKindOfReadThroughAStoreHearsTheStateReplaced(_ read: LedgerRead) {
    let store = Store(initialState: Ledger.State(number: 1, balance: 8)) { Ledger() }
    store.send(.printReceipt)
    let reads = observations { read.perform(on: store) }
    // Equal values: only the state's identity changes.
    store.send(.reopen(number: 1, balance: 8))
    #expect(reads.value == 1)
  }

  @Test func aReaderOfAnIgnoredPropertyDoesNotHearItChangeInPlace() {
    let store = Store(initialState: Ledger.State(number: 1)) { Ledger() }
    let note = observations { _ = store.note }
    store.send(.annotate("paid"))
    #expect(note.value == 0)
    #expect(store.note == "paid")
  }

  @Test func aReaderOfSeveralPropertiesHearsAReplacementOnce() {
    let store = Store(initialState: Ledger.State(number: 1)) { Ledger() }
    let reads = observations {
      _ = store.balance
      _ = store.number
      _ = store.receipt
    }
    store.send(.reopen(number: 1, balance: 0))
    #expect(reads.value == 1)
  }

  @Test func inPlaceChangesReachOnlyTheReadersOfWhatChanged() {
    let store = Store(initialState: Ledger.State(number: 1)) { Ledger() }
    let number = observations { _ = store.number }
    let title = observations { _ = store.title }
    let balance = observations { _ = store.balance }
    store.send(.deposit(10))
    #expect(number.value == 0)
    #expect(title.value == 0)
    #expect(balance.value == 1)
  }

  @Test func aScopedStoreToldOfItsStateReplacedTellsItsReaders() {
    let store = Store(initialState: Bank.State()) { Bank() }
    let ledger = store.scope(state: \.ledger, action: \.ledger)
    ledger.send(.deposit(3))
    let balance = observations { _ = ledger.balance }
    let number = observations { _ = ledger.number }
    store.send(.replaceLedger(number: 9))
    #expect(balance.value == 1)
    #expect(number.value == 1)
    #expect(ledger.number == 9)
    #expect(ledger.balance == 3)
  }

  @Test func readsThroughKeyPathsMadeOnTheFlyStayObserved() {
    let store = Store(initialState: Ledger.State(number: 1)) { Ledger() }
    // More distinct key paths than the store keeps answers for.
    for _ in 0..<20 {
      let keyPath: KeyPath<Ledger.State, Int> = \Ledger.State.balance
      _ = store[dynamicMember: keyPath.appending(path: \.self)]
    }
    let balance = observations { _ = store[dynamicMember: \Ledger.State.balance.self] }
    let number = observations { _ = store[dynamicMember: \Ledger.State.number.self] }
    store.send(.reopen(number: 2, balance: 0))
    #expect(balance.value == 1)
    #expect(number.value == 1)
  }
}

/// A state written out as TCA's `@ObservableState` expands it, calling the registrar's TCA-style
/// `willModify(_:keyPath:_:)` and `didModify(_:keyPath:_:_:)`, which stay for such code.
private struct HandExpandedTally: ObservableState, Perceptible {
  var _$observationRegistrar = ObservationStateRegistrar()
  var _$id: ObservableStateID { self._$observationRegistrar.id }
  mutating func _$willModify() { self._$observationRegistrar._$willModify() }

  private var _count = 0
  var count: Int {
    get {
      self._$observationRegistrar.access(self, keyPath: \.count)
      return self._count
    }
    set {
      self._$observationRegistrar.mutate(self, keyPath: \.count, &self._count, newValue, _$isIdentityEqual)
    }
    _modify {
      let snapshot = self._$observationRegistrar.willModify(self, keyPath: \.count, &self._count)
      defer { self._$observationRegistrar.didModify(self, keyPath: \.count, &self._count, snapshot) }
      yield &self._count
    }
  }

  private var _receipt = Receipt.State()
  var receipt: Receipt.State {
    get {
      self._$observationRegistrar.access(self, keyPath: \.receipt)
      return self._receipt
    }
    set {
      self._$observationRegistrar.mutate(self, keyPath: \.receipt, &self._receipt, newValue, _$isIdentityEqual)
    }
    _modify {
      let snapshot = self._$observationRegistrar.willModify(self, keyPath: \.receipt, &self._receipt)
      defer { self._$observationRegistrar.didModify(self, keyPath: \.receipt, &self._receipt, snapshot) }
      yield &self._receipt
    }
  }
}

struct TCAStyleRegistrarCallTests {
  @Test func aPlainPropertyModifiedInPlaceTellsItsReaders() {
    var tally = HandExpandedTally()
    let count = observations { _ = tally.count }
    tally.count += 1
    #expect(count.value == 1)
    #expect(tally.count == 1)
  }

  @Test func aChildModifiedInPlaceKeepsItsIdentityAndTellsOnlyItsOwnReaders() {
    var tally = HandExpandedTally()
    let receipt = observations { _ = tally.receipt }
    let total = observations { _ = tally.receipt.total }
    tally.receipt.total += 5
    #expect(receipt.value == 0)
    #expect(total.value == 1)
    let replaced = observations { _ = tally.receipt }
    tally.receipt = Receipt.State(total: 5)
    #expect(replaced.value == 1)
  }
}
