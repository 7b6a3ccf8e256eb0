import CaseStudies
import ComposableArchitecture
import ComposableWeb
import ComposableWebTesting
import Testing

/// The keys-and-focus page, driven by keys, focus, the window and client commands, as a user
/// drives it, without a browser.
@PageTestActor
@Suite struct KeysAndFocusPageTests {
  func makePage() -> LivePage<KeysAndFocus.State, KeysAndFocus.Action> {
    LivePage(
      store: LiveStore(initialState: KeysAndFocus.State()) { KeysAndFocus() },
      view: keysAndFocusView)
  }

  @Test func arrowKeysMoveTheHighlightAndEnterPicks() async {
    let page = makePage()
    await page.type("a", into: "Search people")
    #expect(page.text(of: "li.highlighted") == "Ada Lovelace")
    await page.keyDown("ArrowDown", in: "Search people")
    await page.keyDown("ArrowDown", in: "Search people")
    #expect(page.text(of: "li.highlighted") == "Barbara Liskov")
    await page.keyDown("ArrowUp", in: "Search people")
    await page.keyDown("Enter", in: "Search people")
    #expect(page.text(of: "#picked") == "Picked: Alan Turing")
    await page.keyDown("Escape", in: "Search people")
    #expect(page.findAll(".people li").count == KeysAndFocus.people.count)
  }

  @Test func aKeyTheFieldDoesNotListenForIsAFailure() async {
    let page = makePage()
    await withKnownIssue {
      await page.keyDown("Tab", in: "Search people")
    } matching: { issue in
      issue.description.contains("answers keydown only for 'ArrowDown', 'ArrowUp', 'Enter', 'Escape'")
    }
    await withKnownIssue {
      await page.keyDown("Enter", in: "#picked")
    } matching: { issue in
      issue.description.contains("no element there answers keydown")
    }
  }

  @Test func theEmailIsCheckedWhenItsFieldIsLeft() async {
    let page = makePage()
    await page.focus("Email")
    #expect(page.has(".hint"))
    await page.type("ada@", into: "Email")
    await page.blur("Email")
    #expect(!page.has(".hint"))
    #expect(page.text(of: "#email-error") == "That is not an email address.")
    await page.focus("Email")
    await page.type("ada@example.com", into: "Email")
    await page.blur("Email")
    #expect(!page.has("#email-error"))
  }

  @Test func theWindowsShortcutsAndSizeReachTheState() async {
    let page = makePage()
    // "/" and Control-K only move focus, in the browser: nothing reaches the state.
    await page.windowKeyDown("/")
    await page.windowKeyDown("Control+k")
    #expect(page.text(of: "#shortcut-count") == "Shortcut pressed 0 times.")
    await page.windowKeyDown("?")
    await page.windowKeyDown("?")
    #expect(page.text(of: "#shortcut-count") == "Shortcut pressed 2 times.")
    await page.resizeWindow(width: 480, height: 800)
    #expect(page.text(of: "#window-size") == "Window: 480 × 800 (narrow)")
    await withKnownIssue {
      await page.windowKeyDown("x")
    } matching: { issue in
      issue.description.contains("No element of the page answers window-keydown for x")
    }
  }

  @Test func theHelpButtonOpensItsPanelInTheBrowserAndPatchesLeaveItOpen() async {
    let page = makePage()
    #expect(page.find("#help")?.attribute("hidden") != nil)
    await page.click("Help")
    #expect(page.find("#help")?.attribute("hidden") == nil)
    #expect(page.find("#help-button")?.attribute("class") == "open")
    // A patch that renders the page's root again leaves the panel open.
    await page.type("grace", into: "Search people")
    #expect(page.findAll(".people li").count == 1)
    #expect(page.find("#help")?.attribute("hidden") == nil)
    await page.click("Help")
    #expect(page.find("#help")?.attribute("hidden") != nil)
  }

  @Test func theViewWritesEachEventsOptionsForThePage() async {
    let page = makePage()
    let search = page.find("#people-search")
    #expect(search?.attribute("data-ocaf-options") == #"{"input":{"debounce":250},"keydown":{"keys":["ArrowDown","ArrowUp","Enter","Escape"]}}"#)
    #expect(page.find("#window-size")?.attribute("data-ocaf-options") == #"{"window-resize":{"throttle":200}}"#)
    #expect(page.find("#help-button")?.attribute("data-ocaf-options") == ##"{"click":{"js":[["toggle",{"to":"#help"}],["toggle-class",{"names":"open"}]]}}"##)
    #expect(page.find("#email")?.attribute("data-ocaf-disable-while-sending") != nil)
  }
}
