import ConcurrencyExtras
import Dependencies
import Foundation
import Sharing

/// Every piece of cancellable work in flight, by cancellation ID.
///
/// The navigation paths of the features that made the work form a tree, walked one navigation
/// ID at a time from the root store down; work is registered at the step of the feature that
/// made it. Cancelling an ID at a step cancels the work registered under it there and at every
/// step below — in the feature and in everything it presents, and nowhere else. Registering is
/// the common case (every effect of a presented feature, every presentation's dismissal), so it
/// touches one step; a cancellation walks the steps below its own.
@_spi(Internals)
public final class CancellablesCollection {
  /// One step of the tree: the work registered here, and the steps below.
  private final class Node {
    /// The path from the root store to this step.
    let path: NavigationIDPath
    /// The step above; `nil` for the root. (A step is dropped from its parent before it goes.)
    let parent: Node?
    /// Made with room for a few: a step usually holds a presented feature's dismissal and the
    /// runs of its effects, and growing from one entry to two would copy the table.
    var tokens = [Entry: CancelToken](minimumCapacity: 4)
    var children: [NavigationID: Node] = [:]

    init(path: NavigationIDPath, parent: Node?) {
      self.path = path
      self.parent = parent
    }

    /// Calls `body` with this step and every step below it, until `body` returns `false`.
    /// Returns whether it went through all of them.
    @discardableResult
    func forEachStep(_ body: (Node) -> Bool) -> Bool {
      guard body(self) else { return false }
      for child in self.children.values {
        guard child.forEachStep(body) else { return false }
      }
      return true
    }
  }

  /// One piece of work registered under an ID.
  private struct Entry: Hashable {
    let scope: CancelScope
    let token: ObjectIdentifier
  }

  private let root = Node(path: NavigationIDPath(), parent: nil)
  /// Every step of the tree by its path, so that registering at a deep step looks it up once
  /// rather than walking down to it.
  private var nodes: [NavigationIDPath: Node] = [:]

  init() {}

  func insert(_ token: CancelToken, at key: _CancelID) {
    self.node(making: key.navigationIDPath)
      .tokens[Entry(scope: key.scope, token: ObjectIdentifier(token))] = token
  }

  func remove(_ token: CancelToken, at key: _CancelID) {
    guard let node = self.node(at: key.navigationIDPath) else { return }
    node.tokens[Entry(scope: key.scope, token: ObjectIdentifier(token))] = nil
    self.prune(from: node)
  }

  /// Drops the step and the steps above it that are left with nothing registered at or below
  /// them, deepest first.
  private func prune(from node: Node) {
    var node = node
    while let parent = node.parent, node.tokens.isEmpty, node.children.isEmpty {
      self.nodes[node.path] = nil
      if let id = node.path.lastID { parent.children[id] = nil }
      node = parent
    }
  }

  /// The work registered under the ID at its step and at every step below it.
  func tokens(at key: _CancelID) -> [CancelToken] {
    var tokens: [CancelToken] = []
    self.node(at: key.navigationIDPath)?.forEachStep { node in
      for (entry, token) in node.tokens where entry.scope == key.scope {
        tokens.append(token)
      }
      return true
    }
    return tokens
  }

  /// Whether any work is registered under the ID, at its step or below it.
  func exists(at key: _CancelID) -> Bool {
    guard let node = self.node(at: key.navigationIDPath) else { return false }
    return !node.forEachStep { node in
      !node.tokens.keys.contains { $0.scope == key.scope }
    }
  }

  /// The number of distinct registrations, counting an ID once at each step from the root store
  /// down to every step it is registered at (the steps at which cancelling it cancels work).
  public var count: Int {
    func count(_ node: Node) -> (scopes: Set<CancelScope>, count: Int) {
      var scopes = Set(node.tokens.keys.map(\.scope))
      var total = 0
      for child in node.children.values {
        let below = count(child)
        scopes.formUnion(below.scopes)
        total += below.count
      }
      return (scopes, total + scopes.count)
    }
    return count(self.root).count
  }

  /// The number of pieces of work registered by the Swift Testing test with this identifier.
  func count(inTest test: TestContext.Testing.Test.ID) -> Int {
    var total = 0
    self.root.forEachStep { node in
      total += node.tokens.keys.count { $0.scope.testIdentifier == test }
      return true
    }
    return total
  }

  /// Forgets the work registered at the step of `path` and at every step below it, and returns
  /// it. A later `remove` of any of it does nothing.
  func removeAll(under path: NavigationIDPath) -> [CancelToken] {
    guard path.count > 0, let node = self.node(at: path) else { return [] }
    var tokens: [CancelToken] = []
    node.forEachStep { step in
      tokens.append(contentsOf: step.tokens.values)
      step.tokens.removeAll()
      self.nodes[step.path] = nil
      return true
    }
    node.children.removeAll()
    self.prune(from: node)
    return tokens
  }

  /// Forgets every registration without cancelling anything.
  public func removeAll() {
    self.root.tokens.removeAll()
    self.root.children.removeAll()
    self.nodes.removeAll()
  }

  private func node(at path: NavigationIDPath) -> Node? {
    path.count == 0 ? self.root : self.nodes[path]
  }

  /// The step at `path`, made with the steps above it that are missing.
  private func node(making path: NavigationIDPath) -> Node {
    if let node = self.node(at: path) { return node }
    // The empty path is the root's, which is always there.
    guard let id = path.lastID else { return self.root }
    let parent = self.node(making: path.parent)
    let child = Node(path: path, parent: parent)
    parent.children[id] = child
    self.nodes[path] = child
    return child
  }
}

/// Every piece of cancellable work in flight, behind a lock.
@_spi(Internals)
public let _cancellationCancellables = CancellablesLock()

/// The cancellation registry behind its lock: `withValue` runs a body with the registry, as
/// `LockIsolated` would. Not `LockIsolated` itself: every cancellable run registers and
/// unregisters here, and its recursive lock and unspecialized `withValue` cost about 10,000 more
/// instructions per send in the nested-send benchmark (728,623 against 718,666); nothing holding
/// this lock calls back into it, so a plain lock does.
@_spi(Internals)
public final class CancellablesLock: Sendable {
  // Work found here is cancelled after the lock is released.
  private let collection = Locked(CancellablesCollection())

  init() {}

  /// Runs `body` with the registry, under the lock.
  ///
  /// ```swift
  /// _cancellationCancellables.withValue { $0.count }
  /// ```
  public func withValue<T>(_ body: (CancellablesCollection) throws -> T) rethrows -> T {
    try self.collection.withLock { try body($0) }
  }

  /// The number of registrations, as ``CancellablesCollection/count`` counts them. TCA's own test
  /// base class reads it straight off `_cancellationCancellables` after every test.
  public var count: Int { self.withValue { $0.count } }

  /// Forgets every registration without cancelling anything.
  public func removeAll() { self.withValue { $0.removeAll() } }
}
