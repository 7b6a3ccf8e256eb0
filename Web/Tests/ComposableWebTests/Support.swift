import ComposableArchitecture
import ComposableWeb
import Foundation
import Logging
import NIOCore
import NIOPosix

/// A log handler that keeps every message, so tests can check what the server logged.
struct RecordingLogHandler: LogHandler {
  let messages: LockIsolated<[String]>
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    messages.withValue { $0.append(event.message.description) }
  }
}

/// A logger whose messages end up in the returned box.
func recordingLogger() -> (Logger, LockIsolated<[String]>) {
  let messages = LockIsolated<[String]>([])
  let logger = Logger(label: "test") { _ in RecordingLogHandler(messages: messages) }
  return (logger, messages)
}

/// A tally with a label, the test's stand-in for a feature.
@Reducer
struct Tally {
  @ObservableState
  struct State: Equatable {
    var label = "Tally"
    var value = 0
  }

  enum Action: Equatable {
    case bumped
    case labelChanged(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .bumped:
        state.value += 1
        return .none
      case let .labelChanged(label):
        state.label = String(label.prefix(16))
        return .none
      }
    }
  }
}

@MainActor
func tallyView(_ store: StoreOf<Tally>) -> Node<Tally.Action> {
  div {
    span(store.label, ["title": store.label])
    span("\(store.value)")
    button("Bump", send: .bumped)
    textField(value: store.label, onInput: { .labelChanged($0) })
  }
}

/// Two tallies side by side, each its own component.
@Reducer
struct TallyPair {
  @ObservableState
  struct State: Equatable {
    var left = Tally.State(label: "Left")
    var right = Tally.State(label: "Right")
  }

  enum Action: Equatable {
    case left(Tally.Action)
    case right(Tally.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.left, action: \.left) { Tally() }
    Scope(state: \.right, action: \.right) { Tally() }
  }
}

@MainActor
func tallyPairView(_ store: StoreOf<TallyPair>) -> Node<TallyPair.Action> {
  div {
    component(store.scope(state: \.left, action: \.left), key: "left", tallyView)
    component(store.scope(state: \.right, action: \.right), key: "right", tallyView)
  }
}

/// A decoded server message.
struct ServerMessage: Decodable {
  struct Patch: Decodable {
    let id: String
    let html: String
  }
  struct Value: Decodable {
    let handler: String
  }
  let type: String
  let session: String?
  let html: String?
  let patches: [Patch]?
  let values: [Value]?

  init(_ text: String) throws {
    self = try JSONDecoder().decode(ServerMessage.self, from: Data(text.utf8))
  }
}

/// The handler ids in `html` for `event`, in document order.
func handlerIDs(in html: String, event: String) -> [String] {
  let marker = "data-ocaf-\(event)=\""
  var ids: [String] = []
  var rest = html[...]
  while let range = rest.range(of: marker) {
    let after = rest[range.upperBound...]
    guard let end = after.firstIndex(of: "\"") else { break }
    ids.append(String(after[..<end]))
    rest = after[end...]
  }
  return ids
}

/// A message clicking the handler `id`.
func click(_ id: String) -> String { #"{"handler":"\#(id)"}"# }

/// Runs `body` with an event loop of its own, shut down afterwards.
func withEventLoop(
  isolation: isolated (any Actor)? = #isolation,
  _ body: (any EventLoop) async throws -> Void
) async throws {
  let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
  do {
    try await body(group.next())
  } catch {
    try await group.shutdownGracefully()
    throw error
  }
  try await group.shutdownGracefully()
}

/// Keeps `loop` busy, so that what is handed to it meanwhile waits, until the returned
/// semaphore is signalled.
func occupy(_ loop: any EventLoop) -> DispatchSemaphore {
  let busy = DispatchSemaphore(value: 0)
  loop.execute { busy.wait() }
  return busy
}
