import ConcurrencyExtras
import Dependencies
import Foundation
import IssueReporting

extension Effect {
  /// Makes the effect cancellable by ID, so that a later ``cancel(id:)`` stops it.
  ///
  /// ```swift
  /// enum CancelID { case timer }
  ///
  /// case .startButtonTapped:
  ///   return .run { send in
  ///     for await _ in self.clock.timer(interval: .seconds(1)) { await send(.tick) }
  ///   }
  ///   .cancellable(id: CancelID.timer, cancelInFlight: true)
  /// case .stopButtonTapped:
  ///   return .cancel(id: CancelID.timer)
  /// ```
  ///
  /// IDs are scoped to the feature that returns the effect: a parent feature can cancel the
  /// effects of its children with the same ID, but a child cannot cancel its parent's or a
  /// sibling's effects.
  ///
  /// - Parameters:
  ///   - id: The effect's identifier.
  ///   - cancelInFlight: Whether to cancel in-flight effects with the same ID before starting
  ///     this one.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    let registration = CancellationRegistration(id: id)
    var steps = self.steps
    if cancelInFlight {
      steps.insert(.perform { registration.cancelInFlight() }, at: 0)
    }
    let runs = self.runs.map { run in
      var run = run
      // A registration is made under every prefix of its navigation path, so one the run already
      // has for the same ID deeper down the same path makes this one redundant: a parent wrapping
      // its child's effects doesn't register them again at every level of nesting.
      if !run.cancellations.contains(where: { $0.covers(registration) }) {
        run.cancellations.append(registration)
      }
      return run
    }
    return Self(steps: steps, runs: runs)
  }

  /// An effect that cancels every in-flight effect registered under the ID, including those of
  /// child features.
  ///
  /// ```swift
  /// case .onDisappear:
  ///   return .cancel(id: CancelID.timer)
  /// ```
  public static func cancel(id: some Hashable & Sendable) -> Self {
    let registration = CancellationRegistration(id: id)
    return Self(steps: [.perform { registration.cancelInFlight() }])
  }
}

/// Runs an asynchronous operation so that it can be cancelled by ID, with ``Effect/cancel(id:)``
/// or ``_Concurrency/Task/cancel(id:)``.
///
/// With `cancelInFlight` it is the building block of debouncing:
///
/// ```swift
/// return .run { send in
///   try await withTaskCancellation(id: CancelID.search, cancelInFlight: true) {
///     try await self.clock.sleep(for: .milliseconds(300))
///     await send(.searchResponse(try await self.api.search(query)))
///   }
/// }
/// ```
public func withTaskCancellation<T: Sendable, E: Error>(
  id: some Hashable & Sendable,
  cancelInFlight: Bool = false,
  isolation: isolated (any Actor)? = #isolation,
  operation: @escaping @Sendable () async throws(E) -> T
) async throws(E) -> T {
  let registration = CancellationRegistration(id: id)
  if cancelInFlight {
    registration.cancelInFlight()
  }
  return try await registration.withTaskCancellation(operation: operation)
}

extension Task where Success == Never, Failure == Never {
  /// Cancels every in-flight effect or ``withTaskCancellation(id:cancelInFlight:isolation:operation:)``
  /// block registered under the ID.
  public static func cancel(id: some Hashable & Sendable) {
    CancellationRegistration(id: id).cancelInFlight()
  }
}

/// A cancellation ID bound to the place it was created: the feature's navigation path and, in
/// Swift Testing, the current test, so IDs never leak between features or between tests.
@usableFromInline
struct CancellationRegistration: Sendable {
  let key: _CancelID

  init(id: some Hashable & Sendable) {
    self.init(id: id, navigationIDPath: .current)
  }

  init(id: some Hashable & Sendable, navigationIDPath: NavigationIDPath) {
    self.key = _CancelID(id: id, navigationIDPath: navigationIDPath)
  }

  /// Whether registering this one registers `other` too: the same ID, at a path that `other`'s
  /// path leads to.
  func covers(_ other: Self) -> Bool {
    self.key.scope == other.key.scope
      && self.key.navigationIDPath.hasPrefix(other.key.navigationIDPath)
  }

  func cancelInFlight() {
    _cancellationCancellables.withValue { $0.tokens(at: self.key) }
      .forEach { $0.cancel() }
  }

  func register(_ token: CancelToken) {
    _cancellationCancellables.withValue { $0.insert(token, at: self.key) }
  }

  func unregister(_ token: CancelToken) {
    _cancellationCancellables.withValue { $0.remove(token, at: self.key) }
  }

  func withTaskCancellation<T: Sendable, E: Error>(
    operation: @escaping @Sendable () async throws(E) -> T
  ) async throws(E) -> T {
    let token = CancelToken()
    self.register(token)
    defer { self.unregister(token) }
    let task = Task<T, any Error> { try await operation() }
    token.attach(task)
    do {
      return try await task.cancellableValue
    } catch {
      // The child task runs only `operation`, whose errors are of type `E`.
      throw error as! E
    }
  }
}

/// The key under which cancellable work is registered: an ID, at the navigation path of the
/// feature that made it.
@_spi(Internals)
public struct _CancelID: Hashable, Sendable {
  /// The ID, with what keeps IDs of different types and different tests apart.
  let scope: CancelScope
  let navigationIDPath: NavigationIDPath

  init(id: some Hashable & Sendable, navigationIDPath: NavigationIDPath) {
    self.scope = CancelScope(
      discriminator: ObjectIdentifier(type(of: id)),
      id: ErasedID(id),
      testIdentifier: {
        guard case let .swiftTesting(.some(testing)) = TestContext.current else { return nil }
        return testing.test.id
      }()
    )
    self.navigationIDPath = navigationIDPath
  }
}

/// A cancellation ID apart from where it was made: its type, its value and, in Swift Testing,
/// the test that made it.
struct CancelScope: Hashable, Sendable {
  let discriminator: ObjectIdentifier
  let id: ErasedID
  let testIdentifier: TestContext.Testing.Test.ID?
  /// The hash of the three, computed once: work is registered under the ID at every step of its
  /// navigation path, and hashing a type-erased ID each time is slow.
  private let hash: Int

  init(discriminator: ObjectIdentifier, id: ErasedID, testIdentifier: TestContext.Testing.Test.ID?) {
    self.discriminator = discriminator
    self.id = id
    self.testIdentifier = testIdentifier
    self.hash = combinedHash(discriminator, id, testIdentifier)
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.hash == rhs.hash && lhs.discriminator == rhs.discriminator
      && lhs.testIdentifier == rhs.testIdentifier && lhs.id == rhs.id
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(self.hash)
  }
}

/// Cancels one piece of in-flight work: a task or a subscription. It can be cancelled before the
/// work it controls exists, in which case the work is cancelled as soon as it is attached.
@usableFromInline
final class CancelToken: Sendable {
  private let state = LockIsolated<(isCancelled: Bool, cancel: (@Sendable () -> Void)?)>(
    (false, nil)
  )

  init() {}

  func attach<S, F>(_ task: Task<S, F>) {
    self.attach { task.cancel() }
  }

  /// Attaches the work that cancelling performs, such as cancelling a subscription.
  func attach(_ cancel: @escaping @Sendable () -> Void) {
    let isCancelled = self.state.withValue {
      $0.cancel = cancel
      return $0.isCancelled
    }
    if isCancelled { cancel() }
  }

  func cancel() {
    let cancel = self.state.withValue {
      $0.isCancelled = true
      return $0.cancel
    }
    cancel?()
  }
}

/// Every piece of cancellable work in flight, by cancellation ID.
///
/// Work is registered under its ID at every step of its navigation path — the root store, each
/// presented feature down to the one that made it — so that cancelling an ID in a feature
/// cancels that work in the feature and in everything it presents, and nowhere else. The steps
/// form a tree, walked one navigation ID at a time.
@_spi(Internals)
public final class CancellablesCollection {
  /// One step of the tree: the work registered here, by ID, and the steps below.
  private final class Node {
    var tokens: [CancelScope: [ObjectIdentifier: CancelToken]] = [:]
    var children: [NavigationID: Node] = [:]
  }

  private let root = Node()
  private var registrations = 0

  init() {}

  func insert(_ token: CancelToken, at key: _CancelID) {
    var node = self.root
    self.add(token, key.scope, to: node)
    for step in key.navigationIDPath.ids {
      let child: Node
      if let existing = node.children[step] {
        child = existing
      } else {
        child = Node()
        node.children[step] = child
      }
      node = child
      self.add(token, key.scope, to: node)
    }
  }

  func remove(_ token: CancelToken, at key: _CancelID) {
    var nodes = [self.root]
    for step in key.navigationIDPath.ids {
      guard let child = nodes[nodes.count - 1].children[step] else { break }
      nodes.append(child)
    }
    for node in nodes {
      // Changed where it is stored: a copy taken out would copy every token registered there.
      node.tokens[key.scope]?[ObjectIdentifier(token)] = nil
      if node.tokens[key.scope]?.isEmpty == true {
        node.tokens[key.scope] = nil
        self.registrations -= 1
      }
    }
    // Steps left with nothing registered at or below them go, deepest first.
    var index = nodes.count - 1
    while index > 0, nodes[index].tokens.isEmpty, nodes[index].children.isEmpty {
      nodes[index - 1].children[key.navigationIDPath.ids[index - 1]] = nil
      index -= 1
    }
  }

  func tokens(at key: _CancelID) -> [CancelToken] {
    self.node(at: key.navigationIDPath)?.tokens[key.scope].map { Array($0.values) } ?? []
  }

  /// Whether any work is registered under exactly this ID.
  func exists(at key: _CancelID) -> Bool {
    self.node(at: key.navigationIDPath)?.tokens[key.scope] != nil
  }

  /// The number of distinct registrations, counting each step of a navigation path.
  public var count: Int {
    self.registrations
  }

  /// Forgets every registration without cancelling anything.
  public func removeAll() {
    self.root.tokens.removeAll()
    self.root.children.removeAll()
    self.registrations = 0
  }

  private func add(_ token: CancelToken, _ scope: CancelScope, to node: Node) {
    if node.tokens[scope] == nil {
      self.registrations += 1
    }
    node.tokens[scope, default: [:]][ObjectIdentifier(token)] = token
  }

  private func node(at path: NavigationIDPath) -> Node? {
    var node = self.root
    for step in path.ids {
      guard let child = node.children[step] else { return nil }
      node = child
    }
    return node
  }
}

@_spi(Internals)
public let _cancellationCancellables = LockIsolated(CancellablesCollection())
