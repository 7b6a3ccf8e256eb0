import CaseStudies
import CaseStudyFeatures
import ComposableArchitecture
import ComposableWeb
import ComposableWebTesting
import Foundation
import Testing

/// The actor the case studies' page tests run on: not the main one, as a server's sessions run
/// on their connections' event loops.
@globalActor actor PageTestActor {
  static let shared = PageTestActor()
}

/// Every case study's page and every renderer check, driven as a user drives it, without a
/// browser. Each page's session, store, view and test store run on `PageTestActor`.
@PageTestActor
@Suite struct CaseStudyPageTests {
  // MARK: Counters

  @Test func theCounterCountsUpAndDownAndEveryClickIsAsserted() async {
    let store = TestStoreActor(initialState: Counter.State()) { Counter() }
    let page = LivePage(store, view: counterView)
    #expect(page.text(of: ".count") == "0")
    await page.click("+") { $0.count = 1 }
    await page.click("+") { $0.count = 2 }
    await page.click("Decrement") { $0.count = 1 }
    await page.waitFor { $0.text(of: ".count") == "1" }
  }

  @Test func eachOfTwoCountersCountsOnItsOwnAndTheTotalAddsThemUp() async {
    let page = LivePage(
      store: LiveStore(initialState: TwoCounters.State()) { TwoCounters() }, view: twoCountersView)
    let first = "[data-ocaf-component='c.first']"
    let second = "[data-ocaf-component='c.second']"
    await page.click("\(first) [aria-label=Increment]")
    await page.click("\(second) [aria-label=Increment]")
    await page.click("\(second) [aria-label=Increment]")
    #expect(page.text(of: "\(first) .count") == "1")
    #expect(page.text(of: "\(second) .count") == "2")
    #expect(page.text(of: "#total") == "Total: 3")
    await page.click("Reset both")
    let counts = page.findAll(".count").map { $0.text }
    #expect(counts == ["0", "0"])
    #expect(page.text(of: "#total") == "Total: 0")
  }

  // MARK: Bindings and forms

  @Test func theBindingsEchoTheTextCapTheSliderAndLockTheControls() async {
    let page = LivePage(
      store: LiveStore(initialState: BindingsBasics.State()) { BindingsBasics() },
      view: bindingsBasicsView)
    await page.type("Hello", into: "Type here")
    #expect(page.text(of: "#echo") == "olleH")
    await page.type("8", into: "slider")
    #expect(page.text(of: "#slider-value") == "Slider value: 8 of at most 10")
    for _ in 1...4 { await page.click("Decrement") }
    #expect(page.text(of: "#slider-value") == "Slider value: 6 of at most 6")
    await page.toggle("Lock the controls")
    #expect(page.find("#text")?.isDisabled == true)
    #expect(!page.has("[aria-label=Increment]"))
    #expect(page.text.contains("Slider maximum: 6"))
    await page.click("Reset")
    #expect(page.text(of: "#slider-value") == "Slider value: 5 of at most 10")
    #expect(page.find("#text")?.isDisabled == false)
  }

  @Test func theSettingsFormCutsTheNameAndTurnsNotificationsOnOnceAllowed() async {
    let page = LivePage(
      store: LiveStore(initialState: SettingsForm.State()) { SettingsForm() } withDependencies: {
        $0.userNotifications.authorizationStatus = { .notDetermined }
        $0.userNotifications.requestAuthorization = { true }
      },
      view: settingsFormView)
    await page.type("Blob McBlob, Esquire", into: "Display name")
    #expect(page.value(of: "Display name") == "Blob McBlob, Esq")
    await page.select("Weekly", in: "Digest")
    #expect(page.value(of: "Digest") == "Weekly")
    #expect(!page.has("#email-notifications"))
    await page.toggle("Send notifications")
    await page.waitFor { $0.value(of: "Send notifications") == "true" }
    await page.toggle("Email")
    #expect(page.value(of: "Email") == "true")
    #expect(page.value(of: "Mobile") == "false")
  }

  @Test func withoutPermissionNotificationsStayOffAndAnAlertSaysWhy() async {
    let page = LivePage(
      store: LiveStore(initialState: SettingsForm.State()) { SettingsForm() } withDependencies: {
        $0.userNotifications.authorizationStatus = { .denied }
      },
      view: settingsFormView)
    await page.toggle("Send notifications")
    await page.waitFor { $0.has("dialog") }
    #expect(
      page.text(of: "dialog h2")
        == "Notifications are turned off for this app. Allow them in the system settings first.")
    await page.dismiss()
    #expect(!page.has("dialog"))
    #expect(page.value(of: "Send notifications") == "false")
    #expect(!page.has("#email-notifications"))
  }

  @Test func resettingTheSettingsAsksFirstAndCancelKeepsThem() async {
    let page = LivePage(
      store: LiveStore(initialState: SettingsForm.State(displayName: "Blob", protectMyPosts: true)) {
        SettingsForm()
      },
      view: settingsFormView)
    await page.click("Reset settings")
    #expect(page.text(of: "dialog h2") == "Reset all settings?")
    await page.click("Cancel")
    #expect(!page.has("dialog"))
    #expect(page.value(of: "Display name") == "Blob")
    await page.click("Reset settings")
    await page.click("Reset")
    #expect(!page.has("dialog"))
    #expect(page.value(of: "Display name") == "")
    #expect(page.value(of: "Protect my posts") == "false")
  }

  // MARK: Favoriting and shared primes

  @Test func aFavoriteIsSavedForItsOwnEpisodeOnly() async {
    let saved = LockIsolated<[UUID: Bool]>([:])
    let page = LivePage(
      store: LiveStore(initialState: Episodes.State()) { Episodes() } withDependencies: {
        $0.favoritesAPI.setFavorite = { id, isFavorite in
          saved.withValue { $0[id] = isFavorite }
          return isFavorite
        }
      },
      view: episodesView)
    #expect(page.findAll("[aria-label=Favorite]").count == 4)
    await page.click("li[data-episode=Functions] .heart")
    #expect(page.text(of: "li[data-episode=Functions] .heart") == "♥")
    #expect(page.find("li[data-episode=Functions] .heart")?.attribute("aria-label") == "Unfavorite")
    #expect(page.findAll("[aria-label=Favorite]").count == 3)
    await page.waitFor { _ in saved.value == [UUID(1): true] }
    #expect(!page.has("dialog"))
  }

  @Test func aFavoriteThatFailsToSaveIsTakenBackWithAnAlert() async {
    let page = LivePage(
      store: LiveStore(initialState: Episodes.State()) { Episodes() } withDependencies: {
        $0.favoritesAPI.setFavorite = { _, _ in throw FavoritesAPI.Failure(message: "offline") }
      },
      view: episodesView)
    let heart = "li[data-episode='Side effects'] .heart"
    await page.click(heart)
    await page.waitFor { $0.has("dialog") }
    #expect(page.text(of: "dialog h2") == "Favoriting failed: offline")
    #expect(page.text(of: heart) == "♡")
    await page.click("OK")
    #expect(!page.has("dialog"))
  }

  @Test func aPrimeSavedInTheSheetIsListedAtOnceAndCanBeDeleted() async {
    let page = LivePage(
      store: LiveStore(initialState: PrimeApp.State(count: 6)) { PrimeApp() }, view: primeAppView)
    #expect(page.text(of: "#no-favorites") == "No favorites yet.")
    await page.click("Increment")
    await page.click("Is this prime?")
    #expect(page.text(of: "dialog #verdict") == "7 is prime.")
    await page.click("Save to favorite primes")
    #expect(page.text(of: "dialog button") == "Remove from favorite primes")
    #expect(page.text(of: "li[data-prime='7']") == "7 Delete")
    await page.dismiss()
    #expect(!page.has("dialog"))
    await page.click("Delete")
    #expect(!page.has("li[data-prime='7']"))
    #expect(page.text(of: "#no-favorites") == "No favorites yet.")
  }

  @Test func theNthPrimeIsWorkedOutInAnEffectAndAnsweredInAnAlert() async {
    let page = LivePage(
      store: LiveStore(initialState: PrimeApp.State()) { PrimeApp() }, view: primeAppView)
    await page.click("Find prime number 0")
    #expect(page.text(of: "dialog h2") == "Count up to 1 or more first.")
    await page.click("OK")
    for _ in 1...5 { await page.click("Increment") }
    await page.click("Find prime number 5")
    await page.waitFor { $0.text(of: "dialog h2") == "The 5th prime is 11." }
    await page.dismiss()
    #expect(!page.has("dialog"))
    #expect(page.text(of: "#nth-prime") == "Find prime number 5")
  }

  // MARK: Effects

  @Test func aNumberFactIsFetchedWhileItsButtonWaits() async {
    let clock = TestClock()
    let page = LivePage(
      store: LiveStore(initialState: EffectsBasics.State()) { EffectsBasics() } withDependencies: {
        $0.continuousClock = clock
        $0.factClient.fetch = { number in
          try await clock.sleep(for: .seconds(1))
          return localFact(about: number)
        }
      },
      view: effectsBasicsView)
    for _ in 1...3 { await page.click("Increment") }
    await page.click("Number fact")
    #expect(page.find("button:disabled")?.text == "Fetching…")
    await advance(clock, until: { page.has(".fact") })
    #expect(page.text(of: ".fact") == "3 is a prime number.")
    #expect(!page.has("button:disabled"))
  }

  @Test func aCountBelowZeroBouncesBackASecondLater() async {
    let clock = TestClock()
    let page = LivePage(
      store: LiveStore(initialState: EffectsBasics.State()) { EffectsBasics() } withDependencies: {
        $0.continuousClock = clock
      },
      view: effectsBasicsView)
    await page.click("Decrement")
    #expect(page.text(of: ".count") == "-1")
    await advance(clock, until: { page.text(of: ".count") == "0" })
    #expect(page.text(of: ".count") == "0")
  }

  @Test func aFactRequestIsCancelledByItsButtonAndByAChangeOfNumber() async {
    let clock = TestClock()
    let page = LivePage(
      store: LiveStore(initialState: EffectsCancellation.State()) {
        EffectsCancellation()
      } withDependencies: {
        $0.factClient.fetch = { number in
          try await clock.sleep(for: .seconds(1))
          return localFact(about: number)
        }
      },
      view: effectsCancellationView)
    await page.click("Number fact")
    #expect(page.text(of: ".loading") == "Fetching a fact…")
    await advance(clock, until: { page.has(".fact") })
    #expect(page.text(of: ".fact") == "0 is the only number that is neither positive nor negative.")
    await page.click("Number fact")
    await page.click("Cancel")
    #expect(!page.has(".loading"))
    await advance(clock, until: { page.has(".fact") })
    #expect(!page.has(".fact"))
    await page.click("Number fact")
    await page.click("Increment")
    #expect(page.text(of: ".stepper-value") == "1")
    #expect(!page.has(".loading"))
    await advance(clock, until: { page.has(".fact") })
    #expect(!page.has(".fact"))
  }

  @Test func theStopwatchCountsSecondsUntilStoppedAndResetGoesBackToZero() async {
    let clock = TestClock()
    let store = LiveStore(initialState: Timers.State()) { Timers() } withDependencies: {
      $0.continuousClock = clock
    }
    let page = LivePage(store: store, view: timersView)
    await page.click("Start")
    #expect(page.text(of: "button") == "Stop")
    await advance(clock, until: { store.secondsElapsed == 3 })
    await page.waitFor { $0.text(of: "#seconds") == "3" }
    await page.click("Stop")
    await advance(clock, until: { page.text(of: "#seconds") != "3" })
    #expect(page.text(of: "#seconds") == "3")
    await page.click("Reset")
    #expect(page.text(of: "#seconds") == "0")
    #expect(page.text(of: "button") == "Start")
  }

  @Test func everyScreenshotWhileThePageIsOpenIsCounted() async {
    let (notifications, screenshot) = AsyncStream<Void>.makeStream()
    let page = LivePage(
      store: LiveStore(initialState: LongLivingEffects.State()) {
        LongLivingEffects()
      } withDependencies: {
        $0.screenshots.notifications = { notifications }
        $0.screenshots.post = { _ = screenshot.yield() }
      },
      view: longLivingEffectsView, appearAction: { .task })
    #expect(page.text(of: "#screenshots") == "Screenshots taken while this page was open: 0")
    await page.click("Simulate a screenshot")
    await page.click("Simulate a screenshot")
    await page.waitFor {
      $0.text(of: "#screenshots") == "Screenshots taken while this page was open: 2"
    }
  }

  // MARK: To-dos and search

  @Test func addingEditingCompletingAndClearingATodoIsAssertedStepByStep() async {
    let clock = TestClock()
    let store = TestStoreActor(initialState: TodoList.State()) { TodoList() } withDependencies: {
      $0.continuousClock = clock
      $0.uuid = .incrementing
    }
    let page = LivePage(store, view: todoListView)
    await page.click("Add to-do") { $0.todos = [TodoItem.State(id: UUID(0))] }
    await page.waitFor { $0.has("li.todo") }
    await page.type("Milk", into: "Untitled to-do") { $0.todos[id: UUID(0)]?.description = "Milk" }
    await page.toggle("li.todo input[type=checkbox]") { $0.todos[id: UUID(0)]?.isComplete = true }
    await clock.advance(by: TodoList.sortDelay)
    await store.receive(\.sortCompletedTodos)
    await page.waitFor { $0.has("li.todo .todo-row.complete") }
    #expect(page.value(of: "Untitled to-do") == "Milk")
    await page.click("Clear completed (1)") { $0.todos = [] }
    await page.waitFor { !$0.has("li.todo") }
  }

  @Test func aLinkToCompletedTodosOpensFilteredAndTheFilterFollowsTheURL() async {
    let todos: IdentifiedArrayOf<TodoItem.State> = [
      TodoItem.State(id: UUID(0), description: "Milk", isComplete: true),
      TodoItem.State(id: UUID(1), description: "Eggs"),
    ]
    let page = LivePage(
      store: LiveStore(initialState: TodoList.State(todos: todos)) { TodoList() },
      view: todoListView, route: todoListRoute, at: LiveLocation(text: "?filter=Completed"))
    #expect(page.location?.text == "?filter=Completed")
    #expect(page.value(of: "filter") == "Completed")
    #expect(descriptions(on: page) == ["Milk"])
    await page.select("Active", in: "filter")
    #expect(page.location?.query("filter") == "Active")
    #expect(descriptions(on: page) == ["Eggs"])
    await page.select("All", in: "filter")
    #expect(page.location?.text == "")
    await page.back()
    #expect(page.value(of: "filter") == "Active")
    #expect(page.location?.query("filter") == "Active")
  }

  @Test func withATestStoreTheDeepLinkAndEveryFilterChangeAreAsserted() async {
    let todos: IdentifiedArrayOf<TodoItem.State> = [
      TodoItem.State(id: UUID(0), description: "Milk", isComplete: true),
      TodoItem.State(id: UUID(1), description: "Eggs"),
    ]
    let store = TestStoreActor(initialState: TodoList.State(todos: todos)) { TodoList() }
    let page = await LivePage(
      store, view: todoListView, route: todoListRoute, at: LiveLocation(text: "?filter=Completed")
    ) {
      $0.filter = .completed
    }
    #expect(page.location?.text == "?filter=Completed")
    #expect(descriptions(on: page) == ["Milk"])
    await page.select("Active", in: "filter") { $0.filter = .active }
    #expect(page.location?.query("filter") == "Active")
    #expect(descriptions(on: page) == ["Eggs"])
    // Each filter was a history entry: Back and Forward go through the test store too.
    await page.back { $0.filter = .completed }
    #expect(page.value(of: "filter") == "Completed")
    await page.forward { $0.filter = .active }
    await page.navigate(to: LiveLocation()) { $0.filter = .all }
    #expect(descriptions(on: page) == ["Milk", "Eggs"])
  }

  /// The descriptions of the to-dos the page lists, in order.
  private func descriptions(on page: LivePage<TodoList.State, TodoList.Action>) -> [String] {
    page.findAll("input.description").map { $0.value ?? "" }
  }

  @Test func searchingListsMatchingCitiesLoadsTheirDetailsAndPutsTheQueryInTheURL() async {
    let page = searchPage()
    await page.type("japan", into: "Amsterdam, Japan…")
    #expect(page.location?.query("q") == "japan")
    await page.waitFor { $0.findAll("li.result").count == 4 }
    let cities = page.findAll("li.result button").map { $0.text }
    #expect(cities == ["Kyoto, Japan", "Osaka, Japan", "Sapporo, Japan", "Tokyo, Japan"])
    await page.click("Tokyo, Japan")
    await page.waitFor { $0.has("#details") }
    #expect(page.text(of: "#details") == "Tokyo: population 14094034, elevation 40 m")
  }

  @Test func aSearchLinkSearchesAgainAndAnEmptyQueryClearsTheResults() async {
    let page = searchPage(at: LiveLocation(text: "?q=par"))
    #expect(page.value(of: "query") == "par")
    await page.waitFor { $0.text(of: "li.result") == "Paris, France" }
    await page.type("", into: "query")
    #expect(!page.has("li.result"))
    #expect(page.location?.text == "")
  }

  /// The search page, finding the case study's cities at once (no debounce, no lookup delay).
  private func searchPage(
    at location: LiveLocation? = nil
  ) -> LivePage<Search.State, Search.Action> {
    LivePage(
      store: LiveStore(initialState: Search.State()) { Search() } withDependencies: {
        $0.continuousClock = ImmediateClock()
        $0.citySearch.search = { CitySearchClient.localSearch($0) }
        $0.citySearch.details = { id in
          guard let details = CitySearchClient.dataSet.first(where: { $0.city.id == id }) else {
            throw CitySearchClient.Failure(message: "no city has the id \(id)")
          }
          return details
        }
      },
      view: searchView, route: searchRoute, at: location)
  }

  // MARK: Navigation

  @Test func theAlertAndTheConfirmationDialogChangeTheCount() async {
    let page = LivePage(
      store: LiveStore(initialState: NavigationBasics.State()) { NavigationBasicsPage() },
      view: navigationBasicsView)
    await page.click("Show alert")
    #expect(page.text(of: "dialog h2") == "The count is 0.")
    #expect(page.text(of: "dialog p") == "What should happen to it?")
    await page.click("Add one")
    #expect(!page.has("dialog"))
    #expect(page.text(of: "#count") == "Count: 1")
    await page.click("Show confirmation dialog")
    #expect(page.text(of: "dialog p") == "The count is 1.")
    await page.click("Take one away")
    #expect(page.text(of: "#count") == "Count: 0")
    await page.click("Show alert")
    await page.click("Cancel")
    #expect(!page.has("dialog"))
    #expect(page.text(of: "#count") == "Count: 0")
  }

  @Test func theSheetsTickerCountsUntilDismissedAndThePageKeepsItsCount() async {
    let clock = TestClock()
    let store = LiveStore(initialState: NavigationBasics.State()) {
      NavigationBasicsPage()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let page = LivePage(store: store, view: navigationBasicsView)
    await page.click("Show sheet")
    await advance(clock, until: { store.destination?.sheet?.ticks == 2 })
    await page.waitFor { $0.text(of: "dialog #ticks") == "Ticks: 2" }
    await page.dismiss()
    #expect(!page.has("dialog"))
    #expect(page.text(of: "#last-ticks") == "The last sheet counted 2 seconds.")
    await page.click("Show sheet")
    await page.click("Done")
    await page.waitFor { !$0.has("dialog") }
    #expect(page.text(of: "#last-ticks") == "The last sheet counted 0 seconds.")
  }

  @Test func screensArePushedOntoTheStackAndPoppedOffIt() async {
    let page = LivePage(
      store: LiveStore(initialState: NavigationStackDemo.State()) { NavigationStackPage() },
      view: navigationStackView)
    #expect(page.text(of: "#depth") == "Screens on the stack: 0")
    await page.click("Push counter")
    await page.click("Increment")
    await page.click("Push number fact")
    #expect(page.text(of: "h2") == "Number fact screen")
    #expect(page.find("[data-ocaf-stack]")?.attribute("data-ocaf-depth") == "2")
    await page.click("← Back")
    #expect(page.text(of: "h2") == "Counter screen")
    #expect(page.text(of: ".screen .count") == "1")
    // The browser's Back button pops it too.
    await page.click("Push number fact")
    await page.back()
    #expect(page.text(of: "h2") == "Counter screen")
    #expect(page.find("[data-ocaf-stack]")?.attribute("data-ocaf-depth") == "1")
    await page.click("Pop to root")
    #expect(page.text(of: "#depth") == "Screens on the stack: 0")
    #expect(!page.has(".screen"))
  }

  @Test func aPushedTickerTicksUntilItsDoneButtonPopsIt() async {
    let clock = TestClock()
    let page = LivePage(
      store: LiveStore(initialState: NavigationStackDemo.State()) {
        NavigationStackPage()
      } withDependencies: {
        $0.continuousClock = clock
      },
      view: navigationStackView)
    await page.click("Push ticker")
    #expect(page.text(of: ".screen h2") == "Ticker screen")
    await advance(clock, until: { (page.text(of: ".screen #ticks") ?? "Ticks: 0") != "Ticks: 0" })
    #expect(page.text(of: ".screen #ticks")?.hasPrefix("Ticks: ") == true)
    #expect(page.text(of: ".screen #ticks") != "Ticks: 0")
    await page.click("Done")
    await page.waitFor { $0.text(of: "#depth") == "Screens on the stack: 0" }
  }

  // MARK: Recursion

  @Test func rowsHoldRowsToAnyDepthAndCountEveryRowBelowThem() async {
    let page = LivePage(
      store: LiveStore(initialState: Nested.State(id: UUID(), name: "Root")) {
        Nested()
      } withDependencies: {
        $0.uuid = .incrementing
      },
      view: nestedView)
    let root = "[data-ocaf-component=c] > .nested > .row-head"
    let child = "[data-ocaf-component='c.\(UUID(0))'] > .nested > .row-head"
    await page.click("Add row")
    await page.type("Child", into: "\(child) > input")
    await page.click("\(child) > button")
    #expect(page.text(of: "\(root) > .descendants") == "2 below")
    #expect(page.text(of: "\(child) > .descendants") == "1 below")
    let names = page.findAll(".row-name").map { $0.value ?? "" }
    #expect(names == ["Root", "Child", ""])
    await page.click("li[data-ocaf-key='\(UUID(0))'] > .delete-row")
    #expect(page.text(of: "\(root) > .descendants") == "0 below")
    #expect(!page.has("li"))
  }

  // MARK: Shared state

  @Test func theCounterTabsCountsShowOnTheProfileTabAndItsNameOnTheCounterTab() async {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("stats-\(UUID()).json")
    let page = LivePage(
      store: LiveStore(initialState: SharedStatsDemo.State(file: file)) { SharedStatsDemo() },
      view: sharedStatsView)
    await page.click("Increment")
    await page.click("Increment")
    await page.click("Decrement")
    #expect(page.text(of: ".count") == "1")
    await page.click("Profile tab")
    let stats = page.findAll("#stats li").map { $0.text }
    #expect(
      stats == [
        "Current count: 1", "Highest count: 2", "Lowest count: 0", "Number of counts: 3",
      ])
    await page.type("Blob Jr.", into: "user-name")
    await page.click("Reset stats")
    #expect(page.text(of: "#stats li") == "Current count: 0")
    await page.click("Counter tab")
    #expect(page.text(of: "#greeting") == "Blob Jr. has counted to 0.")
  }

  // MARK: Renderer checks

  @Test func theProfileFormSavesWhatEveryKindOfControlHolds() async {
    let page = LivePage(
      store: LiveStore(initialState: ProfileForm.State()) { ProfileForm() }, view: profileFormView)
    await page.type("Ada Lovelace, Countess of Lovelace", into: "display-name")
    #expect(page.value(of: "display-name") == "Ada Lovelace, Co")
    #expect(page.find("#passcode")?.attribute("type") == "password")
    await page.type("1815", into: "passcode")
    #expect(page.text(of: "#passcode-length") == "4 characters")
    await page.type("Poetical science", into: "bio")
    await page.toggle("Send me the newsletter")
    await page.type("36", into: "age")
    await page.type("7", into: "volume")
    #expect(page.text(of: "#volume-value") == "7")
    await page.select("Dark", in: "theme")
    await page.click("Increment")
    await page.click("Save")
    #expect(
      page.text(of: ".summary")
        == "Ada Lovelace, Co, 36, Dark, volume 7, 4 stars, newsletter on, bio 16 characters")
  }

  @Test func theNoteSheetKeepsWhatWasTypedWhenEscapeClosesItAndDoneClosesItToo() async {
    let page = LivePage(
      store: LiveStore(initialState: NavigationDemo.State()) { NavigationDemo() },
      view: navigationDemoView)
    await page.click("Edit note")
    #expect(page.text(of: "dialog h2") == "Edit note")
    await page.type("Groceries", into: "note-text")
    await page.dismiss()
    #expect(!page.has("dialog"))
    #expect(page.text(of: "#note") == "Note: Groceries")
    await page.click("Edit note")
    #expect(page.value(of: "note-text") == "Groceries")
    await page.click("Done")
    await page.waitFor { !$0.has("dialog") }
  }

  @Test func theAlertAndTheConfirmationDialogSendTheChosenButtonsAction() async {
    let page = LivePage(
      store: LiveStore(initialState: NavigationDemo.State()) { NavigationDemo() },
      view: navigationDemoView)
    await page.click("Delete…")
    #expect(page.find("dialog")?.attribute("role") == "alertdialog")
    await page.click("Keep")
    #expect(!page.has("dialog"))
    #expect(page.text(of: "#status") == "Status:")
    await page.click("Delete…")
    await page.click("Delete")
    #expect(page.text(of: "#status") == "Status: Deleted")
    await page.click("Pick colour")
    await page.click("Blue")
    #expect(page.text(of: "#color") == "Colour: blue")
    await page.click("Pick colour")
    await page.click("Cancel")
    #expect(!page.has("dialog"))
    #expect(page.text(of: "#color") == "Colour: blue")
  }

  @Test func theStackPushesPagesAndPopsThemByBackButtonAndDismiss() async {
    let page = LivePage(
      store: LiveStore(initialState: NavigationDemo.State()) { NavigationDemo() },
      view: navigationDemoView)
    await page.click("Push page 1")
    await page.click("Next page")
    await page.click("Next page")
    #expect(page.text(of: "h2") == "Page 3")
    #expect(page.find("[data-ocaf-stack]")?.attribute("data-ocaf-depth") == "3")
    await page.click("← Back")
    #expect(page.text(of: "h2") == "Page 2")
    await page.click("Close page")
    await page.waitFor { $0.text(of: "h2") == "Page 1" }
    await page.click("← Back")
    #expect(page.has("#note"))
    await page.click("Open page 100")
    #expect(page.text(of: "h2") == "Page 100")
  }

  @Test func checklistRowsAreMovedTickedRemovedAndAdded() async {
    let page = LivePage(
      store: LiveStore(initialState: Checklist.State()) { Checklist() }, view: checklistView)
    #expect(titles(on: page) == ["Milk", "Bread", "Eggs"])
    await page.click("li[data-item='3'] [aria-label='Move up']")
    #expect(titles(on: page) == ["Milk", "Eggs", "Bread"])
    await page.toggle("li[data-item='1'] input[type=checkbox]")
    await page.click("li[data-item='2'] [aria-label=Remove]")
    await page.click("Add item")
    await page.type("Butter", into: "li[data-item='4'] input.title")
    #expect(titles(on: page) == ["Butter", "Milk", "Eggs"])
    #expect(page.value(of: "li[data-item='1'] input[type=checkbox]") == "true")
    #expect(page.findAll("input[type=checkbox]:checked").count == 1)
  }

  /// The titles of the checklist's rows, in order.
  private func titles(on page: LivePage<Checklist.State, Checklist.Action>) -> [String] {
    page.findAll("input.title").map { $0.value ?? "" }
  }
}
