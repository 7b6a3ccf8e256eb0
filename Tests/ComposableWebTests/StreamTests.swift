#if Hummingbird
import ComposableArchitecture
import Foundation
import Logging
import Testing

@testable import ComposableWeb
@_spi(Testing) import ComposableArchitectureTestSupport

/// A feed whose items the page keeps: the feature sends them as a stream and keeps none.
@Reducer
struct Feed {
  struct Item: Identifiable, Equatable, Sendable {
    var id: Int
    var text: String
  }

  @ObservableState
  struct State: Equatable {
    var sent = 0
    var liked: [Int] = []
  }

  enum Action: Equatable {
    case add(Int)
    case like(Int)
    case remove(Int)
    case reset
    case wrongType
  }

  @Dependency(\.pageStreams) var pageStreams

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .add(count):
        let items = (state.sent..<state.sent + count).map { Item(id: $0, text: "Item \($0)") }
        state.sent += count
        return .run { [pageStreams] _ in pageStreams.insert(items, into: .feed) }
      case let .like(id):
        state.liked.append(id)
        return .run { [pageStreams] _ in pageStreams.insert([Item(id: id, text: "Liked \(id)")], into: .feed, at: .start) }
      case let .remove(id):
        return .run { [pageStreams] _ in pageStreams.delete([id], from: .feed) }
      case .reset:
        return .run { [pageStreams] _ in pageStreams.reset(.feed, to: [Item(id: 99, text: "Only")]) }
      case .wrongType:
        return .run { [pageStreams] _ in pageStreams.insert([Other(id: 1)], into: LiveStream<Other>("feed")) }
      }
    }
  }

  struct Other: Identifiable, Sendable { var id: Int }
}

extension LiveStream where Row == Feed.Item {
  static let feed = LiveStream("feed")
}

func feedView(_ store: LiveStoreOf<Feed>) -> Node<Feed.Action> {
  div {
    p("\(store.sent) sent")
    stream(.feed, tag: "ol", ["class": "feed"]) { item in
      li { button(item.text, send: .like(item.id)) }
    }
  }
}

@MainActor
@Suite struct StreamTests {
  func makeSession() -> (LiveSession, LiveStoreOf<Feed>, LockIsolated<[LogRecord]>, LockIsolated<[String]>) {
    let (logger, records) = fullRecordingLogger()
    let store = LiveStore(initialState: Feed.State()) { Feed() }
    let session = LiveSession(id: "s", store: store, view: feedView, logger: logger)
    let sent = LockIsolated<[String]>([])
    session.output = { message in sent.withValue { $0.append(message) } }
    return (session, store, records, sent)
  }

  /// The stream changes the session sent, in order.
  func changes(_ sent: LockIsolated<[String]>) throws -> [ServerMessage.Patch.StreamChange] {
    try sent.value.flatMap { text -> [ServerMessage.Patch.StreamChange] in
      guard case let .patch(patch) = try ServerMessage(text) else { return [] }
      return patch.streams
    }
  }

  @Test func rowsAreRenderedOnceWithTheirKeyAndTheSessionKeepsNoneOfThem() async throws {
    let (session, store, _, sent) = makeSession()
    let html = try #require(try ServerMessage(session.start()).html)
    #expect(html.contains(#"<ol data-ocaf-stream="feed" class="feed"></ol>"#))
    _ = store.send(.add(2))
    #expect(await eventually { (try? changes(sent))?.isEmpty == false })
    let change = try #require(try changes(sent).first)
    #expect(change.name == "feed")
    guard case let .insert(key, row, position) = change.operations.first else {
      Issue.record("not an insertion: \(change)")
      return
    }
    #expect(key == "0")
    #expect(position == .end)
    #expect(row.hasPrefix(#"<li data-ocaf-key="0"><button data-ocaf-click="h"#))
    #expect(change.operations.count == 2)
    // The rows' state is nowhere in the feature, and the session renders the list empty.
    #expect(store.sent == 2)
    let again = try #require(try ServerMessage(session.start()).html)
    #expect(again.contains(#"<ol data-ocaf-stream="feed" class="feed"></ol>"#))
  }

  @Test func aRowsButtonActsAgainAndItsIdsEndWithTheRow() async throws {
    let (session, store, records, sent) = makeSession()
    _ = try ServerMessage(session.start())
    _ = store.send(.add(1))
    #expect(await eventually { (try? changes(sent))?.isEmpty == false })
    guard case let .insert(_, row, _)? = try changes(sent).first?.operations.first else {
      Issue.record("no row")
      return
    }
    let like = try #require(handlerIDs(in: row, event: "click").first)
    session.receive(click(like))
    session.receive(click(like))
    #expect(store.liked == [0, 0])
    // Rendered again (liked, at the start): the old ids are retired; deleted: the new ones too.
    #expect(await eventually { (try? changes(sent))?.flatMap(\.operations).count == 3 })
    guard case let .insert(key, liked, position)? = try changes(sent).last?.operations.last else {
      Issue.record("no liked row")
      return
    }
    #expect(key == "0")
    #expect(position == .start)
    #expect(liked.contains("Liked 0"))
    let likedID = try #require(handlerIDs(in: liked, event: "click").first)
    _ = store.send(.remove(0))
    #expect(await eventually { (try? changes(sent))?.last?.operations == [.delete(key: "0")] })
    // A deleted row's ids are revoked at once.
    session.receive(click(likedID))
    #expect(store.liked == [0, 0])
    #expect(records.value.contains { $0.message.contains("unknown, spent or stale handler id") })
  }

  @Test func aResetReplacesEveryRowAndRowsOfAnotherTypeOrStreamAreDroppedAndLogged() async throws {
    let (session, store, records, sent) = makeSession()
    _ = try ServerMessage(session.start())
    _ = store.send(.add(3))
    _ = store.send(.reset)
    #expect(await eventually { (try? changes(sent))?.flatMap(\.operations).contains(.reset) == true })
    let operations = try changes(sent).flatMap(\.operations)
    let reset = try #require(operations.firstIndex(of: .reset))
    guard case let .insert(key, _, _) = operations[reset + 1] else {
      Issue.record("no row after the reset")
      return
    }
    #expect(key == "99")
    _ = store.send(.wrongType)
    #expect(await eventually { records.value.contains { $0.message.contains("that its view cannot show") } })
  }

  @Test func rowsSentToAStreamThePageDoesNotShowAreDroppedAndLogged() async throws {
    let (logger, records) = fullRecordingLogger()
    let store = LiveStore(initialState: Feed.State()) { Feed() }
    let session = LiveSession(id: "s", store: store, view: { _ in p("No feed here") }, logger: logger)
    session.output = { _ in }
    _ = try ServerMessage(session.start())
    _ = store.send(.add(1))
    #expect(await eventually { records.value.contains { $0.message == "Dropped rows sent to a stream the page does not show" } })
  }

  @Test func rowsSentOutsideALivePageAreReported() async {
    let store = TestStore(initialState: Feed.State()) { Feed() }
    await withKnownIssue {
      await store.send(.add(1)) { $0.sent = 1 }
      await store.finish()
    } matching: { $0.description.contains("outside a live page") }
  }

  @Test func aPatchsStreamsAreWrittenAndReadBack() throws {
    let patch = ServerMessage.patch(
      .init(parts: [], streams: [
        .init(name: "feed", operations: [.reset, .insert(key: "1", html: "<li>1</li>", position: .start), .delete(key: "2")])
      ]))
    #expect(patch.text == #"{"patches":[],"streams":[{"name":"feed","ops":[{"op":"reset"},{"at":"start","html":"<li>1</li>","key":"1","op":"insert"},{"key":"2","op":"delete"}]}],"type":"patch","values":[]}"#)
    #expect(try ServerMessage(text: patch.text) == patch)
    #expect((try? ServerMessage(text: #"{"patches":[],"streams":[{"name":"x","ops":[{"op":"explode"}]}],"type":"patch"}"#)) == nil)
  }
}
#endif  // Hummingbird
