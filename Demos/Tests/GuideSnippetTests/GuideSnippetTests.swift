import Foundation
import Testing

/// The guide quotes code that CI compiles: every Swift snippet of the web guide's "Serve your
/// own feature" (`Web/README.md`) and of the DocC article of that name is, as it is, in the
/// guide's feature (`Sources/GuideFeature`), the app that serves it
/// (`Sources/GuideExample/main.swift`) or its page tests (`Tests/GuideFeatureTests`), and its
/// manifest is the one CI builds them with as an outside package
/// (`.ci/consumers/Guide/Package.swift`).
@Suite struct GuideSnippetTests {
  static let compiled = [
    "Sources/GuideFeature/Greeting.swift", "Sources/GuideExample/main.swift",
    "Tests/GuideFeatureTests/GreetingPageTests.swift",
  ]

  /// The Demos package's folder.
  static let package = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  func text(_ path: String) throws -> String {
    try String(contentsOf: Self.package.appending(path: path), encoding: .utf8)
  }

  /// Expects every ```swift block of `markdown` in the compiled example.
  func expectSnippetsCompiled(_ markdown: some StringProtocol) throws {
    let example = try Self.compiled.map(text).joined(separator: "\n")
    let snippets = markdown.components(separatedBy: "```swift\n").dropFirst().map {
      $0.components(separatedBy: "```")[0]
    }
    #expect(snippets.count >= 3)
    for snippet in snippets {
      #expect(example.contains(snippet), "not in the compiled guide:\n\(snippet)")
    }
  }

  @Test func everySnippetOfTheReadmeGuideIsInTheCompiledExample() throws {
    let readme = try text("../Web/README.md")
    let start = try #require(readme.range(of: "## Serve your own feature"))
    let section = readme[start.upperBound...]
    try expectSnippetsCompiled(section[..<(section.range(of: "\n## ")?.lowerBound ?? section.endIndex)])
  }

  /// The code of the to-do lists app, which the database guide quotes.
  static let todoLists = [
    "Sources/TodoLists/App.swift", "Sources/TodoLists/Database.swift", "Sources/TodoLists/Lists.swift",
    "Sources/TodoListsServer/main.swift", "Tests/TodoListsTests/ListsPageTests.swift",
  ]

  /// Expects every ```swift block of `markdown` in the to-do lists app's code: `count` of them.
  func expectSnippetsInTodoLists(_ markdown: some StringProtocol, count: Int) throws {
    let code = try Self.todoLists.map(text).joined(separator: "\n")
    let snippets = markdown.components(separatedBy: "```swift\n").dropFirst().map {
      $0.components(separatedBy: "```")[0]
    }
    #expect(snippets.count == count)
    for snippet in snippets {
      #expect(code.contains(snippet), "not in the to-do lists app:\n\(snippet)")
    }
  }

  @Test func everySnippetOfTheDatabaseArticleIsTheToDoListsAppsCode() throws {
    try expectSnippetsInTodoLists(
      try text("../Sources/ComposableDatabase/ComposableDatabase.docc/SharedStateInADatabase.md"),
      count: 11)
  }

  @Test func everySnippetOfTheReadmesDatabaseSectionIsTheToDoListsAppsCode() throws {
    let readme = try text("../Web/README.md")
    let start = try #require(readme.range(of: "## Shared state in a database"))
    let section = readme[start.upperBound...]
    try expectSnippetsInTodoLists(section[..<(section.range(of: "\n## ")?.lowerBound ?? section.endIndex)], count: 3)
  }





  /// Expects every ```swift block of the README's section `heading` in `files` (paths in the
  /// Demos package), verbatim: `count` of them.
  func expectReadmeSection(_ heading: String, quotes files: [String], count: Int) throws {
    let code = try files.map(text).joined(separator: "\n")
    let readme = try text("../Web/README.md")
    let start = try #require(readme.range(of: "## " + heading + "\n"))
    let section = readme[start.upperBound...]
    let snippets = section[..<(section.range(of: "\n## ")?.lowerBound ?? section.endIndex)]
      .components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    #expect(snippets.count == count)
    for snippet in snippets {
      #expect(code.contains(snippet), "not in \(files.joined(separator: ", ")):\n\(snippet)")
    }
  }

  /// The README's section on keys, focus and client commands quotes the case study's page and
  /// its page tests.
  @Test func everySnippetOfThePageEventsSectionIsTheCaseStudysCode() throws {
    try expectReadmeSection(
      "Keys, focus and client commands",
      quotes: ["Sources/CaseStudies/KeysAndFocus.swift", "Tests/CaseStudiesTests/KeysAndFocusPageTests.swift"],
      count: 6)
  }

  /// The README's section on client hooks quotes the case study, its page and its page tests.
  @Test func everySnippetOfTheClientHooksSectionIsTheCaseStudysCode() throws {
    try expectReadmeSection(
      "Client hooks", quotes: [
        "Sources/CaseStudies/ClientHooks.swift", "Sources/CaseStudies/CaseStudies.swift",
        "Tests/CaseStudiesTests/ClientHooksPageTests.swift",
      ], count: 5)
  }

  /// The README's section on file uploads quotes the case study and its page tests.
  @Test func everySnippetOfTheFileUploadsSectionIsTheCaseStudysCode() throws {
    try expectReadmeSection(
      "File uploads",
      quotes: ["Sources/CaseStudies/FileUploads.swift", "Tests/CaseStudiesTests/FileUploadsPageTests.swift"],
      count: 4)
  }

  /// The README's section on streams quotes the case study and its page tests.
  @Test func everySnippetOfTheStreamsSectionIsTheCaseStudysCode() throws {
    try expectReadmeSection(
      "Long lists: streams",
      quotes: ["Sources/CaseStudies/InfiniteScroll.swift", "Tests/CaseStudiesTests/InfiniteScrollPageTests.swift"],
      count: 5)
  }

  /// The README's Vapor snippet is the Vapor case studies server's code.
  @Test func theVaporSnippetIsTheVaporServersCode() throws {
    let readme = try text("../Web/README.md")
    let start = try #require(readme.range(of: "## Serve it with Vapor"))
    let section = readme[start.upperBound...]
    let snippets = section[..<(section.range(of: "\n## ")?.lowerBound ?? section.endIndex)]
      .components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    let server = try text("Sources/CaseStudiesVapor/main.swift")
    #expect(snippets.count == 1)
    for snippet in snippets {
      #expect(server.contains(snippet), "not in CaseStudiesVapor/main.swift:\n\(snippet)")
    }
  }

  /// The guide's manifest is, whole, the one CI builds the example with as an outside package
  /// that depends on this repository by URL.
  @Test func theGuidesManifestIsTheOutsidePackagesManifest() throws {
    let readme = try text("../Web/README.md")
    let start = try #require(readme.range(of: "```swift Package.swift\n"))
    let manifest = readme[start.upperBound...].components(separatedBy: "```")[0]
    #expect(manifest == (try text("../.ci/consumers/Guide/Package.swift")))
  }

  @Test func everySnippetOfTheDocCArticleIsInTheCompiledExample() throws {
    try expectSnippetsCompiled(
      text("../Sources/ComposableWeb/ComposableWeb.docc/ServeYourOwnFeature.md"))
  }

  @Test func everySnippetOfThePageTestingArticleIsInTheCompiledExample() throws {
    try expectSnippetsCompiled(
      text("../Sources/ComposableWebTesting/ComposableWebTesting.docc/TestingPages.md"))
  }
}
