#if Web
/// The forms of a page as its last full render wrote them, so that a browser without
/// JavaScript can post one: the page's session then applies the posted fields and submits it
/// as the page script would have.
///
/// Every render writes, into every form with a submit handler, `method="post"`, a hidden
/// `ocaf-form` field naming the form (its `id`, else its component's id, `-form-` and its
/// position in that component), a `name` for every bound field that has none (`field-` and its
/// position in the form), and `name="ocaf-button"` with a position for every button with a click
/// handler that would submit the form; so a patch has the nodes the page has. A button with a
/// click handler outside every form is recorded as a form of its own, with no fields, whose
/// submission is the click (`c-button-0`: its component and position); a render for an HTTP
/// response also writes that form, hidden, after the button, and names it in the button's
/// `form` attribute. A post is matched by those names, never by handler ids, against a full
/// render of the session's state.
///
/// ```swift
/// // <form method="post"><input type="hidden" name="ocaf-form" value="c-form-0">
/// //   <input type="text" name="field-0" …><button type="submit">Save</button></form>
/// forms["c-form-0"]?.fields  // [Field(name: "field-0", handlerID: "h3", isCheckbox: false)]
/// ```
struct PageForms {
  /// A bound field of a form: its name and the handler its value goes to.
  struct Field {
    let name: String
    let handlerID: String
    /// A checkbox is posted only when ticked: one that is missing was left unticked.
    let isCheckbox: Bool
  }

  /// A form with a submit handler.
  struct Form {
    let key: String
    let submitHandlerID: String
    var fields: [Field] = []
    /// The handler of each button that submits the form without JavaScript, by position.
    var buttons: [String] = []
  }

  /// The name of the hidden field that names the form.
  static let formField = "ocaf-form"
  /// The name of the hidden field that names the page's session (HTTP renders only).
  static let sessionField = "ocaf-session"
  /// The name a submitting button posts, with its position as the value.
  static let buttonField = "ocaf-button"

  /// The page's session id, written into each form of a render made for an HTTP response.
  var sessionID: String?
  private(set) var forms: [String: Form] = [:]
  /// The forms being written, innermost last (HTML forms don't nest; the innermost wins).
  private var open: [Form] = []
  /// The keys of the forms written since ``beginPass()``, to tell a key used twice.
  private var keysThisPass: Set<String> = []

  init(sessionID: String?) {
    self.sessionID = sessionID
  }

  /// Whether a form is being written.
  var isInForm: Bool { !open.isEmpty }

  /// Starts a render of the whole page or of changed components: a form written again
  /// replaces its earlier record.
  mutating func beginPass() {
    keysThisPass = []
  }

  /// Starts the form `key`.
  mutating func openForm(key: String, submitHandlerID: String) {
    open.append(Form(key: key, submitHandlerID: submitHandlerID))
  }

  /// Ends the innermost form. A second form with the same key in one pass is left out
  /// (reported by the caller): the first one keeps it.
  mutating func closeForm() -> Bool {
    guard let form = open.popLast() else { return true }
    guard keysThisPass.insert(form.key).inserted else { return false }
    forms[form.key] = form
    return true
  }

  /// Adds a bound field to the innermost form; returns the name to write when it has none.
  mutating func addField(named name: String?, handlerID: String, isCheckbox: Bool) -> String? {
    guard !open.isEmpty else { return nil }
    let written = name ?? "field-" + String(open[open.count - 1].fields.count)
    open[open.count - 1].fields.append(
      Field(name: written, handlerID: handlerID, isCheckbox: isCheckbox))
    return name == nil ? written : nil
  }

  /// Adds a submitting button to the innermost form; returns its position.
  mutating func addButton(handlerID: String) -> Int? {
    guard !open.isEmpty else { return nil }
    open[open.count - 1].buttons.append(handlerID)
    return open[open.count - 1].buttons.count - 1
  }
}
#endif  // Web
