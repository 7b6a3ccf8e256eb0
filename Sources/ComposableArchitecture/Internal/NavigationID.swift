import Dependencies

/// One step of the path from the root store to a feature: the root store itself, or a child
/// presented by a navigation operator.
///
/// Cancellation IDs are registered under every prefix of the current path, so a parent can cancel
/// a child's effects while children cannot reach their parents or siblings.
@usableFromInline
struct NavigationID: Hashable, Sendable {
  private let kind: AnyHashableSendable
  private let identifier: AnyHashableSendable?
  private let tag: UInt32?

  /// A unique ID for a root store.
  init() {
    self.kind = AnyHashableSendable(RootIdentity())
    self.identifier = nil
    self.tag = nil
  }

  /// An ID derived from where a child lives in its parent and, when it has one, its own identity.
  init(kind: some Hashable & Sendable, identifier: (some Hashable & Sendable)? = Int?.none, tag: UInt32? = nil) {
    self.kind = AnyHashableSendable(kind)
    self.identifier = identifier.map { AnyHashableSendable($0) }
    self.tag = tag
  }

  private final class RootIdentity: Hashable, Sendable {
    static func == (lhs: RootIdentity, rhs: RootIdentity) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
  }
}

/// The navigation IDs from the root store down to the feature that is currently running.
@usableFromInline
struct NavigationIDPath: Hashable, Sendable {
  fileprivate var path: [NavigationID]

  init(path: [NavigationID] = []) {
    self.path = path
  }

  /// Every prefix of the path, from the empty one to the whole path.
  var prefixes: [NavigationIDPath] {
    (0...self.path.count).map { NavigationIDPath(path: Array(self.path.prefix($0))) }
  }

  func appending(_ element: NavigationID) -> Self {
    NavigationIDPath(path: self.path + [element])
  }

  var count: Int { self.path.count }
}

private enum NavigationIDPathKey: DependencyKey {
  static let liveValue = NavigationIDPath()
  static let testValue = NavigationIDPath()
}

extension DependencyValues {
  @usableFromInline
  var navigationIDPath: NavigationIDPath {
    get { self[NavigationIDPathKey.self] }
    set { self[NavigationIDPathKey.self] = newValue }
  }
}
