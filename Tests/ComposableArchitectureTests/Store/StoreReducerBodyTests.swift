import ComposableArchitecture
import Testing
@_spi(Testing) import ComposableArchitectureTestSupport

/// How many times the bodies below were built, per reducer.
private let bodyBuilds = LockIsolated<[String: Int]>([:])

@Reducer
private struct BodyCountingThermostat {
  @ObservableState
  struct State: Equatable {
    var degrees = 18
  }

  enum Action {
    case warmer
    case cooler
  }

  let label: String

  var body: some ReducerOf<Self> {
    let _ = bodyBuilds.withValue { $0[self.label, default: 0] += 1 }
    Reduce { state, action in
      switch action {
      case .warmer:
        state.degrees += 1
      case .cooler:
        state.degrees -= 1
      }
      return .none
    }
  }
}

/// A parent embedding the thermostat twice: with `Scope` and with `ifLet`.
@Reducer
private struct BodyCountingHouse {
  @ObservableState
  struct State: Equatable {
    var hall = BodyCountingThermostat.State()
    var attic: BodyCountingThermostat.State?
  }

  enum Action {
    case hall(BodyCountingThermostat.Action)
    case attic(BodyCountingThermostat.Action)
    case openAttic
  }

  /// Names the children's counters, so that tests running at the same time count apart.
  let house: String

  var body: some ReducerOf<Self> {
    Scope(state: \.hall, action: \.hall) {
      BodyCountingThermostat(label: "\(self.house) hall")
    }
    Reduce { state, action in
      if case .openAttic = action {
        state.attic = BodyCountingThermostat.State()
      }
      return .none
    }
    .ifLet(\.attic, action: \.attic) {
      BodyCountingThermostat(label: "\(self.house) attic")
    }
  }
}

/// A sheet that closes itself through `@Dependency(\.dismiss)`.
@Reducer
private struct BodyCountingSheet {
  @ObservableState
  struct State: Equatable {
    var opened = 0
  }

  enum Action {
    case closeButtonTapped
  }

  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    let _ = bodyBuilds.withValue { $0["sheet", default: 0] += 1 }
    Reduce { _, action in
      switch action {
      case .closeButtonTapped:
        return .run { _ in await self.dismiss() }
      }
    }
  }
}

@Reducer
private struct BodyCountingSheetHost {
  @ObservableState
  struct State: Equatable {
    @Presents var sheet: BodyCountingSheet.State?
    var dismissals = 0
  }

  enum Action {
    case open(Int)
    case sheet(PresentationAction<BodyCountingSheet.Action>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .open(number):
        state.sheet = BodyCountingSheet.State(opened: number)
        return .none
      case .sheet(.dismiss):
        state.dismissals += 1
        return .none
      case .sheet:
        return .none
      }
    }
    .ifLet(\.$sheet, action: \.sheet) {
      BodyCountingSheet()
    }
  }
}

/// A reducer written without the macro that has both a `reduce(into:action:)` and a `body`: its
/// own `reduce` is what runs, as the protocol promises.
private struct HandWrittenBodyCountingThermostat: Reducer {
  typealias State = Int
  typealias Action = Bool

  let label: String

  func reduce(into state: inout Int, action: Bool) -> Effect<Bool> {
    state += action ? 10 : -10
    return .none
  }

  var body: some ReducerOf<Self> {
    let _ = bodyBuilds.withValue { $0[self.label, default: 0] += 1 }
    Reduce { state, action in
      state += action ? 1 : -1
      return .none
    }
  }
}

/// A feature without stored properties that presents itself, for the bodies a store shares. Its
/// body counts its builds under `bodyBuildLabel`, a task-local, so that tests running at the same
/// time count apart.
@Reducer
private struct BodyCountingFolder {
  @ObservableState
  struct State: Equatable {
    var name: String
    var files = 0
    @Presents var subfolder: BodyCountingFolder.State?
  }

  enum Action {
    case addFile
    case open(String)
    case closeButtonTapped
    indirect case subfolder(PresentationAction<Action>)
  }

  @TaskLocal static var bodyBuildLabel = "folder"

  var body: some ReducerOf<Self> {
    let _ = bodyBuilds.withValue { $0[Self.bodyBuildLabel, default: 0] += 1 }
    Reduce { state, action in
      switch action {
      case .addFile:
        state.files += 1
        return .none
      case let .open(name):
        state.subfolder = State(name: name)
        return .none
      case .closeButtonTapped:
        // Read when the action runs, so that it is the dismissal of the folder at this level.
        @Dependency(\.dismiss) var dismiss
        return .run { _ in await dismiss() }
      case .subfolder:
        return .none
      }
    }
    .ifLet(\.$subfolder, action: \.subfolder) {
      BodyCountingFolder()
    }
  }
}

/// A parent showing the same folder feature in two places.
@Reducer
private struct BodyCountingDesk {
  @ObservableState
  struct State: Equatable {
    var inbox = BodyCountingFolder.State(name: "inbox")
    var archive: BodyCountingFolder.State? = BodyCountingFolder.State(name: "archive")
  }

  enum Action {
    case inbox(BodyCountingFolder.Action)
    case archive(BodyCountingFolder.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.inbox, action: \.inbox) {
      BodyCountingFolder()
    }
    EmptyReducer()
      .ifLet(\.archive, action: \.archive) {
        BodyCountingFolder()
      }
  }
}

@MainActor
private func folderStore(
  label: String, depth: Int
) -> StoreOf<BodyCountingFolder> {
  var state = BodyCountingFolder.State(name: "level \(depth - 1)")
  for level in (0..<(depth - 1)).reversed() {
    var parent = BodyCountingFolder.State(name: "level \(level)")
    parent.subfolder = state
    state = parent
  }
  return BodyCountingFolder.$bodyBuildLabel.withValue(label) {
    Store(initialState: state) { BodyCountingFolder() }
  }
}

@MainActor
struct StoreReducerBodyTests {
  @Test func aStoreBuildsTheBodyOfAMacroReducerOnceForAllItsActions() {
    let store = Store(initialState: BodyCountingThermostat.State()) {
      BodyCountingThermostat(label: "once")
    }
    store.send(.warmer)
    store.send(.warmer)
    store.send(.cooler)
    #expect(store.degrees == 19)
    #expect(bodyBuilds.value["once"] == 1)
  }

  @Test func eachStoreBuildsItsOwnBody() {
    let first = Store(initialState: BodyCountingThermostat.State()) { BodyCountingThermostat(label: "each") }
    let second = Store(initialState: BodyCountingThermostat.State()) { BodyCountingThermostat(label: "each") }
    first.send(.warmer)
    second.send(.cooler)
    #expect(first.degrees == 19)
    #expect(second.degrees == 17)
    #expect(bodyBuilds.value["each"] == 2)
  }

  @Test func childrenOfABodyBuiltOnceHaveTheirBodiesBuiltOnceToo() {
    let store = Store(initialState: BodyCountingHouse.State()) { BodyCountingHouse(house: "once") }
    store.send(.hall(.warmer))
    store.send(.hall(.warmer))
    store.send(.openAttic)
    store.send(.attic(.cooler))
    store.send(.attic(.cooler))
    #expect(store.hall.degrees == 20)
    #expect(store.attic?.degrees == 16)
    #expect(bodyBuilds.value["once hall"] == 1)
    #expect(bodyBuilds.value["once attic"] == 1)
  }

  @Test func aChildBodyKeptFromAnEarlierPresentationDismissesTheCurrentOne() async {
    let store = Store(initialState: BodyCountingSheetHost.State()) { BodyCountingSheetHost() }
    for presentation in 1...3 {
      store.send(.open(presentation))
      #expect(store.sheet?.opened == presentation)
      await store.send(.sheet(.presented(.closeButtonTapped))).finish()
      await eventually { store.withState(\.sheet) == nil }
      #expect(store.withState(\.sheet) == nil)
      #expect(store.withState(\.dismissals) == presentation)
    }
    // The sheet's body was built for its first action and kept for the later presentations.
    #expect(bodyBuilds.value["sheet"] == 1)
  }

  @Test func aTestStoreRunsTheSameChildrenAndGetsTheSameState() async {
    let store = TestStore(initialState: BodyCountingHouse.State()) {
      BodyCountingHouse(house: "tested")
    }
    await store.send(.hall(.warmer)) { $0.hall.degrees = 19 }
    await store.send(.openAttic) { $0.attic = BodyCountingThermostat.State() }
    await store.send(.attic(.cooler)) { $0.attic?.degrees = 17 }
  }

  @Test func aReducerWithItsOwnReduceRunsItAndNeverBuildsItsBody() {
    let store = Store(initialState: 0) { HandWrittenBodyCountingThermostat(label: "hand-written") }
    store.send(true)
    store.send(true)
    #expect(store.withState { $0 } == 20)
    #expect(bodyBuilds.value["hand-written"] == nil)
  }

  @Test func theLevelsOfAFeatureThatPresentsItselfShareTheStoresBody() {
    let store = BodyCountingFolder.$bodyBuildLabel.withValue("levels") {
      folderStore(label: "levels", depth: 4)
    }
    BodyCountingFolder.$bodyBuildLabel.withValue("levels") {
      store.send(.addFile)
      store.send(.subfolder(.presented(.addFile)))
      store.send(.subfolder(.presented(.subfolder(.presented(.addFile)))))
      store.send(.subfolder(.presented(.subfolder(.presented(.subfolder(.presented(.addFile)))))))
      store.send(.subfolder(.presented(.subfolder(.presented(.subfolder(.presented(.addFile)))))))
    }
    #expect(store.files == 1)
    #expect(store.subfolder?.files == 1)
    #expect(store.subfolder?.subfolder?.files == 1)
    #expect(store.subfolder?.subfolder?.subfolder?.files == 2)
    #expect(bodyBuilds.value["levels"] == 1)
  }

  @Test func aSharedBodyDismissesTheLevelItRunsFor() async {
    let store = folderStore(label: "dismissing", depth: 4)
    // Not waited for: the send also starts the wait of each presented level for its dismissal,
    // which lasts as long as the level.
    store.send(.subfolder(.presented(.subfolder(.presented(.closeButtonTapped)))))
    await eventually { store.withState(\.subfolder?.subfolder) == nil }
    #expect(store.withState(\.subfolder?.subfolder) == nil)
    #expect(store.withState(\.subfolder?.name) == "level 1")

    store.send(.subfolder(.presented(.closeButtonTapped)))
    await eventually { store.withState(\.subfolder) == nil }
    #expect(store.withState(\.name) == "level 0")
    #expect(bodyBuilds.value["dismissing"] == 1)
  }

  @Test func eachStoreOfAFeatureWithoutPropertiesBuildsItsOwnBody() {
    let first = folderStore(label: "each folder", depth: 2)
    let second = folderStore(label: "each folder", depth: 2)
    BodyCountingFolder.$bodyBuildLabel.withValue("each folder") {
      first.send(.subfolder(.presented(.addFile)))
      second.send(.addFile)
    }
    #expect(first.subfolder?.files == 1)
    #expect(second.files == 1)
    #expect(bodyBuilds.value["each folder"] == 2)
  }

  @Test func aFeatureShownInTwoPlacesOfAStoreHasOneBody() {
    let store = BodyCountingFolder.$bodyBuildLabel.withValue("two places") {
      Store(initialState: BodyCountingDesk.State()) { BodyCountingDesk() }
    }
    BodyCountingFolder.$bodyBuildLabel.withValue("two places") {
      store.send(.inbox(.addFile))
      store.send(.inbox(.open("receipts")))
      store.send(.inbox(.subfolder(.presented(.addFile))))
      store.send(.archive(.addFile))
    }
    #expect(store.inbox.files == 1)
    #expect(store.archive?.files == 1)
    #expect(store.inbox.subfolder?.files == 1)
    #expect(bodyBuilds.value["two places"] == 1)
  }
}
