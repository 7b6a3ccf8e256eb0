// The feature of the Web README's "Serve your own feature": a reducer, its view, its route (a
// deep link) and its page, compiled with the package. `GuideExample` serves it, and
// `Tests/GuideFeatureTests` tests its page.
import ComposableArchitecture
import ComposableWeb

@Reducer
public struct Greeting {
  @ObservableState
  public struct State: Equatable {
    public var name: String
    public var greetings = 0

    public init(name: String, greetings: Int = 0) {
      self.name = name
      self.greetings = greetings
    }
  }

  public enum Action: Equatable {
    case greetButtonTapped
    case greetingsCounted(Int)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .greetButtonTapped:
        state.greetings += 1
        return .none
      case let .greetingsCounted(count):
        state.greetings = max(0, count)
        return .none
      }
    }
  }
}

public func greetingView(_ store: LiveStoreOf<Greeting>) -> Node<Greeting.Action> {
  div {
    h1("Hello, \(store.name)!")
    p("Greeted \(store.greetings) times.", ["id": "greetings"])
    button("Greet", send: .greetButtonTapped)
  }
}

/// The signed-in user, as the app's middleware finds it.
public struct User: Sendable {
  public var name: String

  public init(name: String) {
    self.name = name
  }
}

// The page's URL shows the count, /app/greeting?times=3: a link or a reload keeps it.
public let greetingRoute = LiveRoute<Greeting.State, Greeting.Action>(
  location: { state in LiveLocation(query: ["times": state.greetings == 0 ? nil : "\(state.greetings)"]) },
  action: { location in .greetingsCounted(Int(location.query("times") ?? "") ?? 0) },
  history: { _, _ in .replace }
)

public let greeting = LiveFeature(
  path: "greeting", title: "Greeting", summary: "Says hello to whoever signed in.",
  makeStore: { request in
    // What the sign-in middleware found.
    let name = request[User.self]?.name ?? "stranger"
    return LiveStore(initialState: Greeting.State(name: name)) { Greeting() }
  },
  route: greetingRoute,
  view: greetingView)
