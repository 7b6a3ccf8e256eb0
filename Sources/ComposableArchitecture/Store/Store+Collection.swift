extension Store where State: ObservableState {
  /// Derives a collection of stores, one per element of an identified array, for a list of child
  /// features.
  ///
  /// ```swift
  /// for rowStore in store.scope(state: \.rows, action: \.rows) {
  ///   render(rowStore)
  /// }
  /// ```
  ///
  /// Reading the collection observes which elements there are; each element's store is cached
  /// by its ID, so the same row gets the same store as long as it stays in the array.
  public func scope<ElementID, ElementState, ElementAction>(
    state: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action: CaseKeyPath<Action, IdentifiedAction<ElementID, ElementAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _StoreCollection<ElementID, ElementState, ElementAction> {
    self.scope(
      state, action: action, fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Derives a collection of stores, one per element of an identified array; the same as
  /// ``scope(state:action:fileID:filePath:line:column:)-(KeyPath<State,IdentifiedArray<ElementID,ElementState>>,_,_,_,_,_)``.
  public func scope<ElementID, ElementState, ElementAction>(
    _ state: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action: CaseKeyPath<Action, IdentifiedAction<ElementID, ElementAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _StoreCollection<ElementID, ElementState, ElementAction> {
    self.reportUncachedScope(fileID: fileID, filePath: filePath, line: line, column: column)
    let elements = self.state[keyPath: state]
    let collectionStore: Store<IdentifiedArray<ElementID, ElementState>, IdentifiedAction<ElementID, ElementAction>> =
      self.scope(state, action: action)
    return _StoreCollection(store: collectionStore, ids: elements.ids.elements)
  }
}

/// The stores of the elements of an identified array, in order: what
/// ``Store/scope(state:action:fileID:filePath:line:column:)-(KeyPath<State,IdentifiedArray<ElementID,ElementState>>,_,_,_,_,_)``
/// returns.
///
/// Its elements are stores, which live on the main actor: read it only there.
public struct _StoreCollection<ID: Hashable & Sendable, State, Action>: RandomAccessCollection {
  private let store: Store<IdentifiedArray<ID, State>, IdentifiedAction<ID, Action>>
  private let ids: [ID]

  init(store: Store<IdentifiedArray<ID, State>, IdentifiedAction<ID, Action>>, ids: [ID]) {
    self.store = store
    self.ids = ids
  }

  public nonisolated var startIndex: Int { 0 }
  public nonisolated var endIndex: Int { self.ids.count }

  /// The store of the element at a position.
  public nonisolated subscript(position: Int) -> Store<State, Action> {
    let id = self.ids[position]
    let store = self.store
    return MainActor.assumeIsolated {
      store.elementStore(id: id)
    }
  }
}

extension Store {
  /// The cached store of the element with the given ID in a store of an identified array.
  func elementStore<ID: Hashable & Sendable, Element, ElementAction>(
    id: ID
  ) -> Store<Element, ElementAction>
  where State == IdentifiedArray<ID, Element>, Action == IdentifiedAction<ID, ElementAction> {
    let scopeID = ScopeID<State, Action>(elementID: id)
    if let child = self.children[scopeID] as? Store<Element, ElementAction> {
      return child
    }
    let child = Store<Element, ElementAction>(
      core: ElementCore(
        base: self.core, id: id, cachedState: self.core.state[id: id]!,
        fanOut: .shared(in: &self.elementFanOutObject, base: self.core))
    )
    self.children[scopeID] = child
    return child
  }
}
