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
#endif  // Web
