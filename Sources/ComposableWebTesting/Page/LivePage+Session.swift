#if Web
import ComposableArchitecture
import ComposableWeb
import Foundation
import IssueReporting
import Logging

extension LivePage {
  // MARK: Messages

  nonisolated(nonsending) func send(
    _ message: ClientMessage, expected: ((inout State) throws -> Void)?, caller: Caller
  ) async {
    if let testDriver {
      // The page's store only records the action: what the session then sends the page (a
      // routed page's location above all) waits until the page's store has the test store's
      // state (see `update()`), or the session would see the page's store disagree.
      let output = session.output
      session.output = nil
      session.receive(message.text)
      await testDriver.forward(expected: expected, caller: caller)
      session.output = output
    } else {
      session.receive(message.text)
    }
    if testDriver == nil, expected != nil {
      caller.report("A page of a LiveStore takes no expected change: make it with a TestStore or a TestStoreActor to assert each step.")
    }
    update()
  }

  nonisolated(nonsending) func sendValue(
    _ value: InputValue, to node: PageNode, expected: ((inout State) throws -> Void)?, caller: Caller
  ) async {
    guard
      let handler = node.attribute(PageProtocol.Attribute.input.name)
        ?? node.attribute(PageProtocol.Attribute.change.name)
    else {
      caller.report("\(describe(node)) is \(isDisabled(node) ? "disabled" : "not bound to the state"): typing in it sends nothing.")
      return
    }
    await send(.event(handler: handler, value: value), expected: expected, caller: caller)
  }

  /// Applies what the session sent since the last look: renders, patches and locations.
  func update() {
    for message in inbox.withValue({ messages in defer { messages = [] }; return messages }) {
      apply(message)
    }
    // The test store's state, when it differs from what the page shows, is rendered afresh: it
    // may have got there by any number of steps the page's store did not take. Its patch comes
    // first, for a routed page's new location (pushed or replaced, as the route says).
    if testDriver?.sync() == true {
      if let patch = session.flush() { apply(patch) }
      apply(session.start())
      inbox.withValue { $0 = [] }
    }
    // What changed since (an effect's change, the test store's state) without waiting for the
    // session's own flush, which then finds nothing.
    if let message = session.flush() { apply(message) }
  }

  func apply(_ text: String) {
    let message: ServerMessage
    do {
      message = try ServerMessage(text: text)
    } catch {
      reportIssue("The session sent a message a page cannot read: \(error)")
      return
    }
    switch message {
    case let .render(render):
      let rows = streamRows(in: root)
      root.setChildren(PageParser.parse(render.html))
      keepStreamRows(rows, in: root)
      if let text = render.location { show(text, history: .replace) }
      reapplyCommands()
    case let .patch(patch):
      for part in patch.parts { applyPatch(part.id, html: part.html) }
      for stream in patch.streams { applyStream(stream) }
      recordedEvents += patch.events
      for value in patch.values {
        guard
          let field = root.descendants.first(where: {
            $0.attribute(PageProtocol.Attribute.input.name) == value.handler
              || $0.attribute(PageProtocol.Attribute.change.name) == value.handler
          })
        else { continue }
        let text = Self.shown(value.value)
        if let index = field.attributes.firstIndex(where: { $0.name == "value" }) {
          field.attributes[index].value = text
        } else {
          field.attributes.append((name: "value", value: text))
        }
      }
      if let location = patch.location { show(location.text, history: location.history) }
      reapplyCommands()
    case .attached, .refused, .replaced, .stopping, .reload:
      break
    }
  }

  /// Puts a routed page's location in its history, pushed or replacing the current entry.
  private func show(_ text: String, history kind: LiveHistory) {
    guard let location = LiveLocation(text: text) else { return }
    if kind == .push {
      history.removeSubrange(min(historyIndex + 1, history.count)...)
      history.append(location)
      historyIndex = history.count - 1
    } else if history.isEmpty {
      history = [location]
      historyIndex = 0
    } else {
      history[historyIndex] = location
    }
  }

  /// A value as a field shows it: a Boolean as `true` or `false`, a whole number without a
  /// fraction.
  private static func shown(_ value: InputValue) -> String {
    switch value {
    case let .string(text): text
    case let .bool(bool): bool ? "true" : "false"
    case let .number(number):
      number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
  }

  /// Replaces a component's contents with its new render, keeping the children the render
  /// marks as kept (`data-ocaf-keep`), as the page script does.
  private func applyPatch(_ id: String, html: String) {
    guard let target = root.descendants.first(where: { $0.attribute(PageProtocol.Attribute.component.name) == id })
    else { return }
    var kept: [String: PageNode] = [:]
    for node in target.descendants {
      if let component = node.attribute(PageProtocol.Attribute.component.name) { kept[component] = node }
    }
    let rows = streamRows(in: target)
    let fresh = PageParser.parse(html)
    defer { keepStreamRows(rows, in: target) }
    func substitute(_ nodes: [PageNode]) -> [PageNode] {
      nodes.map { node in
        if node.attribute(PageProtocol.Attribute.keep.name) != nil, let id = node.attribute(PageProtocol.Attribute.component.name),
          let old = kept[id]
        {
          return old
        }
        node.setChildren(substitute(node.children))
        return node
      }
    }
    target.setChildren(substitute(fresh))
  }

  // MARK: Streams

  /// The rows of each stream container under `node`, by the stream's name.
  private func streamRows(in node: PageNode) -> [String: [PageNode]] {
    var rows: [String: [PageNode]] = [:]
    for container in node.descendants {
      if let name = container.attribute(PageProtocol.Attribute.stream.name) { rows[name] = container.children }
    }
    return rows
  }

  /// Gives the stream containers under `node` the rows they had, as the page keeps them.
  private func keepStreamRows(_ rows: [String: [PageNode]], in node: PageNode) {
    for container in node.descendants {
      if let name = container.attribute(PageProtocol.Attribute.stream.name), let kept = rows[name] {
        container.setChildren(kept)
      }
    }
  }

  /// Applies a stream's operations to its container, as the page script does.
  private func applyStream(_ stream: ServerMessage.Patch.StreamChange) {
    guard
      let container = root.descendants.first(where: {
        $0.attribute(PageProtocol.Attribute.stream.name) == stream.name
      })
    else { return }
    var rows = container.children
    func index(of key: String) -> Int? {
      rows.firstIndex { $0.attribute(PageProtocol.Attribute.key.name) == key }
    }
    for operation in stream.operations {
      switch operation {
      case .reset:
        rows = []
      case let .delete(key):
        if let at = index(of: key) { rows.remove(at: at) }
      case let .insert(key, html, position):
        guard let row = PageParser.parse(html).first(where: { $0.tag != nil }) else { continue }
        if let at = index(of: key) {
          rows[at] = row
        } else if position == .start {
          rows.insert(row, at: 0)
        } else {
          rows.append(row)
        }
      }
    }
    container.setChildren(rows)
  }

}
#endif  // Web
