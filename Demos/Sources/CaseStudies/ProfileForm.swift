import ComposableArchitecture
import ComposableWeb

/// A form of every bound control: a display name the reducer cuts to 16 characters, a passcode
/// (a password field), a bio, a newsletter toggle, an age, a volume slider, a theme picker and a
/// stepper, saved by submitting. Its page has an inline style.
@Reducer
public struct ProfileForm {
  @ObservableState
  public struct State: Equatable {
    public var age = 30
    public var bio = ""
    public var displayName = ""
    public var passcode = ""
    public var savedSummary: String?
    public var sendsNewsletter = false
    public var stars = 3
    public var theme = Theme.system
    public var volume = 5.0

    public init() {}
  }

  public enum Theme: String, CaseIterable, Equatable, Sendable {
    case system, light, dark

    public var title: String { rawValue.capitalized }
  }

  public enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case saveButtonTapped
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
      .onChange(of: \.displayName) { _, name in
        Reduce { state, _ in
          state.displayName = String(name.prefix(16))
          return .none
        }
      }
    Reduce { state, action in
      switch action {
      case .binding:
        return .none
      case .saveButtonTapped:
        state.savedSummary =
          "\(state.displayName), \(state.age), \(state.theme.title), volume \(Int(state.volume)), "
          + "\(state.stars) stars, newsletter \(state.sendsNewsletter ? "on" : "off"), bio \(state.bio.count) characters"
        return .none
      }
    }
  }
}

/// The profile form's page.
public func profileFormView(_ store: LiveStoreOf<ProfileForm>) -> Node<ProfileForm.Action> {
  @Bindable var store = store
  return form(onSubmit: .saveButtonTapped, ["class": "profile"]) {
    // Inline CSS: not escaped (the `>` stays a combinator), and allowed by the page's nonce.
    style(".profile > p:first-of-type label { font-weight: 600 }")
    Node.tag("p") {
      Node.tag("label") { "Display name " }
      textField($store.displayName, placeholder: "Up to 16 characters", ["id": "display-name"])
    }
    Node.tag("p") {
      "Passcode "
      secureField($store.passcode, ["id": "passcode", "autocomplete": "off"])
      span(" \(store.passcode.count) characters", ["id": "passcode-length"])
    }
    Node.tag("p") { textArea($store.bio, ["id": "bio", "rows": "3"]) }
    Node.tag("p") { toggle($store.sendsNewsletter, "Send me the newsletter", ["id": "newsletter"]) }
    Node.tag("p") {
      "Age "
      numberField($store.age, in: 0...150, ["id": "age"])
    }
    Node.tag("p") {
      "Volume "
      slider($store.volume, in: 0...10, step: 1, ["id": "volume"])
      span("\(Int(store.volume))", ["id": "volume-value"])
    }
    Node.tag("p") {
      "Theme "
      picker($store.theme, options: ProfileForm.Theme.allCases, ["id": "theme"]) { $0.title }
    }
    Node.tag("p") { stepper($store.stars, in: 1...5, label: "Stars") }
    submitButton("Save")
    if let summary = store.savedSummary {
      p(summary, ["class": "summary"])
    }
  }
}
