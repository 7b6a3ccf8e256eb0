import ComposableArchitecture
import ComposableWeb

/// The case studies the server offers, in the order the index lists them.
///
/// ```swift
/// LiveServer(title: "Case studies", features: caseStudies, logger: logger)
/// ```
public let caseStudies: [LiveFeature] = [
  LiveFeature(
    path: "counter",
    title: "Counter",
    summary: "count up and down, fetch a number fact, run a timer (effects on the server).",
    makeStore: { Store(initialState: Counter.State()) { Counter() } },
    view: counterView
  ),
  LiveFeature(
    path: "two-counters",
    title: "Two counters",
    summary: "two counters composed with Scope; each updates on its own.",
    makeStore: { Store(initialState: TwoCounters.State()) { TwoCounters() } },
    view: twoCountersView
  ),
  LiveFeature(
    path: "profile-form",
    title: "Profile form",
    summary: "every bound control (text, text area, toggle, number, slider, picker, stepper) and a form; the name is cut to 16 characters.",
    makeStore: { Store(initialState: ProfileForm.State()) { ProfileForm() } },
    view: profileFormView
  ),
  LiveFeature(
    path: "navigation",
    title: "Navigation",
    summary: "a sheet with a long-living effect, an alert, a confirmation dialog and a stack that follows the browser's back button.",
    makeStore: { Store(initialState: NavigationDemo.State()) { NavigationDemo() } },
    view: navigationDemoView
  ),
  LiveFeature(
    path: "checklist",
    title: "Checklist",
    summary: "rows as keyed components: add, remove and move rows while the others keep their place, and a focused field its focus.",
    makeStore: { Store(initialState: Checklist.State()) { Checklist() } },
    view: checklistView
  ),
]
