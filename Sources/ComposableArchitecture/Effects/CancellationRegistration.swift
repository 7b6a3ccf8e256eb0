import Dependencies
import Foundation

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
    if testIdentifier == nil, let scope = CancelScope.madeOnce(for: ID.self) {
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

  /// The scope of an ID outside tests, made once for all its uses, for the few ID types every
  /// use of a feature registers under: an ID of a type with a single value is the same scope
  /// every time. The navigation reducers' IDs are the ones (see `madeOnce(for:)` in
  /// `Navigation/NavigationCancelScopes.swift`).
  init<ID: Hashable & Sendable>(madeOnce id: ID) {
    self.init(discriminator: ObjectIdentifier(ID.self), id: ErasedID(id), testIdentifier: nil)
  }
}
