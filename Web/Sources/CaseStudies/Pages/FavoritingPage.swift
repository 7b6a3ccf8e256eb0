import CaseStudyFeatures
import ComposableArchitecture
import ComposableWeb
import Foundation

/// The episodes list of seed 001: one keyed row per episode, each with its own favorite button
/// and its own alert when saving the favorite fails.
///
/// ```swift
/// episodesView(Store(initialState: Episodes.State()) { Episodes() })
/// ```
@MainActor
public func episodesView(_ store: StoreOf<Episodes>) -> Node<Episodes.Action> {
  Node.tag("ul", ["class": "episodes"]) {
    forEach(store.scope(\.episodes, action: \.episodes), episodeRowView)
  }
}

@MainActor
func episodeRowView(_ store: StoreOf<Episode>) -> Node<Episode.Action> {
  Node.tag("li", ["class": "episode", "data-episode": store.title]) {
    span(store.title, ["class": "title"])
    " "
    component(store.scope(\.favorite, action: \.favorite), key: "favorite", favoriteButtonView)
  }
}

/// The reusable favorite button: a filled or empty heart, and the failure alert.
@MainActor
func favoriteButtonView(
  _ store: Store<FavoritingState<UUID>, FavoritingAction>
) -> Node<FavoritingAction> {
  @Bindable var store = store
  return Node.tag("span", ["class": "favorite"]) {
    button(
      store.isFavorite ? "♥" : "♡", send: .buttonTapped,
      ["aria-label": store.isFavorite ? "Unfavorite" : "Favorite", "class": "heart"])
    alert($store.scope(\.alert, action: \.alert))
  }
}
