import Dependencies
import Foundation

/// The engine behind a store: where state lives and how actions reach the root reducer.
///
/// A root store owns a ``RootCore``; scoped stores own cores that read their state through the
/// parent's and embed their actions into the parent's.
///
/// Cores are not isolated to an actor of their own: each is confined to the isolation of the
/// store that owns it, the main actor for ``Store`` and the store's actor for ``StoreActor``, and
/// only that store (and the cores and effects it starts) calls it.
@usableFromInline
protocol Core<State, Action>: AnyObject {
  associatedtype State
  associatedtype Action

  var state: State { get }
  func send(_ action: Action) -> Task<Void, Never>?
  /// The root of the core tree, which runs the reducer and notifies observers.
  var root: any RootCoreProtocol { get }
  /// Whether the root is in the middle of processing actions (`root.isSending`, which a root
  /// answers without handing out a reference to itself).
  var isRootSending: Bool { get }
  /// Whether a store with this core can cache the stores scoped from it: not when it, or a core
  /// it derives from, was scoped with closures. See `ChildStoreCaching.swift`.
  var canStoreCacheChildren: Bool { get }
  /// Whether the state this core reads still exists in the root: `false` below a child of
  /// optional state that is gone. A binding's write to such a store is dropped.
  var stateExists: Bool { get }
  /// Calls `didChange` after every change of root state, for as long as `observer` is alive.
  ///
  /// Observation follows the tree of cores: the root tells its own observers, among which the
  /// cores scoped from it, each of which tells its own; a scoped core observes its parent only
  /// once it has an observer. While a core tells its observers, it holds its state, so that
  /// they, and the cores scoped from it, read it without going up to the root.
  func observe(_ observer: AnyObject, didChange: @escaping () -> Void)
  /// Calls `didChange` at least after every change of root state that replaced this core's
  /// state (gave it another ``ObservableStateID``), for as long as `observer` is alive; it may
  /// be told of other changes too. For an observer that only needs to hear of replacements,
  /// such as a store of observable state, whose readers of properties hear of those changes
  /// from the state's registrar.
  func observeReplacements(_ observer: AnyObject, didChange: @escaping () -> Void)
}

extension Core {
  @usableFromInline
  var isRootSending: Bool { self.root.isSending }

  @usableFromInline
  func observeReplacements(_ observer: AnyObject, didChange: @escaping () -> Void) {
    self.observe(observer, didChange: didChange)
  }
}

@usableFromInline
protocol RootCoreProtocol: AnyObject {
  /// Whether the root is in the middle of processing actions.
  var isSending: Bool { get }
  /// Changes whenever the root's state may have changed: when a pass takes the state and when
  /// it commits it. A derived core that keeps its state can reuse it while this is unchanged and
  /// no shared value changed (`SharedValueChanges`): a `@Shared` value in the state changes
  /// without a pass.
  var stateVersion: UInt { get }
  /// The bodies (and kept objects) its dependencies carry to its reducers; `nil` for a root
  /// whose reducer sets its own dependencies (a test store's).
  var storeBodies: StoreBodies? { get }
}
