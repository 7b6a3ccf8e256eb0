import ComposableArchitecture
import Foundation
import Testing

// Seed 000, "Composable Forms", with the notification branch as the article wrote it: a Combine
// pipeline on the environment's main queue, turned into an effect with `eraseToEffect()`, and
// the form tested with `store.assert(…)` steps. The same reducer is also tested with the async
// `send`/`receive` of 1.x, and on a plain `Store` with an immediate scheduler.

struct Seed000CombineUserNotificationsClient {
  var getNotificationSettings: () -> AnyPublisher<Seed000NotificationSettings, Never>
}

struct Seed000CombineSettingsEnvironment {
  var userNotifications: Seed000CombineUserNotificationsClient
  var mainQueue: AnySchedulerOf<DispatchQueue>
}

/// The article's names: `State`, `Action`, `Environment` and its reducer.
enum Seed000Combine {
  typealias State = Seed000SettingsState
  typealias Action = Seed000FormSettingsAction
  typealias Environment = Seed000CombineSettingsEnvironment

  static let reducer =
    AnyReducer<State, Action, Environment> { state, action, environment in
      switch action {
      case .form(\.displayName):
        state.displayName = String(state.displayName.prefix(16))
        return .none

      case .form(\.sendNotifications):
        guard state.sendNotifications
        else {
          return .none
        }
        state.sendNotifications = false
        return environment.userNotifications.getNotificationSettings()
          .receive(on: environment.mainQueue)
          .map(Action.notificationSettingsResponse)
          .eraseToEffect()

      case .form:
        return .none

      case let .notificationSettingsResponse(settings):
        state.sendNotifications = settings.authorizationStatus == .authorized
        return .none
      }
    }
    .form(action: /Action.form)
}

extension Seed000CombineSettingsEnvironment {
  /// An environment whose notification settings answer `status` on `mainQueue`, counting the
  /// requests.
  static func answering(
    _ status: Seed000AuthorizationStatus,
    on mainQueue: AnySchedulerOf<DispatchQueue>,
    calls: LockIsolated<Int> = LockIsolated(0)
  ) -> Self {
    Self(
      userNotifications: Seed000CombineUserNotificationsClient(
        getNotificationSettings: {
          calls.withValue { $0 += 1 }
          return Just(Seed000NotificationSettings(authorizationStatus: status))
            .eraseToAnyPublisher()
        }
      ),
      mainQueue: mainQueue
    )
  }
}

@MainActor
@Suite("Seed 000: Composable Forms, with Combine")
struct Seed000FormsCombineTests {
  let scheduler = DispatchQueue.test

  @Test func theArticlesStepList() {
    let store = TestStore(
      initialState: Seed000Combine.State(),
      reducer: Seed000Combine.reducer,
      environment: .answering(.authorized, on: self.scheduler.eraseToAnyScheduler())
    )

    store.assert(
      .send(.form(.set(\.displayName, "Blob"))) {
        $0.displayName = "Blob"
      },
      .send(.form(.set(\.displayName, "Blob McBlob, Esq."))) {
        $0.displayName = "Blob McBlob, Esq"
      },
      .send(.form(.set(\.protectMyPosts, true))) {
        $0.protectMyPosts = true
      },
      .send(.form(.set(\.digest, .weekly))) {
        $0.digest = .weekly
      }
    )
  }

  @Test func theStepListWithTheInitializer() {
    let store = TestStore(
      initialState: Seed000Combine.State(),
      reducer: Seed000Combine.reducer,
      environment: .answering(.authorized, on: self.scheduler.eraseToAnyScheduler())
    )

    store.assert(
      .send(.form(.init(\.displayName, "Blob"))) {
        $0.displayName = "Blob"
      }
    )
  }

  @Test(arguments: [Seed000AuthorizationStatus.authorized, .denied])
  func notificationsAskOnTheMainQueueWithSteps(_ status: Seed000AuthorizationStatus) {
    let calls = LockIsolated(0)
    let store = TestStore(
      initialState: Seed000Combine.State(),
      reducer: Seed000Combine.reducer,
      environment: .answering(status, on: self.scheduler.eraseToAnyScheduler(), calls: calls)
    )

    store.assert(
      .send(.form(.set(\.sendNotifications, true))),
      .do { #expect(calls.value == 1) },
      .do { self.scheduler.advance() },
      .receive(
        .notificationSettingsResponse(Seed000NotificationSettings(authorizationStatus: status)),
        assert: status == .authorized ? { $0.sendNotifications = true } : nil
      ),
      .send(
        .form(.set(\.sendNotifications, false)),
        assert: status == .authorized ? { $0.sendNotifications = false } : nil
      ),
      .do { #expect(calls.value == 1) }
    )
  }

  @Test(arguments: [Seed000AuthorizationStatus.authorized, .denied])
  func notificationsAskOnTheMainQueueWithAsyncAssertions(
    _ status: Seed000AuthorizationStatus
  ) async {
    let store = TestStore(
      initialState: Seed000Combine.State(),
      reducer: Seed000Combine.reducer,
      environment: .answering(status, on: self.scheduler.eraseToAnyScheduler())
    )

    await store.send(.form(.set(\.sendNotifications, true)))
    await self.scheduler.advance()
    await store.receive(
      .notificationSettingsResponse(Seed000NotificationSettings(authorizationStatus: status)),
      assert: status == .authorized ? { $0.sendNotifications = true } : nil
    )
  }

  @Test func theResponseWaitsForTheMainQueue() {
    let store = TestStore(
      initialState: Seed000Combine.State(),
      reducer: Seed000Combine.reducer,
      environment: .answering(.authorized, on: self.scheduler.eraseToAnyScheduler())
    )

    withKnownIssue {
      store.assert(
        .send(.form(.set(\.sendNotifications, true))),
        .receive(
          .notificationSettingsResponse(Seed000NotificationSettings(authorizationStatus: .authorized))
        )
      )
    } matching: { issue in
      issue.description.contains("Expected to have received an action, but none had arrived.")
    }
    self.scheduler.advance()
    store.assert(
      .receive(
        .notificationSettingsResponse(Seed000NotificationSettings(authorizationStatus: .authorized))
      ) {
        $0.sendNotifications = true
      }
    )
  }

  @Test func aStoreOnAnImmediateQueueHoldsTheResponseWhenSendReturns() {
    let store = Store(
      initialState: Seed000Combine.State(),
      reducer: Seed000Combine.reducer,
      environment: .answering(.authorized, on: .immediate)
    )

    store.send(.form(.set(\.sendNotifications, true)))
    #expect(store.withState(\.sendNotifications) == true)
  }

  @Test func aViewStoreBindingDrivesTheCombineBranch() {
    let store = Store(
      initialState: Seed000Combine.State(),
      reducer: Seed000Combine.reducer,
      environment: .answering(.denied, on: .immediate)
    )
    let viewStore = ViewStore(store, observe: { $0 })
    let sendNotifications = viewStore.binding(
      keyPath: \.sendNotifications, send: Seed000Combine.Action.form
    )

    sendNotifications.wrappedValue = true
    #expect(sendNotifications.wrappedValue == false)
    #expect(viewStore.sendNotifications == false)
  }
}
