import ConcurrencyExtras
import IdentifiedCollections

extension StoreActor where State: ObservableState {
  /// Derives a collection of stores, one per element of an identified array, for a list of child
  /// features. Each element's store runs on this store's actor and is cached by its ID.
  ///
  /// ```swift
  /// let rows = await store.scope(state: \.rows, action: \.rows)
  /// for row in rows { await row.send(.refresh) }
  /// ```
  ///
  /// Reading the collection observes which elements there are, as ``Store``'s does.
  public func scope<ElementID, ElementState, ElementAction>(
    state: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action: CaseKeyPath<Action, IdentifiedAction<ElementID, ElementAction>>
  ) -> _StoreActorCollection<ElementID, ElementState, ElementAction> {
    self.scopeOnActor(state: state, action: action)
  }

  /// ``scope(state:action:)-(KeyPath<State,IdentifiedArray<ElementID,ElementState>>,_)``, for
  /// code on the store's actor; not checked.
  @_spi(Internals)
  public nonisolated func scopeOnActor<ElementID, ElementState, ElementAction>(
    state: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action: CaseKeyPath<Action, IdentifiedAction<ElementID, ElementAction>>
  ) -> _StoreActorCollection<ElementID, ElementState, ElementAction> {
    let ids = self.stateOnActor[keyPath: state].ids
    let store:
      StoreActor<
        IdentifiedArray<ElementID, ElementState>, IdentifiedAction<ElementID, ElementAction>
      > = self.scopeOnActor(state: state, action: action)
    return _StoreActorCollection(stores: ids.map { store.elementStore(id: $0) })
  }
}

/// The stores of the elements of an identified array, in order: what
/// ``StoreActor/scope(state:action:)-(KeyPath<State,IdentifiedArray<ElementID,ElementState>>,_)``
/// returns.
public struct _StoreActorCollection<ID: Hashable & Sendable, State, Action>: RandomAccessCollection,
  Sendable
{
  private let stores: [StoreActor<State, Action>]

  init(stores: [StoreActor<State, Action>]) {
    self.stores = stores
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { self.stores.count }

  /// The store of the element at a position.
  public subscript(position: Int) -> StoreActor<State, Action> {
    self.stores[position]
  }
}

extension StoreActor {
  /// The cached store of the element with the given ID in a store of an identified array (on
  /// the store's actor).
  nonisolated func elementStore<ID: Hashable & Sendable, Element, ElementAction>(
    id: ID
  ) -> StoreActor<Element, ElementAction>
  where State == IdentifiedArray<ID, Element>, Action == IdentifiedAction<ID, ElementAction> {
    let scopeID = ScopeID<State, Action>(elementID: id)
    if let child = self.children[scopeID] as? StoreActor<Element, ElementAction> {
      return child
    }
    let child = StoreActor<Element, ElementAction>(
      core: UncheckedSendable(
        ElementCore(
          base: self.core, id: id, cachedState: self.core.state[id: id]!,
          fanOut: .shared(in: &self.elementFanOutObject, base: self.core))),
      isolation: self.isolation
    )
    self.children[scopeID] = child
    return child
  }
}

extension ScopeID {
  /// The ID of the store of the element with the given ID, in a store of an identified array.
  init<ID: Hashable & Sendable, Element, ElementAction>(elementID id: ID)
  where State == IdentifiedArray<ID, Element>, Action == IdentifiedAction<ID, ElementAction> {
    let toState: KeyPath<State, Element?> = \.[id: id]
    let toAction: CaseKeyPath<Action, ElementAction> = \Case<Action>.[id: id]
    self.init(state: toState, action: toAction)
  }
}
