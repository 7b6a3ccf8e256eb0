#if Hummingbird
import Testing

@testable import ComposableWeb

@Suite struct HTMLWriterTests {
  @Test func voidElementsAreTheHTMLOnesExactly() {
    let void = [
      "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
      "track", "wbr",
    ]
    for tag in void { #expect(HTMLWriter.isVoidElement(tag), "\(tag)") }
    // Same length and first letter as a void one, a prefix of one, or longer.
    let others = [
      "", "b", "bx", "hx", "div", "cat", "ima", "wbs", "abbr", "bass", "line", "menu", "ember",
      "inputs", "track2", "sources", "span", "button", "textarea", "BR", "Img",
    ]
    for tag in others { #expect(!HTMLWriter.isVoidElement(tag), "\(tag)") }
  }

  @Test func aVoidElementHasNoClosingTag() {
    var output: [UInt8] = []
    HTMLWriter.closeTag("br", into: &output)
    HTMLWriter.closeTag("bx", into: &output)
    #expect(String(decoding: output, as: UTF8.self) == "</bx>")
  }

  @Test func namesCompareIgnoringTheCaseOfASCIILettersOnly() {
    #expect(HTMLWriter.equalsIgnoringASCIICase("type", "type"))
    #expect(HTMLWriter.equalsIgnoringASCIICase("TYPE", "type"))
    #expect(HTMLWriter.equalsIgnoringASCIICase("Disabled", "disabled"))
    #expect(HTMLWriter.equalsIgnoringASCIICase("data-X", "data-x"))
    #expect(!HTMLWriter.equalsIgnoringASCIICase("types", "type"))
    #expect(!HTMLWriter.equalsIgnoringASCIICase("typ", "type"))
    #expect(!HTMLWriter.equalsIgnoringASCIICase("tipe", "type"))
    // Only letters fold: `@` is `` ` `` with the case bit cleared, and `-` is not `\r`.
    #expect(!HTMLWriter.equalsIgnoringASCIICase("@", "`"))
    #expect(!HTMLWriter.equalsIgnoringASCIICase("\r", "-"))
    // A Kelvin sign is no `k`, in HTML's attribute names as here.
    #expect(!HTMLWriter.equalsIgnoringASCIICase("\u{212A}ey", "key"))
  }
}
#endif  // Hummingbird
