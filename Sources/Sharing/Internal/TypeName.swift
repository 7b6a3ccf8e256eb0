/// A type's name without module qualification: `Feature.Action` rather than
/// `MyApp.Feature.Action`, `Int` rather than `Swift.Int`.
@usableFromInline
package func typeName(_ type: Any.Type) -> String {
  var name = String(reflecting: type)
  // Drop extension and private-context decorations, which only add noise in messages.
  while let range = name.range(of: "(extension in ") {
    guard let end = name[range.upperBound...].range(of: "):") else { break }
    name.removeSubrange(range.lowerBound..<end.upperBound)
  }
  while let range = name.range(of: "(unknown context at ") {
    guard let end = name[range.upperBound...].range(of: ").") else { break }
    name.removeSubrange(range.lowerBound..<end.upperBound)
  }
  var result = ""
  var token = ""
  func flush() {
    // A token after a closing bracket, like `.State` in `Feature<Int>.State`, is a member of
    // what precedes it, not a module-qualified name.
    if token.first != ".", let dot = token.firstIndex(of: ".") {
      result += token[token.index(after: dot)...]
    } else {
      result += token
    }
    token = ""
  }
  for character in name {
    if character.isLetter || character.isNumber || character == "_" || character == "." {
      token.append(character)
    } else {
      flush()
      result.append(character)
    }
  }
  flush()
  return result
}
