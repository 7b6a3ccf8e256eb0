import CaseStudyFeatures
import ComposableArchitecture
import ComposableWeb
import Foundation

/// The pages the server offers, in the order the index lists them: every case study of
/// `CaseStudyFeatures`, with the catalogue's titles and summaries, then the pages that exercise
/// the renderer itself.
///
/// ```swift
/// LiveServer(endpoint: LiveEndpoint(
///   title: "Case studies", features: caseStudies, showsIndex: true, hosts: hosts, logger: logger))
/// ```
public let caseStudies: [LiveFeature] =
  CaseStudy.allCases.map { page(for: $0).about(idea(of: $0)) } + rendererChecks

/// The TCA idea a case study shows, in a few sentences, for the paragraph under its title.
///
/// ```swift
/// idea(of: .counter)  // "State is a value and actions are an enum…"
/// ```
public func idea(of study: CaseStudy) -> String {
  switch study {
  case .counter:
    return "State is a value and actions are an enum; the reducer is the only place the state changes. The page is a function of the store: each click sends an action, and only what it changed is sent back."
  case .twoCounters:
    return "Features compose: Scope runs the counter's reducer on each part of the parent's state, and each counter is a component of its own, so a click patches that counter alone."
  case .bindingsBasics:
    return "Bindings write state through BindingReducer: $store.text sends .binding(.set(\\.text, …)). The reducer can still react to a change, here capping the slider with the stepper."
  case .settingsForm:
    return "A form of bindings whose reducer has the last word: it cuts the name to 16 characters, and turning notifications on runs an effect that asks for permission first."
  case .favoriting:
    return "A reusable feature embedded in every row: its request is an effect that can fail, be cancelled by a second tap, and roll the heart back with an alert."
  case .favoritePrimes:
    return "Presentation with @Presents and ifLet: the sheet is a child feature with its own state, and a list of favorites shared between screens with @Shared."
  case .effectsBasics:
    return "Effects are values a reducer returns: .run does async work and sends actions back, and the dependency it uses (the fact client, the clock) is replaceable in tests."
  case .effectsCancellation:
    return "Effects can be cancelled by id: the Cancel button and any change of the number cancel the request in flight, so a late answer never lands."
  case .timers:
    return "A long-running effect driven by the clock dependency, cancelled by id when stopped; in tests a TestClock moves time by hand."
  case .longLivingEffects:
    return "An effect that lives as long as the page: it listens for notifications, and ends when the session's store goes away."
  case .todos:
    return "A collection of child features with forEach and IdentifiedArray, deleted by id. Its filter is in the URL: a LiveRoute keeps the address bar and the state in step, and Back returns to the previous filter."
  case .search:
    return "A debounced, cancellable search effect, and a route that puts the query in the URL (replaced as you type), so a link or a reload searches again."
  case .navigationBasics:
    return "Tree-based navigation: an alert, a confirmation dialog and a sheet are optional state; dismissing the sheet ends the effects its feature started."
  case .navigationStack:
    return "Stack-based navigation with StackState: each pushed screen runs its own feature, and the browser's Back button pops the stack."
  case .recursion:
    return "A reducer that contains itself: every row holds rows, to any depth, run by one recursive reducer."
  case .sharedStats:
    return "@Shared state: two tabs read and write the same statistics, saved to a file, and a name kept in app storage."
  }
}

/// The page of one case study. The switch is exhaustive, so a new case study needs a page.
///
/// ```swift
/// let counter = page(for: .counter)  // served at /counter
/// ```
public func page(for study: CaseStudy) -> LiveFeature {
  func feature<State, Action>(
    _ path: String,
    _ makeStore: @escaping @Sendable () -> LiveStore<State, Action>,
    _ view: @escaping @Sendable (LiveStore<State, Action>) -> Node<Action>,
    route: LiveRoute<State, Action>? = nil
  ) -> LiveFeature {
    LiveFeature(
      path: path, title: study.title, summary: study.summary, makeStore: makeStore, route: route,
      view: view)
  }
  switch study {
  case .counter:
    // Restorable: with snapshots on, a restarted server gives the page its count back.
    return LiveFeature(
      path: "counter", title: study.title, summary: study.summary,
      initialState: { Counter.State() },
      makeStore: { state in LiveStore(initialState: state) { Counter() } },
      view: counterView)
  case .twoCounters:
    return feature(
      "two-counters", { LiveStore(initialState: TwoCounters.State()) { TwoCounters() } },
      twoCountersView)
  case .bindingsBasics:
    return feature(
      "bindings-basics", { LiveStore(initialState: BindingsBasics.State()) { BindingsBasics() } },
      bindingsBasicsView)
  case .settingsForm:
    return feature(
      "settings-form", { LiveStore(initialState: SettingsForm.State()) { SettingsForm() } },
      settingsFormView)
  case .favoriting:
    return feature(
      "favoriting", { LiveStore(initialState: Episodes.State()) { Episodes() } }, episodesView)
  case .favoritePrimes:
    return feature(
      "favorite-primes", { LiveStore(initialState: PrimeApp.State()) { PrimeApp() } }, primeAppView)
  case .effectsBasics:
    return feature(
      "effects-basics", { LiveStore(initialState: EffectsBasics.State()) { EffectsBasics() } },
      effectsBasicsView)
  case .effectsCancellation:
    return feature(
      "effects-cancellation",
      { LiveStore(initialState: EffectsCancellation.State()) { EffectsCancellation() } },
      effectsCancellationView)
  case .timers:
    return feature("timers", { LiveStore(initialState: Timers.State()) { Timers() } }, timersView)
  case .longLivingEffects:
    return feature(
      "long-living-effects",
      {
        let store = LiveStore(initialState: LongLivingEffects.State()) { LongLivingEffects() }
        // The page is shown for as long as the session lives: this stands in for SwiftUI's
        // `.task { await store.send(.task).finish() }`; releasing the store ends the effect.
        store.send(.task)
        return store
      },
      longLivingEffectsView)
  case .todos:
    return feature(
      "todos", { LiveStore(initialState: TodoList.State()) { TodoList() } }, todoListView,
      route: todoListRoute)
  case .search:
    return feature(
      "search", { LiveStore(initialState: Search.State()) { Search() } }, searchView,
      route: searchRoute)
  case .navigationBasics:
    return feature(
      "navigation-basics",
      { LiveStore(initialState: NavigationBasics.State()) { NavigationBasicsPage() } },
      navigationBasicsView)
  case .navigationStack:
    return feature(
      "navigation-stack",
      { LiveStore(initialState: NavigationStackDemo.State()) { NavigationStackPage() } },
      navigationStackView)
  case .recursion:
    return feature(
      "recursion", { LiveStore(initialState: Nested.State(id: UUID(), name: "Root")) { Nested() } },
      nestedView)
  case .sharedStats:
    return feature(
      "shared-state", { LiveStore(initialState: SharedStatsDemo.State()) { SharedStatsDemo() } },
      sharedStatsView)
  }
}

/// Pages that exist to exercise the renderer: every bound control, every kind of navigation
/// with its ways to dismiss, keyed rows that keep their nodes, and the page's events and client
/// commands.
public let rendererChecks: [LiveFeature] = [
  LiveFeature(
    path: "profile-form",
    title: "Profile form",
    summary: "Renderer check: every bound control (text, text area, toggle, number, slider, picker, stepper) and a form; the name is cut to 16 characters.",
    makeStore: { LiveStore(initialState: ProfileForm.State()) { ProfileForm() } },
    view: profileFormView
  ),
  LiveFeature(
    path: "navigation",
    title: "Navigation",
    summary: "Renderer check: a sheet closed by Escape, the backdrop or dismiss(), an alert, a confirmation dialog, and a stack with links and dismiss().",
    makeStore: { LiveStore(initialState: NavigationDemo.State()) { NavigationDemo() } },
    view: navigationDemoView
  ),
  LiveFeature(
    path: "checklist",
    title: "Checklist",
    summary: "Renderer check: rows as keyed components; add, remove and move rows while the others keep their nodes, and a focused field its focus.",
    makeStore: { LiveStore(initialState: Checklist.State()) { Checklist() } },
    view: checklistView
  ),
  LiveFeature(
    path: "keys-and-focus",
    title: "Keys, focus and commands",
    summary: "Page events: arrow keys and Enter in a debounced search, a window shortcut that focuses it in the browser, an email checked on blur, the window's size, and a help panel opened by a client command.",
    makeStore: { LiveStore(initialState: KeysAndFocus.State()) { KeysAndFocus() } },
    view: keysAndFocusView
  ),
  LiveFeature(
    path: "client-hooks",
    title: "Client hooks",
    summary: "Code that runs in the browser: a button that copies a link and says so, and a bar chart a hook draws, whose picked bar the feature highlights with a pushed event.",
    makeStore: { LiveStore(initialState: ClientHooks.State()) { ClientHooks() } },
    view: clientHooksView
  )
  .hooks([copyTextHook, barChartHook]),
  LiveFeature(
    path: "file-uploads",
    title: "File uploads",
    summary: "Files bound to the store: names, sizes and types reach the state before any byte, each file's chunks show their progress and can be cancelled, and an effect files each whole one away.",
    makeStore: { LiveStore(initialState: FileUploads.State()) { FileUploads() } },
    view: fileUploadsView
  ),
  LiveFeature(
    path: "infinite-scroll",
    title: "Infinite scroll",
    summary: "A stream of 100,000 rows the page keeps and the session does not: each page of 50 is sent once, when the end of the list comes into view; a starred row is sent again and updated in place.",
    makeStore: { LiveStore(initialState: InfiniteScroll.State()) { InfiniteScroll() } },
    appearAction: { .loadMoreRows },
    view: infiniteScrollView
  ),
]
