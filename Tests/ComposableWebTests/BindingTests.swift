#if Hummingbird
import ComposableArchitecture
import ComposableWeb
import Foundation
import Testing

/// A feature with one field of each kind, bound through `BindingReducer`.
@Reducer
struct Preferences {
  @ObservableState
  struct State: Equatable {
    var nickname = ""
    var notes = ""
    var isSubscribed = false
    var level = 1
    var brightness = 0.5
    var flavor = Flavor.vanilla
    var submissions = 0
    var locksSubscription = false
  }

  enum Flavor: CaseIterable, Equatable, Sendable {
    case vanilla, chocolate, mint
  }

  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case submitted
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.nickname):
        state.nickname = String(state.nickname.prefix(16))
        return .none
      case .binding(\.isSubscribed):
        if state.locksSubscription { state.isSubscribed = false }
        return .none
      case .binding:
        return .none
      case .submitted:
        state.submissions += 1
        return .none
      }
    }
  }
}

func preferencesView(_ store: LiveStoreOf<Preferences>) -> Node<Preferences.Action> {
  @Bindable var store = store
  return form(onSubmit: .submitted) {
    textField($store.nickname)
    textArea($store.notes)
    toggle($store.isSubscribed, "Subscribe")
    numberField($store.level, in: 1...10)
    slider($store.brightness, in: 0...1, step: 0.25)
    picker($store.flavor, options: Preferences.Flavor.allCases) { "\($0)" }
    stepper($store.level, in: 1...10)
    submitButton("Save")
  }
}

/// A feature without binding actions, bound through `store.binding(get:send:)`.
@Reducer
struct Search {
  @ObservableState
  struct State: Equatable {
    var query = ""
  }

  @CasePathable
  enum Action: Equatable {
    case queryChanged(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .queryChanged(query):
        // Queries longer than 20 characters are ignored, leaving the state as it was.
        guard query.count <= 20 else { return .none }
        state.query = query.lowercased()
        return .none
      }
    }
  }
}

/// A number field whose reducer keeps the reciprocal of what is typed (so 0 gives infinity).
@Reducer
struct Reciprocal {
  @ObservableState
  struct State: Equatable {
    var value = 1.0
  }

  enum Action: Equatable {
    case entered(Double)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .entered(number):
        state.value = 1 / number
        return .none
      }
    }
  }
}

func reciprocalView(_ store: LiveStoreOf<Reciprocal>) -> Node<Reciprocal.Action> {
  numberField(store.binding(get: \.value, send: { .entered($0) }))
}

func searchView(_ store: LiveStoreOf<Search>) -> Node<Search.Action> {
  textField(store.binding(get: \.query, send: { .queryChanged($0) }))
}

func searchSendingView(_ store: LiveStoreOf<Search>) -> Node<Search.Action> {
  @Bindable var store = store
  return textField($store.query.sending(\.queryChanged))
}

@MainActor
@Suite struct BindingTests {
  func makeSession(
    _ state: Preferences.State = Preferences.State()
  ) throws -> (LiveSession, String, LockIsolated<[String]>, LiveStoreOf<Preferences>) {
    let (logger, messages) = recordingLogger()
    let store = LiveStore(initialState: state) { Preferences() }
    let session = LiveSession(id: "s", store: store, view: preferencesView, logger: logger)
    let html = try #require(try ServerMessage(session.start()).html)
    return (session, html, messages, store)
  }

  @Test func controlsShowTheirBindingsValues() throws {
    var state = Preferences.State()
    state.nickname = #"Blob "Jr""#
    state.notes = "<b>hi</b>"
    state.isSubscribed = true
    state.level = 3
    state.flavor = .chocolate
    let (_, html, _, _) = try makeSession(state)
    #expect(html.contains(#"<input type="text" value="Blob &quot;Jr&quot;" data-ocaf-input="h2" name="field-0">"#))
    #expect(html.contains(#"<textarea data-ocaf-input="h3" name="field-1">&lt;b&gt;hi&lt;/b&gt;</textarea>"#))
    #expect(html.contains(#"<label><input type="checkbox" checked="" data-ocaf-change="h4" name="field-2"> Subscribe</label>"#))
    #expect(html.contains(#"<input type="number" value="3" min="1" max="10" step="1" data-ocaf-input="h5" name="field-3">"#))
    #expect(html.contains(#"<input type="range" value="0.5" min="0" max="1" step="0.25" data-ocaf-input="h6" name="field-4">"#))
    #expect(
      html.contains(
        #"<select data-ocaf-change="h7" name="field-5"><option value="0">vanilla</option><option value="1" selected="">chocolate</option><option value="2">mint</option></select>"#
      ))
    // Postable without JavaScript: the form posts, says which it is, and its fields have names.
    #expect(
      html.contains(
        #"<form data-ocaf-submit="h1" method="post"><input type="hidden" name="ocaf-form" value="c-form-0">"#
      ))
    #expect(html.contains(#"data-ocaf-click="h9" name="ocaf-button" value="1">+</button>"#))
    #expect(html.contains(#"<button type="submit">Save</button>"#))
  }

  @Test func typedValuesWriteThroughTheBindings() throws {
    let (session, html, messages, store) = try makeSession()
    let inputs = handlerIDs(in: html, event: "input")
    let changes = handlerIDs(in: html, event: "change")
    session.receive(#"{"handler":"\#(inputs[0])","value":"Blob"}"#)
    session.receive(#"{"handler":"\#(inputs[1])","value":"Line one\nLine two"}"#)
    session.receive(#"{"handler":"\#(changes[0])","value":true}"#)
    session.receive(#"{"handler":"\#(inputs[2])","value":7}"#)
    session.receive(#"{"handler":"\#(inputs[3])","value":0.75}"#)
    session.receive(#"{"handler":"\#(changes[1])","value":2}"#)
    #expect(store.nickname == "Blob")
    #expect(store.notes == "Line one\nLine two")
    #expect(store.isSubscribed)
    #expect(store.level == 7)
    #expect(store.brightness == 0.75)
    #expect(store.flavor == .mint)
    #expect(messages.value.filter { $0.hasPrefix("Ignored") }.isEmpty)
  }

  @Test func wrongValueTypesAreLoggedAndIgnored() throws {
    let (session, html, messages, store) = try makeSession()
    let inputs = handlerIDs(in: html, event: "input")
    let changes = handlerIDs(in: html, event: "change")
    session.receive(#"{"handler":"\#(inputs[0])","value":12}"#)
    session.receive(#"{"handler":"\#(changes[0])","value":"yes"}"#)
    session.receive(#"{"handler":"\#(changes[0])","value":1}"#)
    session.receive(#"{"handler":"\#(inputs[2])","value":2.5}"#)
    session.receive(#"{"handler":"\#(inputs[2])","value":true}"#)
    session.receive(#"{"handler":"\#(inputs[3])","value":"bright"}"#)
    session.receive(#"{"handler":"\#(changes[1])","value":3}"#)
    session.receive(#"{"handler":"\#(changes[1])","value":-1}"#)
    session.receive(#"{"handler":"\#(inputs[0])"}"#)
    #expect(store.state == Preferences.State())
    let log = messages.value
    #expect(log.filter { $0 == "Ignored a message whose value is not a string" }.count == 2)
    #expect(log.filter { $0 == "Ignored a message whose value is not a Boolean" }.count == 2)
    #expect(log.filter { $0 == "Ignored a message whose value is not an integer" }.count == 2)
    #expect(log.filter { $0 == "Ignored a message whose value is not a number" }.count == 1)
    #expect(log.filter { $0 == "Ignored a message whose value is not an option's position" }.count == 2)
    #expect(session.flush() == nil)
  }

  @Test func aValueTheReducerKeptOutIsSentBackThoughNothingRendersAgain() throws {
    let (logger, _) = recordingLogger()
    let store = LiveStore(initialState: Search.State(query: "swift")) { Search() }
    let session = LiveSession(id: "s", store: store, view: searchView, logger: logger)
    let html = try #require(try ServerMessage(session.start()).html)
    let field = try #require(handlerIDs(in: html, event: "input").first)
    session.receive(#"{"handler":"\#(field)","value":"a query far too long to keep"}"#)
    #expect(store.query == "swift")
    let message = try #require(session.flush())
    #expect(
      message == #"{"patches":[],"type":"patch","values":[{"handler":"\#(field)","value":"swift"}]}"#)
    #expect(session.flush() == nil)
  }

  @Test func aCorrectedValueThatIsNotAFiniteNumberIsLoggedAndLeftOut() throws {
    let (logger, messages) = recordingLogger()
    let store = LiveStore(initialState: Reciprocal.State()) { Reciprocal() }
    let session = LiveSession(id: "s", store: store, view: reciprocalView, logger: logger)
    let html = try #require(try ServerMessage(session.start()).html)
    let field = try #require(handlerIDs(in: html, event: "input").first)
    session.receive(#"{"handler":"\#(field)","value":0}"#)
    #expect(store.value == .infinity)
    // The state changed: the field renders again (its value is what the state holds), which
    // carries the correction.
    let patch = try ServerMessage(try #require(session.flush()))
    #expect(patch.patches?.count == 1)
    #expect(patch.values?.isEmpty == true)
    let patchHTML = try #require(patch.patches?.first?.html)
    let next = try #require(handlerIDs(in: patchHTML, event: "input").first)
    // Nothing changes now, so only the correction would reach the page, and JSON cannot carry it.
    session.receive(#"{"handler":"\#(next)","value":0}"#)
    #expect(session.flush() == nil)
    #expect(
      messages.value.filter {
        $0 == "Left out a corrected value the page cannot show: inf is not a finite number"
      }.count == 1)
  }

  @Test func aTruncatedValueRendersAgainWithTheReducersValue() throws {
    let (session, html, _, store) = try makeSession()
    let name = try #require(handlerIDs(in: html, event: "input").first)
    session.receive(#"{"handler":"\#(name)","value":"A name longer than sixteen"}"#)
    #expect(store.nickname == "A name longer th")
    let patch = try ServerMessage(try #require(session.flush()))
    #expect(patch.patches?.first?.html.contains(#"value="A name longer th""#) == true)
    #expect(patch.values?.isEmpty == true)
  }

  @Test func aRefusedToggleRendersUnchecked() throws {
    var state = Preferences.State()
    state.locksSubscription = true
    let (session, html, _, store) = try makeSession(state)
    let box = try #require(handlerIDs(in: html, event: "change").first)
    session.receive(#"{"handler":"\#(box)","value":true}"#)
    #expect(store.isSubscribed == false)
    let patch = try ServerMessage(try #require(session.flush()))
    let patchHTML = try #require(patch.patches?.first?.html)
    #expect(patchHTML.contains(#"<label><input type="checkbox" data-ocaf-change="#))
  }

  @Test func theStepperAndTheFormSendTheirActions() throws {
    let (session, html, _, store) = try makeSession()
    let clicks = handlerIDs(in: html, event: "click")
    // The decrement button is disabled at the stepper's lower bound: it gets no handler id.
    #expect(clicks.count == 1)
    #expect(html.contains(#"<button aria-label="Decrement" disabled="">"#))
    session.receive(click(clicks[0]))
    #expect(store.level == 2)
    let patch = try ServerMessage(try #require(session.flush()))
    let patchHTML = try #require(patch.patches?.first?.html)
    let submit = try #require(handlerIDs(in: patchHTML, event: "submit").first)
    session.receive(click(submit))
    #expect(store.submissions == 1)
  }

  @Test func storeBindingSendsTheActionItMakes() throws {
    let (logger, _) = recordingLogger()
    let store = LiveStore(initialState: Search.State()) { Search() }
    let session = LiveSession(id: "s", store: store, view: searchView, logger: logger)
    let html = try #require(try ServerMessage(session.start()).html)
    let field = try #require(handlerIDs(in: html, event: "input").first)
    session.receive(#"{"handler":"\#(field)","value":"Swift"}"#)
    #expect(store.query == "swift")
    let patch = try ServerMessage(try #require(session.flush()))
    #expect(patch.patches?.first?.html.contains(#"value="swift""#) == true)
  }

  @Test func sendingMakesABindingThatSendsTheAction() throws {
    let (logger, _) = recordingLogger()
    let store = LiveStore(initialState: Search.State()) { Search() }
    let session = LiveSession(id: "s", store: store, view: searchSendingView, logger: logger)
    let html = try #require(try ServerMessage(session.start()).html)
    let field = try #require(handlerIDs(in: html, event: "input").first)
    session.receive(#"{"handler":"\#(field)","value":"TCA"}"#)
    #expect(store.query == "tca")
  }

  @Test func bindableActionFieldsStillBindDirectly() throws {
    // `$store.nickname` of a BindableAction feature is a Binding, not a field to send.
    let store = LiveStore(initialState: Preferences.State()) { Preferences() }
    @Bindable var bindable = store
    let nickname: Binding<String> = $bindable.nickname
    nickname.wrappedValue = "A nickname over sixteen"
    #expect(store.nickname == "A nickname over ")
  }
}
#endif  // Hummingbird
