import CaseStudyFeatures
import ComposableArchitecture
import Testing

@MainActor
struct SettingsFormTests {
  @Test func displayNameIsCutToSixteenCharacters() async {
    let store = TestStore(initialState: SettingsForm.State()) {
      SettingsForm()
    }
    await store.send(.binding(.set(\.displayName, "Blob"))) {
      $0.displayName = "Blob"
    }
    await store.send(.binding(.set(\.displayName, "Blob McBlob, Esquire"))) {
      $0.displayName = "Blob McBlob, Esq"
    }
    #expect(store.state.displayName.count == 16)
  }

  @Test func digestAndPrivacyAreSetByBindings() async {
    let store = TestStore(initialState: SettingsForm.State()) {
      SettingsForm()
    }
    await store.send(.binding(.set(\.digest, .weekly))) {
      $0.digest = .weekly
    }
    await store.send(.binding(.set(\.protectMyPosts, true))) {
      $0.protectMyPosts = true
    }
  }

  @Test func notificationsTurnOnWhenAlreadyAuthorized() async {
    let store = TestStore(initialState: SettingsForm.State()) {
      SettingsForm()
    } withDependencies: {
      $0.userNotifications.authorizationStatus = { .authorized }
    }
    await store.send(.binding(.set(\.sendNotifications, true)))
    await store.receive(\.notificationSettingsResponse, .authorized) {
      $0.sendNotifications = true
    }
  }

  @Test func notificationsAskForPermissionFirst() async {
    let requests = LockIsolated(0)
    let store = TestStore(initialState: SettingsForm.State()) {
      SettingsForm()
    } withDependencies: {
      $0.userNotifications.authorizationStatus = { .notDetermined }
      $0.userNotifications.requestAuthorization = {
        requests.withValue { $0 += 1 }
        return true
      }
    }
    await store.send(.binding(.set(\.sendNotifications, true)))
    await store.receive(\.notificationSettingsResponse, .notDetermined)
    await store.receive(\.authorizationResponse, .success(true)) {
      $0.sendNotifications = true
    }
    #expect(requests.value == 1)
    await store.send(.binding(.set(\.sendEmailNotifications, true))) {
      $0.sendEmailNotifications = true
    }
    await store.send(.binding(.set(\.sendNotifications, false))) {
      $0.sendNotifications = false
      $0.sendEmailNotifications = false
    }
  }

  @Test func refusedPermissionShowsAnAlert() async {
    let store = TestStore(initialState: SettingsForm.State()) {
      SettingsForm()
    } withDependencies: {
      $0.userNotifications.authorizationStatus = { .notDetermined }
      $0.userNotifications.requestAuthorization = { false }
    }
    await store.send(.binding(.set(\.sendNotifications, true)))
    await store.receive(\.notificationSettingsResponse, .notDetermined)
    await store.receive(\.authorizationResponse, .success(false)) {
      $0.alert = AlertState { TextState("Notifications stay off: permission was not granted.") }
    }
    await store.send(.alert(.dismiss)) {
      $0.alert = nil
    }
  }

  @Test func failedPermissionRequestShowsAnAlert() async {
    let store = TestStore(initialState: SettingsForm.State()) {
      SettingsForm()
    } withDependencies: {
      $0.userNotifications.authorizationStatus = { .notDetermined }
      $0.userNotifications.requestAuthorization = {
        throw UserNotificationsClient.Failure(message: "the daemon is not running")
      }
    }
    await store.send(.binding(.set(\.sendNotifications, true)))
    await store.receive(\.notificationSettingsResponse, .notDetermined)
    await store.receive(
      \.authorizationResponse, .failure(.init(message: "the daemon is not running"))
    ) {
      $0.alert = AlertState { TextState("Could not ask for permission: the daemon is not running") }
    }
  }

  @Test func deniedNotificationsShowAnAlertAndStayOff() async {
    let store = TestStore(initialState: SettingsForm.State()) {
      SettingsForm()
    } withDependencies: {
      $0.userNotifications.authorizationStatus = { .denied }
    }
    await store.send(.binding(.set(\.sendNotifications, true)))
    await store.receive(\.notificationSettingsResponse, .denied) {
      $0.alert = AlertState {
        TextState(
          "Notifications are turned off for this app. Allow them in the system settings first.")
      }
    }
    #expect(!store.state.sendNotifications)
  }

  @Test func resetAsksFirstThenRestoresTheDefaults() async {
    let store = TestStore(
      initialState: SettingsForm.State(digest: .off, displayName: "Blob", protectMyPosts: true)
    ) {
      SettingsForm()
    }
    await store.send(.resetButtonTapped) {
      $0.alert = AlertState {
        TextState("Reset all settings?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmResetButtonTapped) {
          TextState("Reset")
        }
        ButtonState(role: .cancel) {
          TextState("Cancel")
        }
      }
    }
    await store.send(.alert(.presented(.confirmResetButtonTapped))) {
      $0 = SettingsForm.State()
    }
  }

  @Test func cancellingTheResetKeepsTheSettings() async {
    let store = TestStore(initialState: SettingsForm.State(displayName: "Blob")) {
      SettingsForm()
    }
    await store.send(.resetButtonTapped) {
      $0.alert = AlertState {
        TextState("Reset all settings?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmResetButtonTapped) {
          TextState("Reset")
        }
        ButtonState(role: .cancel) {
          TextState("Cancel")
        }
      }
    }
    await store.send(.alert(.dismiss)) {
      $0.alert = nil
    }
  }
}
