import ComposableArchitecture
import Foundation

// Drives a real `Store` headlessly and prints every action and the state change it made.

let printQueue = DispatchQueue(label: "CounterDemo.print")
let dump = _ReducerPrinter<CounterFeature.State, CounterFeature.Action>.customDump
let printer = _ReducerPrinter<CounterFeature.State, CounterFeature.Action>(
  printChange: { dump.printChange(receivedAction: $0, oldState: $1, newState: $2) },
  queue: printQueue
)

@MainActor
func runDemo() async {
  let store = Store(initialState: CounterFeature.State()) {
    CounterFeature()._printChanges(printer)
  }

  store.send(.incrementButtonTapped)
  store.send(.incrementButtonTapped)
  await store.send(.factButtonTapped).finish()

  // Let the timer tick a few times, then stop it; the cancelled effect sends nothing more.
  let timer = store.send(.toggleTimerButtonTapped)
  try? await Task.sleep(for: .milliseconds(700))
  store.send(.toggleTimerButtonTapped)
  await timer.finish()

  await store.send(.factButtonTapped).finish()
  store.send(.decrementButtonTapped)

  printQueue.sync {}
  store.withState { state in
    print("final state: count = \(state.count), fact = \(state.fact ?? "none")")
  }
}

await runDemo()
