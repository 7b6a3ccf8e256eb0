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

  /// Runs `body` on the tracked property `keyPath` names, reached through the property's
  /// `_modify` accessor, and returns what `body` returns; returns `nil`, without calling `body`,
  /// for key paths it doesn't know and for properties whose type isn't `Value`.
  ///
  /// `@ObservableState` generates it for the tracked properties of a struct. Reducers that write
  /// through key paths use it: a key path write through a computed property calls its getter and
  /// setter, which copies a collection before changing one element in it.
  ///
  /// ```swift
  /// var state = Feature.State()
  /// let doubled = Feature.State._$modifyMember(&state, at: \Feature.State.count) {
  ///   (count: inout Int) in
  ///   count *= 2
  ///   return count
  /// }
  /// ```
  static func _$modifyMember<Value, Result>(
    _ state: inout Self,
    at keyPath: AnyKeyPath,
    _ body: (inout Value) -> Result
  ) -> Result?

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

  public static func _$modifyMember<Value, Result>(
    _ state: inout Self,
    at keyPath: AnyKeyPath,
    _ body: (inout Value) -> Result
  ) -> Result? {
    nil
  }
}

/// Runs `body` on the value at `keyPath` in `root`, in place when possible.
///
/// When `Root` is an `@ObservableState` struct and `keyPath` names one of its tracked properties,
/// the property is reached through its `_modify` accessor, so that changing one element of a
/// collection held there costs O(1) rather than a copy of the collection. Other key paths are
/// written as usual.
@inlinable
func modify<Root, Value, Result>(
  _ root: inout Root,
  at keyPath: WritableKeyPath<Root, Value>,
  _ body: (inout Value) -> Result
) -> Result {
  if let observable = Root.self as? any ObservableState.Type, hasIdentity(Value.self),
    let result = _modifyMember(observable, &root, keyPath, body)
  {
    return result
  }
  return body(&root[keyPath: keyPath])
}

/// Whether an in-place modification of a `Value` member is judged by identity: observable
/// state, an optional one, or a collection of them. Such a member's `_modify` accessor notifies
/// only when the identity changed, as its setter would; other members' accessors notify on every
/// modification, where their setter stays silent for an equal value, so they are written through
/// the key path instead.
@usableFromInline
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

/// Runs `body` on the tracked property of `root` that `keyPath` names, when `Root` is `State`
/// and `State` knows the property; returns `nil` otherwise.
@usableFromInline
func _modifyMember<State: ObservableState, Root, Value, Result>(
  _: State.Type,
  _ root: inout Root,
  _ keyPath: AnyKeyPath,
  _ body: (inout Value) -> Result
) -> Result? {
  let result = _$modify(&root) { (state: inout State) -> Result? in
    State._$modifyMember(&state, at: keyPath, body)
  }
  return result ?? nil
}

/// Runs `body` on `member` in place when `body` takes a `Member`, and returns what it returns;
/// returns `nil`, without calling `body`, when `body` takes another type.
///
/// Code that `@ObservableState` generates calls it to hand a tracked property to the body of
/// ``ObservableState/_$modifyMember(_:at:_:)``, whose value type is only known at run time. (That
/// code compares the key path's value type with the body's first: passing `&state.count` runs
/// the property's `_modify` accessor even when the body is then refused.)
///
/// ```swift
/// var count = 0
/// _$modify(&count) { (value: inout Int) in value += 1 }     // Optional(()), count is 1
/// _$modify(&count) { (value: inout String) in value += "!" } // nil, body not called
/// ```
@inlinable
public func _$modify<Member, Value, Result>(
  _ member: inout Member,
  _ body: (inout Value) -> Result
) -> Result? {
  guard Member.self == Value.self else { return nil }
  return withoutActuallyEscaping(body) { body -> Result? in
    guard let body = body as? (inout Member) -> Result else { return nil }
    return body(&member)
  }
}

/// The identity of an ``ObservableState`` value.
///
/// A new state value gets a new identity and copies share it. Mutating a state in place through
/// its parent (`state.child.count += 1`) keeps the child's place in the parent: observers of the
/// parent's `child` property are not notified, only readers of `count` are. Replacing the child
/// (`state.child = Child.State()`) changes the identity, and the parent's observers are notified.
public struct ObservableStateID: Equatable, Hashable, Sendable {
  /// Where the value was created; shared by its copies.
  private var location: UUID
  /// A fresh marker for each in-place modification, so that a modified value is told apart from
  /// an unmodified copy of it.
  private var modification: UUID?
  /// The index of the enum case holding the value, for enum states.
  private var tag: Int?

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
  func isSameValue(as other: Self) -> Bool {
    self.location == other.location && self.tag == other.tag
  }
}
