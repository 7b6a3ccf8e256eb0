import CaseStudyFeatures
import ComposableArchitecture
import Testing
@_spi(Testing) import ComposableArchitectureTestSupport

@MainActor
struct LongLivingEffectsTests {
  @Test func countsScreenshotsWhileTheScreenIsShown() async {
    let (screenshots, continuation) = AsyncStream<Void>.makeStream()
    let store = TestStore(initialState: LongLivingEffects.State()) {
      LongLivingEffects()
    } withDependencies: {
      $0.screenshots.notifications = { screenshots }
    }
    let task = await store.send(.task)
    continuation.yield()
    await store.receive(\.userDidTakeScreenshotNotification) {
      $0.screenshotCount = 1
    }
    continuation.yield()
    await store.receive(\.userDidTakeScreenshotNotification) {
      $0.screenshotCount = 2
    }
    await task.cancel()
    continuation.yield()
  }

  @Test func simulateButtonReachesEveryListener() async {
    let live = ScreenshotsClient.liveValue
    let subscribed = LockIsolated(false)
    let store = TestStore(initialState: LongLivingEffects.State()) {
      LongLivingEffects()
    } withDependencies: {
      $0.screenshots = ScreenshotsClient(
        notifications: {
          let stream = await live.notifications()
          subscribed.setValue(true)
          return stream
        },
        post: live.post
      )
    }
    let task = await store.send(.task)
    #expect(await eventually(timeout: .seconds(5)) { subscribed.value })
    await store.send(.simulateScreenshotButtonTapped)
    await store.receive(\.userDidTakeScreenshotNotification) {
      $0.screenshotCount = 1
    }
    await task.cancel()
    await store.send(.simulateScreenshotButtonTapped)
  }

  @Test func screenStopsListeningWhenItGoesAway() async {
    let listening = LockIsolated(false)
    let store = TestStore(initialState: LongLivingEffects.State()) {
      LongLivingEffects()
    } withDependencies: {
      $0.screenshots.notifications = {
        AsyncStream { continuation in
          listening.setValue(true)
          continuation.onTermination = { _ in listening.setValue(false) }
        }
      }
    }
    let task = await store.send(.task)
    #expect(await eventually(timeout: .seconds(5)) { listening.value })
    await task.cancel()
    #expect(await eventually(timeout: .seconds(5)) { !listening.value })
  }
}
