import CaseStudyFeatures
import ComposableArchitecture
import ComposableWeb

/// The counter's page: its number between − and +.
///
/// ```swift
/// counterView(LiveStore(initialState: Counter.State()) { Counter() })
/// ```
public func counterView(_ store: LiveStoreOf<Counter>) -> Node<Counter.Action> {
  div(["class": "counter"]) {
    button("−", send: .decrementButtonTapped, ["aria-label": "Decrement"])
    span("\(store.count)", ["class": "count"])
    button("+", send: .incrementButtonTapped, ["aria-label": "Increment"])
  }
}

/// The two counters' page: each counter is its own component, so a change to one sends only
/// that counter's HTML; the total and the reset button belong to the parent.
///
/// ```swift
/// twoCountersView(LiveStore(initialState: TwoCounters.State()) { TwoCounters() })
/// ```
public func twoCountersView(_ store: LiveStoreOf<TwoCounters>) -> Node<TwoCounters.Action> {
  div {
    h2("First counter")
    component(store.scope(\.first, action: \.first), key: "first", counterView)
    h2("Second counter")
    component(store.scope(\.second, action: \.second), key: "second", counterView)
    p("Total: \(store.total)", ["id": "total"])
    button("Reset both", send: .resetButtonTapped)
    // A live link (relative, so it works wherever the pages are mounted): the single counter's
    // page replaces this one without a reload, and Back returns.
    Node.tag("p") {
      Node.tag("a", ["href": "counter", "data-ocaf-live-link": ""]) { "The single counter →" }
    }
  }
}
