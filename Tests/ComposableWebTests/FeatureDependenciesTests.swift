#if Hummingbird
import ComposableArchitecture
import Foundation
import Logging
import Testing

@testable import ComposableWeb

/// A restorable state that reads a dependency as it is made, initial or decoded (as a state
/// holding `@FetchAll` reads its database).
@Reducer
struct Stamped {
  @ObservableState
  struct State: Codable, Equatable {
    var count = 0
    var stamp: UUID

    init() {
      @Dependency(\.uuid) var uuid
      stamp = uuid()
    }

    enum CodingKeys: String, CodingKey { case count, stamp }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(count, forKey: .count)
      try container.encode(stamp, forKey: .stamp)
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      count = try container.decode(Int.self, forKey: .count)
      @Dependency(\.uuid) var uuid
      stamp = uuid()
    }
  }

  enum Action: Equatable {
    case restamp
  }

  @Dependency(\.uuid) var uuid

  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      state.stamp = uuid()
      return .none
    }
  }
}

/// `LiveFeature.dependencies` sets up what a feature's sessions make: the initial state, a
/// state decoded from a snapshot, and the store, whose effects and reducer keep them.
@MainActor
@Suite struct FeatureDependenciesTests {
  nonisolated static let stamp = UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!

  let feature = LiveFeature(
    path: "stamped", title: "Stamped", summary: "A stamp from a dependency.",
    initialState: { Stamped.State() },
    makeStore: { LiveStore(initialState: $0) { Stamped() } },
    view: { store in p("\(store.count) \(store.stamp)") }
  )
  .dependencies { $0.uuid = .constant(FeatureDependenciesTests.stamp) }

  func make(from snapshot: Data?) async throws -> (count: Int, stamp: UUID) {
    let session = try #require(
      await feature.makeSession(
        "id", snapshot, LiveRequest(path: "/stamped"), LiveLimits(), Logger(label: "test"),
        { _ in }, feature.prepareDependencies, MainActor.shared))
    let data = try #require(session.encodeState?())
    let state = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    let stamp = (state?["stamp"] as? String).flatMap { UUID(uuidString: $0) }
    return (try #require(state?["count"] as? Int), try #require(stamp))
  }

  @Test func theInitialStateIsMadeWithTheFeaturesDependencies() async throws {
    let made = try await make(from: nil)
    #expect(made.count == 0)
    #expect(made.stamp == Self.stamp)
  }

  @Test func aRestoredStateIsDecodedWithThem() async throws {
    let made = try await make(from: Data(#"{"count":3,"stamp":"00000000-0000-0000-0000-000000000000"}"#.utf8))
    #expect(made.count == 3)
    #expect(made.stamp == Self.stamp)
  }

  @Test func theStoreKeepsThemAndItsOwnWin() async throws {
    let feature = LiveFeature(
      path: "stamped", title: "Stamped", summary: "A stamp from a dependency.",
      initialState: { Stamped.State() },
      makeStore: { state in
        LiveStore(initialState: state) { Stamped() } withDependencies: {
          $0.uuid = .incrementing
        }
      },
      view: { store in
        div {
          p("\(store.count) \(store.stamp)")
          button("Restamp", send: .restamp)
        }
      }
    )
    .dependencies { $0.uuid = .constant(FeatureDependenciesTests.stamp) }
    let session = try #require(
      await feature.makeSession(
        "id", nil, LiveRequest(path: "/stamped"), LiveLimits(), Logger(label: "test"),
        { _ in }, feature.prepareDependencies, MainActor.shared))
    // The state was made with the feature's; the reducer's come from the store's own.
    #expect(session.startHTML().contains("0 \(Self.stamp)"))
    session.receive(click("h1"))
    #expect(session.startHTML().contains("1 00000000-0000-0000-0000-000000000000"))
  }
}
#endif  // Hummingbird
