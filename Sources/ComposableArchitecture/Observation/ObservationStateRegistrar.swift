import Observation
import OrderedCollections

/// The observation storage of an `@ObservableState` value: its identity and the registrar its
/// properties report reads and writes to.
///
/// You don't use this type directly: `@ObservableState` adds one to each state type and its
/// tracked properties call into it.
///
/// ```swift
/// @ObservableState
/// struct State {
///   var count = 0   // reads call `access`, writes call `mutate`
/// }
/// ```
///
/// The registrar never takes part in the state's equality, hashing or coding: all registrars are
/// equal, hash to nothing, and encode nothing.
public struct ObservationStateRegistrar: Sendable {
  /// The identity of the state value that holds this registrar.
  public private(set) var id = ObservableStateID()

  @usableFromInline
  let registrar = ObservationRegistrar()

  /// A registrar for a new state value, with a new identity.
  public init() {}

  /// Called before the state value that holds this registrar is mutated in place.
  public mutating func _$willModify() {
    self.id._$willModify()
  }
}

extension ObservationStateRegistrar: Equatable, Hashable, Codable {
  public static func == (_: Self, _: Self) -> Bool { true }
  public func hash(into hasher: inout Hasher) {}
  public init(from decoder: any Decoder) throws { self.init() }
  public func encode(to encoder: any Encoder) throws {}
}

extension ObservationStateRegistrar {
  /// Registers a read of a property with the current observation scope.
  ///
  /// ```swift
  /// get {
  ///   _$observationRegistrar.access(self, keyPath: \.count)
  ///   return _count
  /// }
  /// ```
  @inlinable
  public func access<Subject: Observable, Member>(
    _ subject: Subject,
    keyPath: KeyPath<Subject, Member>
  ) {
    self.registrar.access(subject, keyPath: keyPath)
  }

  /// Writes a new value, notifying observers unless the new value has the same identity as the old
  /// one or `shouldNotifyObservers` says the change is not observable (an equal value).
  ///
  /// ```swift
  /// set {
  ///   _$observationRegistrar.mutate(
  ///     self, keyPath: \.count, &_count, newValue, _$isIdentityEqual, shouldNotifyObservers
  ///   )
  /// }
  /// ```
  @inlinable
  public func mutate<Subject: Observable, Member, Value>(
    _ subject: Subject,
    keyPath: KeyPath<Subject, Member>,
    _ value: inout Value,
    _ newValue: Value,
    _ isIdentityEqual: (Value, Value) -> Bool,
    _ shouldNotifyObservers: (Value, Value) -> Bool = { _, _ in true }
  ) {
    if isIdentityEqual(value, newValue) || !shouldNotifyObservers(value, newValue) {
      value = newValue
    } else {
      self.registrar.withMutation(of: subject, keyPath: keyPath) {
        value = newValue
      }
    }
  }

  /// Called before a property is modified in place. A plain value has no identity to compare
  /// afterwards, so its readers are told about every in-place modification.
  ///
  /// Nothing of the value is kept: holding a copy would make the modification copy the whole
  /// value (an array being appended to, say) instead of changing it in place.
  /// Tells the readers of `keyPath` that its value changed, because the value holding it was
  /// replaced. `@ObservableState` calls it from `_$notifyObservedMembersReplaced(in:)`.
  public func _$replaced<Subject: Observable, Member>(
    _ subject: Subject,
    keyPath: KeyPath<Subject, Member>
  ) {
    self.registrar.withMutation(of: subject, keyPath: keyPath) {}
  }

  @inlinable
  public func willModify<Subject: Observable, Member>(
    _ subject: Subject,
    keyPath: KeyPath<Subject, Member>,
    _ member: inout Member
  ) -> _$ModificationSnapshot<Member> {
    self.willModify(keyPath: keyPath, &member)
  }

  /// Called before an observable child state is modified in place: the child gets a fresh
  /// identity for the modification, so that replacing it wholesale (even by a copy of itself) is
  /// told apart from mutating it.
  @inlinable
  public func willModify<Subject: Observable, Member: ObservableState>(
    _ subject: Subject,
    keyPath: KeyPath<Subject, Member>,
    _ member: inout Member
  ) -> _$ModificationSnapshot<Member> {
    self.willModify(keyPath: keyPath, &member)
  }

  /// Called before an optional observable child state is modified in place.
  @inlinable
  public func willModify<Subject: Observable, Wrapped: ObservableState>(
    _ subject: Subject,
    keyPath: KeyPath<Subject, Wrapped?>,
    _ member: inout Wrapped?
  ) -> _$ModificationSnapshot<Wrapped?> {
    self.willModify(keyPath: keyPath, &member)
  }

  /// Called before an identified array of observable states is modified in place: its IDs are
  /// remembered, so that changing an element in place notifies only that element's readers.
  @inlinable
  public func willModify<Subject: Observable, ID: Hashable, Element: ObservableState>(
    _ subject: Subject,
    keyPath: KeyPath<Subject, IdentifiedArray<ID, Element>>,
    _ member: inout IdentifiedArray<ID, Element>
  ) -> _$ModificationSnapshot<IdentifiedArray<ID, Element>> {
    self.willModify(keyPath: keyPath, &member)
  }

  /// Called before a navigation stack of observable states is modified in place: its element
  /// IDs are remembered, as an identified array's are.
  @inlinable
  public func willModify<Subject: Observable, Element: ObservableState>(
    _ subject: Subject,
    keyPath: KeyPath<Subject, StackState<Element>>,
    _ member: inout StackState<Element>
  ) -> _$ModificationSnapshot<StackState<Element>> {
    self.willModify(keyPath: keyPath, &member)
  }

  /// Called before a collection of observable states is modified in place: the identities of its
  /// elements are remembered.
  @inlinable
  public func willModify<Subject: Observable, Member: Collection>(
    _ subject: Subject,
    keyPath: KeyPath<Subject, Member>,
    _ member: inout Member
  ) -> _$ModificationSnapshot<Member> where Member.Element: ObservableState {
    self.willModify(keyPath: keyPath, &member)
  }

  /// Called after a property was modified in place. Its readers are notified unless the value
  /// kept its identity (a child state, or a collection's elements, changed in place).
  @inlinable
  public func didModify<Subject: Observable, Member>(
    _ subject: Subject,
    keyPath: KeyPath<Subject, Member>,
    _ member: inout Member,
    _ snapshot: _$ModificationSnapshot<Member>
  ) {
    if snapshot.isIdentity(of: member) { return }
    self.registrar.withMutation(of: subject, keyPath: keyPath) {}
  }

  // What `@ObservableState` generates calls to: `willModify` without the state, and a static
  // `_$didModify` that borrows the state `inout`. Passing the whole state alongside an `inout`
  // access to one of its properties made Swift copy the state twice per modification. (The
  // variants above remain, as TCA's generated code calls them.)

  /// Called before a property is modified in place: remembers nothing.
  @inlinable
  public func willModify<Subject: Observable, Member>(
    keyPath: KeyPath<Subject, Member>,
    _ member: inout Member
  ) -> _$ModificationSnapshot<Member> {
    _$ModificationSnapshot()
  }

  /// Called before an observable child state is modified in place (see the variant above).
  @inlinable
  public func willModify<Subject: Observable, Member: ObservableState>(
    keyPath: KeyPath<Subject, Member>,
    _ member: inout Member
  ) -> _$ModificationSnapshot<Member> {
    member._$willModify()
    return _$ModificationSnapshot(member) { $0._$id }
  }

  /// Called before an optional observable child state is modified in place.
  @inlinable
  public func willModify<Subject: Observable, Wrapped: ObservableState>(
    keyPath: KeyPath<Subject, Wrapped?>,
    _ member: inout Wrapped?
  ) -> _$ModificationSnapshot<Wrapped?> {
    _$ModificationSnapshot(member) { $0?._$id }
  }

  /// Called before an identified array of observable states is modified in place.
  @inlinable
  public func willModify<Subject: Observable, ID: Hashable, Element: ObservableState>(
    keyPath: KeyPath<Subject, IdentifiedArray<ID, Element>>,
    _ member: inout IdentifiedArray<ID, Element>
  ) -> _$ModificationSnapshot<IdentifiedArray<ID, Element>> {
    _$ModificationSnapshot(member) { $0.ids }
  }

  /// Called before a navigation stack of observable states is modified in place. Its IDs share
  /// the stack's storage, so that telling an unchanged stack costs one comparison of buffers.
  @inlinable
  public func willModify<Subject: Observable, Element: ObservableState>(
    keyPath: KeyPath<Subject, StackState<Element>>,
    _ member: inout StackState<Element>
  ) -> _$ModificationSnapshot<StackState<Element>> {
    _$ModificationSnapshot(member) { $0.ids }
  }

  /// Called before a collection of observable states is modified in place.
  @inlinable
  public func willModify<Subject: Observable, Member: Collection>(
    keyPath: KeyPath<Subject, Member>,
    _ member: inout Member
  ) -> _$ModificationSnapshot<Member> where Member.Element: ObservableState {
    _$ModificationSnapshot(member) { $0.map(\._$id) }
  }

  /// Called before the projection of a `@Presents` property is modified in place: a presented
  /// state without an identity of its own is told apart by nothing, so its readers are told of
  /// every modification. (`@Presents` generates the call.)
  @inlinable
  public func willModify<Subject: Observable, Wrapped>(
    presentation keyPath: KeyPath<Subject, Wrapped?>,
    _ member: inout PresentationState<Wrapped>
  ) -> _$ModificationSnapshot<PresentationState<Wrapped>> {
    _$ModificationSnapshot()
  }

  /// Called before the projection of a `@Presents` property holding observable state is
  /// modified in place: the presented state's identity is remembered, so that changing it in
  /// place, or what the projection keeps beside it, is not a change of the property.
  @inlinable
  public func willModify<Subject: Observable, Wrapped: ObservableState>(
    presentation keyPath: KeyPath<Subject, Wrapped?>,
    _ member: inout PresentationState<Wrapped>
  ) -> _$ModificationSnapshot<PresentationState<Wrapped>> {
    _$ModificationSnapshot(member) { $0.wrappedValue?._$id }
  }

  /// Called after the projection of a `@Presents` property of `subject` was modified in place:
  /// the readers of the property are notified unless the presented state kept its identity.
  @inlinable
  public static func _$didModify<Subject: ObservableState, Wrapped>(
    _ subject: inout Subject,
    keyPath: KeyPath<Subject, Wrapped?>,
    presentation snapshot: _$ModificationSnapshot<PresentationState<Wrapped>>,
    projection: (Subject) -> PresentationState<Wrapped>
  ) {
    if snapshot.hasIdentity, snapshot.isIdentity(of: projection(subject)) { return }
    subject._$observationStateRegistrar?.registrar.withMutation(of: subject, keyPath: keyPath) {}
  }

  /// Called after a property of `subject` was modified in place: its readers are notified
  /// unless the value (which `member` reads) kept its identity. The state is passed `inout`, so
  /// that it is lent to the notification rather than copied.
  @inlinable
  public static func _$didModify<Subject: ObservableState, Member>(
    _ subject: inout Subject,
    keyPath: KeyPath<Subject, Member>,
    _ snapshot: _$ModificationSnapshot<Member>,
    member: (Subject) -> Member
  ) {
    if snapshot.hasIdentity, snapshot.isIdentity(of: member(subject)) { return }
    subject._$observationStateRegistrar?.registrar.withMutation(of: subject, keyPath: keyPath) {}
  }
}

/// What `willModify` remembers of a property's value: the identity it had, when it has one.
///
/// Used by code that `@ObservableState` generates.
public struct _$ModificationSnapshot<Member> {
  /// Whether a value still has the identity the snapshot took; `nil` for values without one.
  /// (One optional closure: a snapshot of a plain value costs nothing to make and drop.)
  @usableFromInline let hasSameIdentity: ((Member) -> Bool)?

  /// A snapshot of a value without identity.
  @inlinable
  public init() {
    self.hasSameIdentity = nil
  }

  /// A snapshot of a value's identity.
  @inlinable
  public init<Identity: Hashable>(_ member: Member, identify: @escaping (Member) -> Identity) {
    let identity = identify(member)
    self.hasSameIdentity = { identify($0) == identity }
  }

  /// Whether the snapshot is of a value with an identity.
  @inlinable
  var hasIdentity: Bool { self.hasSameIdentity != nil }

  /// Whether `member` still has the identity the snapshot took.
  @inlinable
  func isIdentity(of member: Member) -> Bool {
    self.hasSameIdentity?(member) ?? false
  }
}


/// Whether two values have the same identity, so that writing one over the other is not a change
/// observers of the containing state hear about. Plain values never do.
///
/// Called by code that `@ObservableState` generates.
@inlinable
public func _$isIdentityEqual<T>(_ lhs: T, _ rhs: T) -> Bool {
  if let lhs = lhs as? any ObservableState, let rhs = rhs as? any ObservableState {
    return lhs._$id == rhs._$id
  }
  if let lhs = lhs as? any _IdentityComparable, let rhs = rhs as? any _IdentityComparable {
    return lhs._$isIdentityEqual(to: rhs)
  }
  return false
}

/// Observable states are identity-equal when their ``ObservableState/_$id``s are equal.
@inlinable
public func _$isIdentityEqual<T: ObservableState>(_ lhs: T, _ rhs: T) -> Bool {
  lhs._$id == rhs._$id
}

/// Optional observable states are identity-equal when both are `nil` or both hold identity-equal
/// values.
@inlinable
public func _$isIdentityEqual<T: ObservableState>(_ lhs: T?, _ rhs: T?) -> Bool {
  switch (lhs, rhs) {
  case (nil, nil): return true
  case let (lhs?, rhs?): return lhs._$id == rhs._$id
  default: return false
  }
}

/// Arrays of identified observable states are identity-equal when they hold the same IDs in the
/// same order: mutating an element in place notifies only that element's readers.
@inlinable
public func _$isIdentityEqual<ID: Hashable, T: ObservableState>(
  _ lhs: IdentifiedArray<ID, T>,
  _ rhs: IdentifiedArray<ID, T>
) -> Bool {
  lhs.ids == rhs.ids
}

/// Navigation stacks of observable states are identity-equal when they hold the same element
/// IDs in the same order. (The stack overload for any element doesn't win over the collection
/// overload below for observable elements, which would compare every element's identity.)
@inlinable
public func _$isIdentityEqual<T: ObservableState>(
  _ lhs: StackState<T>,
  _ rhs: StackState<T>
) -> Bool {
  lhs.ids == rhs.ids
}

/// Collections of observable states are identity-equal when their elements are, in order.
@inlinable
public func _$isIdentityEqual<C: Collection>(_ lhs: C, _ rhs: C) -> Bool
where C.Element: ObservableState {
  lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0._$id == $1._$id }
}

/// Strings are never identity-equal: comparing them for identity would cost as much as comparing
/// them for equality.
@inlinable
public func _$isIdentityEqual(_ lhs: String, _ rhs: String) -> Bool {
  false
}

/// Containers of observable states whose identity can be compared when their static type is not
/// known, so that the generic ``_$isIdentityEqual(_:_:)`` still recognizes them.
public protocol _IdentityComparable {
  /// Whether this value and `other` have the same identity.
  func _$isIdentityEqual(to other: any _IdentityComparable) -> Bool
}

extension IdentifiedArray: _IdentityComparable where Element: ObservableState {
  public func _$isIdentityEqual(to other: any _IdentityComparable) -> Bool {
    guard let other = other as? Self else { return false }
    return self.ids == other.ids
  }
}

/// Prepares a value for an in-place modification: observable states get a fresh identity, other
/// values are left alone.
///
/// Called by code that `@ObservableState` generates for enum states.
@inlinable
public func _$willModify<T>(_ value: inout T) {}

/// Prepares an observable state for an in-place modification.
@inlinable
public func _$willModify<T: ObservableState>(_ value: inout T) {
  value._$willModify()
}
