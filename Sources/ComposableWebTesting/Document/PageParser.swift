#if Web
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
#endif  // Web
