import CaseStudyFeatures
import ComposableArchitecture
import ComposableWeb

/// City search as you type: results arrive once typing pauses, a tap on a result loads its
/// details.
///
/// ```swift
/// searchView(Store(initialState: Search.State()) { Search() })
/// ```
@MainActor
public func searchView(_ store: StoreOf<Search>) -> Node<Search.Action> {
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
