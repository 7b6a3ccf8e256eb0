import Dependencies
import Foundation
import IssueReporting
import OrderedCollections
import Sharing

/// The lifecycle a parent reducer gives the child features it embeds, shared by `ifLet`,
/// `ifCaseLet`, `forEach`, and their presentation and stack forms:
///
/// 1. A child action runs the child on its state where the parent holds it, under the child's
///    navigation path, so that every effect the child starts is cancellable as a whole.
/// 2. The parent runs, and may remove or replace children.
/// 3. Children whose identity is gone have their effects cancelled: compared around the parent
///    (`ifLet`, `ifCaseLet`, `forEach`), or with the children the reducer last saw (presentation
///    and stack, so that a child removed by another reducer is cancelled too).
/// 4. Presented children wait for their own `dismiss()` and tell the parent when it comes.
///
/// Each reducer supplies only where its children live and what its actions look like.
@usableFromInline
struct ChildLifecycle<ParentState, ParentAction> {
  /// The navigation path of the feature that runs the parent reducer.
  @usableFromInline let parentPath: NavigationIDPath
  @usableFromInline let site: ReducerSite

  @inlinable
  init(site: ReducerSite) {
    self.parentPath = .current
    self.site = site
  }

  /// The navigation path of the child with the given ID.
  @inlinable
  func path(for id: NavigationID) -> NavigationIDPath {
    self.parentPath.appending(id)
  }

  /// Runs a child reducer on its state, reached in place through `access`, with its effects
  /// embedded in the parent's actions and cancellable under `path`.
  ///
  /// Without a path (the parent holds no such child), the issue `missing` describes is reported
  /// and nothing runs. With a `dismissID`, the child is presented: its `@Dependency(\.dismiss)` cancels the wait
  /// that ``awaitDismissal(at:dismissID:then:)`` registered under the same ID and path.
  @inlinable
  func run<Child: Reducer>(
    _ child: Child,
    cache: ChildBodyCache<Child>? = nil,
    action: Child.Action,
    at path: NavigationIDPath?,
    dismissID: (any Hashable & Sendable)? = nil,
    in state: inout ParentState,
    access: (inout ParentState, (inout Child.State) -> Effect<Child.Action>) -> Effect<Child.Action>,
    embed: @escaping @Sendable (Child.Action) -> ParentAction,
    missing: (ParentState) -> String
  ) -> Effect<ParentAction> {
    guard let path else {
      self.reportMissingChild(missing(state))
      return .none
    }
    let effects = withDependencies {
      $0.navigationIDPath = path
      if let dismissID {
        $0.dismiss = DismissEffect { @MainActor in
          Task._cancel(id: dismissID, navigationIDPath: path)
        }
      }
    } operation: {
      access(&state) { childState in
        if let cache {
          cache.reduce(child, into: &childState, action: action)
        } else {
          child.reduce(into: &childState, action: action)
        }
      }
    }
    return effects.map(embed)._cancellable(navigationIDPath: path)
  }

  /// Runs the parent reducer, then cancels the effects of the children it removed or replaced.
  ///
  /// Returns the parent's effects with the cancellations, and the children's identities before
  /// and after the parent ran.
  func runParent<Parent: Reducer<ParentState, ParentAction>, IDs: ChildIdentities>(
    _ parent: Parent,
    in state: inout ParentState,
    action: ParentAction,
    children: (ParentState) -> IDs,
    path: (IDs.Child) -> NavigationIDPath
  ) -> (effects: Effect<ParentAction>, before: IDs, after: IDs) {
    let before = children(state)
    let effects = parent.reduce(into: &state, action: action)
    let after = children(state)
    return (.merge(effects, self.cancel(before.removed(in: after).map(path))), before, after)
  }

  /// Cancels every effect the children at these paths started, and those of their own children.
  @inlinable
  func cancel(_ paths: some Sequence<NavigationIDPath>) -> Effect<ParentAction> {
    .merge(paths.map { ._cancel(navigationIDPath: $0) })
  }

  /// A run that lasts as long as the presented child at `path`: it sends `action` when the child
  /// dismisses itself, and is cancelled with the child's other effects when the parent removes
  /// it.
  ///
  /// The action is made only if the child dismisses itself.
  @inlinable
  func awaitDismissal(
    at path: NavigationIDPath,
    dismissID: some Hashable & Sendable,
    then action: @escaping @Sendable () -> ParentAction
  ) -> Effect<ParentAction> {
    ._waitForDismissal(navigationIDPath: path, dismissID: dismissID, then: action)
  }

  /// Reports a child action the parent has no child for, at the reducer's call site.
  @usableFromInline
  func reportMissingChild(_ message: String) {
    reportIssue(
      message,
      fileID: self.site.fileID,
      filePath: self.site.filePath,
      line: self.site.line,
      column: self.site.column
    )
  }
}

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
}

/// Where a navigation reducer was created, for the issues it reports.
@usableFromInline
struct ReducerSite: Sendable {
  @usableFromInline let fileID: StaticString
  @usableFromInline let filePath: StaticString
  @usableFromInline let line: UInt
  @usableFromInline let column: UInt

  @usableFromInline
  init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }
}

/// The identities of the children a parent holds at one moment.
protocol ChildIdentities {
  associatedtype Child
  /// The children held here that `later` no longer holds.
  func removed(in later: Self) -> [Child]
}

extension Optional: ChildIdentities where Wrapped: Equatable {
  func removed(in later: Self) -> [Wrapped] {
    guard let self, self != later else { return [] }
    return [self]
  }
}

extension OrderedSet: ChildIdentities {
  func removed(in later: Self) -> [Element] {
    self == later ? [] : Array(self.subtracting(later))
  }
}

extension Task where Success == Never, Failure == Never {
  /// Cancels the work registered under the ID at the given navigation path.
  @usableFromInline
  static func _cancel(id: some Hashable & Sendable, navigationIDPath: NavigationIDPath) {
    CancellationRegistration(id: id, navigationIDPath: navigationIDPath).cancelInFlight()
  }
}
