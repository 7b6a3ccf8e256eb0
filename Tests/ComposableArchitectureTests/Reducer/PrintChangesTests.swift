@testable import ComposableArchitecture
import Foundation
import Testing

// MARK: - Fixtures

struct PrintChangesFeature: Reducer {
  struct State: Equatable {
    var count = 0
  }
  @CasePathable
  enum Action: Equatable {
    case increment
    case incrementTwiceViaEffects
    case noop
    case fromRun
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .incrementTwiceViaEffects:
        return .merge(
          .send(.increment),
          .run { send in await send(.fromRun) }
        )
      case .noop:
        return .none
      case .fromRun:
        state.count += 10
        return .none
      }
    }
  }
}

/// A printer that records every change into `output`, on its own queue.
private func printChangesRecorder(
  _ output: LockIsolated<[String]>,
  queue: DispatchQueue
) -> _ReducerPrinter<PrintChangesFeature.State, PrintChangesFeature.Action> {
  _ReducerPrinter(
    printChange: { action, oldState, newState in
      output.withValue { $0.append("\(action): \(oldState.count) -> \(newState.count)") }
    },
    queue: queue
  )
}

// MARK: - Tests

@MainActor
struct PrintChangesTests {
  @Test func printerReceivesTheActionAndTheOldAndNewState() {
    let output = LockIsolated<[String]>([])
    let queue = DispatchQueue(label: "PrintChangesTests.oldAndNew")
    let store = Store(initialState: PrintChangesFeature.State(count: 3)) {
      PrintChangesFeature()._printChanges(printChangesRecorder(output, queue: queue))
    }
    store.send(.increment)
    queue.sync {}
    #expect(output.value == ["increment: 3 -> 4"])
  }

  @Test func printerReceivesEveryActionInTheOrderItWasReduced() async {
    let output = LockIsolated<[String]>([])
    let queue = DispatchQueue(label: "PrintChangesTests.order")
    let store = Store(initialState: PrintChangesFeature.State()) {
      PrintChangesFeature()._printChanges(printChangesRecorder(output, queue: queue))
    }
    await store.send(.incrementTwiceViaEffects).finish()
    queue.sync {}
    #expect(
      output.value == [
        "incrementTwiceViaEffects: 0 -> 0",
        "increment: 0 -> 1",
        "fromRun: 1 -> 11",
      ]
    )
  }

  @Test func printerIsCalledForActionsThatChangeNothing() {
    let output = LockIsolated<[String]>([])
    let queue = DispatchQueue(label: "PrintChangesTests.noop")
    let store = Store(initialState: PrintChangesFeature.State(count: 2)) {
      PrintChangesFeature()._printChanges(printChangesRecorder(output, queue: queue))
    }
    store.send(.noop)
    queue.sync {}
    #expect(output.value == ["noop: 2 -> 2"])
  }

  @Test func printingReducerBehavesLikeItsBase() async {
    let output = LockIsolated<[String]>([])
    let queue = DispatchQueue(label: "PrintChangesTests.base")
    let store = Store(initialState: PrintChangesFeature.State()) {
      PrintChangesFeature()._printChanges(printChangesRecorder(output, queue: queue))
    }
    await store.send(.incrementTwiceViaEffects).finish()
    #expect(store.withState(\.count) == 11)
  }

  @Test func nilPrinterBehavesLikeTheBaseAndStartsNoExtraEffects() async {
    let store = Store(initialState: PrintChangesFeature.State()) {
      PrintChangesFeature()._printChanges(nil)
    }
    #expect(store.send(.increment).isCancelled)
    await store.send(.incrementTwiceViaEffects).finish()
    #expect(store.withState(\.count) == 12)
  }

  @Test func printerOnlyRunsOnItsQueue() {
    let output = LockIsolated<[String]>([])
    let queue = DispatchQueue(label: "PrintChangesTests.async")
    let store = Store(initialState: PrintChangesFeature.State()) {
      PrintChangesFeature()._printChanges(printChangesRecorder(output, queue: queue))
    }
    // Hold the queue so the printer cannot run until it is released.
    let gate = DispatchSemaphore(value: 0)
    queue.async { gate.wait() }
    store.send(.increment)
    #expect(output.value.isEmpty)
    gate.signal()
    queue.sync {}
    #expect(output.value == ["increment: 0 -> 1"])
  }

  @Test func customDumpPrinterPrintsTheActionAndAStateDiff() {
    let message = _ReducerPrinter<PrintChangesFeature.State, PrintChangesFeature.Action>
      .customDumpMessage(
        .increment,
        PrintChangesFeature.State(count: 0),
        PrintChangesFeature.State(count: 1)
      )
    #expect(
      message == """
        received action:
          PrintChangesFeature.Action.increment
        - PrintChangesFeature.State(count: 0)
        + PrintChangesFeature.State(count: 1)

        """
    )
  }

  @Test func customDumpPrinterSaysWhenStateDidNotChange() {
    let message = _ReducerPrinter<PrintChangesFeature.State, PrintChangesFeature.Action>
      .customDumpMessage(
        .noop,
        PrintChangesFeature.State(count: 1),
        PrintChangesFeature.State(count: 1)
      )
    #expect(
      message == """
        received action:
          PrintChangesFeature.Action.noop
          (No state changes)

        """
    )
  }

  @Test func printedDiffShowsSharedStateAsTheActionChangedIt() {
    struct State: Equatable {
      @Shared var count: Int
    }
    let output = LockIsolated<[String]>([])
    let queue = DispatchQueue(label: "PrintChangesTests.shared")
    let printer = _ReducerPrinter<State, Bool>(
      printChange: { _, oldState, newState in
        output.withValue { $0.append(diff(oldState, newState) ?? "(no changes)") }
      },
      queue: queue
    )
    let count = Shared(value: 0)
    let store = Store(initialState: State(count: count)) {
      Reduce<State, Bool> { state, _ in
        state.$count.withLock { $0 += 1 }
        return .none
      }
      ._printChanges(printer)
    }
    store.send(true)
    store.send(true)
    queue.sync {}
    #expect(
      output.value == [
        """
          PrintChangesTests.State(
        -   _count: 0
        +   _count: 1
          )
        """,
        """
          PrintChangesTests.State(
        -   _count: 1
        +   _count: 2
          )
        """,
      ]
    )
  }

  @Test func actionLabelsPrinterPrintsOnlyTheActionLabel() {
    let message = _ReducerPrinter<PrintChangesFeature.State, PrintChangesFeature.Action>
      .actionLabelMessage(.increment)
    #expect(message == "received action: PrintChangesFeature.Action.increment")
  }

  @Test func defaultCustomDumpPrintingKeepsTheReducerWorking() {
    let store = Store(initialState: PrintChangesFeature.State()) {
      PrintChangesFeature()._printChanges()
    }
    store.send(.increment)
    store.send(.increment)
    #expect(store.withState(\.count) == 2)
  }
}
