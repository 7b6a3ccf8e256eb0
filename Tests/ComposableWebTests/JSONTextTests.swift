#if Hummingbird
import Foundation
import Testing

@testable import ComposableWeb

@Suite struct JSONTextTests {
  /// What `JSONEncoder` writes for `value` with the server's formatting.
  func encoded(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  struct Render: Encodable {
    let type: String
    let session: String
    let html: String
  }

  struct Patch: Encodable {
    struct Part: Encodable {
      let id: String
      let html: String
    }
    let type: String
    let patches: [Part]
    let values: [ServerMessage.Patch.Value]
  }

  /// Every control character, both escapes, slashes, non-ASCII text and an emoji whose
  /// scalars combine.
  static let awkward: [String] = [
    "",
    "plain",
    String((0..<32).map { Character(Unicode.Scalar(UInt8($0))) }),
    #"<p class="a\b">x/y</p>"#,
    "café, 日本語, 👩‍👩‍👧, e\u{301}, \u{7F}\u{2028}",
    "\"",
    "\\",
    "end\n",
  ]

  @Test func aRenderIsWhatJSONEncoderWrites() throws {
    for text in Self.awkward {
      #expect(
        JSONText.render(session: "s\(text)", html: Array(text.utf8))
          == (try encoded(Render(type: "render", session: "s\(text)", html: text))))
    }
  }

  @Test func aPatchIsWhatJSONEncoderWrites() throws {
    let parts = Self.awkward.enumerated().map { (id: "c.\($0.offset)\($0.element)", html: $0.element) }
    let values = [
      ServerMessage.Patch.Value(handler: "h1", value: .string("a \"b\"\n")),
      ServerMessage.Patch.Value(handler: "h2", value: .number(2.5)),
      ServerMessage.Patch.Value(handler: "h3", value: .number(7)),
      ServerMessage.Patch.Value(handler: "h4", value: .bool(false)),
    ]
    for values in [[], values] {
      #expect(
        JSONText.patch(parts.map { (id: $0.id, html: Array($0.html.utf8)) }, values: values)
          == (try encoded(
            Patch(
              type: "patch", patches: parts.map { Patch.Part(id: $0.id, html: $0.html) },
              values: values))))
    }
    #expect(JSONText.patch([], values: []) == #"{"patches":[],"type":"patch","values":[]}"#)
  }

  @Test func onlyAPlainClickIsReadWithoutADecoder() {
    #expect(JSONText.plainHandler(in: #"{"handler":"h12"}"#) == "h12")
    #expect(JSONText.plainHandler(in: #"{"handler":"a-Z_9"}"#) == "a-Z_9")
    // Anything else is left to JSONDecoder, which reads (or refuses) it as before.
    #expect(JSONText.plainHandler(in: #"{"handler":""}"#) == nil)
    #expect(JSONText.plainHandler(in: #"{"handler":"h1","value":"x"}"#) == nil)
    #expect(JSONText.plainHandler(in: #"{ "handler":"h1"}"#) == nil)
    #expect(JSONText.plainHandler(in: #"{"handler":"h\u0031"}"#) == nil)
    #expect(JSONText.plainHandler(in: #"{"handler":"h"1"}"#) == nil)
    #expect(JSONText.plainHandler(in: #"{"handler":"h1"}x"#) == nil)
    #expect(JSONText.plainHandler(in: #"{"handler":"é"}"#) == nil)
    #expect(JSONText.plainHandler(in: #"{"handlex":"h1"}"#) == nil)
    for short in ["", "}", #""}"#, #"{"handler":"}"#] {
      #expect(JSONText.plainHandler(in: short) == nil, "\(short)")
    }
  }

  @Test func aMessageReadEitherWayIsTheSame() {
    for text in [#"{"handler":"h7"}"#, #"{ "handler" : "h7" }"#, #"{"handler":"h\u0037"}"#] {
      #expect(ClientMessage.read(text) == .message(.event(handler: "h7")), "\(text)")
    }
    #expect(ClientMessage.read(#"{"handler":"h7""#) == .malformed)
  }

  @Test func theReaderReadsStringsAsJSONDecoderDoes() throws {
    let texts = Self.awkward + [
      "\u{10FFFF}", "a\u{1F600}b", "\u{2028}\u{2029}",
    ]
    for text in texts {
      let json = try encoded([text])
      #expect(JSONReader.read(json) == .array([.string(text)]), "\(json)")
    }
    // Escapes other writers use: \/, \u with upper-case digits, a surrogate pair.
    #expect(JSONReader.read(#"["a\/b\u00E9\ud83d\ude00"]"#) == .array([.string("a/bé😀")]))
    let object = try #require(
      JSONReader.read(#" { "n" : -2.5e3 , "t" : true, "f": false, "z": null, "o": {}, "a": [] } "#))
    #expect(object["n"] == .number(-2500))
    #expect(object["t"] == .bool(true))
    #expect(object["f"] == .bool(false))
    #expect(object["z"] == .null)
    #expect(object["o"] == .object([]))
    #expect(object["a"] == .array([]))
    #expect(object["missing"] == nil)
  }

  @Test func theReaderRefusesWhatIsNotJSON() {
    for text in [
      "", "{", "}", #"{"a"}"#, #"{"a":}"#, #"{"a":1,}"#, "[1,]", #"["a"#, #"["\x"]"#,
      #"["\ud83d"]"#, "[tru]", "[1] 2", "[\"a\nb\"]",
      // A lone low surrogate, short hex, a trailing backslash, a raw control byte after an escape.
      #"["\udc00"]"#, #"["\u00"]"#, #"["a\"#, "[\"\\n\u{01}\"]",
      String(repeating: "[", count: 100) + String(repeating: "]", count: 100),
    ] {
      #expect(JSONReader.read(text) == nil, "\(text)")
    }
  }
}
#endif  // Hummingbird
