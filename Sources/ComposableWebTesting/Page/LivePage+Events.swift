#if Web
import ComposableArchitecture
import ComposableWeb
import Foundation
import IssueReporting

extension LivePage {
  // MARK: Keys, focus and the window

  /// Presses `key` while `element` has focus, as the page sends a key event: the element, or
  /// the nearest element around it that answers `keydown` for that key (see
  /// ``PageEvent/keyDown(_:)``), sends it.
  ///
  /// ```swift
  /// await page.type("ada", into: "Search")
  /// await page.keyDown("ArrowDown", in: "Search")
  /// await page.keyDown("Enter", in: "Search")
  /// #expect(page.text(of: ".picked") == "Ada Lovelace")
  /// ```
  ///
  /// `key` is named as the DOM names it (`"Enter"`, `"Escape"`, `"k"`), with the modifiers
  /// held, joined by `+`: `"Meta+k"`, `"Control+Shift+p"`. `element` is a field's label,
  /// placeholder, `aria-label`, name or id, or a CSS selector. With a `TestStore` or a
  /// `TestStoreActor`, the trailing closure states the change.
  ///
  /// > Note: A page test sends at once what the page would debounce or throttle.
  ///
  /// > Important: Nothing is sent, and a failure is reported, when no element or several
  /// > match, when the element is disabled, and when nothing there answers that key.
  nonisolated(nonsending) public func keyDown(
    _ key: String, in element: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    assert expected: ((inout State) throws -> Void)? = nil
  ) async {
    let caller = Caller(fileID: fileID, filePath: filePath, line: line, column: column)
    await press(key, event: "keydown", in: element, expected: expected, caller: caller)
  }

  /// Releases `key` while `element` has focus (see
  /// ``keyDown(_:in:fileID:filePath:line:column:assert:)``).
  ///
  /// ```swift
  /// await page.keyUp("a", in: "Draft")
  /// ```
  nonisolated(nonsending) public func keyUp(
    _ key: String, in element: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    assert expected: ((inout State) throws -> Void)? = nil
  ) async {
    let caller = Caller(fileID: fileID, filePath: filePath, line: line, column: column)
    await press(key, event: "keyup", in: element, expected: expected, caller: caller)
  }

  /// Moves focus into `element`, as the page sends its ``PageEvent/focus`` (a field sends its
  /// text with it).
  ///
  /// ```swift
  /// await page.focus("Email")
  /// #expect(page.has(".hint"))
  /// ```
  ///
  /// > Important: An element that answers no focus, a disabled one, and a name that matches
  /// > no element or several are failures; nothing is sent.
  nonisolated(nonsending) public func focus(
    _ element: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    assert expected: ((inout State) throws -> Void)? = nil
  ) async {
    let caller = Caller(fileID: fileID, filePath: filePath, line: line, column: column)
    await focusEvent("focus", element, expected: expected, caller: caller)
  }

  /// Takes focus out of `element`, as the page sends its ``PageEvent/blur`` (a field sends its
  /// text with it): what a form checks when a field is left.
  ///
  /// ```swift
  /// await page.type("ada@", into: "Email")
  /// await page.blur("Email")
  /// #expect(page.text(of: "#email-error") == "That is not an email address.")
  /// ```
  ///
  /// > Important: An element that answers no blur, a disabled one, and a name that matches no
  /// > element or several are failures; nothing is sent.
  nonisolated(nonsending) public func blur(
    _ element: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    assert expected: ((inout State) throws -> Void)? = nil
  ) async {
    let caller = Caller(fileID: fileID, filePath: filePath, line: line, column: column)
    await focusEvent("blur", element, expected: expected, caller: caller)
  }

  /// Presses `key` with focus outside every field, as a keyboard shortcut: each element that
  /// answers ``PageEvent/windowKeyDown(_:)`` for it sends it, in page order.
  ///
  /// ```swift
  /// await page.windowKeyDown("Meta+k")
  /// #expect(page.has("dialog.palette"))
  /// ```
  ///
  /// > Important: A key that no element answers is a failure.
  nonisolated(nonsending) public func windowKeyDown(
    _ key: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    assert expected: ((inout State) throws -> Void)? = nil
  ) async {
    let caller = Caller(fileID: fileID, filePath: filePath, line: line, column: column)
    await windowEvent("window-keydown", key: key, value: .string(Self.keyName(key)), expected: expected, caller: caller)
  }

  /// Releases `key` with focus outside every field (see
  /// ``windowKeyDown(_:fileID:filePath:line:column:assert:)``).
  ///
  /// ```swift
  /// await page.windowKeyUp("Shift")
  /// ```
  nonisolated(nonsending) public func windowKeyUp(
    _ key: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    assert expected: ((inout State) throws -> Void)? = nil
  ) async {
    let caller = Caller(fileID: fileID, filePath: filePath, line: line, column: column)
    await windowEvent("window-keyup", key: key, value: .string(Self.keyName(key)), expected: expected, caller: caller)
  }

  /// Resizes the window, as the page sends ``PageEvent/windowResize`` with a ``WindowSize``.
  ///
  /// ```swift
  /// await page.resizeWindow(width: 480, height: 800)
  /// #expect(page.has(".compact"))
  /// ```
  ///
  /// > Important: A page where no element answers the window's resizing is a failure.
  nonisolated(nonsending) public func resizeWindow(
    width: Int, height: Int,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    assert expected: ((inout State) throws -> Void)? = nil
  ) async {
    let caller = Caller(fileID: fileID, filePath: filePath, line: line, column: column)
    let json = #"{"width":\#(width),"height":\#(height)}"#
    await windowEvent("window-resize", key: nil, value: .string(json), expected: expected, caller: caller)
  }

  // MARK: Sending them

  /// The element `name` names: a field (as ``type(_:into:fileID:filePath:line:column:assert:)``
  /// finds one), else what `name` selects as a CSS selector.
  func element(_ name: String, caller: Caller) -> PageNode? {
    update()
    var matches = fields(named: name)
    if matches.isEmpty { matches = nodes(name) }
    guard matches.count == 1 else {
      caller.report(matches.isEmpty
        ? "The page has no element '\(name)' (no field of that label, and nothing it selects)."
        : "\(matches.count) elements match '\(name)': \(matches.prefix(6).map(describe).joined(separator: ", ")). Say which with a CSS selector.")
      return nil
    }
    return matches[0]
  }

  nonisolated(nonsending) private func press(
    _ key: String, event: String, in name: String,
    expected: ((inout State) throws -> Void)?, caller: Caller
  ) async {
    guard let node = element(name, caller: caller) else { return }
    guard !isDisabled(node) else {
      caller.report("Cannot press \(key) in \(describe(node)): it is disabled.")
      return
    }
    // The element, or the nearest around it, that answers the event (as the page finds it).
    guard let answering = ([node] + node.ancestors).first(where: { Self.answers($0, event) }) else {
      caller.report("Pressing \(key) in \(describe(node)) sends nothing: no element there answers \(event).")
      return
    }
    guard Self.matches(key, Self.options(of: answering, event)["keys"] as? [String]) else {
      caller.report("Pressing \(key) in \(describe(node)) sends nothing: \(describe(answering)) answers \(event) only for \(Self.keyList(answering, event)).")
      return
    }
    runCommands(of: answering, event)
    guard let handler = answering.attribute(PageProtocol.attributePrefix + event) else { return }
    await send(
      .event(handler: handler, value: .string(Self.keyName(key))), expected: expected, caller: caller)
  }

  nonisolated(nonsending) private func focusEvent(
    _ event: String, _ name: String, expected: ((inout State) throws -> Void)?, caller: Caller
  ) async {
    guard let node = element(name, caller: caller) else { return }
    guard !isDisabled(node) else {
      caller.report("Cannot \(event) \(describe(node)): it is disabled.")
      return
    }
    let ranCommands = runCommands(of: node, event)
    guard let handler = node.attribute(PageProtocol.attributePrefix + event) else {
      if !ranCommands { caller.report("\(describe(node)) sends nothing on \(event).") }
      return
    }
    let isField = node.tag == "input" || node.tag == "textarea" || node.tag == "select"
    let value: InputValue? = isField ? .string(fieldText(node)) : nil
    await send(.event(handler: handler, value: value), expected: expected, caller: caller)
  }

  nonisolated(nonsending) private func windowEvent(
    _ event: String, key: String?, value: InputValue,
    expected: ((inout State) throws -> Void)?, caller: Caller
  ) async {
    update()
    let listening = root.descendants.filter { node in
      guard Self.answers(node, event), !isDisabled(node) else { return false }
      guard let key else { return true }
      return Self.matches(key, Self.options(of: node, event)["keys"] as? [String])
    }
    guard !listening.isEmpty else {
      caller.report(key.map { "No element of the page answers \(event) for \($0)." }
        ?? "No element of the page answers \(event).")
      return
    }
    for (index, node) in listening.enumerated() {
      runCommands(of: node, event)
      guard let handler = node.attribute(PageProtocol.attributePrefix + event) else { continue }
      await send(
        .event(handler: handler, value: value), expected: index == 0 ? expected : nil, caller: caller)
    }
  }

  /// The text a field shows: its `value`, a text area's text, a drop-down's chosen option.
  private func fieldText(_ node: PageNode) -> String {
    switch node.tag {
    case "textarea": return node.visibleText
    case "select":
      let options = node.descendants.filter { $0.tag == "option" }
      return (options.first { $0.attribute("selected") != nil } ?? options.first)?.attribute("value") ?? ""
    default: return node.attribute("value") ?? ""
    }
  }

  // MARK: Keys and options, as the page script reads them

  /// The options of `node`'s `event` (its `data-ocaf-options`).
  static func options(of node: PageNode, _ event: String) -> [String: Any] {
    guard let text = node.attribute(PageProtocol.Attribute.options.name),
      let all = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
      let options = all[event] as? [String: Any]
    else { return [:] }
    return options
  }

  /// Whether `node` answers `event`: it has a handler or options for it.
  static func answers(_ node: PageNode, _ event: String) -> Bool {
    node.attribute(PageProtocol.attributePrefix + event) != nil
      || node.attribute(PageProtocol.Attribute.options.name).map { _ in !options(of: node, event).isEmpty } == true
  }

  private static func keyList(_ node: PageNode, _ event: String) -> String {
    ((options(of: node, event)["keys"] as? [String]) ?? []).map { "'\($0)'" }.joined(separator: ", ")
  }

  /// A key as `"Meta+k"` names it: its modifiers and the key itself.
  static func parseKey(_ text: String) -> (modifiers: Set<String>, key: String) {
    var parts = text.components(separatedBy: "+")
    var key = parts.removeLast()
    if key.isEmpty, parts.last == "" {
      parts.removeLast()
      key = "+"
    }
    return (Set(parts), key)
  }

  /// The key's own name, without its modifiers: what the page sends.
  static func keyName(_ text: String) -> String { parseKey(text).key }

  /// Whether the pressed key `text` matches one of `keys`, as the page script matches them:
  /// letters in either case, Alt, Control and Meta exactly, Shift only when a key names it.
  static func matches(_ text: String, _ keys: [String]?) -> Bool {
    guard let keys, !keys.isEmpty else { return true }
    let pressed = parseKey(text)
    return keys.contains { wanted in
      let filter = parseKey(wanted)
      guard filter.modifiers.isSubset(of: ["Alt", "Control", "Meta", "Shift"]) else { return false }
      for modifier in ["Alt", "Control", "Meta"]
      where filter.modifiers.contains(modifier) != pressed.modifiers.contains(modifier) {
        return false
      }
      if filter.modifiers.contains("Shift"), !pressed.modifiers.contains("Shift") { return false }
      return filter.key.lowercased() == pressed.key.lowercased()
    }
  }
}
#endif  // Web
#if Web
/// What a client command changed on an element (see ``LivePage``'s `commandState`).
enum CommandState {
  case hidden, className, attribute
}

extension LivePage {
  // MARK: Client commands

  /// Runs the client commands of `node`'s `event` on the page, as the browser does (see
  /// ``JS``); whether it has any. Focus and dispatched events have nothing to change here.
  @discardableResult
  func runCommands(of node: PageNode, _ event: String) -> Bool {
    guard let commands = Self.options(of: node, event)["js"] as? [[Any]], !commands.isEmpty else {
      return false
    }
    for command in commands {
      guard let name = command.first as? String else { continue }
      let arguments = (command.count > 1 ? command[1] as? [String: String] : nil) ?? [:]
      let targets: [(selector: String?, node: PageNode)] =
        arguments["to"].map { selector in nodes(selector).map { (selector, $0) } }
        ?? [(node.attribute("id").map { "#" + $0 }, node)]
      for (selector, target) in targets {
        for (kind, key, value) in Self.changes(of: name, arguments, on: target) {
          Self.set(kind, key, value, on: target)
          if let selector {
            commandState.removeAll { $0.selector == selector && $0.kind == kind && $0.name == key }
            commandState.append((selector, kind, key, value))
          }
        }
      }
    }
    return true
  }

  /// Applies again what commands changed, after a render or a patch.
  func reapplyCommands() {
    for (selector, kind, name, value) in commandState {
      for target in nodes(selector) { Self.set(kind, name, value, on: target) }
    }
  }

  /// What command `name` changes on `target`: each change as (kind, name, new value or nil).
  private static func changes(
    of name: String, _ arguments: [String: String], on target: PageNode
  ) -> [(CommandState, String, String?)] {
    let classes = (arguments["names"] ?? "").split(separator: " ").map(String.init)
    let has = Set((target.attribute("class") ?? "").split(separator: " ").map(String.init))
    switch name {
    case "show": return [(.hidden, "hidden", nil)]
    case "hide": return [(.hidden, "hidden", "")]
    case "toggle": return [(.hidden, "hidden", target.attribute("hidden") == nil ? "" : nil)]
    case "add-class": return classes.map { (.className, $0, "") }
    case "remove-class": return classes.map { (.className, $0, nil) }
    case "toggle-class": return classes.map { (.className, $0, has.contains($0) ? nil : "") }
    case "set-attribute":
      guard let attribute = arguments["name"], !attribute.lowercased().hasPrefix("on") else { return [] }
      return [(.attribute, attribute, arguments["value"] ?? "")]
    case "remove-attribute":
      guard let attribute = arguments["name"], !attribute.lowercased().hasPrefix("on") else { return [] }
      return [(.attribute, attribute, nil)]
    default: return []
    }
  }

  private static func set(_ kind: CommandState, _ name: String, _ value: String?, on target: PageNode) {
    switch kind {
    case .hidden, .attribute:
      target.attributes.removeAll { $0.name == name }
      if let value { target.attributes.append((name: name, value: value)) }
    case .className:
      var classes = (target.attribute("class") ?? "").split(separator: " ").map(String.init)
      classes.removeAll { $0 == name }
      if value != nil { classes.append(name) }
      target.attributes.removeAll { $0.name == "class" }
      if !classes.isEmpty { target.attributes.append((name: "class", value: classes.joined(separator: " "))) }
    }
  }
}
#endif  // Web
#if Web
extension LivePage {
  // MARK: Client hooks

  /// Sends the hook event `event` with `payload` from the hook's element `element`, as the hook's
  /// `this.pushEvent(event, payload)` does in the browser (see ``Node/hook(_:ownsContent:events:)``).
  ///
  /// ```swift
  /// await page.push("picked", Bar(index: 2), from: ".chart")
  /// #expect(page.text(of: "#picked") == "Picked bar 3")
  /// ```
  ///
  /// `element` is a CSS selector, or a field's label. With a `TestStore` or a `TestStoreActor`,
  /// the trailing closure states the change.
  ///
  /// > Important: An element that names no hook, one without a handler for `event`, a payload
  /// > that does not encode, and a selector that matches no element or several are failures;
  /// > nothing is sent.
  nonisolated(nonsending) public func push(
    _ event: String, _ payload: some Encodable, from element: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    assert expected: ((inout State) throws -> Void)? = nil
  ) async {
    let caller = Caller(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let node = self.element(element, caller: caller) else { return }
    guard let hook = node.attribute(PageProtocol.Attribute.hook.name) else {
      caller.report("\(describe(node)) runs no client hook.")
      return
    }
    guard
      let handler = node.attribute(
        PageProtocol.attributePrefix + PageProtocol.hookEventPrefix + event)
    else {
      caller.report("The element of hook \(hook), \(describe(node)), has no handler for the event '\(event)'.")
      return
    }
    let json: String
    do {
      json = String(decoding: try JSONEncoder().encode(payload), as: UTF8.self)
    } catch {
      caller.report("The payload of '\(event)' does not encode as JSON: \(error)")
      return
    }
    await send(.event(handler: handler, value: .string(json)), expected: expected, caller: caller)
  }
}
#endif  // Web
#if Web
/// A file a page test chooses in a file input (see
/// ``LivePage/upload(_:to:fileID:filePath:line:column:)``).
///
/// ```swift
/// LivePageFile(name: "notes.txt", type: "text/plain", contents: Data("Hello".utf8))
/// ```
public struct LivePageFile: Sendable {
  /// The file's name, as the page reports it.
  ///
  /// ```swift
  /// file.name = "notes.txt"
  /// ```
  public var name: String
  /// Its MIME type, as the page reports it.
  ///
  /// ```swift
  /// file.type = "text/plain"
  /// ```
  public var type: String
  /// Its bytes: what the page sends, chunk by chunk.
  ///
  /// ```swift
  /// file.contents = Data(repeating: 0, count: 100_000)
  /// ```
  public var contents: Data

  /// A file to upload.
  ///
  /// ```swift
  /// LivePageFile(name: "cat.png", type: "image/png", contents: try Data(contentsOf: catURL))
  /// ```
  public init(name: String, type: String, contents: Data) {
    self.name = name
    self.type = type
    self.contents = contents
  }
}

extension LivePage {
  // MARK: Uploads

  /// Chooses `files` in the file input `field` and sends them, as the page does: their names,
  /// sizes and types first, then, chunk by chunk, the bytes of each file the feature accepted
  /// (see ``fileInput(_:_:)``), until every accepted file is whole or stops.
  ///
  /// ```swift
  /// await page.upload([LivePageFile(name: "notes.txt", type: "text/plain", contents: Data("Hi".utf8))], to: "Files")
  /// #expect(page.text(of: ".entry .status") == "Uploaded")
  /// ```
  ///
  /// `field` names the input as ``type(_:into:fileID:filePath:line:column:assert:)`` does.
  ///
  /// > Important: It needs a page of a `LiveStore` (a test store would have to receive every
  /// > chunk's progress). An input that takes no uploads, a disabled one, and a name that matches
  /// > no field or several are failures; nothing is sent.
  nonisolated(nonsending) public func upload(
    _ files: [LivePageFile], to field: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let caller = Caller(fileID: fileID, filePath: filePath, line: line, column: column)
    guard testDriver == nil else {
      caller.report("upload(_:to:) needs a page of a LiveStore, not of a test store.")
      return
    }
    update()
    guard let node = self.field(field, caller: caller) else { return }
    guard !isDisabled(node), let handler = node.attribute(PageProtocol.Attribute.upload.name) else {
      caller.report("\(describe(node)) \(isDisabled(node) ? "is disabled" : "takes no uploads").")
      return
    }
    let first = uploadCount
    uploadCount += files.count
    let reported = files.enumerated().map { index, file in
      UploadFile(ref: first + index, name: file.name, size: file.contents.count, type: file.type)
    }
    guard let json = try? JSONEncoder().encode(UploadSelection(files: reported)) else { return }
    await send(
      .event(handler: handler, value: .string(String(decoding: json, as: UTF8.self))),
      expected: nil, caller: caller)
    // Then each chunk the page's render asks for, as the page script sends them.
    var sent: Set<String> = []
    while true {
      update()
      let inputs = root.descendants.filter { $0.attribute(PageProtocol.Attribute.upload.name) != nil }
      var next: UploadChunk?
      for input in inputs {
        guard let handler = input.attribute(PageProtocol.Attribute.upload.name),
          let text = input.attribute(PageProtocol.Attribute.uploadEntries.name),
          let entries = try? JSONDecoder().decode([Waiting].self, from: Data(text.utf8))
        else { continue }
        for entry in entries where (first..<uploadCount).contains(entry.ref) {
          let key = "\(entry.entry)@\(entry.received)"
          guard !sent.contains(key) else { continue }
          let contents = files[entry.ref - first].contents
          let end = min(entry.size, entry.received + chunkSize, contents.count)
          guard entry.received <= end else { continue }
          sent.insert(key)
          next = UploadChunk(
            handler: handler, entry: entry.entry, offset: entry.received,
            bytes: Array(contents[(contents.startIndex + entry.received)..<(contents.startIndex + end)]))
          break
        }
        if next != nil { break }
      }
      guard let chunk = next else { break }
      session.receive(binary: chunk.message)
    }
    update()
  }

  /// What the page reports of the files chosen.
  private struct UploadSelection: Encodable {
    var files: [UploadFile]
  }

  /// An entry a file input's render waits for.
  private struct Waiting: Decodable {
    var entry: String
    var received: Int
    var ref: Int
    var size: Int
  }
}
#endif  // Web
#if Web
extension LivePage {
  // MARK: Coming into view

  /// Scrolls `element` into view, as the page sends its ``PageEvent/visible``: what loads a
  /// stream's next rows in an infinite scroll.
  ///
  /// ```swift
  /// await page.scrollTo("#load-more")
  /// #expect(page.findAll("ul.rows li").count == 100)
  /// ```
  ///
  /// > Important: An element that answers no `visible`, and a selector that matches no element
  /// > or several, are failures; nothing is sent.
  nonisolated(nonsending) public func scrollTo(
    _ element: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column,
    assert expected: ((inout State) throws -> Void)? = nil
  ) async {
    let caller = Caller(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let node = self.element(element, caller: caller) else { return }
    runCommands(of: node, "visible")
    guard let handler = node.attribute(PageProtocol.Attribute.visible.name) else {
      caller.report("\(describe(node)) sends nothing when it comes into view.")
      return
    }
    await send(.event(handler: handler), expected: expected, caller: caller)
  }
}
#endif  // Web
