import CasePaths
import Dependencies
import Foundation
import IdentifiedCollections
import Sharing

/// A core for a child store: its state is a key path of the parent's and its actions are
/// embedded in the parent's by a case key path.
final class ScopedCore<ParentState, ParentAction, State, Action>: DerivedCore {
  let base: any Core<ParentState, ParentAction>
  let toState: StateReader<ParentState, State>
  let fromAction: (Action) -> ParentAction
  let observation = DerivedCoreObservation<State>()

  init(base: any Core<ParentState, ParentAction>, toState: KeyPath<ParentState, State>, fromAction: @escaping (Action) -> ParentAction) {
    self.base = base
    self.toState = StateReader(toState)
    self.fromAction = fromAction
  }

  func readState() -> State { self.toState.get(self.base.state) }
  var root: any RootCoreProtocol { self.base.root }
  var stateExists: Bool { self.base.stateExists }

  func send(_ action: Action) -> Task<Void, Never>? {
    self.base.send(self.fromAction(action))
  }
}

/// A core for a child store of optional state. It remembers the last non-`nil` state so that a
/// view that is being torn down can still read it.
final class IfLetCore<ParentState, ParentAction, State, Action>: DerivedCore {
  let base: any Core<ParentState, ParentAction>
  let root: any RootCoreProtocol
  // Confined to the store's isolation, and no access spans a call out of the core.
  @exclusivity(unchecked) private var cachedState: State
  /// The root's state version and the shared values' generation `cachedState` was read at:
  /// while neither changed, a read returns the kept state instead of reading through every level
  /// above (scoping ten levels down would otherwise read the first level ten times). A `@Shared`
  /// value in the state changes without the root running, hence the generation.
  @exclusivity(unchecked) private var cachedVersion: UInt
  @exclusivity(unchecked) private var cachedGeneration: UInt
  let toState: StateReader<ParentState, State?>
  let fromAction: (Action) -> ParentAction
  let observation = DerivedCoreObservation<State>()

  /// A core whose last state is `cachedState`, read from `base` just now, after `generation`
  /// was read from ``SharedValueChanges``.
  init(
    base: any Core<ParentState, ParentAction>,
    cachedState: State,
    generation: UInt,
    toState: KeyPath<ParentState, State?>,
    fromAction: @escaping (Action) -> ParentAction
  ) {
    self.base = base
    let root = base.root
    self.root = root
    self.cachedState = cachedState
    self.cachedVersion = root.stateVersion
    self.cachedGeneration = generation
    self.toState = StateReader(toState)
    self.fromAction = fromAction
  }

  func readState() -> State {
    let version = self.root.stateVersion
    // Read before the state: a change after this read is seen at the next one.
    let generation = SharedValueChanges.generation
    if version == self.cachedVersion, generation == self.cachedGeneration {
      return self.cachedState
    }
    // Once the child state is gone, the last one it had stays.
    if let state = self.toState.get(self.base.state) {
      self.cachedState = state
    }
    self.cachedVersion = version
    self.cachedGeneration = generation
    return self.cachedState
  }

  var stateExists: Bool { self.base.stateExists && self.toState.get(self.base.state) != nil }

  func send(_ action: Action) -> Task<Void, Never>? {
    self.base.send(self.fromAction(action))
  }
}

/// A core for the store of one element of an identified array, found by its ID. Like
/// ``IfLetCore``, it remembers the element's last state, so that a view being torn down after
/// the element was removed can still read it: the state it last read, when the element was read
/// through it, sent to through it, or replaced. (An element changed in place by another action
/// and removed before anything read it is remembered as it was before that change, as TCA's
/// element stores remember the element as of the last time the list was iterated.)
///
/// An element's store of observable state hears of the array's changes through the array
/// store's ``ElementFanOut``, only when its element may have been replaced; other observers
/// (scopes, publishers) hear of every change. The read is kept cheap: by index rather than
/// through a key path to an optional element, whose type this unspecialized code would look up
/// at each read.
final class ElementCore<ID: Hashable & Sendable, Element, ElementAction>: DerivedCore {
  typealias State = Element
  typealias Action = ElementAction
  typealias BaseState = IdentifiedArray<ID, Element>
  typealias BaseAction = IdentifiedAction<ID, ElementAction>

  let base: any Core<IdentifiedArray<ID, Element>, IdentifiedAction<ID, ElementAction>>
  let id: ID
  // Confined to the store's isolation, and no access spans a call out of the core.
  @exclusivity(unchecked) private var cachedState: Element
  let observation = DerivedCoreObservation<Element>()
  /// What tells the core of its element's replacements, shared by the array's element cores.
  private let fanOut: ElementFanOut<ID, Element, ElementAction>?
  @exclusivity(unchecked) private var isObservingReplacements = false

  init(
    base: any Core<IdentifiedArray<ID, Element>, IdentifiedAction<ID, ElementAction>>,
    id: ID,
    cachedState: Element,
    fanOut: ElementFanOut<ID, Element, ElementAction>? = nil
  ) {
    self.base = base
    self.id = id
    self.cachedState = cachedState
    self.fanOut = fanOut
  }

  func observeReplacements(_ observer: AnyObject, didChange: @escaping () -> Void) {
    guard let fanOut = self.fanOut else {
      self.observe(observer, didChange: didChange)
      return
    }
    if !self.isObservingReplacements {
      self.isObservingReplacements = true
      fanOut.register(self)
    }
    self.observation.observers.add(observer, didChange: didChange)
  }

  /// Called by the fan-out when the element may have been replaced: the observers are told,
  /// unless the core hears of every change of its base already.
  func replacementMayHaveHappened() {
    guard !self.observation.isObservingBase else { return }
    self.baseDidChange()
  }

  func readState() -> Element {
    let elements = self.base.state
    if let index = elements.index(id: self.id) {
      self.cachedState = elements[index]
    }
    return self.cachedState
  }

  var stateExists: Bool { self.base.stateExists && self.base.state.index(id: self.id) != nil }
  var root: any RootCoreProtocol { self.base.root }

  func send(_ action: ElementAction) -> Task<Void, Never>? {
    let task = self.base.send(.element(id: self.id, action: action))
    // A core that hears only of replacements (see `ElementFanOut`) is not told of the in-place
    // changes that would refresh its last state: it keeps what a send through it did, for
    // reads once its element is gone.
    if self.isObservingReplacements { _ = self.readState() }
    return task
  }
}

/// A core for a store scoped with closures rather than key paths. Such stores cannot be cached
/// by their parent, because closures have no identity.
final class ClosureScopedCore<ParentState, ParentAction, State, Action>: DerivedCore {
  let base: any Core<ParentState, ParentAction>
  let toState: (ParentState) -> State
  let fromAction: (Action) -> ParentAction
  let observation = DerivedCoreObservation<State>()

  init(
    base: any Core<ParentState, ParentAction>,
    toState: @escaping (ParentState) -> State,
    fromAction: @escaping (Action) -> ParentAction
  ) {
    self.base = base
    self.toState = toState
    self.fromAction = fromAction
  }

  func readState() -> State { self.toState(self.base.state) }
  var root: any RootCoreProtocol { self.base.root }
  var stateExists: Bool { self.base.stateExists }

  func send(_ action: Action) -> Task<Void, Never>? {
    self.base.send(self.fromAction(action))
  }
}

extension ScopedCore {
  /// A core for the child of `base` at `toState`, whose actions `action` embeds.
  convenience init(
    base: any Core<ParentState, ParentAction>,
    toState: KeyPath<ParentState, State>,
    action: CaseKeyPath<ParentAction, Action>
  ) {
    let toChildAction = ActionEmbedding(action)
    self.init(base: base, toState: toState, fromAction: { toChildAction($0) })
  }
}

extension IfLetCore {
  /// A core for the optional child of `base` at `toState`, whose actions `action` embeds.
  convenience init(
    base: any Core<ParentState, ParentAction>,
    cachedState: State,
    generation: UInt,
    toState: KeyPath<ParentState, State?>,
    action: CaseKeyPath<ParentAction, Action>
  ) {
    let toChildAction = ActionEmbedding(action)
    self.init(
      base: base, cachedState: cachedState, generation: generation, toState: toState,
      fromAction: { toChildAction($0) }
    )
  }
}
