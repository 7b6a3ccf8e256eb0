// Wrong on purpose. CI adds this file to the guide's outside package, whose test target has only
// the products the guide names, runs these tests alone, and expects every one of them to fail: a
// failing expectation must never pass silently there, under Swift Testing or XCTest.
import ComposableArchitecture
import ComposableWeb
import ComposableWebTesting
import GuideFeature
import Testing
import XCTest

@MainActor
@Suite struct CanaryTests {
  @Test func aWrongTestStoreExpectationFails() async {
    let store = TestStore(initialState: Greeting.State(name: "Ada")) { Greeting() }
    await store.send(.greetButtonTapped) {
      $0.greetings = 2  // It becomes 1.
    }
  }

  @Test func aClickOnAMissingButtonFails() async {
    let page = LivePage(
      store: LiveStore(initialState: Greeting.State(name: "Ada")) { Greeting() },
      view: greetingView)
    await page.click("There is no such button")
  }
}

final class CanaryXCTests: XCTestCase {
  @MainActor
  func testAWrongTestStoreExpectationFails() async {
    let store = TestStore(initialState: Greeting.State(name: "Ada")) { Greeting() }
    await store.send(.greetButtonTapped) {
      $0.greetings = 2  // It becomes 1.
    }
  }

  @MainActor
  func testAClickOnAMissingButtonFails() async {
    let page = LivePage(
      store: LiveStore(initialState: Greeting.State(name: "Ada")) { Greeting() },
      view: greetingView)
    await page.click("There is no such button")
  }
}
