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
      run.cancellations.append(registration)
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

/// The key under which cancellable work is registered.
@_spi(Internals)
public struct _CancelID: Hashable, Sendable {
  let discriminator: ObjectIdentifier
  let id: ErasedID
  let navigationIDPath: NavigationIDPath
  let testIdentifier: TestContext.Testing.Test.ID?
  /// The hash of the four, computed once: keys are looked up at every prefix of their path for
  /// each effect that starts, and comparing type-erased IDs is slow, so keys whose hashes differ
  /// are told apart without comparing them.
  private let hash: Int

  init(id: some Hashable & Sendable, navigationIDPath: NavigationIDPath) {
    self.init(
      discriminator: ObjectIdentifier(type(of: id)),
      id: ErasedID(id),
      navigationIDPath: navigationIDPath,
      testIdentifier: {
        guard case let .swiftTesting(.some(testing)) = TestContext.current else { return nil }
        return testing.test.id
      }()
    )
  }

  private init(
    discriminator: ObjectIdentifier,
    id: ErasedID,
    navigationIDPath: NavigationIDPath,
    testIdentifier: TestContext.Testing.Test.ID?
  ) {
    self.discriminator = discriminator
    self.id = id
    self.navigationIDPath = navigationIDPath
    self.testIdentifier = testIdentifier
    var hasher = Hasher()
    hasher.combine(discriminator)
    hasher.combine(id)
    hasher.combine(navigationIDPath)
    hasher.combine(testIdentifier)
    self.hash = hasher.finalize()
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.hash == rhs.hash && lhs.discriminator == rhs.discriminator
      && lhs.testIdentifier == rhs.testIdentifier && lhs.navigationIDPath == rhs.navigationIDPath
      && lhs.id == rhs.id
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.hash)
  }

  /// The same ID at each prefix of its navigation path, so that ancestors can cancel it.
  var prefixes: [_CancelID] {
    self.navigationIDPath.prefixes.map {
      _CancelID(
        discriminator: self.discriminator,
        id: self.id,
        navigationIDPath: $0,
        testIdentifier: self.testIdentifier
      )
    }
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
@_spi(Internals)
public final class CancellablesCollection {
  private var storage: [_CancelID: [ObjectIdentifier: CancelToken]] = [:]

  init() {}

  func insert(_ token: CancelToken, at key: _CancelID) {
    for prefix in key.prefixes {
      self.storage[prefix, default: [:]][ObjectIdentifier(token)] = token
    }
  }

  func remove(_ token: CancelToken, at key: _CancelID) {
    for prefix in key.prefixes {
      self.storage[prefix]?[ObjectIdentifier(token)] = nil
      if self.storage[prefix]?.isEmpty == true {
        self.storage[prefix] = nil
      }
    }
  }

  func tokens(at key: _CancelID) -> [CancelToken] {
    self.storage[key].map { Array($0.values) } ?? []
  }

  /// Whether any work is registered under exactly this ID.
  func exists(at key: _CancelID) -> Bool {
    self.storage[key] != nil
  }

  /// The number of distinct registrations, counting each prefix of a navigation path.
  public var count: Int {
    self.storage.count
  }

  /// Forgets every registration without cancelling anything.
  public func removeAll() {
    self.storage.removeAll()
  }
}

@_spi(Internals)
public let _cancellationCancellables = LockIsolated(CancellablesCollection())
