import Foundation
import Testing

/// The Web README's guide quotes code that CI compiles: every Swift snippet of its "Serve your
/// own feature" section is in `Sources/GuideExample/main.swift`, as it is.
@Suite struct GuideTests {
  static let package = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test func everySnippetOfTheGuideIsInTheCompiledExample() throws {
    let readme = try String(contentsOf: Self.package.appending(path: "README.md"), encoding: .utf8)
    let example = try String(
      contentsOf: Self.package.appending(path: "Sources/GuideExample/main.swift"), encoding: .utf8)
    let start = try #require(readme.range(of: "## Serve your own feature"))
    let section = readme[start.upperBound...]
    let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
    let snippets = section[..<end].components(separatedBy: "```swift\n").dropFirst().map {
      $0.components(separatedBy: "```")[0]
    }
    #expect(snippets.count >= 3)
    for snippet in snippets {
      #expect(example.contains(snippet), "not in GuideExample/main.swift:\n\(snippet)")
    }
  }
}
