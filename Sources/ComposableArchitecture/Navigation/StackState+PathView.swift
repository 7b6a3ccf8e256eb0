import OrderedCollections

extension StackState {
  /// One element of a stack together with its ID: what a navigation stack's path holds.
  ///
  /// Two components are equal when their IDs are, whatever their elements hold, so a renderer
  /// that diffs paths sees an element change in place as the same screen.
  ///
  /// ```swift
  /// for component in state.path.path {
  ///   render(component)   // a component per pushed screen, bottom first
  /// }
  /// ```
  public struct Component: Hashable {
    /// The element's stack ID.
    @_spi(Internals) public let id: StackElementID
    /// The element.
    @_spi(Internals) public var element: Element

    /// A component for an element that has, or will have, this ID in a stack.
    @_spi(Internals)
    public init(id: StackElementID, element: Element) {
      self.id = id
      self.element = element
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.id == rhs.id
    }

    public func hash(into hasher: inout Hasher) {
      hasher.combine(self.id)
    }
  }

  /// A stack seen as a collection of ``Component``s: the shape of a navigation stack's path
  /// (SwiftUI's `NavigationStack(path:)` takes a binding to one).
  ///
  /// Components keep their IDs as the view moves them in and out: removing components removes
  /// those elements, and inserting components adds their elements under the components' IDs.
  ///
  /// ```swift
  /// var path = state.path.path
  /// path.removeLast()      // pops the top screen
  /// state.path.path = path
  /// ```
  public struct PathView: MutableCollection, RandomAccessCollection, RangeReplaceableCollection {
    var base: StackState

    init(base: StackState) {
      self.base = base
    }

    /// An empty path.
    public init() {
      self.base = StackState()
    }

    public var startIndex: Int { self.base.startIndex }
    public var endIndex: Int { self.base.endIndex }
    public func index(after i: Int) -> Int { self.base.index(after: i) }
    public func index(before i: Int) -> Int { self.base.index(before: i) }

    /// The component at a position. Setting it replaces the element that has the component's ID.
    public subscript(position: Int) -> Component {
      get {
        Component(id: self.base.ids[position], element: self.base[position])
      }
      set {
        let id = self.base.ids[position]
        if newValue.id == id {
          self.base[position] = newValue.element
        } else {
          self.replaceSubrange(position..<(position + 1), with: CollectionOfOne(newValue))
        }
      }
    }

    /// Replaces components, keeping the IDs of the new ones. IDs stay unique: a new component
    /// whose ID the path already has elsewhere moves that element here.
    public mutating func replaceSubrange<C: Collection>(
      _ subrange: Range<Int>,
      with newElements: C
    ) where C.Element == Component {
      let inserted = Set(newElements.map(\.id))
      var elements = Array(self.base._dictionary.elements)
      elements.replaceSubrange(
        subrange,
        with: newElements.map { (key: $0.id, value: $0.element) }
      )
      var dictionary = self.base._dictionary
      dictionary.removeAll(keepingCapacity: true)
      for (offset, (id, element)) in elements.enumerated() {
        let isNew = offset >= subrange.lowerBound && offset < subrange.lowerBound + newElements.count
        // Outside the replaced range, an element whose ID a new component took gives way.
        if !isNew, inserted.contains(id) { continue }
        if dictionary[id] == nil { dictionary[id] = element }
      }
      self.base._dictionary = dictionary
    }

    /// Exchanges two components, IDs and all.
    public mutating func swapAt(_ i: Int, _ j: Int) {
      self.base._dictionary.swapAt(i, j)
    }
  }

  /// The stack as a navigation path.
  ///
  /// ```swift
  /// let screens = state.path.path.count
  /// ```
  @_spi(Internals)
  public var path: PathView {
    get { PathView(base: self) }
    set { self = newValue.base }
  }
}

extension StackState.Component: Sendable where Element: Sendable {}
extension StackState.PathView: Sendable where Element: Sendable {}

extension Store {
  /// Makes the store's stack match a path a renderer's navigation stack set: where the path
  /// first differs from the stack, ``StackAction/popFrom(id:)`` removes the rest of the stack,
  /// then ``StackAction/push(id:state:)`` adds each remaining component of the path.
  ///
  /// ```swift
  /// let pathStore = store.scope(state: \.path, action: \.path)
  /// var path = pathStore.withState(\.path)
  /// path.removeLast()
  /// pathStore.setPath(path)   // sends .popFrom(id:) for the top screen
  /// ```
  @_spi(Internals)
  public func setPath<ElementState, ElementAction>(_ newPath: StackState<ElementState>.PathView)
  where State == StackState<ElementState>, Action == StackAction<ElementState, ElementAction> {
    let currentIDs = self.withState { $0.ids }
    let newIDs = newPath.map(\.id)
    var common = 0
    while common < min(currentIDs.count, newIDs.count), currentIDs[common] == newIDs[common] {
      common += 1
    }
    if common < currentIDs.count {
      self.send(.popFrom(id: currentIDs[common]))
    }
    for component in newPath.dropFirst(common) {
      self.send(.push(id: component.id, state: component.element))
    }
  }
}
