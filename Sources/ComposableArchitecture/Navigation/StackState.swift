import CustomDump
import Dependencies
import IssueReporting
import Observation
import OrderedCollections

/// The state of a navigation stack: an ordered collection of the pushed features' states, each
/// with a stable ``StackElementID``.
///
/// ```swift
/// @ObservableState
/// struct State {
///   var path = StackState<Path.State>()
/// }
/// // …
/// state.path.append(.detail(Detail.State()))
/// ```
///
/// Elements get their IDs when they are added; `ifLet`-like integration comes from
/// `forEach(\.path, action: \.path)`.
public struct StackState<Element> {
  var _dictionary: OrderedDictionary<StackElementID, Element>
  /// The IDs as `forEach` last saw them. While nothing is pushed or popped they share the
  /// stack's own, so telling that nothing changed costs one comparison of two buffers.
  fileprivate var _mounted: OrderedSet<StackElementID> = []

  /// An empty stack.
  public init() {
    self._dictionary = [:]
  }

  /// The IDs of the elements, bottom first.
  public var ids: OrderedSet<StackElementID> {
    self._dictionary.keys
  }

  /// The element with an ID, or `nil` when the stack has none.
  ///
  /// Assigning `nil` removes the element. Assigning to an ID the stack doesn't have is only
  /// allowed in tests, where it adds the element; elsewhere it is reported and ignored.
  public subscript(
    id id: StackElementID,
    fileID fileID: _HashableStaticString = #fileID,
    filePath filePath: _HashableStaticString = #filePath,
    line line: UInt = #line,
    column column: UInt = #column
  ) -> Element? {
    _read { yield self._dictionary[id] }
    _modify { yield &self._dictionary[id] }
    set {
      switch (self.ids.contains(id), newValue) {
      case (true, _):
        self._dictionary[id] = newValue
      case (false, .some):
        @Dependency(\.context) var context
        if context == .test {
          self._dictionary[id] = newValue
        } else {
          reportIssue(
            "Can't assign element at missing ID \(id.debugDescription).",
            fileID: fileID.rawValue,
            filePath: filePath.rawValue,
            line: line,
            column: column
          )
        }
      case (false, .none):
        break
      }
    }
  }

  /// The payload of the element with an ID in one enum case, or `nil` when the element is in
  /// another case or missing.
  ///
  /// ```swift
  /// state.path[id: id, case: \.detail]?.title = "Edited"
  /// ```
  public subscript<Case>(
    id id: StackElementID,
    case path: CaseKeyPath<Element, Case>,
    fileID fileID: _HashableStaticString = #fileID,
    filePath filePath: _HashableStaticString = #filePath,
    line line: UInt = #line,
    column column: UInt = #column
  ) -> Case? where Element: CasePathable {
    get { self[id: id].flatMap { $0[case: path] } }
    set {
      guard let element = self[id: id] else { return }
      guard element[case: path] != nil else {
        reportIssue(
          """
          Can't modify unrelated case: the element \(id.debugDescription) is \
          "\(debugCaseOutput(element))", not the case "\(describeCase(path, embedding: newValue))".
          """,
          fileID: fileID.rawValue,
          filePath: filePath.rawValue,
          line: line,
          column: column
        )
        return
      }
      self._dictionary[id] = newValue.map { path($0) }
    }
  }

  /// Removes the element with the ID and every element above it.
  ///
  /// ```swift
  /// state.path.pop(from: id)
  /// ```
  @discardableResult
  public mutating func pop(from id: StackElementID) -> Bool {
    guard let index = self._dictionary.keys.firstIndex(of: id) else { return false }
    self._dictionary.removeSubrange(index...)
    return true
  }

  /// Removes every element above the one with the ID.
  ///
  /// ```swift
  /// state.path.pop(to: rootID)
  /// ```
  @discardableResult
  public mutating func pop(to id: StackElementID) -> Bool {
    guard let index = self._dictionary.keys.firstIndex(of: id) else { return false }
    self._dictionary.removeSubrange(index.advanced(by: 1)...)
    return true
  }

  /// Whether `forEach` has seen the elements the stack holds now.
  @usableFromInline
  var isMountedUpToDate: Bool {
    self._mounted == self._dictionary.keys
  }

  /// Records that `forEach` has seen the elements the stack holds now, and returns those it had
  /// seen that are gone (oldest first) and those it had not seen (bottom first).
  mutating func remount() -> (removed: [StackElementID], added: [StackElementID]) {
    let ids = self._dictionary.keys
    let removed = self._mounted.filter { !ids.contains($0) }
    let added = ids.elements.filter { !self._mounted.contains($0) }
    self._mounted = ids
    return (removed.sorted { $0.generation < $1.generation }, added)
  }
}

extension StackState: RandomAccessCollection, RangeReplaceableCollection, MutableCollection {
  public var startIndex: Int { self._dictionary.values.startIndex }
  public var endIndex: Int { self._dictionary.values.endIndex }
  public func index(after i: Int) -> Int { self._dictionary.values.index(after: i) }
  public func index(before i: Int) -> Int { self._dictionary.values.index(before: i) }

  public subscript(position: Int) -> Element {
    _read { yield self._dictionary.values[position] }
    _modify { yield &self._dictionary.values[position] }
  }

  /// Replaces elements; new elements get new IDs from `\.stackElementID`.
  public mutating func replaceSubrange<C: Collection>(
    _ subrange: Range<Int>,
    with newElements: C
  ) where C.Element == Element {
    @Dependency(\.stackElementID) var stackElementID
    var elements = Array(self._dictionary.elements)
    elements.replaceSubrange(
      subrange,
      with: newElements.map { (key: stackElementID.next(), value: $0) }
    )
    self._dictionary = OrderedDictionary(uniqueKeysWithValues: elements.map { ($0.key, $0.value) })
  }

  /// Removes every element.
  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    self._dictionary.removeAll(keepingCapacity: keepCapacity)
  }
}

extension StackState: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension StackState: Equatable where Element: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs._dictionary == rhs._dictionary
  }
}

extension StackState: Hashable where Element: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(self._dictionary)
  }
}

extension StackState: Sendable where Element: Sendable {}

extension StackState: Decodable where Element: Decodable {
  /// Decodes a plain array of elements; they get new IDs.
  public init(from decoder: any Decoder) throws {
    self.init(try [Element](from: decoder))
  }
}

extension StackState: Encodable where Element: Encodable {
  /// Encodes the elements as a plain array, without their IDs.
  public func encode(to encoder: any Encoder) throws {
    try Array(self._dictionary.values).encode(to: encoder)
  }
}

extension StackState: CustomStringConvertible {
  public var description: String {
    self._dictionary.values.elements.description
  }
}

extension StackState: CustomDebugStringConvertible {
  public var debugDescription: String {
    let elements = self._dictionary
      .map { "\($0.key.debugDescription): \(String(reflecting: $0.value))" }
      .joined(separator: ", ")
    return "\(typeName(Self.self))([\(elements)])"
  }
}

extension StackState: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    Mirror(
      self,
      unlabeledChildren: self._dictionary.map { (key: $0.key, value: $0.value) },
      displayStyle: .dictionary
    )
  }
}

extension StackState: _IdentityComparable {
  public func _$isIdentityEqual(to other: any _IdentityComparable) -> Bool {
    guard let other = other as? Self else { return false }
    return self.ids == other.ids
  }
}

/// Stacks are identity-equal when they hold the same IDs in the same order: mutating an element
/// in place notifies only that element's readers.
public func _$isIdentityEqual<T>(_ lhs: StackState<T>, _ rhs: StackState<T>) -> Bool {
  lhs.ids == rhs.ids
}

/// An action of a navigation stack: an element's action, or a request to push or pop.
///
/// ```swift
/// enum Action {
///   case path(StackActionOf<Path>)
/// }
/// ```
///
/// `\.path[id: 0].detail.saveButtonTapped` reaches
/// `.path(.element(id: 0, action: .detail(.saveButtonTapped)))`.
public enum StackAction<State, Action>: CasePathable {
  /// An action of the element with the given ID.
  indirect case element(id: StackElementID, action: Action)
  /// Pops the element with the given ID and every element above it.
  case popFrom(id: StackElementID)
  /// Pushes a new element with the given ID.
  case push(id: StackElementID, state: State)

  /// The case paths of ``StackAction``.
  public struct AllCasePaths: Sendable {
    /// The path to ``StackAction/element(id:action:)``.
    public var element: AnyCasePath<StackAction, (id: StackElementID, action: Action)> {
      AnyCasePath(
        embed: { .element(id: $0.id, action: $0.action) },
        extract: {
          guard case let .element(id, action) = $0 else { return nil }
          return (id, action)
        }
      )
    }

    /// The path to ``StackAction/popFrom(id:)``.
    public var popFrom: AnyCasePath<StackAction, StackElementID> {
      AnyCasePath(
        embed: { .popFrom(id: $0) },
        extract: {
          guard case let .popFrom(id) = $0 else { return nil }
          return id
        }
      )
    }

    /// The path to ``StackAction/push(id:state:)``.
    public var push: AnyCasePath<StackAction, (id: StackElementID, state: State)> {
      AnyCasePath(
        embed: { .push(id: $0.id, state: $0.state) },
        extract: {
          guard case let .push(id, state) = $0 else { return nil }
          return (id, state)
        }
      )
    }

    /// The path to the actions of the element with the given ID.
    public subscript(id id: StackElementID) -> AnyCasePath<StackAction, Action> {
      AnyCasePath(
        embed: { .element(id: id, action: $0) },
        extract: {
          guard case let .element(elementID, action) = $0, elementID == id else { return nil }
          return action
        }
      )
    }
  }

  /// The case paths of ``StackAction``.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension Case {
  /// The actions of one stack element, as a case key path component: `\.path[id: 0]`.
  public subscript<State, Action>(id id: StackElementID) -> Case<Action>
  where Value == StackAction<State, Action> {
    let path = Value.allCasePaths[id: id]
    return Case<Action>(
      embed: { self._embed(path.embed($0)) },
      extract: { (root: Any) in self._extract(from: root).flatMap(path.extract(from:)) }
    )
  }
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}

/// The stack action of a reducer's features.
public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action>

extension ObservationStateRegistrar {
  /// Called before a stack is modified in place: its IDs are remembered, so that changing an
  /// element in place notifies only that element's readers.
  @inlinable
  public func willModify<Subject: Observable, Element>(
    _ subject: Subject,
    keyPath: KeyPath<Subject, StackState<Element>>,
    _ member: inout StackState<Element>
  ) -> _$ModificationSnapshot<StackState<Element>> {
    _$ModificationSnapshot(member) { $0.ids }
  }
}
