import CaseStudyFeatures
import ComposableArchitecture
import ComposableWeb

/// Effects basics: a count whose fact is loaded by an effect, and that bounces back a second
/// after it goes below zero.
///
/// ```swift
/// effectsBasicsView(LiveStore(initialState: EffectsBasics.State()) { EffectsBasics() })
/// ```
public func effectsBasicsView(_ store: LiveStoreOf<EffectsBasics>) -> Node<EffectsBasics.Action> {
  div(["class": "effects-basics"]) {
    Node.tag("p") {
      button("−", send: .decrementButtonTapped, ["aria-label": "Decrement"])
      span("\(store.count)", ["class": "count"])
      button("+", send: .incrementButtonTapped, ["aria-label": "Increment"])
    }
    if store.isNumberFactRequestInFlight {
      button("Fetching…", send: .numberFactButtonTapped, ["disabled": ""])
    } else {
      button("Number fact", send: .numberFactButtonTapped)
    }
    if let fact = store.numberFact {
      p(fact, ["class": "fact"])
    }
    if let message = store.errorMessage {
      p(message, ["class": "error"])
    }
  }
}

/// Effect cancellation: a stepper for the number, a slow fact request, and a button that
/// cancels it (changing the number cancels it too).
///
/// ```swift
/// effectsCancellationView(LiveStore(initialState: EffectsCancellation.State()) { EffectsCancellation() })
/// ```
public func effectsCancellationView(
  _ store: LiveStoreOf<EffectsCancellation>
) -> Node<EffectsCancellation.Action> {
  @Bindable var store = store
  return div(["class": "effects-cancellation"]) {
    Node.tag("p") { stepper($store.count, in: -1000...1000, label: "Number") }
    if store.isFactRequestInFlight {
      p("Fetching a fact…", ["class": "loading"])
      button("Cancel", send: .cancelButtonTapped)
    } else {
      button("Number fact", send: .factButtonTapped)
    }
    if let fact = store.currentFact {
      p(fact, ["class": "fact"])
    }
    if let message = store.errorMessage {
      p(message, ["class": "error"])
    }
  }
}

/// The stopwatch: seconds elapsed, start/stop and reset.
///
/// ```swift
/// timersView(LiveStore(initialState: Timers.State()) { Timers() })
/// ```
public func timersView(_ store: LiveStoreOf<Timers>) -> Node<Timers.Action> {
  div(["class": "timers"]) {
    p("\(store.secondsElapsed)", ["class": "seconds", "id": "seconds"])
    button(store.isTimerActive ? "Stop" : "Start", send: .toggleTimerButtonTapped)
    button("Reset", send: .resetButtonTapped)
  }
}

/// The long-living effect: the screenshots counted while the page is open. The button posts a
/// simulated screenshot notification, which every open page of this case study receives.
///
/// ```swift
/// longLivingEffectsView(LiveStore(initialState: LongLivingEffects.State()) { LongLivingEffects() })
/// ```
public func longLivingEffectsView(
  _ store: LiveStoreOf<LongLivingEffects>
) -> Node<LongLivingEffects.Action> {
  div(["class": "long-living"]) {
    p("Screenshots taken while this page was open: \(store.screenshotCount)", ["id": "screenshots"])
    button("Simulate a screenshot", send: .simulateScreenshotButtonTapped)
  }
}
