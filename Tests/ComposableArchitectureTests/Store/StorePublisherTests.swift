import ComposableArchitecture
import Testing

#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

// A download screen as UIKit code drove it from a store: plain (non-observable) state, read
// through `store.publisher`.
@Reducer
struct PublishedDownload {
  struct State: Equatable {
    var progress = 0.0
    var title = "Untitled"
    var isDownloading = false
  }
  enum Action: Equatable {
    case startTapped
    case progressed(Double)
    case finished
    case rename(String)
    case noop
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .startTapped:
        state.isDownloading = true
        return .run { send in
          await send(.progressed(0.5))
          await send(.progressed(1))
          await send(.finished)
        }
      case let .progressed(progress):
        state.progress = progress
        return .none
      case .finished:
        state.isDownloading = false
        return .none
      case let .rename(title):
        state.title = title
        return .none
      case .noop:
        return .none
      }
    }
  }
}

@MainActor
@Suite("Store.publisher")
struct StorePublisherTests {
  @Test func emitsTheCurrentStateThenTheStateAfterEachAction() {
    let store = Store(initialState: PublishedDownload.State()) { PublishedDownload() }
    var titles: [String] = []
    let cancellable = store.publisher.sink { titles.append($0.title) }
    #expect(titles == ["Untitled"])
    store.send(.rename("Report"))
    store.send(.noop)
    // The whole state is not de-duplicated: every processed action emits.
    #expect(titles == ["Untitled", "Report", "Report"])
    cancellable.cancel()
  }

  @Test func fieldPublishersEmitOnlyWhenTheFieldChanges() {
    let store = Store(initialState: PublishedDownload.State()) { PublishedDownload() }
    var titles: [String] = []
    let cancellable = store.publisher.title.sink { titles.append($0) }
    store.send(.rename("Report"))
    store.send(.noop)
    store.send(.rename("Report"))
    store.send(.rename("Summary"))
    #expect(titles == ["Untitled", "Report", "Summary"])
    cancellable.cancel()
  }

  @Test func emitsTheActionsThatEffectsFeedBack() async {
    let store = Store(initialState: PublishedDownload.State()) { PublishedDownload() }
    var progress: [Double] = []
    var downloading: [Bool] = []
    let cancellables = [
      store.publisher.progress.sink { progress.append($0) },
      store.publisher.isDownloading.sink { downloading.append($0) },
    ]
    await store.send(.startTapped).finish()
    #expect(progress == [0, 0.5, 1])
    #expect(downloading == [false, true, false])
    _ = cancellables
  }

  @Test func aScopedStoresPublisherFollowsTheParent() {
    let store = Store(initialState: PublishedList.State()) { PublishedList() }
    let downloadStore = store.scope(state: \.download, action: \.download)
    var titles: [String] = []
    let cancellable = downloadStore.publisher.title.sink { titles.append($0) }
    store.send(.renameAll("Batch"))
    downloadStore.send(.rename("Single"))
    #expect(titles == ["Untitled", "Batch", "Single"])
    cancellable.cancel()
  }

  @Test func cancellingStopsTheEmissions() {
    let store = Store(initialState: PublishedDownload.State()) { PublishedDownload() }
    var titles: [String] = []
    let cancellable = store.publisher.title.sink { titles.append($0) }
    cancellable.cancel()
    store.send(.rename("Report"))
    #expect(titles == ["Untitled"])
  }

  @available(*, deprecated, message: "Scopes with closures to count the state reads.")
  @Test func aCancelledSubscriptionNoLongerReadsTheState() {
    var reads = 0
    let store = Store(initialState: PublishedDownload.State()) { PublishedDownload() }
      .scope(
        state: { (state: PublishedDownload.State) -> String in
          reads += 1
          return state.title
        },
        action: { $0 }
      )
    let cancellable = store.publisher.sink { _ in }
    #expect(reads == 1)
    store.send(.rename("Report"))
    #expect(reads == 2)
    cancellable.cancel()
    store.send(.rename("Summary"))
    #expect(reads == 2)
    // Dropping the cancellable right away cancels too.
    _ = store.publisher.sink { _ in }
    store.send(.rename("Draft"))
    #expect(reads == 3)
  }

  @Test func cancellingReleasesTheSubscription() {
    let store = Store(initialState: PublishedDownload.State()) { PublishedDownload() }
    weak var subscription: AnyObject?
    let cancellable = store.publisher
      .handleEvents(receiveSubscription: { subscription = $0 as AnyObject })
      .sink { _ in }
    #expect(subscription != nil)
    cancellable.cancel()
    #expect(subscription == nil)
  }

  @Test func aSubscriptionKeepsTheStoreAliveUntilCancelled() {
    var store: StoreOf<PublishedDownload>? = Store(initialState: PublishedDownload.State()) {
      PublishedDownload()
    }
    weak var weakStore = store
    var titles: [String] = []
    let cancellable = store!.publisher.title.sink { titles.append($0) }
    store = nil
    #expect(weakStore != nil)
    weakStore?.send(.rename("Still here"))
    #expect(titles == ["Untitled", "Still here"])
    cancellable.cancel()
    #expect(weakStore == nil)
  }

  @Test func anUnusedPublisherDoesNotKeepTheStoreAlive() {
    var store: StoreOf<PublishedDownload>? = Store(initialState: PublishedDownload.State()) {
      PublishedDownload()
    }
    weak var weakStore = store
    _ = store!.publisher.title
    store = nil
    #expect(weakStore == nil)
  }
}

@Reducer
struct PublishedList {
  struct State: Equatable {
    var download = PublishedDownload.State()
  }
  enum Action: Equatable {
    case download(PublishedDownload.Action)
    case renameAll(String)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.download, action: \.download) {
      PublishedDownload()
    }
    Reduce { state, action in
      if case let .renameAll(title) = action {
        state.download.title = title
      }
      return .none
    }
  }
}
