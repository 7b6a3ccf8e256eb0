import Foundation
import Testing

/// The guide quotes code that CI compiles: every Swift snippet of the Web README's "Serve your
/// own feature" and of the DocC article of that name is in `Sources/GuideExample/main.swift`,
/// as it is.
@Suite struct GuideTests {
  static let package = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  func text(_ path: String) throws -> String {
    try String(contentsOf: Self.package.appending(path: path), encoding: .utf8)
  }

  /// Expects every ```swift block of `markdown` in the compiled example.
  func expectSnippetsCompiled(_ markdown: some StringProtocol) throws {
    let example = try text("Sources/GuideExample/main.swift")
    let snippets = markdown.components(separatedBy: "```swift\n").dropFirst().map {
      $0.components(separatedBy: "```")[0]
    }
    #expect(snippets.count >= 3)
    for snippet in snippets {
      #expect(example.contains(snippet), "not in GuideExample/main.swift:\n\(snippet)")
    }
  }

  @Test func everySnippetOfTheReadmeGuideIsInTheCompiledExample() throws {
    let readme = try text("README.md")
    let start = try #require(readme.range(of: "## Serve your own feature"))
    let section = readme[start.upperBound...]
    try expectSnippetsCompiled(section[..<(section.range(of: "\n## ")?.lowerBound ?? section.endIndex)])
  }

  @Test func everySnippetOfTheDocCArticleIsInTheCompiledExample() throws {
    try expectSnippetsCompiled(text("Sources/ComposableWeb/ComposableWeb.docc/ServeYourOwnFeature.md"))
  }
}
