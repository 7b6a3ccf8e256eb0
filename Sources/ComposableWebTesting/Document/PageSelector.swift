#if Web
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
