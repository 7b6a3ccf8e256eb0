import ComposableArchitecture
import ComposableWeb
import ComposableWebTesting
import GuideFeature
import Testing

// The guide's page tests: the greeting's page, driven without a browser.
@MainActor
@Suite struct GreetingPageTests {
  @Test func greetingCountsAndTheURLFollows() async {
    let page = LivePage(
      store: LiveStore(initialState: Greeting.State(name: "Ada")) { Greeting() },
      view: greetingView, route: greetingRoute, at: LiveLocation(text: "?times=2"))
    #expect(page.text(of: "h1") == "Hello, Ada!")
    #expect(page.text(of: "#greetings") == "Greeted 2 times.")
    await page.click("Greet")
    #expect(page.text(of: "#greetings") == "Greeted 3 times.")
    #expect(page.location?.query("times") == "3")
  }

  @Test func everyGreetingIsAsserted() async {
    let store = TestStore(initialState: Greeting.State(name: "Ada")) { Greeting() }
    let page = LivePage(store, view: greetingView)
    await page.click("Greet") {
      $0.greetings = 1
    }
    #expect(page.text(of: "#greetings") == "Greeted 1 times.")
  }
}

// The same page on an actor of the tests' own: the session, its store, the view and the test
// store all run there, off the main actor.
@globalActor actor PageTests {
  static let shared = PageTests()
}

@PageTests
@Suite struct GreetingPageOffTheMainActorTests {
  @Test func everyGreetingIsAssertedOffTheMainActor() async {
    let store = TestStoreActor(initialState: Greeting.State(name: "Ada")) { Greeting() }
    let page = LivePage(store, view: greetingView)
    await page.click("Greet") {
      $0.greetings = 1
    }
    #expect(page.text(of: "#greetings") == "Greeted 1 times.")
  }
}
