import Dependencies
import Foundation
import Sharing

/// The body of a child reducer, kept once built for as long as the parent reducer that holds this
/// cache: a parent whose own body a store built once (see ``Reducer/_storeBody()``) then runs its
/// children's bodies without building them again for every action, all the way down.
///
/// A child of a type without stored properties takes the body its store keeps for that type (see
/// ``StoreBodies``), so that the levels of a recursive feature, and the places a feature appears
/// more than once, share one body.
@usableFromInline
final class ChildBodyCache<Child: Reducer>: Sendable {
  // Reducers are values that may be shared across threads: the lock guards the writes. Its
  // state holds the bodies erased, so that its type is not generic and making a cache (once per
  // child in every body built) looks up no type metadata.
  @usableFromInline let state = Locked(ChildBodyCacheState())

  @usableFromInline
  init() {}

  /// Runs `child`, through its body built the first time when it has one of its own.
  @inlinable
  func reduce(
    _ child: Child,
    into state: inout Child.State,
    action: Child.Action
  ) -> Effect<Child.Action> {
    let body = self.state.withLock { Self.body(of: child, in: &$0) }
    guard let body else { return child._reduce(into: &state, action: action) }
    return body.reduce(&state, action)
  }

  /// The child's body, built or found the first time. Called with the lock held.
  @inlinable
  static func body(
    of child: Child, in cache: inout ChildBodyCacheState
  ) -> _StoreBody<Child.State, Child.Action>? {
    if let body = cache.body {
      return body.map { unsafeDowncast($0, to: _StoreBody<Child.State, Child.Action>.self) }
    }
    if let body = cache.storeBody {
      return unsafeDowncast(body, to: _StoreBody<Child.State, Child.Action>.self)
    }
    if let bodies = StoreBodies.current, let body = bodies.body(of: child) {
      cache.storeBody = body
      return body
    }
    let body = child._storeBody() as? _StoreBody<Child.State, Child.Action>
    cache.body = .some(body)
    return body
  }
}

/// What a ``ChildBodyCache`` holds: the child's body, of type `_StoreBody<Child.State,
/// Child.Action>`, erased.
@usableFromInline
struct ChildBodyCacheState {
  /// The body the cache built, or `.some(nil)` for a child that has none of its own.
  @usableFromInline var body: AnyObject??
  /// The body the store keeps for the child's type. Held weakly: the store's bodies may hold the
  /// body that holds this cache.
  @usableFromInline weak var storeBody: AnyObject?

  @usableFromInline
  init() {}
}

/// The bodies a store built for the reducer types it runs that have no stored properties: one
/// per type, shared by every place the store runs a reducer of that type.
///
/// A reducer without stored properties builds the same body every time (`body` reads nothing of
/// the reducer), so one body serves the root and every level of a feature that presents itself,
/// and a child feature that appears in several places of its parent. The store's dependencies
/// carry its bodies to the reducers it runs; a `TestStore` has none, and builds bodies for each
/// action.
@usableFromInline
final class StoreBodies: Sendable {
  // The store's reducers may run on any thread that sends to it: the lock guards the table.
  private let bodies = Locked<[ObjectIdentifier: AnyObject]>([:])

  @usableFromInline
  init() {}

  /// The bodies of the store whose reducers are running.
  @usableFromInline
  static var current: StoreBodies? {
    DependencyValues._current.storeBodies
  }

  /// The body of `reducer`, built the first time one of its type asks: `nil` when the reducer has
  /// stored properties (another value of its type may build another body) or no body of its own.
  @usableFromInline
  func body<R: Reducer>(of reducer: R) -> _StoreBody<R.State, R.Action>? {
    guard MemoryLayout<R>.size == 0 else { return nil }
    let type = ObjectIdentifier(R.self)
    if let body = self.bodies.withLock({ $0[type] }) {
      return body as? _StoreBody<R.State, R.Action>
    }
    // Built outside the lock: a body's getter may make a store of its own.
    guard let body = reducer._storeBody() as? _StoreBody<R.State, R.Action> else { return nil }
    return self.bodies.withLock { bodies in
      if let existing = bodies[type] { return existing as? _StoreBody<R.State, R.Action> }
      bodies[type] = body
      return body
    }
  }
}

extension StoreBodies {
  /// The object of type `T` the store keeps (see ``keep(_:)``), if it keeps one.
  func object<T: AnyObject>(_ type: T.Type) -> T? {
    self.bodies.withLock { $0[ObjectIdentifier(type)] } as? T
  }

  /// Keeps `object` for the store's reducers and effects to find by its type, replacing one of
  /// that type. (Bodies are kept under the types of reducers without stored properties, which
  /// are never classes, so the two never share a key.)
  func keep<T: AnyObject>(_ object: T) {
    self.bodies.withLock { $0[ObjectIdentifier(T.self)] = object }
  }
}

private enum StoreBodiesKey: DependencyKey {
  static let liveValue: StoreBodies? = nil
  static let testValue: StoreBodies? = nil
}

extension DependencyValues {
  /// The bodies of the store whose reducers are running, for reducers to share.
  @usableFromInline
  var storeBodies: StoreBodies? {
    get { self[StoreBodiesKey.self] }
    set { self[StoreBodiesKey.self] = newValue }
  }

  /// The object of type `T` that the running store keeps for its features (see
  /// `StoreActor.keep(_:)`): one per root store, seen by every scope of it and every effect it
  /// starts, for the cost of no entry of its own in each store's dependencies. `nil` outside a
  /// store, in a test store, or when the store keeps none.
  ///
  /// ```swift
  /// guard let tracker = DependencyValues._current.storeObject(Tracker.self) else { return }
  /// ```
  package func storeObject<T: AnyObject>(_ type: T.Type) -> T? {
    self.storeBodies?.object(type)
  }
}
