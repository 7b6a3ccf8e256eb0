#if Web
import ComposableArchitecture
import Logging

/// Renders a session's components to HTML and keeps what the next render compares with: which
/// components are mounted, by which render (generation), with which children and handler ids.
/// It knows nothing of sockets or messages: the session asks it for a whole page or for the
/// contents of the components that changed, and sends what it gets.
///
/// A component's render is observed (by the ``ChangeTracker``): a change to what it read marks
/// that component, at that generation, as changed. Rendering a component again keeps the
/// children it placed before whose store is the same and whose state did not change: the HTML
/// holds only a placeholder naming them, and the page keeps their nodes.
///
/// ```swift
/// let renderer = ComponentRenderer(changes: tracker, handlers: HandlerTable(grace: .seconds(5)),
///                                  logger: logger, logName: "#1")
/// var html: [UInt8] = []
/// renderer.render(componentID: "c", component: root, into: &html)
/// ```
final class ComponentRenderer {
  private struct Mounted {
    var component: Component
    var generation: Int
    var handlerIDs: [String] = []
    var childIDs: [String] = []
    /// The length of its last render in UTF-8 bytes, to reserve room for the next one.
    var renderedLength = 0
  }

  /// What the render of one component keeps track of.
  struct Context {
    let componentID: String
    let previousChildren: Set<String>
    let dirty: Set<String>
    var childIndex = 0
    var placed: Set<String> = []
    var handlerIDs: [String] = []
    var childIDs: [String] = []
    /// Inside a `fieldset` rendered `disabled`: its controls get no handler ids.
    var isInsideDisabledFieldset = false
    /// How many forms with a submit handler it wrote (their keys' positions).
    var formCount = 0
    /// How many buttons outside a form it gave a form of their own (their keys' positions).
    var buttonFormCount = 0
    /// Inside a form with a submit handler (perhaps one of a parent component).
    var isInForm = false
    /// A stream's row (see ``LiveStream``): its handler ids act again and are kept until the
    /// row is deleted, and it has no forms for browsers without JavaScript.
    var isStreamRow = false
  }

  /// The handler ids the rendered page may send.
  var handlers: HandlerTable
  /// The clock by which replaced handler ids keep their grace (the session's).
  var clock = EngineClock.continuous
  /// The nonce of the page's Content-Security-Policy for inline styles, if it has one: every
  /// `style` element carries it, so that the browser applies it.
  var styleNonce: String?
  /// The page's forms as written (see ``PageForms``).
  var forms = PageForms(sessionID: nil)
  /// How many `form` elements, with a submit handler or without, are being written: a button
  /// outside all of them posts a form of its own.
  private var openFormElements = 0
  /// How many times a component's contents were rendered (a full render counts each component
  /// it renders; a kept child counts nothing).
  private(set) var componentRenders = 0

  /// The streams the page shows, by name: how a row of each is written.
  private var streams: [String: (AnyStreamRow, inout Context, inout [UInt8]) -> Bool] = [:]
  /// The handler ids of each stream's rows on the page, by stream and row key.
  private var streamRowHandlers: [String: [String: [String]]] = [:]

  private let changes: ChangeTracker
  private let logger: Logger
  private let logName: String
  private var mounted: [String: Mounted] = [:]
  private var nextGeneration = 0

  init(changes: ChangeTracker, handlers: HandlerTable, logger: Logger, logName: String) {
    self.changes = changes
    self.handlers = handlers
    self.logger = logger
    self.logName = logName
  }

  /// The generation of the mounted component `id`, if it is mounted.
  func generation(of id: String) -> Int? {
    mounted[id]?.generation
  }

  /// The component mounted as `id` by the render `generation`, if that render is current.
  func component(_ id: String, generation: Int) -> Component? {
    guard let current = mounted[id], current.generation == generation else { return nil }
    return current.component
  }

  /// Renders a component whole, wrapped in the element that names it.
  func render(
    componentID: String, component: Component, dirty: Set<String> = [], into output: inout [UInt8]
  ) {
    HTMLWriter.append("<div data-ocaf-component=\"", to: &output)
    HTMLWriter.escapeAttribute(componentID, into: &output)
    HTMLWriter.append("\">", to: &output)
    renderContents(componentID: componentID, component: component, dirty: dirty, into: &output)
    HTMLWriter.append("</div>", to: &output)
  }

  /// Renders a component's contents. Children that were mounted by its previous render, whose
  /// store is the same and whose state did not change, are kept as they are: the page keeps
  /// their nodes, and the HTML holds only a placeholder naming them.
  func renderContents(
    componentID: String, component: Component, dirty: Set<String>, into output: inout [UInt8]
  ) {
    componentRenders += 1
    let previous = mounted.removeValue(forKey: componentID)
    if let previous { handlers.retire(previous.handlerIDs, now: clock.now()) }
    nextGeneration += 1
    let generation = nextGeneration
    // Registered before its children render, so that they can tell it is mounted.
    mounted[componentID] = Mounted(component: component, generation: generation)
    let body = changes.observe(id: componentID, generation: generation) { component.body() }
    var context = Context(
      componentID: componentID, previousChildren: Set(previous?.childIDs ?? []), dirty: dirty)
    context.isInForm = forms.isInForm
    let start = output.count
    if let previous { output.reserveCapacity(start + previous.renderedLength) }
    body.write(in: self, context: &context, into: &output)
    mounted[componentID]?.renderedLength = output.count - start
    mounted[componentID]?.handlerIDs = context.handlerIDs
    mounted[componentID]?.childIDs = context.childIDs
    for childID in context.previousChildren.subtracting(context.placed) { unmount(childID) }
  }

  /// Writes a component's nodes, issuing an id for each of their handlers.
  func write<State, Action>(
    _ node: Node<Action>, sendingTo store: LiveStore<State, Action>, context: inout Context,
    into output: inout [UInt8]
  ) {
    switch node {
    case let .element(element):
      HTMLWriter.openTagStart(element.tag, into: &output)
      var isDisabled = false
      for (name, value) in element.attributes {
        HTMLWriter.attribute(name, value, into: &output)
        if Self.isDisabledAttribute(name) { isDisabled = true }
      }
      var formKey: String?
      var buttonFormKey: String?
      // A disabled control sends nothing, so it gets no handler id a forged message could use.
      if !isDisabled && !context.isInsideDisabledFieldset {
        for (event, handler) in element.events {
          // Only a stream's container has the stream's event name: most events are ruled out
          // by its length, without a look at the handler (a copy, in this generic code).
          if event.utf8.count == Self.streamEventLength, case let .streamRows(rows) = handler {
            registerStream(rows, sendingTo: store)
            continue
          }
          let handlerID = handlers.issue(
            BoundHandler(handler, sendingTo: store), componentID: context.componentID,
            isSingleUse: !context.isStreamRow && HandlerTable.isSingleUse(event: event))
          context.handlerIDs.append(handlerID)
          HTMLWriter.eventAttribute(event, handlerID, into: &output)
          if context.isStreamRow { continue }
          if context.isInForm || event == "submit",
            let key = writeForForms(
              event: event, handlerID: handlerID, of: element, context: &context, into: &output)
          {
            formKey = key
          }
          if event == "click", openFormElements == 0 {
            buttonFormKey = writeForButton(
              handlerID: handlerID, of: element, context: &context, into: &output)
          }
        }
      }
      if element.storedEventOptions != nil, let options = element.eventOptionsJSON {
        HTMLWriter.attribute(PageProtocol.Attribute.options.name, options, into: &output)
      }
      let isFormElement = element.tag.utf8.elementsEqual("form".utf8)
      if isFormElement { openFormElements += 1 }
      if let styleNonce, element.tag.utf8.elementsEqual("style".utf8) {
        HTMLWriter.attribute("nonce", styleNonce, into: &output)
      }
      output.append(UInt8(ascii: ">"))
      if let formKey { writeHiddenFields(formKey: formKey, into: &output) }
      let wasInsideDisabledFieldset = context.isInsideDisabledFieldset
      let wasInForm = context.isInForm
      if formKey != nil { context.isInForm = true }
      if isDisabled && element.tag.utf8.elementsEqual("fieldset".utf8) {
        context.isInsideDisabledFieldset = true
      }
      let isRawText = HTMLWriter.isRawTextElement(element.tag)
      for child in element.children {
        if isRawText, case let .text(text) = child {
          HTMLWriter.writeRawText(text, into: &output)
        } else {
          write(child, sendingTo: store, context: &context, into: &output)
        }
      }
      context.isInsideDisabledFieldset = wasInsideDisabledFieldset
      context.isInForm = wasInForm
      if isFormElement { openFormElements -= 1 }
      if let formKey, !forms.closeForm() {
        logger.warning(
          "Two forms share a key; a browser without JavaScript can post only the first",
          metadata: ["session": "\(logName)", "form": LogText.escaped(formKey)])
      }
      HTMLWriter.closeTag(element.tag, into: &output)
      if let buttonFormKey { writeButtonForm(key: buttonFormKey, into: &output) }
    case let .text(text):
      HTMLWriter.escapeText(text, into: &output)
    case let .fragment(nodes):
      for child in nodes { write(child, sendingTo: store, context: &context, into: &output) }
    case let .component(child):
      let childID = context.componentID + "." + (child.key ?? String(context.childIndex))
      context.childIndex += 1
      guard context.placed.insert(childID).inserted else {
        logger.warning(
          "Two components share a key; the later one is left out",
          metadata: ["session": "\(logName)", "component": LogText.escaped(childID)])
        return
      }
      context.childIDs.append(childID)
      if context.previousChildren.contains(childID), let existing = mounted[childID],
        let identity = child.identity, existing.component.identity == identity,
        !context.dirty.contains(childID)
      {
        mounted[childID]?.component = child
        HTMLWriter.append("<div data-ocaf-component=\"", to: &output)
        HTMLWriter.escapeAttribute(childID, into: &output)
        HTMLWriter.append("\" data-ocaf-keep=\"\"></div>", to: &output)
      } else {
        render(componentID: childID, component: child, dirty: context.dirty, into: &output)
      }
    }
  }

  // MARK: Streams

  /// The length of the event name under which a stream's container holds its rows.
  private static let streamEventLength = PageProtocol.Attribute.stream.rawValue.utf8.count

  /// Remembers how the stream's rows are written, for the rows sent to it.
  private func registerStream<State, Action>(
    _ rows: StreamRows<Action>, sendingTo store: LiveStore<State, Action>
  ) {
    streams[rows.name] = { [unowned self] row, context, output in
      guard let node = rows.render(row.value), case var .element(element) = node else { return false }
      element.attributes.removeAll { $0.name == PageProtocol.Attribute.key.name }
      element.attributes.append((name: PageProtocol.Attribute.key.name, value: row.key))
      self.write(.element(element), sendingTo: store, context: &context, into: &output)
      return true
    }
  }

  /// The streams' part of a patch for `operations`: each stream's operations as the page applies
  /// them, rows rendered; `nil` when there are none. A row rendered again retires its earlier
  /// handler ids (with the grace of any replaced render); a deleted row's are revoked.
  func streamPatch(_ operations: [(name: String, operation: StreamOperation)]) -> [UInt8]? {
    guard !operations.isEmpty else { return nil }
    var order: [String] = []
    var written: [String: [UInt8]] = [:]
    let now = clock.now()
    for (name, operation) in operations {
      guard let write = streams[name] else {
        logger.warning(
          "Dropped rows sent to a stream the page does not show",
          metadata: ["session": "\(logName)", "stream": LogText.escaped(name)])
        continue
      }
      if written[name] == nil {
        order.append(name)
        written[name] = []
      }
      func append(_ op: String, key: String?, html: [UInt8]?, at position: StreamPosition?) {
        var bytes: [UInt8] = written[name]!.isEmpty ? [] : [UInt8(ascii: ",")]
        bytes.append(UInt8(ascii: "{"))
        if let position {
          bytes.append(contentsOf: #""at":"#.utf8)
          JSONText.appendString(position == .end ? "end" : "start", into: &bytes)
          bytes.append(UInt8(ascii: ","))
        }
        if let html {
          bytes.append(contentsOf: #""html":"#.utf8)
          JSONText.appendString(html, into: &bytes)
          bytes.append(UInt8(ascii: ","))
        }
        if let key {
          bytes.append(contentsOf: #""key":"#.utf8)
          JSONText.appendString(key, into: &bytes)
          bytes.append(UInt8(ascii: ","))
        }
        bytes.append(contentsOf: #""op":"#.utf8)
        JSONText.appendString(op, into: &bytes)
        bytes.append(UInt8(ascii: "}"))
        written[name]!.append(contentsOf: bytes)
      }
      func insert(_ rows: [AnyStreamRow], at position: StreamPosition) {
        // Inserted at the start one by one, the first row ends up first.
        for row in position == .start ? rows.reversed() : rows {
          if let old = streamRowHandlers[name]?.removeValue(forKey: row.key) {
            handlers.retire(old, now: now)
          }
          var context = Context(componentID: "c.stream." + name, previousChildren: [], dirty: [])
          context.isStreamRow = true
          var html: [UInt8] = []
          guard write(row, &context, &html) else {
            logger.warning(
              "Dropped a stream's row that its view cannot show (of another type, or no element)",
              metadata: ["session": "\(logName)", "stream": LogText.escaped(name)])
            continue
          }
          for childID in context.childIDs {
            logger.warning(
              "A stream's row holds a component, which is left out",
              metadata: ["session": "\(logName)", "stream": LogText.escaped(name)])
            unmount(childID)
          }
          streamRowHandlers[name, default: [:]][row.key] = context.handlerIDs
          append("insert", key: row.key, html: html, at: position)
        }
      }
      switch operation {
      case let .insert(rows, position):
        insert(rows, at: position)
      case let .delete(keys):
        // A deleted row's ids are revoked at once: nothing on the page can send them.
        for key in keys {
          for id in streamRowHandlers[name]?.removeValue(forKey: key) ?? [] { _ = handlers.spend(id) }
          append("delete", key: key, html: nil, at: nil)
        }
      case let .reset(rows):
        for old in (streamRowHandlers.removeValue(forKey: name) ?? [:]).values {
          for id in old { _ = handlers.spend(id) }
        }
        append("reset", key: nil, html: nil, at: nil)
        insert(rows, at: .end)
      }
    }
    guard !order.isEmpty else { return nil }
    var output: [UInt8] = [UInt8(ascii: "[")]
    for (index, name) in order.enumerated() {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      output.append(contentsOf: #"{"name":"#.utf8)
      JSONText.appendString(name, into: &output)
      output.append(contentsOf: #","ops":["#.utf8)
      output.append(contentsOf: written[name]!)
      output.append(contentsOf: "]}".utf8)
    }
    output.append(UInt8(ascii: "]"))
    return output
  }

  // MARK: Forms without JavaScript

  /// What makes a form work without JavaScript, written after the handler `handlerID` of
  /// `event`: a form with a submit handler posts (`method="post"`), a bound field in it gets a
  /// name if it has none, and a button that would submit it says which it is. Returns the key
  /// of a form this starts.
  private func writeForForms<Action>(
    event: String, handlerID: String, of element: HTMLElement<Action>, context: inout Context,
    into output: inout [UInt8]
  ) -> String? {
    if event == "submit", element.tag == "form" {
      if Self.attribute("method", of: element) == nil {
        HTMLWriter.attribute("method", "post", into: &output)
      }
      let key =
        Self.attribute("id", of: element)
        ?? context.componentID + "-form-" + String(context.formCount)
      context.formCount += 1
      forms.openForm(key: key, submitHandlerID: handlerID)
      return key
    }
    guard forms.isInForm else { return nil }
    switch event {
    case "input", "change":
      let isCheckbox =
        element.tag == "input" && Self.attribute("type", of: element, is: "checkbox") == true
      if let name = forms.addField(
        named: Self.attribute("name", of: element), handlerID: handlerID, isCheckbox: isCheckbox)
      {
        HTMLWriter.attribute("name", name, into: &output)
      }
    case "click":
      // A button submits its form unless it says otherwise; one with a name of its own posts
      // that, and is left alone.
      guard element.tag == "button",
        Self.attribute("type", of: element, is: "submit") ?? true,
        Self.attribute("name", of: element) == nil,
        let position = forms.addButton(handlerID: handlerID)
      else { return nil }
      HTMLWriter.attribute("name", PageForms.buttonField, into: &output)
      HTMLWriter.attribute("value", String(position), into: &output)
    default:
      break
    }
    return nil
  }

  /// What makes a button outside every form work without JavaScript, written after its click
  /// handler `handlerID`: the button gets a form of its own, keyed by its component and
  /// position, whose submission is its click. A render made for an HTTP response names that
  /// form in the button's `form` attribute and writes it after the button (see
  /// ``writeButtonForm(key:into:)``); a render for the socket only records it, since a page
  /// with JavaScript sends the click itself. Returns the form's key when it is to be written.
  ///
  /// A button that names a form, or whose type says it submits none, is left alone.
  private func writeForButton<Action>(
    handlerID: String, of element: HTMLElement<Action>, context: inout Context,
    into output: inout [UInt8]
  ) -> String? {
    guard element.tag == "button",
      Self.attribute("type", of: element, is: "submit") ?? true,
      Self.attribute("form", of: element) == nil
    else { return nil }
    let key = context.componentID + "-button-" + String(context.buttonFormCount)
    context.buttonFormCount += 1
    forms.openForm(key: key, submitHandlerID: handlerID)
    guard forms.closeForm() else {
      logger.warning(
        "Two forms share a key; a browser without JavaScript can post only the first",
        metadata: ["session": "\(logName)", "form": LogText.escaped(key)])
      return nil
    }
    guard forms.sessionID != nil else { return nil }
    HTMLWriter.attribute("form", key, into: &output)
    return key
  }

  /// A button's own form (see ``writeForButton(handlerID:of:context:into:)``): empty but for its
  /// hidden fields, and hidden, so that it changes nothing the page shows. The page script
  /// removes it (`data-ocaf-button-form`), since its patches have none.
  private func writeButtonForm(key: String, into output: inout [UInt8]) {
    HTMLWriter.append("<form id=\"", to: &output)
    HTMLWriter.escapeAttribute(key, into: &output)
    HTMLWriter.append("\" data-ocaf-button-form method=\"post\" hidden>", to: &output)
    writeHiddenFields(formKey: key, into: &output)
    HTMLWriter.append("</form>", to: &output)
  }

  /// The hidden fields at the start of a form: its key, and the session's id in a render made
  /// for an HTTP response.
  private func writeHiddenFields(formKey: String, into output: inout [UInt8]) {
    for (name, value) in [(PageForms.formField, formKey), (PageForms.sessionField, forms.sessionID)] {
      guard let value else { continue }
      HTMLWriter.append("<input type=\"hidden\" name=\"", to: &output)
      HTMLWriter.escapeAttribute(name, into: &output)
      HTMLWriter.append("\" value=\"", to: &output)
      HTMLWriter.escapeAttribute(value, into: &output)
      HTMLWriter.append("\">", to: &output)
    }
  }

  /// The value of an element's attribute `name` (lowercase), if it has one.
  private static func attribute<Action>(_ name: String, of element: HTMLElement<Action>) -> String? {
    element.attributes.first { HTMLWriter.equalsIgnoringASCIICase($0.name, name) }?.value
  }

  /// Whether the element's attribute `name` is `value` (lower case), in any ASCII case; `nil`
  /// when it has none.
  private static func attribute<Action>(
    _ name: String, of element: HTMLElement<Action>, is value: String
  ) -> Bool? {
    attribute(name, of: element).map { HTMLWriter.equalsIgnoringASCIICase($0, value) }
  }

  /// Whether an attribute's name is `disabled`, in any case.
  private static func isDisabledAttribute(_ name: String) -> Bool {
    HTMLWriter.equalsIgnoringASCIICase(name, "disabled")
  }

  /// Unmounts a component and its children, retiring their handler ids.
  func unmount(_ componentID: String) {
    guard let old = mounted.removeValue(forKey: componentID) else { return }
    handlers.retire(old.handlerIDs, now: clock.now())
    for childID in old.childIDs { unmount(childID) }
  }
}
#endif  // Web
