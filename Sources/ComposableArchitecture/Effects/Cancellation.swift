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
    if self.isNone && !cancelInFlight { return self }
    return self.cancellable(CancellationRegistration(id: id), cancelInFlight: cancelInFlight)
  }

  /// This effect, registered under `registration` when it starts.
  @inlinable
  func cancellable(_ registration: CancellationRegistration, cancelInFlight: Bool) -> Self {
    // Cancelling an ID at a step of a navigation path reaches the work registered below it, so a
    // registration a run already has for the same ID deeper down the same path makes this one
    // redundant: a parent wrapping its child's effects doesn't register them again at every
    // level of nesting.
    var runs = self.runs
    var isChanged = false
    for index in runs.indices
    where !runs[index].cancellations.contains(where: { $0.covers(registration) }) {
      runs[index].cancellations.append(registration)
      isChanged = true
    }
    guard isChanged || cancelInFlight else { return self }
    var steps = self.steps
    if cancelInFlight {
      steps.insert(.perform { registration.cancelInFlight() }, at: 0)
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
    Self._cancel(CancellationRegistration(id: id))
  }

  /// Cancels the work registered under `registration`, when the effect starts.
  @inlinable
  static func _cancel(_ registration: CancellationRegistration) -> Self {
    Self(steps: [.perform { registration.cancelInFlight() }])
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

  @usableFromInline
  init(id: some Hashable & Sendable) {
    self.init(id: id, navigationIDPath: .current)
  }

  @usableFromInline
  init(id: some Hashable & Sendable, navigationIDPath: NavigationIDPath) {
    self.key = _CancelID(id: id, navigationIDPath: navigationIDPath)
  }

  /// Whether registering this one registers `other` too: the same ID, at a path that `other`'s
  /// path leads to.
  @usableFromInline
  func covers(_ other: Self) -> Bool {
    other.key.navigationIDPath.count <= self.key.navigationIDPath.count
      && self.key.scope == other.key.scope
      && self.key.navigationIDPath.hasPrefix(other.key.navigationIDPath)
  }

  @usableFromInline
  func cancelInFlight() {
    _cancellationCancellables.withValue { $0.tokens(at: self.key) }
      .forEach { $0.cancel() }
  }

  @usableFromInline
  func register(_ token: CancelToken) {
    _cancellationCancellables.withValue { $0.insert(token, at: self.key) }
  }

  @usableFromInline
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

  init<ID: Hashable & Sendable>(id: ID, navigationIDPath: NavigationIDPath) {
    let testIdentifier: TestContext.Testing.Test.ID? = {
      guard case let .swiftTesting(.some(testing)) = TestContext.current else { return nil }
      return testing.test.id
    }()
    if testIdentifier == nil, let scope = CancelScope.navigationScope(of: ID.self) {
      self.scope = scope
    } else {
      self.scope = CancelScope(
        discriminator: ObjectIdentifier(type(of: id)),
        id: ErasedID(id),
        testIdentifier: testIdentifier
      )
    }
    self.navigationIDPath = navigationIDPath
  }
}

/// A cancellation ID apart from where it was made: its type, its value and, in Swift Testing,
/// the test that made it.
struct CancelScope: Hashable, Sendable {
  let discriminator: ObjectIdentifier
  let id: ErasedID
  let testIdentifier: TestContext.Testing.Test.ID?
  private let isInTest: Bool
  /// The hash of the three, computed once: the ID is hashed whenever work is registered or
  /// found under it, and hashing a type-erased ID each time is slow.
  private let hash: Int

  init(discriminator: ObjectIdentifier, id: ErasedID, testIdentifier: TestContext.Testing.Test.ID?) {
    self.discriminator = discriminator
    self.id = id
    self.testIdentifier = testIdentifier
    self.isInTest = testIdentifier != nil
    self.hash = combinedHash(discriminator, id, testIdentifier)
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.hash == rhs.hash && lhs.discriminator == rhs.discriminator && lhs.id == rhs.id
      && lhs.isInSameTest(as: rhs)
  }

  /// Whether both were made in the same test, or both outside tests: the common case, scopes made
  /// outside tests, is answered without comparing the optional test identifiers.
  private func isInSameTest(as other: Self) -> Bool {
    self.isInTest == other.isInTest
      && (!self.isInTest || self.testIdentifier == other.testIdentifier)
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(self.hash)
  }

  /// Outside tests, the scopes of the IDs under which presented features run and wait for their
  /// dismissal, made once: every presentation registers under both.
  private static let presented = CancelScope(_PresentedID())
  private static let presentationDismissal = CancelScope(PresentationDismissID())

  private init<ID: Hashable & Sendable>(_ id: ID) {
    self.init(discriminator: ObjectIdentifier(ID.self), id: ErasedID(id), testIdentifier: nil)
  }

  /// The scope of the navigation ID type outside tests, when it is made once.
  static func navigationScope<ID>(of _: ID.Type) -> Self? {
    if ID.self == _PresentedID.self { return Self.presented }
    if ID.self == PresentationDismissID.self { return Self.presentationDismissal }
    return nil
  }
}

/// Cancels one piece of in-flight work: a task or a subscription. It can be cancelled before the
/// work it controls exists, in which case the work is cancelled as soon as it is attached.
@usableFromInline
final class CancelToken: @unchecked Sendable {
  // The lock guards the two properties. (One is made for every effect run that can be cancelled,
  // so it is a plain lock rather than a `LockIsolated`, which is another object.)
  private let lock = NSLock()
  private var isCancelled = false
  private var onCancel: (@Sendable () -> Void)?

  @usableFromInline
  init() {}

  @usableFromInline
  func attach<S, F>(_ task: Task<S, F>) {
    self.attach { task.cancel() }
  }

  /// Attaches the work that cancelling performs, such as cancelling a subscription.
  func attach(_ cancel: @escaping @Sendable () -> Void) {
    let isCancelled = self.lock.withLock {
      if !self.isCancelled { self.onCancel = cancel }
      return self.isCancelled
    }
    if isCancelled { cancel() }
  }

  /// Cancels the work attached, or the work attached later. The work is performed once, and let
  /// go of: what it holds may hold this token.
  func cancel() {
    let cancel = self.lock.withLock {
      defer { self.onCancel = nil }
      self.isCancelled = true
      return self.onCancel
    }
    cancel?()
  }

  /// Lets go of the work attached, without cancelling it: for work that ended by itself, whose
  /// cancellation may hold this token.
  func detach() {
    self.lock.withLock { self.onCancel = nil }
  }
}

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
public final class CancellablesLock: @unchecked Sendable {
  // Work found here is cancelled after the lock is released.
  private let lock = NSLock()
  private let collection = CancellablesCollection()

  init() {}

  /// Runs `body` with the registry, under the lock.
  ///
  /// ```swift
  /// _cancellationCancellables.withValue { $0.count }
  /// ```
  public func withValue<T>(_ body: (CancellablesCollection) throws -> T) rethrows -> T {
    self.lock.lock()
    defer { self.lock.unlock() }
    return try body(self.collection)
  }

  /// The number of registrations, as ``CancellablesCollection/count`` counts them. TCA's own test
  /// base class reads it straight off `_cancellationCancellables` after every test.
  public var count: Int { self.withValue { $0.count } }

  /// Forgets every registration without cancelling anything.
  public func removeAll() { self.withValue { $0.removeAll() } }
}
