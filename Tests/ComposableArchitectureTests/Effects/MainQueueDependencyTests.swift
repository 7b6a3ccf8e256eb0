import ComposableArchitecture
import Foundation
import Testing

// `@Dependency(\.mainQueue)`: a 1.x feature that injects a scheduler, on every platform.

private struct MQTimer: Reducer {
  enum Action: Equatable { case start, tick }
  @Dependency(\.mainQueue) var mainQueue

  var body: some Reducer<Int, Action> {
    Reduce { state, action in
      switch action {
      case .start:
        return .publisher {
          Just(Action.tick).delay(for: .seconds(1), scheduler: self.mainQueue)
        }
      case .tick:
        state += 1
        return .none
      }
    }
  }
}

@MainActor
struct MainQueueDependencyTests {
  @Test func aTestQueueCanBeInjectedAndAdvanced() async {
    let mainQueue = DispatchQueue.test
    let store = TestStore(initialState: 0) {
      MQTimer()
    } withDependencies: {
      $0.mainQueue = mainQueue.eraseToAnyScheduler()
    }

    await store.send(.start)
    await mainQueue.advance(by: .milliseconds(500))
    await mainQueue.advance(by: .milliseconds(500))
    await store.receive(.tick) { $0 = 1 }
  }

  @Test func anImmediateQueueDeliversBeforeSendReturns() {
    let store = withDependencies {
      $0.mainQueue = .immediate
    } operation: {
      Store(initialState: 0) { MQTimer() }
    }
    store.send(.start)
    #expect(store.withState { $0 } == 1)
  }

  @Test func theTestValueReportsUse() async {
    let store = TestStore(initialState: 0) { MQTimer() }
    await withKnownIssue {
      await store.send(.start)
    } matching: { issue in
      issue.description.contains("@Dependency(\\.mainQueue)")
        && issue.description.contains("An unimplemented scheduler")
    }
    await store.skipInFlightEffects(strict: false)
    await store.skipReceivedActions(strict: false)
  }

  @Test func theLiveValueIsTheMainQueue() async {
    let mainQueue = withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.mainQueue) var mainQueue
      return mainQueue
    }
    let key = DispatchSpecificKey<String>()
    DispatchQueue.main.setSpecific(key: key, value: "main")
    defer { DispatchQueue.main.setSpecific(key: key, value: nil) }
    let queue = await withCheckedContinuation { continuation in
      mainQueue.schedule { continuation.resume(returning: DispatchQueue.getSpecific(key: key)) }
    }
    #expect(queue == "main")
  }
}
