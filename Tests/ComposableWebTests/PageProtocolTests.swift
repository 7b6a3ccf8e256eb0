#if Hummingbird
import ComposableWeb
import Foundation
import Testing

@Suite struct PageProtocolTests {
  static let awkward = ["", "plain", #"<p class="a\b">x/y</p>"#, "café 👩‍👩‍👧\n\u{1}", "\"\\"]

  @Test func everyServerMessageReadsBackAsWritten() throws {
    let page = ServerMessage.SwitchedPage(
      about: nil, base: "/todos", feature: "todos", heading: "To-dos", routed: true,
      summary: "Things to do", title: "To-dos · Demo")
    var messages: [ServerMessage] = [
      .attached(session: "s1"), .reload, .refused(reason: "Busy"), .replaced(reason: "Elsewhere"),
      .stopping(reason: "Bye"),
      .render(.init(session: "s1", html: "<p>1</p>")),
      .render(.init(session: "s1", html: "<p>1</p>", location: "/3?x=1", page: page)),
      .patch(.init(parts: [])),
      .patch(
        .init(
          parts: [.init(id: "c.1", html: "<b>2</b>")],
          values: [
            .init(handler: "h1", value: .string("Ada")), .init(handler: "h2", value: .number(2.5)),
            .init(handler: "h3", value: .bool(true)),
          ],
          location: .init("?filter=done", history: .push))),
      .patch(.init(parts: [], location: .init("/items", history: .replace))),
    ]
    messages += Self.awkward.map { .render(.init(session: "s", html: $0, location: $0)) }
    messages += Self.awkward.map { .patch(.init(parts: [.init(id: $0, html: $0)])) }
    for message in messages {
      #expect(try ServerMessage(text: message.text) == message, "\(message.text)")
    }
  }

  @Test func aServerMessageNamesItsType() throws {
    #expect(ServerMessage.reload.text == #"{"type":"reload"}"#)
    #expect(
      ServerMessage.refused(reason: "Busy").text == #"{"reason":"Busy","type":"refused"}"#)
    #expect(try ServerMessage(text: #"{"session":"s9","type":"attached"}"#).type == .attached)
  }

  @Test func textThatIsNoServerMessageIsNotRead() {
    for text in [
      "", "{}", #"{"type":"dance"}"#, #"{"type":"render","html":"<p>"}"#,
      #"{"type":"patch"}"#, #"{"type":"refused"}"#, "[1]",
    ] {
      #expect(throws: (any Error).self, "\(text)") { try ServerMessage(text: text) }
    }
  }

  @Test func aServerMessageReadsFromItsBytesAsFromItsText() throws {
    let messages: [ServerMessage] = [
      .attached(session: "s1"), .reload,
      .patch(.init(parts: [.init(id: "c.1", html: #"<b title="x">café</b>"#)])),
    ]
    for message in messages {
      var text = message.text
      let read = try text.withUTF8 { try ServerMessage(utf8: UnsafeRawBufferPointer($0)) }
      #expect(read == message)
    }
    // What cannot be read is reported with the text it was given.
    var text = #"{"type":"patch","patches":7}"#
    let error = try #require(
      throws: PageProtocol.UnreadableMessage.self,
      performing: { try text.withUTF8 { try ServerMessage(utf8: UnsafeRawBufferPointer($0)) } })
    #expect(error.missing == "patches")
    #expect(error.text == text)
  }

  @Test func aPageMessageIsWrittenAfterWhatTheBufferHolds() {
    var buffer = Array("prefix:".utf8)
    let message = ClientMessage.event(handler: "h2", value: .string(#"a "b""#))
    message.write(into: &buffer)
    #expect(String(decoding: buffer, as: UTF8.self) == "prefix:" + message.text)
    #expect(ClientMessage.read(String(decoding: buffer.dropFirst(7), as: UTF8.self)) == .message(message))
  }

  @Test func everyPageMessageReadsBackAsWritten() {
    var messages: [ClientMessage] = [
      .event(handler: "h1"), .event(handler: "h2", value: .string("Ada")),
      .event(handler: "h3", value: .number(7)), .event(handler: "h4", value: .number(-0.25)),
      .event(handler: "h5", value: .bool(false)), .navigate(to: "/items/3?sort=date"),
    ]
    messages += Self.awkward.map { .event(handler: "h", value: .string($0)) }
    messages += Self.awkward.map { .navigate(to: $0) }
    for message in messages {
      #expect(ClientMessage.read(message.text) == .message(message), "\(message.text)")
    }
  }

  @Test func aPageMessageThatIsNeitherEventNorNavigationIsMalformed() {
    #expect(ClientMessage.read(#"{"value":"x"}"#) == .malformed)
    #expect(ClientMessage.read("not json") == .malformed)
    #expect(ClientMessage.read(#"{"handler":7}"#) == .malformed)
    // A value that is no input value reads as none.
    #expect(ClientMessage.read(#"{"handler":"h1","value":[1]}"#) == .message(.event(handler: "h1")))
    let long = ClientMessage.event(handler: "h", value: .string(String(repeating: "x", count: 9000)))
    #expect(ClientMessage.read(long.text) == .oversized(bytes: long.text.utf8.count))
  }

  @Test func pageScriptProtocolTableMatchesTheServer() throws {
    let url = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/ComposableWeb/Resources/PageScript/protocol.js")
    let script = try String(contentsOf: url, encoding: .utf8)
    #expect(
      script == PageProtocol.scriptTable,
      "The page script's protocol.js differs from PageProtocol. Write this into it:\n\(PageProtocol.scriptTable)"
    )
  }

  @Test func attributeNamesAreThePrefixAndTheirName() {
    #expect(PageProtocol.Attribute.click.name == "data-ocaf-click")
    #expect(PageProtocol.Attribute.disableWhileSending.name == "data-ocaf-disable-while-sending")
    #expect(PageProtocol.scriptTable.contains(#"  disableWhileSending: "data-ocaf-disable-while-sending","#))
  }
}
#endif  // Hummingbird
