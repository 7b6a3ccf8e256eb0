import ConcurrencyExtras
import IssueReporting
import OrderedCollections

/// The action of one element of a collection feature: which element, and what it did.
///
/// ```swift
/// enum Action {
///   case rows(IdentifiedActionOf<Row>)
/// }
/// ```
///
/// In tests, `\.rows[id: 1].toggle` reaches `.rows(.element(id: 1, action: .toggle))`:
///
/// ```swift
/// await store.send(\.rows[id: 1].toggle) { $0.rows[id: 1]?.isOn = true }
/// ```
public enum IdentifiedAction<ID: Hashable & Sendable, Action>: CasePathable {
  /// An action of the element with the given ID.
  indirect case element(id: ID, action: Action)

  /// The case paths of ``IdentifiedAction``.
  public struct AllCasePaths: Sendable {
    /// The path to ``IdentifiedAction/element(id:action:)``, with its ID and action.
    public var element: AnyCasePath<IdentifiedAction, (id: ID, action: Action)> {
      AnyCasePath(
        embed: { .element(id: $0.id, action: $0.action) },
        extract: {
          guard case let .element(id, action) = $0 else { return nil }
          return (id, action)
        }
      )
    }

    /// The path to the actions of the element with the given ID.
    public subscript(id id: ID) -> AnyCasePath<IdentifiedAction, Action> {
      AnyCasePath(
        embed: { .element(id: id, action: $0) },
        extract: {
          guard case let .element(elementID, action) = $0, elementID == id else { return nil }
          return action
        }
      )
    }
  }

  /// The case paths of ``IdentifiedAction``.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension Case {
  /// The actions of one element, as a case key path component: `\.rows[id: 1]`.
  public subscript<ID: Hashable & Sendable, Action>(id id: ID) -> Case<Action>
  where Value == IdentifiedAction<ID, Action> {
    let path = Value.allCasePaths[id: id]
    return Case<Action>(
      embed: { self._embed(path.embed($0)) },
      extract: { (root: Any) in self._extract(from: root).flatMap(path.extract(from:)) }
    )
  }
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Sendable where Action: Sendable {}
extension IdentifiedAction: Decodable where ID: Decodable, Action: Decodable {}
extension IdentifiedAction: Encodable where ID: Encodable, Action: Encodable {}

/// The action of one element of a collection of a reducer's features.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable

extension Reducer {
  /// Runs an element reducer on each element of an identified array, for the parent's actions
  /// that carry element actions.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in … }
  ///     .forEach(\.rows, action: \.rows) {
  ///       Row()
  ///     }
  /// }
  /// ```
  ///
  /// The element runs first, then the parent. When the parent removes an element, the effects
  /// the element started are cancelled. An action for an element that isn't in the array is
  /// reported as an issue and ignored.
  @inlinable
  @warn_unqualified_access
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable, Element: Reducer>(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachReducer<Self, ID, Element>
  where Element.State == ElementState, Element.Action == ElementAction {
    _ForEachReducer(
      parent: self,
      toElementsState: toElementsState,
      toElementAction: AnyCasePath(toElementAction),
      element: element(),
      site: ReducerSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer that ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)`` returns.
public struct _ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let toElementsState: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  @usableFromInline let toElementAction: AnyCasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>
  @usableFromInline let element: Element
  @usableFromInline let site: ReducerSite
  @usableFromInline let elementBody = ChildBodyCache<Element>()
  @usableFromInline let elementsMember: StateMember<Parent.State, IdentifiedArray<ID, Element.State>>

  @usableFromInline
  init(
    parent: Parent,
    toElementsState: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
    toElementAction: AnyCasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>,
    element: Element,
    site: ReducerSite
  ) {
    self.parent = parent
    self.toElementsState = toElementsState
    self.elementsMember = StateMember(toElementsState)
    self.toElementAction = toElementAction
    self.element = element
    self.site = site
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let lifecycle = ChildLifecycle<Parent.State, Parent.Action>(site: self.site)
    var elementEffects = Effect<Parent.Action>.none
    if case let .element(id, elementAction)? = self.toElementAction.extract(from: action) {
      let toElementAction = self.toElementAction
      let isPresent = state[keyPath: self.toElementsState][id: id] != nil
      elementEffects = lifecycle.run(
        self.element, cache: self.elementBody, action: elementAction,
        at: isPresent ? lifecycle.path(for: self.navigationID(for: id)) : nil, in: &state,
        access: { state, body in self.elementsMember.modify(&state) { body(&$0[id: id]!) } },
        embed: { toElementAction.embed(.element(id: id, action: $0)) },
        missing: { _ in self.missingElement(action) }
      )
    }
    let elements = lifecycle.runParent(
      self.parent, in: &state, action: action, children: { $0[keyPath: self.toElementsState].ids },
      path: { lifecycle.path(for: self.navigationID(for: $0)) }
    )
    return .merge(elementEffects, elements.effects)
  }

  @usableFromInline
  func missingElement(_ action: Parent.Action) -> String {
    """
    A "forEach" at "\(self.site.fileID):\(self.site.line)" received an action for a missing \
    element:

      Action:
        \(debugCaseOutput(action))

    This is generally considered an application logic error, and can happen for a few \
    reasons:

    • A parent reducer removed the element with this ID before this reducer ran. This \
    reducer must run before any other reducer removes an element: put "forEach" after the \
    parent's "Reduce", as in "Reduce { … }.forEach(…) { … }".

    • An in-flight effect emitted this action after its element was removed. While it's \
    perfectly reasonable to ignore this action, consider cancelling the associated effect \
    before the element is removed, especially if it is a long-living effect.

    • This action was sent to the store while its state contained no element with this ID. \
    Make sure that actions for this reducer can only be sent from a store whose state \
    contains the element, as with stores scoped from "store.scope(state:action:)" over \
    the collection (the "ForEachStore" of SwiftUI applications).
    """
  }

  @usableFromInline
  func navigationID(for id: ID) -> NavigationID {
    NavigationID(path: self.toElementsState, elementID: id)
  }
}
