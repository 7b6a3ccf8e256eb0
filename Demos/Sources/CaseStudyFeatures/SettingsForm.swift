import ComposableArchitecture

/// The settings screen of seed 000, written with today's bindings: a digest picker, a display
/// name the reducer cuts to 16 characters, a "protect my posts" toggle, and a notifications
/// toggle that only turns on once the user has granted permission, asked through
/// ``UserNotificationsClient``.
///
/// ```swift
/// let store = Store(initialState: SettingsForm.State()) { SettingsForm() }
/// store.send(.binding(.set(\.displayName, "Blob McBlob, Esquire")))  // "Blob McBlob, Esq"
/// ```
@Reducer
public struct SettingsForm: Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    @Presents public var alert: AlertState<Action.Alert>?
    public var digest = Digest.daily
    public var displayName = ""
    public var protectMyPosts = false
    public var sendNotifications = false
    public var sendEmailNotifications = false
    public var sendMobileNotifications = false

    public init(
      digest: Digest = .daily,
      displayName: String = "",
      protectMyPosts: Bool = false,
      sendNotifications: Bool = false,
      sendEmailNotifications: Bool = false,
      sendMobileNotifications: Bool = false
    ) {
      self.digest = digest
      self.displayName = displayName
      self.protectMyPosts = protectMyPosts
      self.sendNotifications = sendNotifications
      self.sendEmailNotifications = sendEmailNotifications
      self.sendMobileNotifications = sendMobileNotifications
    }
  }

  /// How often a summary is sent.
  public enum Digest: String, CaseIterable, Equatable, Sendable {
    case daily
    case weekly
    case off
  }

  public enum Action: BindableAction, Equatable, Sendable {
    case alert(PresentationAction<Alert>)
    case authorizationResponse(Result<Bool, UserNotificationsClient.Failure>)
    case binding(BindingAction<State>)
    case notificationSettingsResponse(UserNotificationsClient.AuthorizationStatus)
    case resetButtonTapped

    public enum Alert: Equatable, Sendable {
      case confirmResetButtonTapped
    }
  }

  /// The longest display name the form keeps.
  public static let displayNameLimit = 16

  @Dependency(\.userNotifications) var userNotifications

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .alert(.presented(.confirmResetButtonTapped)):
        let alert = state.alert
        state = State()
        state.alert = alert
        return .none

      case .alert:
        return .none

      case .authorizationResponse(.success(true)):
        state.sendNotifications = true
        return .none

      case .authorizationResponse(.success(false)):
        state.alert = AlertState {
          TextState("Notifications stay off: permission was not granted.")
        }
        return .none

      case .authorizationResponse(.failure(let failure)):
        state.alert = AlertState {
          TextState("Could not ask for permission: \(failure.message)")
        }
        return .none

      case .binding(\.displayName):
        state.displayName = String(state.displayName.prefix(Self.displayNameLimit))
        return .none

      case .binding(\.sendNotifications):
        guard state.sendNotifications else {
          state.sendEmailNotifications = false
          state.sendMobileNotifications = false
          return .none
        }
        state.sendNotifications = false
        return .run { send in
          await send(
            .notificationSettingsResponse(await self.userNotifications.authorizationStatus()))
        }

      case .binding:
        return .none

      case .notificationSettingsResponse(.authorized):
        state.sendNotifications = true
        return .none

      case .notificationSettingsResponse(.denied):
        state.alert = AlertState {
          TextState(
            "Notifications are turned off for this app. Allow them in the system settings first.")
        }
        return .none

      case .notificationSettingsResponse(.notDetermined):
        return .run { send in
          do {
            await send(
              .authorizationResponse(
                .success(try await self.userNotifications.requestAuthorization())))
          } catch {
            let failure = error as? UserNotificationsClient.Failure ?? .init(message: "\(error)")
            await send(.authorizationResponse(.failure(failure)))
          }
        }

      case .resetButtonTapped:
        state.alert = AlertState {
          TextState("Reset all settings?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmResetButtonTapped) {
            TextState("Reset")
          }
          ButtonState(role: .cancel) {
            TextState("Cancel")
          }
        }
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }
}

/// Asks the system whether the app may send notifications.
///
/// The live value keeps the permission in memory: it starts undetermined, and the first request
/// grants it.
///
/// ```swift
/// @Dependency(\.userNotifications) var userNotifications
/// let status = await userNotifications.authorizationStatus()
/// ```
@DependencyClient
public struct UserNotificationsClient: Sendable {
  public var authorizationStatus: @Sendable () async -> AuthorizationStatus = { .notDetermined }
  public var requestAuthorization: @Sendable () async throws -> Bool

  public enum AuthorizationStatus: Equatable, Sendable {
    case authorized
    case denied
    case notDetermined
  }

  /// Why asking for permission failed.
  public struct Failure: Error, Equatable, Sendable {
    public var message: String
    public init(message: String) {
      self.message = message
    }
  }
}

extension UserNotificationsClient: DependencyKey {
  public static var liveValue: Self {
    let status = LockIsolated(AuthorizationStatus.notDetermined)
    return Self(
      authorizationStatus: { status.value },
      requestAuthorization: {
        status.withValue { status in
          if status == .notDetermined { status = .authorized }
          return status == .authorized
        }
      }
    )
  }

  public static let testValue = Self()
}

extension DependencyValues {
  /// The permission to send notifications, as ``SettingsForm`` asks for it.
  public var userNotifications: UserNotificationsClient {
    get { self[UserNotificationsClient.self] }
    set { self[UserNotificationsClient.self] = newValue }
  }
}
