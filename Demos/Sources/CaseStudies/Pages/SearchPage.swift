import CaseStudyFeatures
import ComposableArchitecture
import ComposableWeb

/// City search as you type: results arrive once typing pauses, a tap on a result loads its
/// details.
///
/// ```swift
/// searchView(LiveStore(initialState: Search.State()) { Search() })
/// ```
public func searchView(_ store: LiveStoreOf<Search>) -> Node<Search.Action> {
  div(["class": "search"]) {
    textField(
      store.binding(get: \.searchQuery, send: { .searchQueryChanged($0) }),
      placeholder: "Amsterdam, Japan…", ["id": "query"])
    if let message = store.errorMessage {
      p(message, ["class": "error"])
    }
    Node.tag("ul", ["class": "results"]) {
      for city in store.results {
        Node.tag("li", ["data-ocaf-key": "\(city.id)", "class": "result"]) {
          button("\(city.name), \(city.country)", send: .resultTapped(city))
          if store.loadingCityID == city.id {
            span(" loading…", ["class": "loading"])
          }
        }
      }
    }
    if let details = store.details {
      p(
        "\(details.city.name): population \(details.population), elevation \(details.elevation) m",
        ["id": "details"])
    }
  }
}

/// The search's URL shows its query, `/search?q=par`, replaced as the user types (a keystroke is
/// not a place to go back to), so that a link or a reload searches again.
///
/// ```swift
/// LiveFeature(path: "search", …, route: searchRoute, view: searchView)
/// ```
public let searchRoute = LiveRoute<Search.State, Search.Action>(
  location: { state in LiveLocation(query: ["q": state.searchQuery.isEmpty ? nil : state.searchQuery]) },
  action: { location in .searchQueryChanged(location.query("q") ?? "") },
  history: { _, _ in .replace }
)
