import ComposableArchitecture
import Testing

// A screen written as TCA users write one without SwiftUI: a `@Perceptible` view model around a
// store, and a view that redraws when what it last drew may have changed.

@MainActor
@Perceptible
final class ScoreboardModel {
  let store: StoreOf<Scoreboard>
  var isCelebrating = false
  @PerceptionIgnored var taps = 0

  init(store: StoreOf<Scoreboard>) {
    self.store = store
  }

  var headline: String {
    "\(store.home) – \(store.away)"
  }

  func homeButtonTapped() {
    taps += 1
    store.send(.homeScored)
    if store.home >= 3 {
      isCelebrating = true
    }
  }

  func awayButtonTapped() {
    taps += 1
    store.send(.awayScored)
  }
}

@MainActor
final class ScoreboardView {
  let model: ScoreboardModel
  private(set) var frames: [String] = []
  private let needsDisplay = LockIsolated(true)

  init(model: ScoreboardModel) {
    self.model = model
  }

  /// Draws a frame when something the last frame read has changed since.
  func displayIfNeeded() {
    guard needsDisplay.value else { return }
    needsDisplay.setValue(false)
    let frame = withPerceptionTracking {
      model.isCelebrating ? "\(model.headline) 🎉" : model.headline
    } onChange: { [needsDisplay] in
      needsDisplay.setValue(true)
    }
    frames.append(frame)
  }
}

@MainActor
@Suite("A perceptible view model over a store")
struct PerceptionViewModelTests {
  @Test func theViewRedrawsOnlyWhenWhatItShowsChanges() {
    let store = Store(initialState: Scoreboard.State()) { Scoreboard() }
    let view = ScoreboardView(model: ScoreboardModel(store: store))
    view.displayIfNeeded()
    #expect(view.frames == ["0 – 0"])

    view.model.awayButtonTapped()
    view.displayIfNeeded()
    #expect(view.frames == ["0 – 0", "0 – 1"])

    store.send(.nextPeriod)
    view.displayIfNeeded()
    #expect(view.frames == ["0 – 0", "0 – 1"])

    view.model.homeButtonTapped()
    view.model.homeButtonTapped()
    view.displayIfNeeded()
    #expect(view.frames == ["0 – 0", "0 – 1", "2 – 1"])

    view.model.homeButtonTapped()
    view.displayIfNeeded()
    #expect(view.frames == ["0 – 0", "0 – 1", "2 – 1", "3 – 1 🎉"])
    #expect(view.model.taps == 4)
  }

  @Test func ignoredModelStateDoesNotRedraw() {
    let store = Store(initialState: Scoreboard.State()) { Scoreboard() }
    let view = ScoreboardView(model: ScoreboardModel(store: store))
    view.displayIfNeeded()
    view.model.taps = 100
    view.displayIfNeeded()
    #expect(view.frames == ["0 – 0"])
  }
}
