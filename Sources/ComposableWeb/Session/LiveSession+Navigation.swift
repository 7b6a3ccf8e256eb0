#if Web
import ComposableArchitecture
import Foundation
import Logging
import Observation
import Sharing

extension LiveSession {
  // MARK: The page's location

  /// How the page's URL follows the store's state, for a feature with a ``LiveRoute``.
  struct Route {
    /// The location of the store's current state.
    let location: () -> LiveLocation
    /// Sends the action a location asks for, if the feature understands it.
    let navigate: (LiveLocation) -> Void
    let history: (LiveLocation, LiveLocation) -> LiveHistory
  }

  /// Makes the page's URL follow `store`'s state by `route`; when the session starts at a deep
  /// link, `location` is where it starts, and the action it asks for is sent now.
  func follow<State, Action>(
    _ route: LiveRoute<State, Action>, of store: LiveStore<State, Action>,
    startingAt location: LiveLocation?
  ) {
    self.route = Route(
      location: { store.withState { route.location($0) } },
      navigate: { location in
        if let action = route.action(location) { _ = store.send(action) }
      },
      history: route.history)
    if let location { self.route?.navigate(location) }
  }

  /// The location of the state. It is observed (a change to what it reads schedules a flush)
  /// unless an observation is still waiting; `fired` says the last one reported a change.
  func currentLocation(fired: Bool) -> LiveLocation? {
    guard let route else { return nil }
    if fired { isObservingLocation = false }
    guard !isObservingLocation else { return route.location() }
    isObservingLocation = true
    return changes.observe(id: Self.locationID, generation: 0) { route.location() }
  }

  /// The page's URL changed under it (Back, Forward, a live link) to `text`, its location below
  /// the page: the route's action for it is sent, and if the state then is elsewhere, the page
  /// is told to replace its URL with the state's.
  func receive(navigation text: String) {
    guard let route else {
      limits.ignore("Ignored a navigation: the page's feature has no route")
      return
    }
    guard let location = LiveLocation(text: text) else {
      limits.ignore(
        "Ignored a navigation to a location that is not a path and query",
        metadata: ["location": LogText.escaped(text, limit: 64)])
      return
    }
    changes.hold()
    shownLocation = location
    pageNavigated = true
    route.navigate(location)
    _ = changes.release()
    flushToPage()
  }
}
#endif  // Web
