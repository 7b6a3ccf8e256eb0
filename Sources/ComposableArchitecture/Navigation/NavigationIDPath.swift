import Dependencies

/// The navigation IDs from the root store down to the feature that is currently running.
@usableFromInline
struct NavigationIDPath: Hashable, Sendable {
  /// The last step of the path, linked to the steps before it; `nil` for the empty path. A path
  /// made by appending to another shares that path's steps: paths grow from parent to child one
  /// step at a time, so appending makes one step, and comparing a path with one of its prefixes
  /// usually ends at a step both share.
  private let last: Step?

  private final class Step: Sendable {
    let id: NavigationID
    let parent: Step?
    let count: Int
    /// The hash of the IDs up to this one, computed as the path grows: paths are looked up
    /// whenever cancellable work is registered, and hashing every ID of a deep path each time is
    /// slow.
    let hash: Int

    init(id: NavigationID, parent: Step?) {
      self.id = id
      self.parent = parent
      self.count = (parent?.count ?? 0) + 1
      var hasher = Hasher()
      hasher.combine(parent?.hash ?? 0)
      hasher.combine(id)
      self.hash = hasher.finalize()
    }
  }

  private init(last: Step?) {
    self.last = last
  }

  init(path: [NavigationID] = []) {
    var last: Step?
    for id in path {
      last = Step(id: id, parent: last)
    }
    self.last = last
  }

  /// Whether this path starts with `prefix`.
  func hasPrefix(_ prefix: Self) -> Bool {
    guard prefix.count <= self.count else { return false }
    var step = self.last
    for _ in prefix.count..<self.count {
      step = step?.parent
    }
    return Self.sameSteps(step, prefix.last)
  }

  /// The IDs of the path, from the root store down.
  var ids: [NavigationID] {
    var ids: [NavigationID] = []
    ids.reserveCapacity(self.count)
    var step = self.last
    while let current = step {
      ids.append(current.id)
      step = current.parent
    }
    return ids.reversed()
  }

  /// The last ID of the path, `nil` for the empty path.
  var lastID: NavigationID? { self.last?.id }

  /// The path without its last ID; the empty path for the empty path.
  var parent: Self { Self(last: self.last?.parent) }

  @usableFromInline
  func appending(_ element: NavigationID) -> Self {
    Self(last: Step(id: element, parent: self.last))
  }

  var count: Int { self.last?.count ?? 0 }

  @usableFromInline
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.count == rhs.count && sameSteps(lhs.last, rhs.last)
  }

  /// Whether two chains of steps of the same length hold the same IDs, stopping at the first
  /// step they share.
  private static func sameSteps(_ lhs: Step?, _ rhs: Step?) -> Bool {
    var lhs = lhs
    var rhs = rhs
    while let left = lhs, let right = rhs {
      if left === right { return true }
      guard left.hash == right.hash, left.id == right.id else { return false }
      lhs = left.parent
      rhs = right.parent
    }
    return lhs == nil && rhs == nil
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(self.last?.hash ?? 0)
  }
}

private enum NavigationIDPathKey: DependencyKey {
  static let liveValue = NavigationIDPath()
  static let testValue = NavigationIDPath()
}

extension NavigationIDPath {
  /// The path of the feature that is running now. (Read from the current dependencies directly:
  /// a `@Dependency` declared on the spot would merge the same values into themselves first.)
  @usableFromInline
  static var current: Self {
    DependencyValues._current.navigationIDPath
  }
}

extension DependencyValues {
  @usableFromInline
  var navigationIDPath: NavigationIDPath {
    get { self[NavigationIDPathKey.self] }
    set { self[NavigationIDPathKey.self] = newValue }
  }
}
