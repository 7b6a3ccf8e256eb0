#if Web
/// The page as the browser would hold it: a tree of elements and text made from a session's
/// render and changed by its patches, as the page script changes the real page.
final class PageNode {
  enum Kind {
    case element(tag: String)
    case text(String)
  }

  var kind: Kind
  var attributes: [(name: String, value: String)]
  var children: [PageNode] = []
  weak var parent: PageNode?

  init(tag: String, attributes: [(name: String, value: String)] = []) {
    self.kind = .element(tag: tag)
    self.attributes = attributes
  }

  init(text: String) {
    self.kind = .text(text)
    self.attributes = []
  }

  var tag: String? {
    if case let .element(tag) = kind { return tag }
    return nil
  }

  func attribute(_ name: String) -> String? {
    attributes.first { $0.name == name }?.value
  }

  func setChildren(_ nodes: [PageNode]) {
    for child in children where child.parent === self { child.parent = nil }
    children = nodes
    for child in nodes { child.parent = self }
  }

  /// Every element below this node, in document order.
  var descendants: [PageNode] {
    var found: [PageNode] = []
    func walk(_ node: PageNode) {
      for child in node.children where child.tag != nil {
        found.append(child)
        walk(child)
      }
    }
    walk(self)
    return found
  }

  var ancestors: [PageNode] {
    var found: [PageNode] = []
    var at = parent
    while let node = at {
      found.append(node)
      at = node.parent
    }
    return found
  }

  /// The text a reader sees, without styles and scripts, its runs of white space made one space.
  var visibleText: String {
    var text = ""
    func walk(_ node: PageNode) {
      switch node.kind {
      case let .text(run): text += run
      case let .element(tag):
        guard tag != "style", tag != "script" else { return }
        if Self.isBlock(tag) { text += " " }
        for child in node.children { walk(child) }
        if Self.isBlock(tag) { text += " " }
      }
    }
    walk(self)
    return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  private static func isBlock(_ tag: String) -> Bool {
    switch tag {
    case "p", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "section", "form",
      "fieldset", "dialog", "table", "tr", "td", "th", "br", "label", "button", "main", "nav",
      "header", "footer", "article", "legend", "option", "select":
      return true
    default:
      return false
    }
  }

  /// The node's markup, as the server wrote it.
  var html: String {
    switch kind {
    case let .text(text):
      return parent?.tag == "style" || parent?.tag == "script" ? text : Self.escaped(text, quotes: false)
    case let .element(tag):
      var markup = "<" + tag
      for (name, value) in attributes { markup += " \(name)=\"\(Self.escaped(value, quotes: true))\"" }
      markup += ">"
      guard !PageParser.voidElements.contains(tag) else { return markup }
      return markup + children.map(\.html).joined() + "</\(tag)>"
    }
  }

  var innerHTML: String { children.map(\.html).joined() }

  private static func escaped(_ text: String, quotes: Bool) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"" where quotes: result += "&quot;"
      case "'" where quotes: result += "&#39;"
      default: result.append(character)
      }
    }
    return result
  }
}

/// Reads the HTML the session writes: elements with double-quoted attributes, escaped text, void
/// elements, and raw text in `style` and `script`.
enum PageParser {
  static let voidElements: Set<String> = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
    "wbr",
  ]

  static func parse(_ html: String) -> [PageNode] {
    let top = PageNode(tag: "#fragment")
    var stack = [top]
    var rest = Substring(html)
    while !rest.isEmpty {
      if rest.hasPrefix("</") {
        guard let end = rest.firstIndex(of: ">") else { break }
        let tag = rest[rest.index(rest.startIndex, offsetBy: 2)..<end].lowercased()
        rest = rest[rest.index(after: end)...]
        if let index = stack.lastIndex(where: { $0.tag == tag }), index > 0 {
          stack.removeSubrange(index...)
        }
      } else if rest.hasPrefix("<"), let (element, after) = openTag(rest) {
        stack.last!.children.append(element)
        element.parent = stack.last!
        rest = after
        let tag = element.tag!
        if tag == "style" || tag == "script" {
          let close = "</\(tag)>"
          let end = rest.range(of: close)?.lowerBound ?? rest.endIndex
          if end > rest.startIndex {
            element.setChildren([PageNode(text: String(rest[..<end]))])
          }
          rest = end == rest.endIndex ? rest[end...] : rest[rest.index(end, offsetBy: close.count)...]
        } else if !voidElements.contains(tag) {
          stack.append(element)
        }
      } else {
        let end = rest.dropFirst().firstIndex(of: "<") ?? rest.endIndex
        let text = PageNode(text: decoded(rest[..<end]))
        text.parent = stack.last!
        stack.last!.children.append(text)
        rest = rest[end...]
      }
    }
    let nodes = top.children
    for node in nodes { node.parent = nil }
    return nodes
  }

  /// An opening tag at the start of `text`, and what follows it.
  private static func openTag(_ text: Substring) -> (PageNode, Substring)? {
    var index = text.index(after: text.startIndex)
    let nameStart = index
    while index < text.endIndex, !text[index].isWhitespace, text[index] != ">", text[index] != "/" {
      index = text.index(after: index)
    }
    guard index > nameStart else { return nil }
    let element = PageNode(tag: text[nameStart..<index].lowercased())
    while index < text.endIndex {
      let character = text[index]
      if character == ">" {
        return (element, text[text.index(after: index)...])
      }
      if character.isWhitespace || character == "/" {
        index = text.index(after: index)
        continue
      }
      let attributeStart = index
      while index < text.endIndex, !text[index].isWhitespace, text[index] != "=", text[index] != ">" {
        index = text.index(after: index)
      }
      let name = String(text[attributeStart..<index])
      var value = ""
      if index < text.endIndex, text[index] == "=" {
        index = text.index(after: index)
        if index < text.endIndex, text[index] == "\"" {
          let valueStart = text.index(after: index)
          guard let valueEnd = text[valueStart...].firstIndex(of: "\"") else { return nil }
          value = decoded(text[valueStart..<valueEnd])
          index = text.index(after: valueEnd)
        } else {
          let valueStart = index
          while index < text.endIndex, !text[index].isWhitespace, text[index] != ">" {
            index = text.index(after: index)
          }
          value = decoded(text[valueStart..<index])
        }
      }
      element.attributes.append((name: name, value: value))
    }
    return nil
  }

  static func decoded(_ text: Substring) -> String {
    guard text.contains("&") else { return String(text) }
    var result = ""
    var rest = text
    while let ampersand = rest.firstIndex(of: "&") {
      result += rest[..<ampersand]
      rest = rest[ampersand...]
      guard let semicolon = rest.firstIndex(of: ";"), rest.distance(from: rest.startIndex, to: semicolon) <= 10
      else {
        result += "&"
        rest = rest.dropFirst()
        continue
      }
      let entity = rest[rest.index(after: rest.startIndex)..<semicolon]
      let character: String? =
        switch entity {
        case "amp": "&"
        case "lt": "<"
        case "gt": ">"
        case "quot": "\""
        case "apos": "'"
        case "nbsp": "\u{a0}"
        default:
          entity.hasPrefix("#x")
            ? UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
            : entity.hasPrefix("#")
              ? UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) } : nil
        }
      if let character {
        result += character
        rest = rest[rest.index(after: semicolon)...]
      } else {
        result += "&"
        rest = rest.dropFirst()
      }
    }
    return result + rest
  }
}

/// The CSS selectors page tests use: a tag, `#id`, `.class`, `[name]`, `[name="value"]` (also
/// `~=`, `^=`, `*=`), `:checked` and `:disabled`, combined, with descendant (` `) and child (`>`)
/// combinators, and `,` between alternatives.
struct PageSelector {
  private struct Compound {
    var tag: String?
    var tests: [(PageNode) -> Bool] = []
    func matches(_ node: PageNode) -> Bool {
      guard let nodeTag = node.tag else { return false }
      if let tag, tag != nodeTag { return false }
      return tests.allSatisfy { $0(node) }
    }
  }
  private enum Combinator { case descendant, child }
  /// Each alternative: its compounds from the right, with the combinator to the one on its left.
  private var alternatives: [[(Compound, Combinator?)]] = []

  /// Reads `text`; `nil` when it uses more than the forms above.
  init?(_ text: String) {
    for alternative in text.split(separator: ",") {
      var parts: [(Compound, Combinator?)] = []
      var pending: Combinator?
      var scanner = Substring(alternative.trimmingCharacters(in: .whitespaces))
      while !scanner.isEmpty {
        if scanner.first == ">" {
          pending = .child
          scanner = scanner.dropFirst().drop(while: \.isWhitespace)
          continue
        }
        guard let (compound, rest) = Self.compound(scanner) else { return nil }
        parts.append((compound, parts.isEmpty ? nil : (pending ?? .descendant)))
        pending = nil
        scanner = rest.drop(while: \.isWhitespace)
      }
      guard !parts.isEmpty else { return nil }
      alternatives.append(parts.reversed())
    }
    guard !alternatives.isEmpty else { return nil }
  }

  func matches(_ node: PageNode) -> Bool {
    alternatives.contains { Self.matches(node, $0[...]) }
  }

  private static func matches(_ node: PageNode, _ parts: ArraySlice<(Compound, Combinator?)>) -> Bool {
    guard let (compound, combinator) = parts.first, compound.matches(node) else { return false }
    let rest = parts.dropFirst()
    guard !rest.isEmpty else { return true }
    switch combinator {
    case .child:
      return node.parent.map { matches($0, rest) } ?? false
    default:
      return node.ancestors.contains { matches($0, rest) }
    }
  }

  private static func compound(_ text: Substring) -> (Compound, Substring)? {
    var compound = Compound()
    var rest = text
    func name(_ from: Substring) -> (String, Substring) {
      let end = from.firstIndex { !($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") } ?? from.endIndex
      return (String(from[..<end]), from[end...])
    }
    let (tag, afterTag) = name(rest)
    if !tag.isEmpty {
      compound.tag = tag.lowercased()
      rest = afterTag
    }
    while let first = rest.first, !first.isWhitespace, first != ">", first != "," {
      switch first {
      case "#":
        let (id, after) = name(rest.dropFirst())
        guard !id.isEmpty else { return nil }
        compound.tests.append { $0.attribute("id") == id }
        rest = after
      case ".":
        let (className, after) = name(rest.dropFirst())
        guard !className.isEmpty else { return nil }
        compound.tests.append {
          ($0.attribute("class") ?? "").split(separator: " ").contains { $0 == className }
        }
        rest = after
      case ":":
        let (pseudo, after) = name(rest.dropFirst())
        switch pseudo {
        case "checked": compound.tests.append { $0.attribute("checked") != nil || $0.attribute("selected") != nil }
        case "disabled": compound.tests.append { $0.attribute("disabled") != nil }
        default: return nil
        }
        rest = after
      case "[":
        guard let close = rest.firstIndex(of: "]") else { return nil }
        let body = rest[rest.index(after: rest.startIndex)..<close]
        rest = rest[rest.index(after: close)...]
        guard let test = attributeTest(body) else { return nil }
        compound.tests.append(test)
      default:
        return nil
      }
    }
    guard compound.tag != nil || !compound.tests.isEmpty else { return nil }
    return (compound, rest)
  }

  private static func attributeTest(_ body: Substring) -> ((PageNode) -> Bool)? {
    guard let equals = body.firstIndex(of: "=") else {
      let name = body.trimmingCharacters(in: .whitespaces)
      return { $0.attribute(name) != nil }
    }
    var nameEnd = equals
    var operation: Character = "="
    if equals > body.startIndex, "~^*$".contains(body[body.index(before: equals)]) {
      nameEnd = body.index(before: equals)
      operation = body[nameEnd]
    }
    let name = body[..<nameEnd].trimmingCharacters(in: .whitespaces)
    var value = body[body.index(after: equals)...].trimmingCharacters(in: .whitespaces)
    if value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote {
      value = String(value.dropFirst().dropLast())
    }
    let expected = value
    switch operation {
    case "~": return { ($0.attribute(name) ?? "").split(separator: " ").contains { $0 == expected } }
    case "^": return { $0.attribute(name)?.hasPrefix(expected) ?? false }
    case "$": return { $0.attribute(name)?.hasSuffix(expected) ?? false }
    case "*": return { $0.attribute(name)?.contains(expected) ?? false }
    default: return { $0.attribute(name) == expected }
    }
  }
}
#endif  // Web
