import CaseStudyFeatures
import ComposableArchitecture
import ComposableWeb
import Foundation

/// The episodes list of seed 001: one keyed row per episode, each with its own favorite button
/// and its own alert when saving the favorite fails.
///
/// ```swift
/// episodesView(LiveStore(initialState: Episodes.State()) { Episodes() })
/// ```
public func episodesView(_ store: LiveStoreOf<Episodes>) -> Node<Episodes.Action> {
  Node.tag("ul", ["class": "episodes"]) {
    forEach(store.scope(\.episodes, action: \.episodes), episodeRowView)
  }
}

func episodeRowView(_ store: LiveStoreOf<Episode>) -> Node<Episode.Action> {
  Node.tag("li", ["class": "episode", "data-episode": store.title]) {
    span(store.title, ["class": "title"])
    " "
    component(store.scope(\.favorite, action: \.favorite), key: "favorite", favoriteButtonView)
  }
}

/// The reusable favorite button: a filled or empty heart, and the failure alert.
func favoriteButtonView(
  _ store: LiveStore<FavoritingState<UUID>, FavoritingAction>
) -> Node<FavoritingAction> {
  @Bindable var store = store
  return Node.tag("span", ["class": "favorite"]) {
    button(
      store.isFavorite ? "♥" : "♡", send: .buttonTapped,
      ["aria-label": store.isFavorite ? "Unfavorite" : "Favorite", "class": "heart"])
    alert($store.scope(\.alert, action: \.alert))
  }
}
