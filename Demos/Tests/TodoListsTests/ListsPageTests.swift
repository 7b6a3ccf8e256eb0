import ComposableArchitecture
import ComposableDatabase
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

/// The lists page, driven without a browser, on a database of the test's own (SQLite in
/// memory): lists and items, filters and links in the URL, and lists shared by a user's pages,
/// with the users they are shared with, and by nobody else's. Each page's session, store and
/// view (and the test store) run on `PageTestActor`.
@PageTestActor
@Suite struct ListsPageTests {
  /// One generator for all of a test's pages, so that lists and items added from different pages
  /// never share an ID.
  let uuid = UUIDGenerator.incrementing

  /// A page of `user`'s at `location`, made once its rows are read, as a server makes it.
  func page(
    for user: String, at location: String = "", in database: any LiveDatabase
  ) async -> LivePage<Lists.State, Lists.Action> {
    let loads = SharedLoads()
    let store = loads.collect {
      LiveStore(initialState: Lists.State(user: user)) { Lists() } withDependencies: { [uuid] in
        $0.uuid = uuid
        $0.defaultDatabase = database
      }
    }
    await loads.wait()
    return LivePage(
      store: store, view: listsView, route: listsRoute, at: LiveLocation(text: location),
      path: listsPagePath)
  }

  /// Adds a list named `name` on `page`, and waits for the page to open it.
  func addList(_ name: String, on page: LivePage<Lists.State, Lists.Action>) async {
    await page.type(name, into: "New list")
    await page.click("Add list")
    await page.waitFor { $0.text(of: ".open-list h2") == name }
  }

  func texts(_ page: LivePage<Lists.State, Lists.Action>, _ selector: String) -> [String] {
    page.findAll(selector).map(\.text)
  }

  @Test func aListIsAddedOpenedFilledAndFiltered() async throws {
    let database = try await SQLiteLiveDatabase.inMemory(migrator: .todoLists)
    let page = await page(for: "ada", in: database)
    #expect(page.text.contains("No lists yet."))
    await addList("Groceries", on: page)
    #expect(page.location?.segments.count == 1)
    #expect(page.text(of: ".sharing .shared") == "Only you can see this list.")
    for item in ["Milk", "Eggs"] {
      await page.type(item, into: "New to-do")
      await page.click("Add")
      await page.waitFor { $0.text.contains(item) }
    }
    #expect(texts(page, ".items label") == ["Milk", "Eggs"])
    #expect(page.value(of: "New to-do") == "")
    await page.toggle("Milk")
    await page.waitFor { $0.text(of: ".list-index li .left") == "1 left" }
    await page.click("Done")
    #expect(texts(page, ".items label") == ["Milk"])
    #expect(page.location?.query("filter") == "done")
    await page.back()
    #expect(texts(page, ".items label") == ["Milk", "Eggs"])
    await page.click("Delete Eggs")
    await page.waitFor { texts($0, ".items label") == ["Milk"] }
  }

  @Test func aSharedListIsEditedByBothUsersAndSeenByNobodyElse() async throws {
    let database = try await SQLiteLiveDatabase.inMemory(migrator: .todoLists)
    let ada = await page(for: "ada", in: database)
    let adasOtherTab = await page(for: "ada", in: database)
    let grace = await page(for: "grace", in: database)
    await ada.type("Books", into: "New list")
    await ada.click("Add list")
    // Ada's other page shows it; Grace's doesn't, until Ada shares it.
    await adasOtherTab.waitFor { texts($0, ".list-index a") == ["Books"] }
    #expect(grace.findAll(".list-index a").isEmpty)
    await ada.type("grace", into: "Share with")
    await ada.click("Share")
    await ada.waitFor { $0.text(of: ".sharing .shared") == "Shared with grace." }
    #expect(ada.value(of: "Share with") == "")
    await grace.waitFor { texts($0, ".list-index a") == ["Books"] }
    await grace.click("Books")
    #expect(grace.text(of: ".sharing .shared") == "Shared with you by ada.")
    await grace.type("Dune", into: "New to-do")
    await grace.click("Add")
    await ada.waitFor { texts($0, ".items label") == ["Dune"] }
    await ada.toggle("Dune")
    await grace.waitFor { $0.find(".items li.done") != nil }
    // Grace leaves it: it is gone from her page, and Ada's says it is hers alone again.
    await grace.click("Leave list")
    await grace.waitFor { $0.findAll(".list-index a").isEmpty }
    #expect(!grace.has(".open-list"))
    await ada.waitFor { $0.text(of: ".sharing .shared") == "Only you can see this list." }
    #expect(texts(ada, ".items label") == ["Dune"])
  }

  @Test func sharingWithNobodyOrOneselfSaysWhy() async throws {
    let database = try await SQLiteLiveDatabase.inMemory(migrator: .todoLists)
    let ada = await page(for: "ada", in: database)
    await addList("Chores", on: ada)
    await ada.type("charles", into: "Share with")
    await ada.click("Share")
    #expect(ada.text(of: "[role=alert]") == "There is no user named charles.")
    await ada.type("ada", into: "Share with")
    await ada.click("Share")
    #expect(ada.text(of: "[role=alert]") == "The list is yours already.")
    // The next change that goes through clears it.
    await ada.type("grace", into: "Share with")
    await ada.click("Share")
    await ada.waitFor { $0.text(of: ".sharing .shared") == "Shared with grace." }
    #expect(!ada.has("[role=alert]"))
  }

  @Test func aWriteThatFailsIsShownOnThePage() async throws {
    let database = try await SQLiteLiveDatabase.inMemory(migrator: .todoLists)
    let ada = await page(for: "ada", in: database)
    await database.close()
    await ada.type("Errands", into: "New list")
    await ada.click("Add list")
    await ada.waitFor { $0.text(of: "[role=alert]")?.hasPrefix("That didn't save:") == true }
    #expect(ada.findAll(".list-index a").isEmpty)
  }

  @Test func aLinkToAListOpensItAndALinkToSomeoneElsesOpensNothing() async throws {
    let database = try await SQLiteLiveDatabase.inMemory(migrator: .todoLists)
    let ada = await page(for: "ada", in: database)
    await addList("Garden", on: ada)
    let link = try #require(ada.location?.text)
    let again = await page(for: "ada", at: link + "?filter=active", in: database)
    #expect(again.text(of: ".open-list h2") == "Garden")
    #expect(again.find(".filters a[aria-current=true]")?.text == "Active")
    // Grace has no such list: her page opens none, and its URL says so.
    let grace = await page(for: "grace", at: link, in: database)
    #expect(!grace.has(".open-list"))
    #expect(grace.location?.text == "")
  }

  @Test func deletingASharedListTakesItFromEveryMember() async throws {
    let database = try await SQLiteLiveDatabase.inMemory(migrator: .todoLists)
    let ada = await page(for: "ada", in: database)
    let grace = await page(for: "grace", in: database)
    await addList("Errands", on: ada)
    await ada.type("Post", into: "New to-do")
    await ada.click("Add")
    await ada.type("grace", into: "Share with")
    await ada.click("Share")
    await grace.waitFor { texts($0, ".list-index li") == ["Errands 1 left"] }
    await ada.click("Delete list")
    await ada.waitFor { $0.text.contains("No lists yet.") }
    #expect(!ada.has(".open-list"))
    #expect(ada.location?.text == "")
    await grace.waitFor { $0.text.contains("No lists yet.") }
  }

  @Test func addingAListIsAssertedStepByStep() async throws {
    let database = try await SQLiteLiveDatabase.inMemory(migrator: .todoLists)
    let store = TestStoreActor(initialState: Lists.State(user: "ada")) {
      Lists()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.defaultDatabase = database
    }
    let page = LivePage(store, view: listsView)
    await page.type("Chores", into: "New list") { $0.newListName = "Chores" }
    await page.click("Add list") {
      $0.newListName = ""
      $0.openListID = UUID(0)
    }
    await store.finish()
    #expect(store.state.lists == [TodoList(id: UUID(0), name: "Chores", owner: "ada")])
  }
}
