import ComposableArchitecture
import ComposableWeb
import ComposableWebTesting
import Foundation
import Testing

@testable import TodoLists

/// The actor the page tests run on: not the main one, as the server's sessions run on their
/// connections' event loops.
@globalActor actor PageTestActor {
  static let shared = PageTestActor()
}

/// The lists page, driven without a browser: lists and items, filters and links in the URL,
/// and lists shared by a user's pages and by nobody else's. Each page's session, store and view
/// (and the test store) run on `PageTestActor`.
@PageTestActor
@Suite struct ListsPageTests {
  /// Where this test's users keep their lists (in memory: tests use in-memory file storage).
  let directory = URL(fileURLWithPath: "/lists-\(UUID().uuidString)")
  /// One generator for all of a test's pages, so that lists and items added from different pages
  /// never share an ID.
  let uuid = UUIDGenerator.incrementing

  func page(for user: String, at location: String = "") -> LivePage<Lists.State, Lists.Action> {
    LivePage(
      store: LiveStore(initialState: Lists.State(user: user, directory: directory)) {
        Lists()
      } withDependencies: { [uuid] in
        $0.uuid = uuid
      },
      view: listsView, route: listsRoute, at: LiveLocation(text: location), path: listsPagePath)
  }

  @Test func aListIsAddedOpenedFilledAndFiltered() async {
    let page = page(for: "ada")
    #expect(page.text.contains("No lists yet."))
    await page.type("Groceries", into: "New list")
    await page.click("Add list")
    #expect(page.text(of: ".open-list h2") == "Groceries")
    #expect(page.location?.segments.count == 1)
    for item in ["Milk", "Eggs"] {
      await page.type(item, into: "New to-do")
      await page.click("Add")
    }
    #expect(page.findAll(".items label").map(\.text) == ["Milk", "Eggs"])
    #expect(page.value(of: "New to-do") == "")
    await page.toggle("Milk")
    #expect(page.text(of: ".list-index li .left") == "1 left")
    await page.click("Done")
    #expect(page.findAll(".items label").map(\.text) == ["Milk"])
    #expect(page.location?.query("filter") == "done")
    await page.back()
    #expect(page.findAll(".items label").map(\.text) == ["Milk", "Eggs"])
    await page.click("Delete Eggs")
    #expect(page.findAll(".items label").map(\.text) == ["Milk"])
  }

  @Test func aUsersPagesShareTheirListsAndNobodyElseSeesThem() async {
    let first = page(for: "ada")
    let second = page(for: "ada")
    let other = page(for: "grace")
    await first.type("Books", into: "New list")
    await first.click("Add list")
    // The other page of the same user shows it at once; another user's page doesn't.
    #expect(second.findAll(".list-index a").map(\.text) == ["Books"])
    #expect(other.findAll(".list-index a").isEmpty)
    await second.click("Books")
    await second.type("Dune", into: "New to-do")
    await second.click("Add")
    #expect(first.findAll(".items label").map(\.text) == ["Dune"])
  }

  @Test func aLinkToAListOpensItAndALinkToSomeoneElsesOpensNothing() async throws {
    let ada = page(for: "ada")
    await ada.type("Garden", into: "New list")
    await ada.click("Add list")
    let link = try #require(ada.location?.text)

    let again = page(for: "ada", at: link + "?filter=active")
    #expect(again.text(of: ".open-list h2") == "Garden")
    #expect(again.find(".filters a[aria-current=true]")?.text == "Active")
    // Grace has no such list: her page opens none, and its URL says so.
    let grace = page(for: "grace", at: link)
    #expect(!grace.has(".open-list"))
    #expect(grace.location?.text == "")
  }

  @Test func deletingTheOpenListClosesIt() async {
    let page = page(for: "ada")
    await page.type("Errands", into: "New list")
    await page.click("Add list")
    await page.click("Delete list")
    #expect(!page.has(".open-list"))
    #expect(page.text.contains("No lists yet."))
    #expect(page.location?.text == "")
  }

  @Test func addingAListIsAssertedStepByStep() async {
    let store = TestStoreActor(initialState: Lists.State(user: "ada", directory: directory)) {
      Lists()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    let page = LivePage(store, view: listsView)
    await page.type("Chores", into: "New list") { $0.newListName = "Chores" }
    await page.click("Add list") {
      $0.$lists.withLock { $0 = [TodoList(id: UUID(0), name: "Chores")] }
      $0.newListName = ""
      $0.openListID = UUID(0)
    }
    #expect(page.text(of: ".open-list h2") == "Chores")
  }
}
