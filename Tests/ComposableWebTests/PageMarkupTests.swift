#if Hummingbird
import ComposableArchitecture
@testable import ComposableWeb
import Foundation
import Logging
import Testing

/// A sign-in form: an email field, a password field, and a button that is enabled once both
/// are filled in.
@Reducer
struct SignIn {
  @ObservableState
  struct State: Equatable {
    var email = ""
    var password = ""
  }

  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case signInButtonTapped
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
  }
}

func signInView(_ store: LiveStoreOf<SignIn>) -> Node<SignIn.Action> {
  @Bindable var store = store
  return div {
    style("form > input:invalid { outline: 1px solid red }")
    textField($store.email, type: .email, placeholder: "you@example.com")
    secureField($store.password, placeholder: "Password")
    button("Sign in", send: .signInButtonTapped)
      .attribute("disabled", if: store.email.isEmpty || store.password.isEmpty)
  }
}

@Suite struct PageMarkupTests {
  @Test func inputTypesAreRenderedOnce() {
    let field: Node<Never> = textField(.constant("2026-11-26"), type: .date)
    #expect(field.renderStatic().hasPrefix(#"<input type="date" value="2026-11-26""#))
    let secret: Node<Never> = secureField(.constant("hunter2"), placeholder: "Password")
    #expect(secret.renderStatic().hasPrefix(#"<input type="password" value="hunter2" placeholder="Password""#))
    // A type given as an attribute replaces the control's own instead of following it (a
    // browser would keep the first, and show the password).
    let overridden: Node<Never> = textField(.constant("x"), ["type": "password", "class": "a"])
    let html = overridden.renderStatic()
    #expect(html.hasPrefix(#"<input type="password" value="x" class="a""#))
    let button: Node<Never> = submitButton("Go", ["type": "button"])
    #expect(button.renderStatic() == #"<button type="button">Go</button>"#)
    #expect(html.components(separatedBy: "type=").count == 2)
  }

  @Test func attributesAreSetReplacedAndLeftOut() {
    let row = Node<Never>.tag("li", ["class": "row", "id": "r1"])
    #expect(row.attribute("class", "row selected").renderStatic() == #"<li id="r1" class="row selected"></li>"#)
    #expect(row.attribute("id", nil).renderStatic() == #"<li class="row"></li>"#)
    #expect(row.attribute("hidden", if: true).renderStatic() == #"<li class="row" id="r1" hidden=""></li>"#)
    #expect(row.attribute("hidden", if: false).renderStatic() == #"<li class="row" id="r1"></li>"#)
    // Other nodes are left as they are.
    #expect(Node<Never>.text("hi").attribute("class", "x").renderStatic() == "hi")
  }

  @Test func styleTextIsRawButCannotEndItsElement() {
    let node: Node<Never> = style("a > b { content: \"&\" } </style><script>alert(1)</script><!-- x")
    #expect(
      node.renderStatic()
        == #"<style>a > b { content: "&" } <\/style><script>alert(1)<\/script><\!-- x</style>"#)
    // Text elsewhere is still escaped.
    #expect(Node<Never>.tag("p") { "a > b" }.renderStatic() == "<p>a &gt; b</p>")
  }

  @MainActor
  @Test func aSessionRendersTheSameMarkupAndItsFieldsWriteTheirBindings() throws {
    let store = LiveStore(initialState: SignIn.State()) { SignIn() }
    let session = LiveSession(
      id: "test", store: store, view: signInView, logger: Logger(label: "test"))
    let html = try #require(ServerMessage(session.start()).html)
    #expect(html.contains("<style>form > input:invalid { outline: 1px solid red }</style>"))
    #expect(html.contains(#"<input type="email" value="" placeholder="you@example.com""#))
    #expect(html.contains(#"<input type="password" value="" placeholder="Password""#))
    #expect(html.contains(#"<button disabled="">Sign in</button>"#))
    let inputs = handlerIDs(in: html, event: "input")
    #expect(inputs.count == 2)
    session.receive(#"{"handler":"\#(inputs[0])","value":"ada@example.com"}"#)
    session.receive(#"{"handler":"\#(inputs[1])","value":"hunter2"}"#)
    #expect(store.password == "hunter2")
    let patch = try #require(session.flush())
    // Both filled in: the button is enabled and gets its handler.
    #expect(patch.contains(#"<button data-ocaf-click=\"h"#))
  }
}
#endif  // Hummingbird
