import ComposableArchitecture
import Foundation
import Testing

@Reducer
private struct Folder {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    @Presents var preview: Folder.State?
    var subfolders: IdentifiedArrayOf<Folder.State> = []
  }

  indirect enum Action {
    case preview(PresentationAction<Folder.Action>)
    case subfolders(IdentifiedActionOf<Folder>)
    case open
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .open:
        state.preview = Folder.State(id: state.id * 10)
        return .none
      case .preview, .subfolders:
        return .none
      }
    }
    .ifLet(\.$preview, action: \.preview) { Folder() }
    .forEach(\.subfolders, action: \.subfolders) { Folder() }
  }
}

@MainActor
struct UncachedScopeTests {
  private let warning = "which cannot keep the stores scoped from it"

  private func makeStore() -> StoreOf<Folder> {
    Store(
      initialState: Folder.State(
        id: 1, preview: Folder.State(id: 2), subfolders: [Folder.State(id: 3)]
      )
    ) {
      Folder()
    }
  }

  @available(*, deprecated)
  @Test func scopingOptionalStateFromAClosureScopedStoreIsReported() {
    let store = self.makeStore()
    let line = #line + 3
    withKnownIssue {
      let closureScoped = store.scope(state: { $0 }, action: { $0 })
      _ = closureScoped.scope(\.preview, action: \.preview.presented)
    } matching: { issue in
      issue.description.contains("A child store was scoped from 'StoreOf<Folder>'")
        && issue.description.contains(self.warning)
        && issue.sourceLocation?.line == line
    }
  }

  @available(*, deprecated)
  @Test func scopingACollectionFromAClosureScopedStoreIsReported() {
    let store = self.makeStore()
    withKnownIssue {
      _ = Array(store.scope(state: { $0 }, action: { $0 }).scope(\.subfolders, action: \.subfolders))
    } matching: { issue in
      issue.description.contains(self.warning)
    }
  }

  @available(*, deprecated)
  @Test func storesDerivedFromAClosureScopedStoreCannotCacheEither() {
    let store = self.makeStore()
    withKnownIssue {
      let derived = store.scope(state: { $0 }, action: { $0 }).scope(state: \.self, action: \.self)
      _ = derived.scope(state: \.subfolders, action: \.subfolders)
    } matching: { issue in
      issue.description.contains(self.warning)
    }
  }

  @Test func scopingWithKeyPathsAllTheWayDownIsNotReported() {
    let store = self.makeStore()
    // `\.self` could also be read as closures; key paths win, so the store is cached.
    let derived = store.scope(state: \.self, action: \.self)
    #expect(store.scope(state: \.self, action: \.self) === derived)
    let preview = derived.scope(\.preview, action: \.preview.presented)
    #expect(preview?.id == 2)
    preview?.send(.open)
    #expect(preview?.preview?.id == 20)
    let subfolders = Array(derived.scope(\.subfolders, action: \.subfolders))
    #expect(subfolders.map(\.id) == [3])
    #expect(derived.scope(\.subfolders, action: \.subfolders)[0] === subfolders[0])
  }
}
