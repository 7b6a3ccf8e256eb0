import CaseStudyFeatures
import ComposableArchitecture
import ComposableWeb

/// ``NavigationBasics`` as the page runs it: when the sheet appears, its ticker's `.task` is
/// sent, where SwiftUI would run `.task { await store.send(.task).finish() }` on the sheet's
/// view. The presentation reducer cancels that effect when the sheet is dismissed.
///
/// ```swift
/// LiveStore(initialState: NavigationBasics.State()) { NavigationBasicsPage() }
/// ```
public struct NavigationBasicsPage: Reducer {
  public typealias State = NavigationBasics.State
  public typealias Action = NavigationBasics.Action

  public init() {}

  public var body: some ReducerOf<Self> {
    NavigationBasics()
    Reduce { _, action in
      guard case .sheetButtonTapped = action else { return .none }
      return .send(.destination(.presented(.sheet(.task))))
    }
  }
}

/// The page of ``NavigationBasics``: the count, the three ways to present, and the ticks of the
/// last dismissed sheet.
///
/// ```swift
/// navigationBasicsView(LiveStore(initialState: NavigationBasics.State()) { NavigationBasicsPage() })
/// ```
public func navigationBasicsView(
  _ store: LiveStoreOf<NavigationBasics>
) -> Node<NavigationBasics.Action> {
  @Bindable var store = store
  return div(["class": "navigation-basics"]) {
    p("Count: \(store.count)", ["id": "count"])
    if let ticks = store.lastSheetTicks {
      p("The last sheet counted \(ticks) seconds.", ["id": "last-ticks"])
    }
    button("Show alert", send: .alertButtonTapped)
    button("Show confirmation dialog", send: .confirmationDialogButtonTapped)
    button("Show sheet", send: .sheetButtonTapped)
    alert($store.scope(\.destination?.alert, action: \.destination.alert))
    confirmationDialog(
      $store.scope(\.destination?.confirmationDialog, action: \.destination.confirmationDialog))
    sheet(item: $store.scope(\.destination?.sheet, action: \.destination.sheet), tickerView)
  }
}

/// The ticker: seconds counted since it appeared, and a done button that dismisses it.
func tickerView(_ store: LiveStoreOf<Ticker>) -> Node<Ticker.Action> {
  div(["class": "ticker"]) {
    p("Ticks: \(store.ticks)", ["id": "ticks"])
    button("Done", send: .doneButtonTapped)
  }
}

/// ``NavigationStackDemo`` as the page runs it: a pushed ticker gets its `.task`, as a
/// SwiftUI view would send it on appearing; popping the screen cancels it.
///
/// ```swift
/// LiveStore(initialState: NavigationStackDemo.State()) { NavigationStackPage() }
/// ```
public struct NavigationStackPage: Reducer {
  public typealias State = NavigationStackDemo.State
  public typealias Action = NavigationStackDemo.Action

  public init() {}

  public var body: some ReducerOf<Self> {
    NavigationStackDemo()
    Reduce { state, action in
      guard case .pushButtonTapped(.ticker) = action, let id = state.path.ids.last else {
        return .none
      }
      return .send(.path(.element(id: id, action: .ticker(.task))))
    }
  }
}

/// The page of ``NavigationStackDemo``: the root pushes screens; each screen can push more; the
/// browser's back button and the in-page back button pop them.
///
/// ```swift
/// navigationStackView(LiveStore(initialState: NavigationStackDemo.State()) { NavigationStackPage() })
/// ```
public func navigationStackView(
  _ store: LiveStoreOf<NavigationStackDemo>
) -> Node<NavigationStackDemo.Action> {
  @Bindable var store = store
  return div(["class": "navigation-stack"]) {
    navigationStack(path: $store.scope(\.path, action: \.path)) {
      p("Screens on the stack: \(store.path.count)", ["id": "depth"])
      p("Sum of the counters on the stack: \(store.counterTotal)", ["id": "counter-total"])
      pushButtons()
    } destination: { store in
      if let counter = store.scope(\.counter, action: \.counter) {
        component(counter, counterScreenView)
      } else if let numberFact = store.scope(\.numberFact, action: \.numberFact) {
        component(numberFact, numberFactScreenView)
      } else if let ticker = store.scope(\.ticker, action: \.ticker) {
        component(ticker, tickerScreenView)
      } else {
        .fragment([])
      }
    }
    if !store.path.isEmpty {
      Node.tag("div", ["class": "stack-actions"]) {
        pushButtons()
        button("Pop to root", send: .popToRootButtonTapped)
      }
    }
  }
}

private func pushButtons() -> Node<NavigationStackDemo.Action> {
  .tag("p", ["class": "push"]) {
    button("Push counter", send: .pushButtonTapped(.counter))
    button("Push number fact", send: .pushButtonTapped(.numberFact))
    button("Push ticker", send: .pushButtonTapped(.ticker))
  }
}

func counterScreenView(_ store: LiveStoreOf<Counter>) -> Node<Counter.Action> {
  div(["class": "screen"]) {
    h2("Counter screen")
    counterView(store)
  }
}

func numberFactScreenView(_ store: LiveStoreOf<EffectsBasics>) -> Node<EffectsBasics.Action> {
  div(["class": "screen"]) {
    h2("Number fact screen")
    effectsBasicsView(store)
  }
}

func tickerScreenView(_ store: LiveStoreOf<Ticker>) -> Node<Ticker.Action> {
  div(["class": "screen"]) {
    h2("Ticker screen")
    tickerView(store)
  }
}
