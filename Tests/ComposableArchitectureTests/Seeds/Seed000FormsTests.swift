import ComposableArchitecture
import Testing

// Seed 000: "Composable Forms". A settings screen first written with one action per field, then
// with a single `case form(FormAction<State>)`, the higher-order `.form(action:)` reducer, `~=`
// key-path matching in `switch`, `FormAction.init(_:_:)` / `.set(_:_:)` and
// `ViewStore.binding(keyPath:send:)`.
//
// The article's Combine chain
//   environment.userNotifications.getNotificationSettings()
//     .receive(on: environment.mainQueue)
//     .map(Action.notificationSettingsResponse)
//     .eraseToEffect()
// is modelled as an async endpoint run from `.run { send in … }`.

enum Seed000Digest: String, CaseIterable, Equatable, Sendable {
  case daily, weekly, off
}

enum Seed000AuthorizationStatus: Equatable, Sendable {
  case authorized
  case denied
}

struct Seed000NotificationSettings: Equatable, Sendable {
  var authorizationStatus: Seed000AuthorizationStatus
}

struct Seed000UserNotificationsClient: Sendable {
  var getNotificationSettings: @Sendable () async -> Seed000NotificationSettings
}

struct Seed000SettingsEnvironment {
  var userNotifications: Seed000UserNotificationsClient
}

struct Seed000SettingsState: Equatable {
  var digest = Seed000Digest.daily
  var displayName = ""
  var protectMyPosts = false
  var sendNotifications = false
}

// MARK: - Before: one action per field

enum Seed000SettingsAction: Equatable, Sendable {
  case digestChanged(Seed000Digest)
  case displayNameChanged(String)
  case protectMyPostsChanged(Bool)
  case sendNotificationsChanged(Bool)
  case notificationSettingsResponse(Seed000NotificationSettings)
}

let seed000SettingsReducer = AnyReducer<Seed000SettingsState, Seed000SettingsAction, Seed000SettingsEnvironment> {
  state, action, environment in
  switch action {
  case let .digestChanged(digest):
    state.digest = digest
    return .none

  case let .displayNameChanged(displayName):
    state.displayName = String(displayName.prefix(16))
    return .none

  case let .protectMyPostsChanged(protectMyPosts):
    state.protectMyPosts = protectMyPosts
    return .none

  case let .sendNotificationsChanged(sendNotifications):
    guard sendNotifications
    else {
      state.sendNotifications = sendNotifications
      return .none
    }
    state.sendNotifications = false
    let userNotifications = environment.userNotifications
    return .run { send in
      let settings = await userNotifications.getNotificationSettings()
      await send(.notificationSettingsResponse(settings))
    }

  case let .notificationSettingsResponse(settings):
    state.sendNotifications = settings.authorizationStatus == .authorized
    return .none
  }
}

// MARK: - After: one form action

enum Seed000FormSettingsAction: Equatable, Sendable {
  case form(FormAction<Seed000SettingsState>)
  case notificationSettingsResponse(Seed000NotificationSettings)
}

let seed000FormSettingsReducer = AnyReducer<Seed000SettingsState, Seed000FormSettingsAction, Seed000SettingsEnvironment> {
  state, action, environment in
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
    let userNotifications = environment.userNotifications
    return .run { send in
      let settings = await userNotifications.getNotificationSettings()
      await send(.notificationSettingsResponse(settings))
    }

  case .form:
    return .none

  case let .notificationSettingsResponse(settings):
    state.sendNotifications = settings.authorizationStatus == .authorized
    return .none
  }
}
.form(action: /Seed000FormSettingsAction.form)

extension Seed000SettingsEnvironment {
  /// An environment whose notification settings endpoint answers `status` and counts its calls.
  static func answering(
    _ status: Seed000AuthorizationStatus,
    calls: LockIsolated<Int>
  ) -> Self {
    Self(
      userNotifications: Seed000UserNotificationsClient(
        getNotificationSettings: {
          calls.withValue { $0 += 1 }
          return Seed000NotificationSettings(authorizationStatus: status)
        }
      )
    )
  }
}

@MainActor
@Suite("Seed 000: Composable Forms")
struct Seed000FormsTests {
  // MARK: One action per field

  @Test func fieldActionsWritePlainValues() async {
    let calls = LockIsolated(0)
    let store = TestStore(
      initialState: Seed000SettingsState(),
      reducer: seed000SettingsReducer,
      environment: .answering(.authorized, calls: calls)
    )

    await store.send(.digestChanged(.weekly)) {
      $0.digest = .weekly
    }
    await store.send(.protectMyPostsChanged(true)) {
      $0.protectMyPosts = true
    }
    await store.send(.digestChanged(.off)) {
      $0.digest = .off
    }
    #expect(calls.value == 0)
  }

  @Test func fieldActionsTruncateTheDisplayNameTo16Characters() async {
    let store = TestStore(
      initialState: Seed000SettingsState(),
      reducer: seed000SettingsReducer,
      environment: .answering(.authorized, calls: LockIsolated(0))
    )

    await store.send(.displayNameChanged("Blob")) {
      $0.displayName = "Blob"
    }
    await store.send(.displayNameChanged("Blob McBlob, Esq.")) {
      $0.displayName = "Blob McBlob, Esq"
    }
    #expect(store.state.displayName.count == 16)
  }

  @Test(arguments: [Seed000AuthorizationStatus.authorized, .denied])
  func fieldActionsAskForNotificationSettingsWhenTurnedOn(
    _ status: Seed000AuthorizationStatus
  ) async {
    let calls = LockIsolated(0)
    let store = TestStore(
      initialState: Seed000SettingsState(),
      reducer: seed000SettingsReducer,
      environment: .answering(status, calls: calls)
    )

    // The flag stays off until the settings come back; only an authorization turns it on.
    await store.send(.sendNotificationsChanged(true))
    await store.receive(
      .notificationSettingsResponse(Seed000NotificationSettings(authorizationStatus: status)),
      assert: status == .authorized ? { $0.sendNotifications = true } : nil
    )
    #expect(calls.value == 1)

    // Turning it off asks nothing.
    await store.send(
      .sendNotificationsChanged(false),
      assert: status == .authorized ? { $0.sendNotifications = false } : nil
    )
    #expect(calls.value == 1)
  }

  @Test func fieldActionsThroughViewStoreBindingGetSend() {
    let store = Store(
      initialState: Seed000SettingsState(),
      reducer: seed000SettingsReducer,
      environment: .answering(.authorized, calls: LockIsolated(0))
    )
    let viewStore = ViewStore(store, observe: { $0 })

    let displayName = viewStore.binding(
      get: \.displayName, send: Seed000SettingsAction.displayNameChanged
    )
    displayName.wrappedValue = "Blob McBlob, Esq."
    #expect(store.withState(\.displayName) == "Blob McBlob, Esq")
    #expect(displayName.wrappedValue == "Blob McBlob, Esq")
    #expect(viewStore.displayName == "Blob McBlob, Esq")

    let protectMyPosts = viewStore.binding(
      get: \.protectMyPosts, send: Seed000SettingsAction.protectMyPostsChanged
    )
    protectMyPosts.wrappedValue = true
    #expect(store.withState(\.protectMyPosts) == true)
  }

  // MARK: One form action

  @Test func formActionsWritePlainValues() async {
    let calls = LockIsolated(0)
    let store = TestStore(
      initialState: Seed000SettingsState(),
      reducer: seed000FormSettingsReducer,
      environment: .answering(.authorized, calls: calls)
    )

    await store.send(.form(.set(\.protectMyPosts, true))) {
      $0.protectMyPosts = true
    }
    await store.send(.form(.set(\.digest, .weekly))) {
      $0.digest = .weekly
    }
    await store.send(.form(.set(\.protectMyPosts, false))) {
      $0.protectMyPosts = false
    }
    #expect(calls.value == 0)
  }

  @Test func formActionsTruncateTheDisplayNameTo16Characters() async {
    let store = TestStore(
      initialState: Seed000SettingsState(),
      reducer: seed000FormSettingsReducer,
      environment: .answering(.authorized, calls: LockIsolated(0))
    )

    await store.send(.form(.set(\.displayName, "Blob"))) {
      $0.displayName = "Blob"
    }
    await store.send(.form(.set(\.displayName, "Blob McBlob, Esq."))) {
      $0.displayName = "Blob McBlob, Esq"
    }
  }

  @Test func formActionInitializerIsTheSameAsSet() async {
    let store = TestStore(
      initialState: Seed000SettingsState(),
      reducer: seed000FormSettingsReducer,
      environment: .answering(.authorized, calls: LockIsolated(0))
    )

    await store.send(.form(.init(\.displayName, "Blob"))) {
      $0.displayName = "Blob"
    }
    await store.send(.form(.init(\.displayName, "Blob McBlob, Esq."))) {
      $0.displayName = "Blob McBlob, Esq"
    }
    await store.send(.form(.init(\.digest, Seed000Digest.off))) {
      $0.digest = .off
    }

    let initialized = FormAction<Seed000SettingsState>(\.displayName, "Blob")
    #expect(initialized == .set(\.displayName, "Blob"))
    #expect(initialized != .set(\.displayName, "Blob Jr"))
    #expect(
      FormAction<Seed000SettingsState>(\.protectMyPosts, true)
        != FormAction<Seed000SettingsState>(\.sendNotifications, true)
    )
    #expect(
      (initialized.keyPath as AnyKeyPath) == (\Seed000SettingsState.displayName as AnyKeyPath)
    )
    #expect(
      (initialized.keyPath as AnyKeyPath) != (\Seed000SettingsState.digest as AnyKeyPath)
    )
  }

  @Test(arguments: [Seed000AuthorizationStatus.authorized, .denied])
  func formActionsAskForNotificationSettingsWhenTurnedOn(
    _ status: Seed000AuthorizationStatus
  ) async {
    let calls = LockIsolated(0)
    let store = TestStore(
      initialState: Seed000SettingsState(),
      reducer: seed000FormSettingsReducer,
      environment: .answering(status, calls: calls)
    )

    // `.form(action:)` writes `true`, then the reducer resets it to `false` and asks: the state
    // ends as it began. Only an authorization turns it on.
    await store.send(.form(.set(\.sendNotifications, true)))
    await store.receive(
      .notificationSettingsResponse(Seed000NotificationSettings(authorizationStatus: status)),
      assert: status == .authorized ? { $0.sendNotifications = true } : nil
    )
    #expect(calls.value == 1)

    await store.send(
      .form(.set(\.sendNotifications, false)),
      assert: status == .authorized ? { $0.sendNotifications = false } : nil
    )
    #expect(calls.value == 1)
  }

  @Test func keyPathPatternMatchingPicksTheWrittenField() {
    func field(_ action: Seed000FormSettingsAction) -> String {
      switch action {
      case .form(\.displayName): return "displayName"
      case .form(\.sendNotifications): return "sendNotifications"
      case .form: return "other"
      case .notificationSettingsResponse: return "response"
      }
    }
    #expect(field(.form(.set(\.displayName, "Blob"))) == "displayName")
    #expect(field(.form(.set(\.sendNotifications, true))) == "sendNotifications")
    #expect(field(.form(.set(\.protectMyPosts, true))) == "other")
    #expect(field(.form(.set(\.digest, .weekly))) == "other")
    #expect(
      field(.notificationSettingsResponse(.init(authorizationStatus: .denied))) == "response"
    )
  }

  @Test func formReducerRunsDirectlyWithRun() {
    var state = Seed000SettingsState()
    let environment = Seed000SettingsEnvironment.answering(.authorized, calls: LockIsolated(0))
    _ = seed000FormSettingsReducer.run(
      &state, .form(.set(\.displayName, "Blob McBlob, Esq.")), environment
    )
    #expect(state.displayName == "Blob McBlob, Esq")
    _ = seed000FormSettingsReducer.run(&state, .form(.set(\.digest, .off)), environment)
    #expect(state.digest == .off)
  }

  @Test func viewStoreBindingKeyPathSendsFormActions() {
    let store = Store(
      initialState: Seed000SettingsState(),
      reducer: seed000FormSettingsReducer,
      environment: .answering(.authorized, calls: LockIsolated(0))
    )
    let viewStore = ViewStore(store, observe: { $0 })

    let displayName = viewStore.binding(
      keyPath: \.displayName, send: Seed000FormSettingsAction.form
    )
    #expect(displayName.wrappedValue == "")
    displayName.wrappedValue = "Blob"
    #expect(store.withState(\.displayName) == "Blob")
    displayName.wrappedValue = "Blob McBlob, Esq."
    #expect(store.withState(\.displayName) == "Blob McBlob, Esq")
    #expect(displayName.wrappedValue == "Blob McBlob, Esq")
    #expect(viewStore.displayName == "Blob McBlob, Esq")

    let digest = viewStore.binding(keyPath: \.digest, send: Seed000FormSettingsAction.form)
    digest.wrappedValue = .weekly
    #expect(store.withState(\.digest) == .weekly)

    let protectMyPosts = viewStore.binding(
      keyPath: \.protectMyPosts, send: Seed000FormSettingsAction.form
    )
    protectMyPosts.wrappedValue = true
    #expect(store.withState(\.protectMyPosts) == true)
  }
}
