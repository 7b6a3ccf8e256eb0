import CaseStudies
import ComposableArchitecture
import ComposableWeb
import Foundation
import Logging
import Testing

@PageTestActor
@Suite struct NavigationPageTests {
  struct Message: Decodable {
    struct Patch: Decodable {
      let id: String
      let html: String
    }
    let html: String?
    let patches: [Patch]?
  }

  /// A session of the navigation demo and what its page shows now.
  @PageTestActor
  final class Page {
    let store: LiveStoreOf<NavigationDemo>
    let session: LiveSession
    var html: String

    init() throws {
      store = LiveStore(initialState: NavigationDemo.State()) { NavigationDemo() }
      session = LiveSession(
        id: "navigation", store: store, view: navigationDemoView, logger: Logger(label: "test"))
      let first = try JSONDecoder().decode(Message.self, from: Data(session.start().utf8))
      html = try #require(first.html)
    }

    /// Sends the click of the button (or link) labelled `label`, then renders what changed.
    func click(_ label: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
      let id = try #require(handler(before: ">\(label)<"), sourceLocation: sourceLocation)
      session.receive(#"{"handler":"\#(id)"}"#)
      try refresh()
    }

    func send(_ attribute: String, value: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
      let id = try #require(attributeValue(attribute), sourceLocation: sourceLocation)
      session.receive(#"{"handler":"\#(id)"\#(value.map { #","value":\#($0)"# } ?? "")}"#)
      try refresh()
    }

    func refresh() throws {
      guard let text = session.flush() else { return }
      // A fresh render of the whole page is simpler to read than patches applied here.
      _ = try JSONDecoder().decode(Message.self, from: Data(text.utf8))
      html = try #require(try JSONDecoder().decode(Message.self, from: Data(session.start().utf8)).html)
    }

    func handler(before marker: String) -> String? {
      guard let end = html.range(of: marker) else { return nil }
      let prefix = html[..<end.lowerBound]
      guard let start = prefix.range(of: #"data-ocaf-click=""#, options: .backwards) else { return nil }
      return String(prefix[start.upperBound...].prefix { $0 != "\"" })
    }

    func attributeValue(_ attribute: String) -> String? {
      guard let start = html.range(of: #"\#(attribute)=""#) else { return nil }
      return String(html[start.upperBound...].prefix { $0 != "\"" })
    }
  }

  @Test func aSheetOpensAsAModalDialogAndItsDismissalSendsDismiss() throws {
    let page = try Page()
    #expect(!page.html.contains("<dialog"))
    try page.click("Edit note")
    #expect(page.html.contains(#"<dialog class="ocaf-sheet" data-ocaf-modal="" data-ocaf-dismiss="#))
    #expect(page.html.contains(#"<h2>Edit note</h2>"#))
    let field = try #require(page.attributeValue("data-ocaf-input"))
    page.session.receive(#"{"handler":"\#(field)","value":"Groceries"}"#)
    try page.send("data-ocaf-dismiss")
    #expect(page.store.editor == nil)
    #expect(page.store.note == "Groceries")
    #expect(!page.html.contains("<dialog"))
    #expect(page.html.contains("Note: Groceries"))
  }

  @Test func theSheetsDismissEffectClosesIt() async throws {
    let page = try Page()
    try page.click("Edit note")
    try page.click("Done")
    for _ in 0..<100 where page.store.editor != nil {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(page.store.editor == nil)
  }

  @Test func anAlertShowsItsTextAndButtonsAndSendsTheirActions() throws {
    let page = try Page()
    try page.click("Delete…")
    #expect(
      page.html.contains(
        #"<dialog class="ocaf-alert" data-ocaf-modal="" role="alertdialog" data-ocaf-dismiss="#))
    #expect(page.html.contains("<h2>Delete everything?</h2><p>This cannot be undone.</p>"))
    #expect(page.html.contains(#"<button data-role="destructive" data-ocaf-click="#))
    #expect(page.html.contains(#"<button data-role="cancel" data-ocaf-click="#))
    try page.click("Keep")
    #expect(page.store.alert == nil)
    #expect(!page.html.contains("<dialog"))
    #expect(page.store.status == "")

    try page.click("Delete…")
    try page.click("Delete")
    #expect(page.store.alert == nil)
    #expect(page.store.status == "Deleted")
    #expect(!page.html.contains("<dialog"))
  }

  @Test func aConfirmationDialogGetsACancelButtonAndSendsTheChosenAction() throws {
    let page = try Page()
    try page.click("Pick colour")
    #expect(page.html.contains(#"<dialog class="ocaf-confirmation" data-ocaf-modal="""#))
    #expect(page.html.contains(">Cancel</button>"))
    try page.click("Cancel")
    #expect(page.store.confirmation == nil)
    #expect(!page.html.contains("<dialog"))
    try page.click("Pick colour")
    try page.click("Red")
    #expect(page.store.color == "red")
    try page.click("Pick colour")
    try page.send("data-ocaf-dismiss")
    #expect(page.store.confirmation == nil)
    #expect(page.store.color == "red")
    #expect(!page.html.contains("<dialog"))
  }

  @Test func theStackShowsItsTopPageAndPopsByBackButtonHistoryAndDismiss() async throws {
    let page = try Page()
    #expect(page.html.contains(#"data-ocaf-stack="" data-ocaf-depth="0""#))
    try page.click("Push page 1")
    #expect(page.html.contains(#"data-ocaf-depth="1""#))
    #expect(page.html.contains("<h2>Page 1</h2>"))
    #expect(!page.html.contains("Edit note"))
    try page.click("Next page")
    try page.click("Next page")
    #expect(page.html.contains(#"data-ocaf-depth="3""#))
    #expect(page.html.contains("<h2>Page 3</h2>"))

    try page.click("← Back")
    #expect(page.store.path.count == 2)
    #expect(page.html.contains("<h2>Page 2</h2>"))

    // The browser's back button to the root: the page reports the depth it went back to.
    try page.send("data-ocaf-pop", value: "0")
    #expect(page.store.path.isEmpty)
    #expect(page.html.contains("Edit note"))

    try page.click("Open page 100")
    #expect(page.html.contains("<h2>Page 100</h2>"))
    try page.click("Close page")
    for _ in 0..<100 where !page.store.path.isEmpty {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(page.store.path.isEmpty)
  }

  @Test func aStackDepthOfTheWrongTypeIsIgnored() throws {
    let page = try Page()
    try page.click("Push page 1")
    try page.send("data-ocaf-pop", value: #""root""#)
    try page.send("data-ocaf-pop", value: "5")
    #expect(page.store.path.count == 1)
  }
}
