import Foundation
import IdentifiedCollections
import Observation
import Perception

/// A state type whose identity can be observed: stores notify their observers when a state's
/// ``_$id`` changes, while the state's own properties notify their readers when they change.
///
/// The `@ObservableState` macro provides the conformance:
///
/// ```swift
/// @ObservableState
/// struct State {
///   var count = 0
/// }
/// ```
///
/// Observable state is ``Perceptible`` (and so `Observable`), as in TCA: it can be tracked with
/// ``withPerceptionTracking(_:onChange:)`` as well as `withObservationTracking(_:onChange:)`.
public protocol ObservableState: Perceptible {
  /// The identity of this value. It is kept when the value is mutated in place and changes when
  /// a new value is created.
  var _$id: ObservableStateID { get }

  /// Called before the value is mutated in place.
  mutating func _$willModify()

  /// The tracked property `keyPath` names, or a `@Presents` property (by its name or its
  /// projection), as an accessor that reads it through its getter and runs a body on it through
  /// its `_modify` accessor; `nil` for key paths it doesn't know and for properties whose type
  /// isn't `Value`.
  ///
  /// `@ObservableState` generates it for the tracked properties of a struct. Reducers that write
  /// through key paths (`Scope`, `ifLet`, `forEach`) look their key path up once, when they are
  /// made, and then write through the accessor: a key path write through a computed property
  /// calls its getter and setter, which copies a collection before changing one element in it.
  /// Scoped stores read their state through it, which costs less than projecting a key path.
  ///
  /// ```swift
  /// let count = Feature.State._$memberAccessor(at: \Feature.State.count, as: Int.self)!
  /// var state = Feature.State()
  /// count(&state) { $0 *= 2 }
  /// ```
  static func _$memberAccessor<Value>(
    at keyPath: AnyKeyPath,
    as valueType: Value.Type
  ) -> _$MemberAccessor<Self, Value>?

  /// The registrar that reports this value's own properties to their readers, when it has one
  /// (`@ObservableState` structs do). A store registers the readers of its state's identity with
  /// it too, so that observing a property of a store's state involves one registrar rather than
  /// the store's and the state's; without one, the store's own registrar is used.
  var _$observationStateRegistrar: ObservationStateRegistrar? { get }

  /// The name of the tracked property `keyPath` names, for messages: a key path through a
  /// computed property has no name of its own. `@ObservableState` generates it.
  static func _$memberName(of keyPath: AnyKeyPath) -> String?

  /// Whether reading `keyPath` registers the reader with this state's registrar by itself: true
  /// for the tracked and `@Presents` properties `@ObservableState` instruments (and their
  /// projections). A store reading such a property doesn't also register the reader with the
  /// state's identity: when the state is replaced, the store tells the readers of these
  /// properties instead (see ``_$notifyObservedMembersReplaced(in:)``).
  ///
  /// ```swift
  /// Feature.State._$isObservedMember(\Feature.State.count)  // true
  /// ```
  static func _$isObservedMember(_ keyPath: AnyKeyPath) -> Bool

  /// Tells the readers of every property ``_$isObservedMember(_:)`` names, registered with
  /// `registrar` (the registrar of the value this one replaces), that the property changed.
  ///
  /// ```swift
  /// newState._$notifyObservedMembersReplaced(in: oldState._$observationStateRegistrar!)
  /// ```
  func _$notifyObservedMembersReplaced(in registrar: ObservationStateRegistrar)

  /// The positions of the values in `values` whose identity is not the one at the same position
  /// in `seen`, which is updated to theirs: how a list's store finds the rows that were replaced.
  ///
  /// The default implementation is inlinable, so a conformance gets a copy compiled for its own
  /// type, which reads each identity in place; generic code reading `_$id` copies each value.
  ///
  /// ```swift
  /// var seen = rows.map(\._$id)
  /// rows[3] = Row.State()
  /// let replaced = rows.withUnsafeBufferPointer { rows in
  ///   seen.withUnsafeMutableBufferPointer { Row.State._$replacedValues(in: rows, seen: $0) }
  /// }  // [3]
  /// ```
  static func _$replacedValues(
    in values: UnsafeBufferPointer<Self>,
    seen: UnsafeMutableBufferPointer<ObservableStateID>
  ) -> [Int]
}

/// A key path as messages show it: `\State.displayName`, naming tracked properties of
/// `@ObservableState` types too.
func keyPathDescription(_ keyPath: AnyKeyPath) -> String {
  if let observable = type(of: keyPath).rootType as? any ObservableState.Type,
    let name = observable._$memberName(of: keyPath)
  {
    return "\\\(String(describing: observable)).\(name)"
  }
  return String(describing: keyPath)
}

extension ObservableState {
  public var _$observationStateRegistrar: ObservationStateRegistrar? {
    nil
  }

  public static func _$memberName(of keyPath: AnyKeyPath) -> String? {
    nil
  }

  public static func _$isObservedMember(_ keyPath: AnyKeyPath) -> Bool {
    false
  }

  public func _$notifyObservedMembersReplaced(in registrar: ObservationStateRegistrar) {}

  @inlinable
  public static func _$replacedValues(
    in values: UnsafeBufferPointer<Self>,
    seen: UnsafeMutableBufferPointer<ObservableStateID>
  ) -> [Int] {
    var replaced: [Int] = []
    for index in 0..<min(values.count, seen.count) {
      let id = values[index]._$id
      if !id.isSameValue(as: seen[index]) {
        seen[index] = id
        replaced.append(index)
      }
    }
    return replaced
  }

  public static func _$memberAccessor<Value>(
    at keyPath: AnyKeyPath,
    as valueType: Value.Type
  ) -> _$MemberAccessor<Self, Value>? {
    nil
  }
}

/// Reads one property of a `Root`, and runs a body on it in place: what
/// ``ObservableState/_$memberAccessor(at:as:)`` returns.
///
/// A class, so that handing out the accessor of a property whose type is only known at run time
/// takes one cast of a class instance rather than casts between function types.
///
/// ```swift
/// let count = _$MemberAccessor<Feature.State, Int>(get: { $0.count }, modify: { $1(&$0.count) })
/// count(&state) { $0 += 1 }
/// count.get(state)  // the count
/// ```
public final class _$MemberAccessor<Root, Value>: @unchecked Sendable {
  // Unchecked: immutable, and the closures (not `@Sendable`, as the macro writes them) only
  // reach the member of the value they are given.
  @usableFromInline let getter: (Root) -> Value
  @usableFromInline let modify: (inout Root, (inout Value) -> Void) -> Void

  /// An accessor that reads the member with `get`, and runs a body on the member `modify`
  /// reaches.
  public init(
    get: @escaping (Root) -> Value,
    modify: @escaping (inout Root, (inout Value) -> Void) -> Void
  ) {
    self.getter = get
    self.modify = modify
  }

  /// Reads the member of `root`, through its getter.
  @inlinable
  public func get(_ root: Root) -> Value {
    self.getter(root)
  }

  /// Runs `body` on the member of `root`.
  @inlinable
  public func callAsFunction(_ root: inout Root, _ body: (inout Value) -> Void) {
    self.modify(&root, body)
  }
}

/// A writable key path into a reducer's state, with the way to modify what it names in place,
/// looked up once.
///
/// When `Root` is an `@ObservableState` struct and the key path names one of its tracked
/// properties (or a `@Presents` projection) holding observable state, the property is reached
/// through its `_modify` accessor, so that changing one element of a collection held there costs
/// O(1) rather than a copy of the collection. Other key paths are written as usual.
@usableFromInline
struct StateMember<Root, Value> {
  @usableFromInline let keyPath: WritableKeyPath<Root, Value>
  @usableFromInline let accessor: _$MemberAccessor<Root, Value>?

  @usableFromInline
  init(_ keyPath: WritableKeyPath<Root, Value>) {
    self.keyPath = keyPath
    self.accessor = hasIdentity(Value.self) ? memberAccessor(keyPath) : nil
  }

  /// The value at the key path in `root`.
  @inlinable
  func get(_ root: Root) -> Value {
    if let accessor = self.accessor {
      return accessor.get(root)
    }
    return root[keyPath: self.keyPath]
  }

  /// Runs `body` on the value at the key path in `root`, and returns what it returns.
  @inlinable
  func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    if let accessor = self.accessor {
      var result: Result?
      accessor(&root) { result = body(&$0) }
      // An accessor calls the body once; one that didn't leaves the write to the key path.
      if let result { return result }
    }
    return body(&root[keyPath: self.keyPath])
  }
}

/// A key path into a store's state, read through the member's getter when `Root` is observable
/// state that generates an accessor for the member: the same read as through the key path, without
/// the key path's projection, which costs more than the rest of reading a scoped store's state.
struct StateReader<Root, Value> {
  let keyPath: KeyPath<Root, Value>
  let accessor: _$MemberAccessor<Root, Value>?

  init(_ keyPath: KeyPath<Root, Value>) {
    self.keyPath = keyPath
    self.accessor = memberAccessor(keyPath)
  }

  /// The value at the key path in `root`.
  func get(_ root: Root) -> Value {
    if let accessor = self.accessor {
      return accessor.get(root)
    }
    return root[keyPath: self.keyPath]
  }
}

/// The accessor `Root` generates for the member `keyPath` names, when `Root` is observable state.
func memberAccessor<Root, Value>(
  _ keyPath: KeyPath<Root, Value>
) -> _$MemberAccessor<Root, Value>? {
  func accessor<State: ObservableState>(_: State.Type) -> _$MemberAccessor<Root, Value>? {
    State._$memberAccessor(at: keyPath, as: Value.self) as AnyObject? as? _$MemberAccessor<Root, Value>
  }
  guard let observable = Root.self as? any ObservableState.Type else { return nil }
  return accessor(observable)
}

/// Whether an in-place modification of a `Value` member is judged by identity: observable
/// state, an optional one, or a collection of them. Such a member's `_modify` accessor notifies
/// only when the identity changed, as its setter would; other members' accessors notify on every
/// modification, where their setter stays silent for an equal value, so they are written through
/// the key path instead.
func hasIdentity(_ type: Any.Type) -> Bool {
  type is any ObservableState.Type || type is any _IdentifiedMember.Type
}

/// A member type whose `_modify` snapshot is an identity: optionals and collections of
/// observable state.
protocol _IdentifiedMember {}
extension Optional: _IdentifiedMember where Wrapped: ObservableState {}
extension IdentifiedArray: _IdentifiedMember where Element: ObservableState {}
extension Array: _IdentifiedMember where Element: ObservableState {}
extension StackState: _IdentifiedMember where Element: ObservableState {}
extension PresentationState: _IdentifiedMember where State: ObservableState {}

/// The accessor of a member, made of its getter and its `_modify` accessor, as the accessor of a
/// `Value` member: `nil` when the member holds another type.
///
/// Code that `@ObservableState` generates calls it to hand out the accessor of a tracked property
/// from ``ObservableState/_$memberAccessor(at:as:)``, whose value type is only known at run time.
///
/// ```swift
/// let count: _$MemberAccessor<Feature.State, Int>? = _$accessor(
///   get: { $0.count },
///   modify: { $1(&$0.count) }
/// )
/// ```
@inlinable
public func _$accessor<Root, Member, Value>(
  get: @escaping (Root) -> Member,
  modify: @escaping (inout Root, (inout Member) -> Void) -> Void
) -> _$MemberAccessor<Root, Value>? {
  _$MemberAccessor(get: get, modify: modify) as AnyObject as? _$MemberAccessor<Root, Value>
}

/// The identity of an ``ObservableState`` value.
///
/// A new state value gets a new identity and copies share it. Mutating a state in place through
/// its parent (`state.child.count += 1`) keeps the child's place in the parent: observers of the
/// parent's `child` property are not notified, only readers of `count` are. Replacing the child
/// (`state.child = Child.State()`) changes the identity, and the parent's observers are notified.
public struct ObservableStateID: Equatable, Hashable, Sendable {
  /// Where the value was created; shared by its copies.
  @usableFromInline var location: UUID
  /// A fresh marker for each in-place modification, so that a modified value is told apart from
  /// an unmodified copy of it.
  private var modification: UUID?
  /// The index of the enum case holding the value, for enum states.
  @usableFromInline var tag: Int?

  /// A new, unique identity.
  public init() {
    self.location = UUID()
    self.modification = nil
    self.tag = nil
  }

  /// The identity of any value: its own when it is observable state, otherwise a fresh one.
  public static func _$id<T>(for value: T) -> Self {
    (value as? any ObservableState)?._$id ?? Self()
  }

  /// The identity of an observable state value.
  public static func _$id(for value: some ObservableState) -> Self {
    value._$id
  }

  /// This identity, qualified by an enum case's index, so that two cases holding the same value
  /// still differ.
  public func _$tag(_ tag: Int) -> Self {
    var copy = self
    copy.tag = tag
    return copy
  }

  /// Called before the value that owns this identity is modified in place.
  public mutating func _$willModify() {
    self.modification = UUID()
  }

  /// Whether both identities name the same value, however it was modified since: the same
  /// observation registrar observes both, so a store holding one need not tell its observers to
  /// read the other again.
  @inlinable
  func isSameValue(as other: Self) -> Bool {
    self.location == other.location && self.tag == other.tag
  }
}
