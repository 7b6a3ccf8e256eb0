import CaseStudyFeatures
import ComposableArchitecture
import ComposableWeb

/// The settings form of seed 000: digest picker, display name (the reducer keeps 16
/// characters), "protect my posts", and notifications that turn on only with permission, with
/// the email and mobile toggles shown once they are on.
///
/// ```swift
/// settingsFormView(LiveStore(initialState: SettingsForm.State()) { SettingsForm() })
/// ```
public func settingsFormView(_ store: LiveStoreOf<SettingsForm>) -> Node<SettingsForm.Action> {
  @Bindable var store = store
  return div(["class": "settings"]) {
    h2("Profile")
    Node.tag("p") {
      Node.tag("label", ["for": "display-name"]) { "Display name " }
      textField(
        $store.displayName, placeholder: "Up to \(SettingsForm.displayNameLimit) characters",
        ["id": "display-name"])
    }
    Node.tag("p") { toggle($store.protectMyPosts, "Protect my posts", ["id": "protect-posts"]) }
    h2("Communication")
    Node.tag("p") {
      Node.tag("label", ["for": "digest"]) { "Digest " }
      picker($store.digest, options: SettingsForm.Digest.allCases, ["id": "digest"]) {
        $0.rawValue.capitalized
      }
    }
    Node.tag("p") {
      toggle($store.sendNotifications, "Send notifications", ["id": "notifications"])
    }
    if store.sendNotifications {
      Node.tag("p") {
        toggle($store.sendEmailNotifications, "Email", ["id": "email-notifications"])
        " "
        toggle($store.sendMobileNotifications, "Mobile", ["id": "mobile-notifications"])
      }
    }
    button("Reset settings", send: .resetButtonTapped)
    alert($store.scope(\.alert, action: \.alert))
  }
}
