import ComposableArchitecture
import Foundation

/// Counting statistics that two screens share through `@Shared(.fileStorage)`: the counter tab
/// changes them, the profile tab shows and resets them, and the file keeps them across restarts.
///
/// ```swift
/// state.$stats.withLock { $0.increment() }
/// ```
public struct Stats: Codable, Equatable, Sendable {
  public private(set) var count = 0
  public private(set) var maxCount = 0
  public private(set) var minCount = 0
  public private(set) var numberOfCounts = 0

  public init() {}

  public mutating func increment() {
    self.count += 1
    self.numberOfCounts += 1
    self.maxCount = max(self.maxCount, self.count)
  }

  public mutating func decrement() {
    self.count -= 1
    self.numberOfCounts += 1
    self.minCount = min(self.minCount, self.count)
  }
}

/// Two tabs over one shared, persisted ``Stats`` value, and a user name both tabs show, kept in
/// app storage (`UserDefaults`) under ``SharedStatsDemo/userNameKey``.
///
/// ```swift
/// let store = Store(initialState: SharedStatsDemo.State(file: url)) { SharedStatsDemo() }
/// store.send(.counter(.incrementButtonTapped))  // store.profile.stats.count == 1, saved to `url`
/// ```
@Reducer
public struct SharedStatsDemo {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var counter: SharedCounterTab.State
    public var profile: SharedProfileTab.State
    public var currentTab = Tab.counter

    /// Both tabs read and write the stats saved in `file`.
    public init(file: URL = SharedStatsDemo.defaultFile) {
      let userName = Shared(wrappedValue: "Blob", .appStorage(SharedStatsDemo.userNameKey))
      self.counter = SharedCounterTab.State(
        stats: Shared(wrappedValue: Stats(), .fileStorage(file)),
        userName: userName
      )
      self.profile = SharedProfileTab.State(
        stats: Shared(wrappedValue: Stats(), .fileStorage(file)),
        userName: userName
      )
    }
  }

  public enum Tab: String, CaseIterable, Equatable, Sendable {
    case counter = "Counter"
    case profile = "Profile"
  }

  public enum Action: BindableAction, Equatable, Sendable {
    case binding(BindingAction<State>)
    case counter(SharedCounterTab.Action)
    case profile(SharedProfileTab.Action)
  }

  /// The app-storage key of the user name.
  public static let userNameKey = "caseStudies.sharedStats.userName"

  /// Where the stats are kept unless told otherwise.
  public static let defaultFile = FileManager.default.temporaryDirectory
    .appendingPathComponent("open-composable-architecture-case-studies")
    .appendingPathComponent("stats.json")

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Scope(\.counter, action: \.counter) {
      SharedCounterTab()
    }
    Scope(\.profile, action: \.profile) {
      SharedProfileTab()
    }
  }
}

/// The tab that counts: every tap changes the shared stats.
///
/// ```swift
/// store.send(.counter(.incrementButtonTapped))
/// ```
@Reducer
public struct SharedCounterTab {
  @ObservableState
  public struct State: Equatable, Sendable {
    @Shared public var stats: Stats
    @SharedReader public var userName: String

    public init(stats: Shared<Stats>, userName: Shared<String>) {
      self._stats = stats
      self._userName = SharedReader(userName)
    }

    /// The line the tab greets the user with.
    public var greeting: String { "\(self.userName) has counted to \(self.stats.count)." }
  }

  public enum Action: Equatable, Sendable {
    case decrementButtonTapped
    case incrementButtonTapped
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .decrementButtonTapped:
        state.$stats.withLock { $0.decrement() }
        return .none
      case .incrementButtonTapped:
        state.$stats.withLock { $0.increment() }
        return .none
      }
    }
  }
}

/// The tab that shows the shared stats, can start them over, and edits the user name.
///
/// ```swift
/// store.send(.profile(.userNameChanged("Blob Jr.")))
/// ```
@Reducer
public struct SharedProfileTab {
  @ObservableState
  public struct State: Equatable, Sendable {
    @Shared public var stats: Stats
    @Shared public var userName: String

    public init(stats: Shared<Stats>, userName: Shared<String>) {
      self._stats = stats
      self._userName = userName
    }
  }

  public enum Action: Equatable, Sendable {
    case resetStatsButtonTapped
    case userNameChanged(String)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .resetStatsButtonTapped:
        state.$stats.withLock { $0 = Stats() }
        return .none
      case .userNameChanged(let name):
        state.$userName.withLock { $0 = name }
        return .none
      }
    }
  }
}
