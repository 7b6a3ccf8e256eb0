import CaseStudies
import ComposableArchitecture
import ComposableWeb
import ComposableWebTesting
import Foundation
import Testing

/// The uploads' page, with files from the test: sent in chunks, refused before any byte, and
/// filed away by the feature's effect.
@PageTestActor
@Suite struct FileUploadsPageTests {
  func makePage() -> LivePage<FileUploads.State, FileUploads.Action> {
    LivePage(
      store: LiveStore(initialState: FileUploads.State()) { FileUploads() },
      view: fileUploadsView)
  }

  @Test func aTextFileIsUploadedInChunksAndFiledAwayWithItsFirstLine() async {
    let page = makePage()
    let text = "Shopping list\n" + String(repeating: "milk, bread, eggs\n", count: 2_000)
    await page.upload(
      [LivePageFile(name: "list.txt", type: "text/plain", contents: Data(text.utf8))], to: "files")
    await page.waitFor { $0.has("ul.saved") }
    #expect(page.text(of: "ul.saved li")?.hasPrefix("list.txt, \(text.utf8.count) bytes") == true)
    #expect(page.text(of: "ul.saved li q") == "Shopping list")
    #expect(!page.has("ul.entries li"))
  }

  @Test func filesTooLargeOfTheWrongTypeOrTooManyAreRefusedBeforeAnyByte() async {
    let page = makePage()
    await page.upload(
      [
        LivePageFile(name: "huge.txt", type: "text/plain", contents: Data(count: 200_001)),
        LivePageFile(name: "tool.exe", type: "application/octet-stream", contents: Data([1])),
      ], to: "files")
    #expect(page.findAll("ul.entries .status").map(\.text) == ["Larger than 200 kB.", "Not a type this field takes."])
    await page.click("[data-entry='huge.txt'] button")
    #expect(page.findAll("ul.entries li").count == 1)
    let four = (1...4).map { LivePageFile(name: "n\($0).md", type: "text/markdown", contents: Data("# \($0)".utf8)) }
    await page.upload(four, to: "files")
    await page.waitFor { $0.findAll("ul.saved li").count == 3 }
    #expect(page.text(of: "[data-entry='n4.md'] .status") == "More than 3 files.")
  }

  @Test func anInputThatTakesNoUploadsIsAFailure() async {
    let page = makePage()
    await withKnownIssue {
      await page.upload([LivePageFile(name: "a.txt", type: "text/plain", contents: Data())], to: "nope")
    } matching: { $0.description.contains("no field labelled 'nope'") }
  }
}
