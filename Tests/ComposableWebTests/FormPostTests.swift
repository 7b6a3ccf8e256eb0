#if Hummingbird
import ComposableArchitecture
@testable import ComposableWeb
import Foundation
import Logging
import Testing

/// A sign-in whose submission checks the password in an effect that takes `delay`.
@Reducer
struct SlowSignIn {
  @ObservableState
  struct State: Equatable {
    var name = ""
    var password = ""
    var message = ""
  }

  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case signInTapped
    case checked(Bool)
  }

  let delay: Duration

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding:
        return .none
      case .signInTapped:
        state.message = "Signing in…"
        let isRight = state.password == "lovelace"
        return .run { [delay] send in
          try await Task.sleep(for: delay)
          await send(.checked(isRight))
        }
      case let .checked(isRight):
        state.message = isRight ? "Welcome, \(state.name)!" : "Wrong password."
        return .none
      }
    }
  }
}

func slowSignInView(_ store: LiveStoreOf<SlowSignIn>) -> Node<SlowSignIn.Action> {
  @Bindable var store = store
  return form(onSubmit: .signInTapped, ["id": "sign-in"]) {
    textField($store.name, ["name": "user"])
    secureField($store.password)
    submitButton("Sign in")
    p(store.message, ["id": "message"])
  }
}

/// A count with buttons outside any form, and one inside a form.
@Reducer
struct ButtonTally {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }

  enum Action: Equatable {
    case addOne
    case reset
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addOne: state.count += 1
      case .reset: state.count = 0
      }
      return .none
    }
  }
}

func buttonTallyView(_ store: LiveStoreOf<ButtonTally>) -> Node<ButtonTally.Action> {
  div {
    p("count: \(store.count)")
    button("Add one", send: .addOne)
    // A button that says it submits nothing is left alone.
    button("Also add one", send: .addOne, ["type": "button"])
    // Attribute names and the type's keywords are read in any case, as browsers do.
    button("Add one more", send: .addOne, ["Type": "BUTTON"])
    button("Add one last", send: .addOne, ["TYPE": "Submit"])
    form(onSubmit: .reset) { submitButton("Reset") }
  }
}

/// Forms posted by a browser without JavaScript.
@MainActor
@Suite struct FormPostTests {
  static let tally = LiveFeature(
    path: "tally", title: "ButtonTally", summary: "Buttons outside forms.",
    makeStore: { _ in LiveStore(initialState: ButtonTally.State()) { ButtonTally() } },
    view: buttonTallyView)

  static let preferences = LiveFeature(
    path: "preferences", title: "Preferences", summary: "Every kind of field.",
    makeStore: { _ in LiveStore(initialState: Preferences.State()) { Preferences() } },
    view: { store in
      div {
        preferencesView(store)
        p("submissions: \(store.submissions)")
      }
    })

  static func signIn(delay: Duration) -> LiveFeature {
    LiveFeature(
      path: "sign-in", title: "Sign in", summary: "A slow check.",
      makeStore: { _ in LiveStore(initialState: SlowSignIn.State()) { SlowSignIn(delay: delay) } },
      view: slowSignInView)
  }

  static let secret = String(repeating: "cd", count: 16)

  func makeEndpoint(
    _ features: [LiveFeature] = [Self.preferences], limits: LiveLimits = LiveLimits(),
    logger: Logger = Logger(label: "test")
  ) -> LiveEndpoint {
    LiveEndpoint(
      title: "Tests", features: features,
      hosts: HostPolicy(allowedHosts: ["127.0.0.1"], boundHost: "127.0.0.1"),
      limits: limits, logger: logger)
  }

  func get(_ endpoint: LiveEndpoint, _ path: String = "/preferences") async throws -> String {
    let response = try #require(
      await endpoint.respond(
        to: LiveRequest(
          path: path,
          headers: [LiveField("Host", "127.0.0.1:8080"), LiveField("Cookie", "ocaf_browser=\(Self.secret)")],
          peerAddress: "127.0.0.1")))
    return response.body
  }

  func post(
    _ endpoint: LiveEndpoint, _ fields: [(String, String)], path: String = "/preferences",
    secret: String = Self.secret, headers: [LiveField] = []
  ) async throws -> LiveResponse {
    let body = fields.map { name, value in
      let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._"))
      return name + "=" + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)
    }.joined(separator: "&")
    return try #require(
      await endpoint.respond(
        to: LiveRequest(
          method: "POST", path: path,
          headers: [LiveField("Host", "127.0.0.1:8080"), LiveField("Cookie", "ocaf_browser=\(secret)")]
            + headers,
          body: body, peerAddress: "127.0.0.1")))
  }

  /// The value of the hidden field `name` in a page.
  func hidden(_ name: String, in page: String) throws -> String {
    let marker = #"name="\#(name)" value=""#
    let start = try #require(page.range(of: marker)).upperBound
    return String(page[start...].prefix { $0 != "\"" })
  }

  /// The preferences form's fields as a browser posts them, with `changes` applied.
  func preferenceFields(session: String, _ changes: [(String, String)] = []) -> [(String, String)] {
    var fields = [
      ("ocaf-form", "c-form-0"), ("ocaf-session", session), ("field-0", "Ada"), ("field-1", "notes"),
      ("field-3", "1"), ("field-4", "0.5"), ("field-5", "0"),
    ]
    for (name, value) in changes {
      fields.removeAll { $0.0 == name }
      fields.append((name, value))
    }
    return fields
  }

  @Test func aPageRenderedOverHTTPHasFormsABrowserCanPost() async throws {
    let page = try await get(makeEndpoint())
    #expect(page.contains(#"method="post"><input type="hidden" name="ocaf-form" value="c-form-0">"#))
    #expect(try hidden("ocaf-session", in: page).count == 32)
    #expect(page.contains(#"name="field-0""#))
  }

  @Test func aPostedFormWritesEveryFieldAndSubmits() async throws {
    let endpoint = makeEndpoint()
    let session = try hidden("ocaf-session", in: try await get(endpoint))
    let response = try await post(
      endpoint,
      preferenceFields(
        session: session,
        [("field-0", "A name longer than sixteen"), ("field-2", "on"), ("field-3", "7"), ("field-4", "0.75"), ("field-5", "2")]))
    #expect(response.status == 200)
    let page = response.body
    // The reducer cut the name, as it does for a page with JavaScript.
    #expect(page.contains(#"value="A name longer th""#))
    #expect(page.contains(#"<input type="checkbox" checked="""#))
    #expect(page.contains(#"<input type="number" value="7""#))
    #expect(page.contains(#"<input type="range" value="0.75""#))
    #expect(page.contains(#"<option value="2" selected="">mint</option>"#))
    #expect(page.contains("submissions: 1"))
  }

  @Test func theSessionThatRenderedThePageTakesItsNextPosts() async throws {
    let endpoint = makeEndpoint()
    var page = try await get(endpoint)
    for _ in 0..<2 {
      page = try await post(
        endpoint, preferenceFields(session: try hidden("ocaf-session", in: page), [("field-3", "4")])
      ).body
    }
    #expect(page.contains("submissions: 2"))
    // A button that submits the form runs its own action instead: the stepper's increment, the
    // second button of the form (the first, decrement, is enabled at 4).
    #expect(page.contains(#"name="ocaf-button" value="1">+</button>"#))
    page = try await post(
      endpoint,
      preferenceFields(session: try hidden("ocaf-session", in: page), [("ocaf-button", "1"), ("field-3", "4")])
    ).body
    #expect(page.contains(#"<input type="number" value="5""#))
    #expect(page.contains("submissions: 2"))
  }

  @Test func withoutItsSessionAPostStartsOneAsAGetWould() async throws {
    let endpoint = makeEndpoint()
    let page = try await get(endpoint)
    let session = try hidden("ocaf-session", in: page)
    _ = try await post(endpoint, preferenceFields(session: session))
    // Another browser (another cookie) naming that session does not get it.
    let other = try await post(
      endpoint, preferenceFields(session: session), secret: String(repeating: "ef", count: 16))
    #expect(other.body.contains("submissions: 1"))
    #expect(try hidden("ocaf-session", in: other.body) != session)
    // Nor does a post that names none.
    let unnamed = try await post(endpoint, preferenceFields(session: "").filter { $0.0 != "ocaf-session" })
    #expect(unnamed.body.contains("submissions: 1"))
    #expect(unnamed.body.contains(#"value="Ada""#))
  }

  @Test func aCheckboxLeftOutIsUnticked() async throws {
    let endpoint = makeEndpoint()
    var page = try await get(endpoint)
    page = try await post(endpoint, preferenceFields(session: try hidden("ocaf-session", in: page), [("field-2", "on")])).body
    #expect(page.contains(#"<input type="checkbox" checked="""#))
    page = try await post(endpoint, preferenceFields(session: try hidden("ocaf-session", in: page))).body
    #expect(!page.contains(#"<input type="checkbox" checked="""#))
  }

  @Test func aPostFromAnotherSiteIsRefused() async throws {
    let (logger, messages) = recordingLogger()
    let endpoint = makeEndpoint(logger: logger)
    let session = try hidden("ocaf-session", in: try await get(endpoint))
    let foreign = try await post(
      endpoint, preferenceFields(session: session), headers: [LiveField("Origin", "https://evil.example")])
    #expect(foreign.status == 403)
    let crossSite = try await post(
      endpoint, preferenceFields(session: session), headers: [LiveField("Sec-Fetch-Site", "cross-site")])
    #expect(crossSite.status == 403)
    #expect(messages.value.filter { $0.contains("Refused posted forms from another origin") }.count == 2)
    let sameSite = try await post(
      endpoint, preferenceFields(session: session),
      headers: [LiveField("Origin", "http://127.0.0.1:8080"), LiveField("Sec-Fetch-Site", "same-origin")])
    #expect(sameSite.status == 200)
    #expect(sameSite.body.contains("submissions: 1"))
  }

  @Test func aFormOverTheLimitIsRefused() async throws {
    let endpoint = makeEndpoint(limits: LiveLimits(maximumFormBytes: 100))
    let response = try await post(endpoint, [("field-1", String(repeating: "x", count: 200))])
    #expect(response.status == 413)
  }

  @Test func aFormOrValueThePageDoesNotTakeIsLoggedAndLeftOut() async throws {
    let (logger, messages) = recordingLogger()
    let endpoint = makeEndpoint(logger: logger)
    var page = try await get(endpoint)
    page = try await post(
      endpoint, [("ocaf-form", "form-9"), ("ocaf-session", try hidden("ocaf-session", in: page)), ("field-0", "Ada")]
    ).body
    #expect(page.contains("submissions: 0"))
    #expect(!page.contains(#"value="Ada""#))
    page = try await post(
      endpoint, preferenceFields(session: try hidden("ocaf-session", in: page), [("field-3", "lots")])
    ).body
    #expect(page.contains("submissions: 1"))
    #expect(page.contains(#"<input type="number" value="1""#))
    #expect(messages.value.contains("Ignored a posted form the page does not have"))
    #expect(messages.value.contains("Ignored a posted field whose value is not an integer"))
  }

  @Test func theResponseShowsWhatTheSubmissionsEffectsDid() async throws {
    let endpoint = makeEndpoint([Self.signIn(delay: .milliseconds(50))])
    let page = try await get(endpoint, "/sign-in")
    let response = try await post(
      endpoint,
      [("ocaf-form", "sign-in"), ("ocaf-session", try hidden("ocaf-session", in: page)),
       ("user", "Ada"), ("field-1", "lovelace")],
      path: "/sign-in")
    #expect(response.body.contains("Welcome, Ada!"))
  }

  @Test func theResponseWaitsForEffectsOnlySoLong() async throws {
    let endpoint = makeEndpoint(
      [Self.signIn(delay: .seconds(30))], limits: LiveLimits(formEffectsWait: .milliseconds(100)))
    let page = try await get(endpoint, "/sign-in")
    let started = ContinuousClock.now
    let response = try await post(
      endpoint,
      [("ocaf-form", "sign-in"), ("ocaf-session", try hidden("ocaf-session", in: page)),
       ("user", "Ada"), ("field-1", "lovelace")],
      path: "/sign-in")
    #expect(started.duration(to: .now) < .seconds(5))
    #expect(response.body.contains("Signing in…"))
  }

  @Test func aPatchWritesAFormAsThePageShowsIt() throws {
    // The page morphs a patch into its nodes: the form's hidden field and its fields' names are
    // in every render, or the nodes after them would be replaced (and a focused field lose focus).
    let store = LiveStore(initialState: Preferences.State()) { Preferences() }
    let session = LiveSession(id: "s", store: store, view: preferencesView, logger: Logger(label: "test"))
    let first = try #require(try ServerMessage(session.start()).html)
    let field = try #require(handlerIDs(in: first, event: "input").first)
    session.receive(#"{"handler":"\#(field)","value":"Ada"}"#)
    let patch = try #require(session.flush() ?? nil)
    #expect(first.contains(#"<input type="hidden" name="ocaf-form" value="c-form-0"><input type="text""#))
    #expect(patch.contains(#"<input type=\"hidden\" name=\"ocaf-form\" value=\"c-form-0\"><input type=\"text\""#))
    #expect(patch.contains(#"name=\"field-0\""#))
  }

  @Test func aButtonOutsideEveryFormPostsAFormOfItsOwn() async throws {
    let endpoint = makeEndpoint([Self.tally])
    var page = try await get(endpoint, "/tally")
    #expect(page.contains(#"form="c-button-0">Add one</button><form id="c-button-0" data-ocaf-button-form method="post" hidden>"#))
    #expect(page.contains(#"<input type="hidden" name="ocaf-form" value="c-button-0">"#))
    #expect(page.contains(#"form="c-button-1">Add one last</button>"#))
    // Only those: not the buttons that submit nothing, nor the one inside a form.
    #expect(page.components(separatedBy: #"form="c-button-"#).count == 3)
    for expected in ["count: 1", "count: 2"] {
      let session = try hidden("ocaf-session", in: page)
      let response = try await post(
        endpoint, [("ocaf-form", "c-button-0"), ("ocaf-session", session)], path: "/tally")
      #expect(response.status == 200)
      page = response.body
      #expect(page.contains(expected))
    }
    // The form beside it still posts its own submission.
    page = try await post(
      endpoint, [("ocaf-form", "c-form-0"), ("ocaf-session", try hidden("ocaf-session", in: page))],
      path: "/tally"
    ).body
    #expect(page.contains("count: 0"))
  }

  @Test func aPageWithItsSocketGetsNoFormsForItsButtons() {
    let session = LiveSession(
      id: "s", store: LiveStore(initialState: ButtonTally.State()) { ButtonTally() }, view: buttonTallyView,
      logger: Logger(label: "test"))
    let render = session.start()
    #expect(render.contains("Add one"))
    #expect(!render.contains("c-button-0"))
  }

  @Test func twoFormsWithOneKeyAreReported() async throws {
    let (logger, messages) = recordingLogger()
    let store = LiveStore(initialState: Preferences.State()) { Preferences() }
    let session = LiveSession(
      id: "s", store: store,
      view: { store in
        div {
          form(onSubmit: .submitted, ["id": "same"]) { submitButton("One") }
          form(onSubmit: .submitted, ["id": "same"]) { submitButton("Two") }
        }
      },
      logger: logger)
    _ = session.start()
    #expect(messages.value == ["Two forms share a key; a browser without JavaScript can post only the first"])
  }

  @Test func aPostedBodyIsReadAsAFormWouldBeEncoded() {
    let request = LiveRequest(method: "POST", path: "/", body: "name=Ada+L%C3%B6velace&empty=&flag&a%26b=1%3D2")
    #expect(
      request.form == [
        LiveField("name", "Ada Lövelace"), LiveField("empty", ""), LiveField("flag", ""),
        LiveField("a&b", "1=2"),
      ])
  }
}
#endif  // Hummingbird
