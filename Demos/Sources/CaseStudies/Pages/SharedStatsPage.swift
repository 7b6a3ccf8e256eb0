import CaseStudyFeatures
import ComposableArchitecture
import ComposableWeb

/// Two tabs over shared state: the counter tab changes the stats (saved to a file, so every
/// page of this case study and every restart sees them), the profile tab shows and resets them
/// and edits the user name (kept in app storage).
///
/// ```swift
/// sharedStatsView(LiveStore(initialState: SharedStatsDemo.State()) { SharedStatsDemo() })
/// ```
public func sharedStatsView(_ store: LiveStoreOf<SharedStatsDemo>) -> Node<SharedStatsDemo.Action> {
  @Bindable var store = store
  return div(["class": "shared-stats"]) {
    Node.tag("nav", ["class": "tabs"]) {
      for tab in SharedStatsDemo.Tab.allCases {
        if tab == store.currentTab {
          button("\(tab.rawValue) tab", perform: {}, ["class": "tab selected", "disabled": ""])
        } else {
          button("\(tab.rawValue) tab", perform: { $store.currentTab.wrappedValue = tab }, ["class": "tab"])
        }
      }
    }
    switch store.currentTab {
    case .counter:
      component(store.scope(\.counter, action: \.counter), key: "counter", sharedCounterTabView)
    case .profile:
      component(store.scope(\.profile, action: \.profile), key: "profile", sharedProfileTabView)
    }
  }
}

func sharedCounterTabView(_ store: LiveStoreOf<SharedCounterTab>) -> Node<SharedCounterTab.Action> {
  div(["class": "counter-tab"]) {
    p(store.greeting, ["id": "greeting"])
    Node.tag("p") {
      button("−", send: .decrementButtonTapped, ["aria-label": "Decrement"])
      span("\(store.stats.count)", ["class": "count"])
      button("+", send: .incrementButtonTapped, ["aria-label": "Increment"])
    }
  }
}

func sharedProfileTabView(_ store: LiveStoreOf<SharedProfileTab>) -> Node<SharedProfileTab.Action> {
  let stats = store.stats
  return div(["class": "profile-tab"]) {
    Node.tag("p") {
      "Name "
      textField(
        store.binding(get: \.userName, send: { .userNameChanged($0) }), ["id": "user-name"])
    }
    Node.tag("ul", ["id": "stats"]) {
      li { "Current count: \(stats.count)" }
      li { "Highest count: \(stats.maxCount)" }
      li { "Lowest count: \(stats.minCount)" }
      li { "Number of counts: \(stats.numberOfCounts)" }
    }
    button("Reset stats", send: .resetStatsButtonTapped)
  }
}
