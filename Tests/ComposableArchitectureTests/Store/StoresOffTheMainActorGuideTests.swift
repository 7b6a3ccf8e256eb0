import ComposableArchitecture
import Foundation
import Testing

// The code of the "Stores off the main actor" article, compiled as it is quoted there, and run.

@Reducer
fileprivate struct Counter {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }

  enum Action {
    case incrementButtonTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementButtonTapped:
        state.count += 1
        return .none
      }
    }
  }
}

func runCommandLineTool() async {
  let store = StoreActor(initialState: Counter.State()) {
    Counter()
  }
  await store.send(.incrementButtonTapped).finish()
  print("count:", await store.state.count)
}

func handleIncrement(startingAt count: Int) async -> Int {
  let store = StoreActor(initialState: Counter.State(count: count)) {
    Counter()
  }
  await store.send(.incrementButtonTapped).finish()
  return await store.state.count
}

actor CounterService {
  private var store: StoreActor<Counter.State, Counter.Action>?

  func start() {
    self.store = StoreActor(initialState: Counter.State(), isolation: self) {
      Counter()
    }
  }

  func increment() -> Int {
    guard let store = self.store else { return 0 }
    return store.assumeIsolated { store in
      store.send(.incrementButtonTapped)
      return store.state.count
    }
  }
}

@globalActor actor Checker {
  static let shared = Checker()
}

@Checker
func testCounterOnAChecker() async {
  let store = TestStoreActor(initialState: Counter.State()) {
    Counter()
  }
  await store.send(.incrementButtonTapped) {
    $0.count = 1
  }
}

@Suite struct StoresOffTheMainActorGuideTests {
  @Test func everySnippetOfTheArticleIsCompiledHere() throws {
    let here = URL(fileURLWithPath: #filePath)
    let package = here.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let article = try String(
      contentsOf: package.appending(
        path: "Sources/ComposableArchitecture/Documentation.docc/StoresOffTheMainActor.md"
      ),
      encoding: .utf8
    )
    let compiled = try String(contentsOf: here, encoding: .utf8)
    let snippets = article.components(separatedBy: "```swift\n").dropFirst().map {
      $0.components(separatedBy: "```")[0]
    }
    #expect(snippets.count == 4)
    for snippet in snippets {
      #expect(compiled.contains(snippet), "not compiled:\n\(snippet)")
    }
  }

  @Test func theSamplesRun() async {
    await runCommandLineTool()
    #expect(await handleIncrement(startingAt: 41) == 42)
    let service = CounterService()
    #expect(await service.increment() == 0)
    await service.start()
    #expect(await service.increment() == 1)
    #expect(await service.increment() == 2)
    await testCounterOnAChecker()
  }
}
