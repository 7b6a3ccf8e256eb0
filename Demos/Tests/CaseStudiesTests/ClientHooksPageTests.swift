import CaseStudies
import ComposableArchitecture
import ComposableWeb
import ComposableWebTesting
import Testing

/// The client hooks' page, driven as its hooks drive it in the browser: events pushed from the
/// hooks' elements, and the events the feature pushes back.
@PageTestActor
@Suite struct ClientHooksPageTests {
  func makePage() -> LivePage<ClientHooks.State, ClientHooks.Action> {
    LivePage(
      store: LiveStore(initialState: ClientHooks.State()) { ClientHooks() },
      view: clientHooksView)
  }

  @Test func theCopyHookSaysHowMuchItCopied() async {
    let page = makePage()
    #expect(page.find("#copy")?.attribute("data-ocaf-hook") == "CopyText")
    await page.push("copied", ClientHooks.Copied(characters: ClientHooks.link.count), from: "#copy")
    #expect(page.text(of: "#copied") == "Copied 32 characters.")
  }

  @Test func aPickedBarIsShownAndHighlightedByAPushedEvent() async {
    let page = makePage()
    await page.push("picked", ClientHooks.Bar(index: 1), from: "#chart")
    #expect(page.text(of: "#picked") == "Picked bar 2: 5")
    await page.waitFor { $0.pushedEvents.count == 1 }
    #expect(page.pushedEvents == [.init(name: "highlight", payload: #"{"index":1}"#)])
  }

  @Test func theChartsValuesFollowTheStateAndItsElementLeavesWithIt() async {
    let page = makePage()
    #expect(page.find("#chart")?.attribute("data-ocaf-owned") != nil)
    await page.click("Add a value")
    #expect(page.find("#chart")?.attribute("data-values") == "3,5,2,4")
    await page.click("Hide the chart")
    #expect(!page.has("#chart"))
  }

  @Test func whatAHookCannotSendIsAFailure() async {
    let page = makePage()
    await withKnownIssue {
      await page.push("zoomed", ClientHooks.Bar(index: 0), from: "#chart")
    } matching: { $0.description.contains("has no handler for the event 'zoomed'") }
    await withKnownIssue {
      await page.push("picked", ClientHooks.Bar(index: 0), from: "#picked")
    } matching: { $0.description.contains("runs no client hook") }
    // A payload of the wrong shape sends nothing.
    await page.push("picked", ClientHooks.Copied(characters: 3), from: "#chart")
    #expect(page.text(of: "#picked") == "Pick a bar.")
    #expect(page.pushedEvents.isEmpty)
  }
}
