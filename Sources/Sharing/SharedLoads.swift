import Foundation

/// The first loads of the shared values made while a group is current: a server that makes a
/// store for a page waits for them, so that the page's first render shows the values (a
/// database's rows) rather than their defaults.
///
/// ```swift
/// let loads = SharedLoads()
/// let store = loads.collect { Store(initialState: Lists.State(user: "ada")) { Lists() } }
/// await loads.wait()   // the state's @FetchAll rows are read
/// ```
///
/// Only loads that begin while the group is current count: a shared value already in memory
/// (another store holds the same key) has its value, and loads that the key finishes at once
/// (a file's) are over before `collect` returns.
public final class SharedLoads: Sendable {
  @TaskLocal static var current: SharedLoads?

  private let state = Locked(State())

  private struct State {
    var pending: Set<Int> = []
    var next = 0
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  /// An empty group.
  public init() {}

  /// Runs `body` with this group current: the first loads of the shared values it makes are
  /// the group's.
  public func collect<T>(_ body: () throws -> T) rethrows -> T {
    try Self.$current.withValue(self, operation: body)
  }

  /// Whether every load of the group has finished (or there were none).
  public var isFinished: Bool {
    state.withLock { $0.pending.isEmpty }
  }

  /// Waits until every load of the group has finished, successfully or not. It does not end
  /// a load; bound the wait (a task group with a timeout) where a load can take long.
  public func wait() async {
    await withCheckedContinuation { continuation in
      let done = state.withLock { state -> Bool in
        guard !state.pending.isEmpty else { return true }
        state.waiters.append(continuation)
        return false
      }
      if done { continuation.resume() }
    }
  }

  /// Counts a load that starts; the returned closure says it finished (later calls do nothing).
  func begin() -> @Sendable () -> Void {
    let id = state.withLock { state in
      state.next += 1
      state.pending.insert(state.next)
      return state.next
    }
    return { [weak self] in self?.end(id) }
  }

  private func end(_ id: Int) {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      guard state.pending.remove(id) != nil, state.pending.isEmpty else { return [] }
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}
