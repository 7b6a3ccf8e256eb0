import ComposableArchitecture

/// An effect that lives as long as the screen: while the screen is shown (its `.task` action
/// runs), every screenshot notification from ``ScreenshotsClient`` bumps a counter.
///
/// ```swift
/// let store = Store(initialState: LongLivingEffects.State()) { LongLivingEffects() }
/// let task = store.send(.task)  // listens until `task` is cancelled
/// ```
@Reducer
public struct LongLivingEffects: Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var screenshotCount = 0

    public init(screenshotCount: Int = 0) {
      self.screenshotCount = screenshotCount
    }
  }

  public enum Action: Equatable, Sendable {
    case simulateScreenshotButtonTapped
    case task
    case userDidTakeScreenshotNotification
  }

  @Dependency(\.screenshots) var screenshots

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .simulateScreenshotButtonTapped:
        return .run { _ in
          self.screenshots.post()
        }

      case .task:
        return .run { send in
          for await _ in await self.screenshots.notifications() {
            await send(.userDidTakeScreenshotNotification)
          }
        }

      case .userDidTakeScreenshotNotification:
        state.screenshotCount += 1
        return .none
      }
    }
  }
}

/// A stream of "the user took a screenshot" notifications.
///
/// Linux has no screenshots to observe, so the live value is a local broadcaster: `post()` sends
/// one notification to every open stream.
///
/// ```swift
/// @Dependency(\.screenshots) var screenshots
/// for await _ in await screenshots.notifications() { … }
/// ```
@DependencyClient
public struct ScreenshotsClient: Sendable {
  public var notifications: @Sendable () async -> AsyncStream<Void> = {
    AsyncStream { $0.finish() }
  }
  public var post: @Sendable () -> Void
}

extension ScreenshotsClient: DependencyKey {
  public static var liveValue: Self {
    let listeners = LockIsolated<[Int: AsyncStream<Void>.Continuation]>([:])
    let nextID = LockIsolated(0)
    return Self(
      notifications: {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        let id = nextID.withValue { id -> Int in
          id += 1
          return id
        }
        continuation.onTermination = { _ in
          listeners.withValue { _ = $0.removeValue(forKey: id) }
        }
        listeners.withValue { $0[id] = continuation }
        return stream
      },
      post: {
        for continuation in listeners.value.values {
          continuation.yield()
        }
      }
    )
  }

  public static let testValue = Self()
}

extension DependencyValues {
  /// Screenshot notifications, as ``LongLivingEffects`` listens to them.
  public var screenshots: ScreenshotsClient {
    get { self[ScreenshotsClient.self] }
    set { self[ScreenshotsClient.self] = newValue }
  }
}
