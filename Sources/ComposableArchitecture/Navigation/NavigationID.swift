import ConcurrencyExtras
import Dependencies

/// One step of the path from the root store to a feature: the root store itself, or a child
/// presented by a navigation operator.
///
/// Cancellation IDs are registered at the current path, and cancelling one reaches the paths
/// below it, so a parent can cancel a child's effects while children cannot reach their parents
/// or siblings.
@usableFromInline
struct NavigationID: Hashable, Sendable {
  /// The ID's parts, held once and shared by every copy: paths are copied from parent to child,
  /// so the IDs two paths have in common are usually the same instance, compared by identity.
  private let parts: Parts

  private final class Parts: Sendable {
    let kind: ErasedID
    let identifier: ErasedID?
    let tag: UInt32?
    /// The hash of the three, computed once, so that IDs whose hashes differ are told apart
    /// without comparing type-erased values, which is slow.
    let hash: Int

    init(kind: ErasedID, identifier: ErasedID?, tag: UInt32?) {
      self.kind = kind
      self.identifier = identifier
      self.tag = tag
      self.hash = combinedHash(kind, identifier, tag)
    }
  }

  /// A unique ID for a root store.
  init() {
    self.init(kind: RootIdentity())
  }

  /// An ID derived from where a child lives in its parent and, when it has one, its own identity.
  init(kind: some Hashable & Sendable, identifier: (some Hashable & Sendable)? = Int?.none, tag: UInt32? = nil) {
    self.init(erasedKind: ErasedID(kind), identifier: identifier.map { ErasedID($0) }, tag: tag)
  }

  /// An ID from a kind already erased, so that a kind used for many IDs is erased and hashed once.
  fileprivate init(erasedKind kind: ErasedID, identifier: ErasedID?, tag: UInt32? = nil) {
    self.parts = Parts(kind: kind, identifier: identifier, tag: tag)
  }

  @usableFromInline
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.parts === rhs.parts
      || (lhs.parts.hash == rhs.parts.hash && lhs.parts.tag == rhs.parts.tag
        && lhs.parts.kind == rhs.parts.kind && lhs.parts.identifier == rhs.parts.identifier)
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(self.parts.hash)
  }

  private final class RootIdentity: Hashable, Sendable {
    static func == (lhs: RootIdentity, rhs: RootIdentity) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
  }
}

/// The hash of three values together, for IDs that compute theirs once.
func combinedHash(_ first: some Hashable, _ second: some Hashable, _ third: some Hashable) -> Int {
  var hasher = Hasher()
  hasher.combine(first)
  hasher.combine(second)
  hasher.combine(third)
  return hasher.finalize()
}

/// A sendable value erased to `AnyHashable` once, when it is made. (`AnyHashableSendable` erases
/// both sides again for every comparison, which dominated the cost of looking up cancellation
/// IDs at deep navigation paths.) A value of a type that takes no memory, such as an empty
/// struct or an enum with one case, is not erased at all: such a type has a single value, so its
/// type identifies it (and erasing it cost more than the rest of making a cancellation ID).
struct ErasedID: Hashable, @unchecked Sendable {
  private enum Storage: Hashable {
    // Only made from `Sendable` values, so holding the erased value across tasks is safe.
    case value(AnyHashable)
    case singleValue(ObjectIdentifier)
  }
  private let storage: Storage

  init<Value: Hashable & Sendable>(_ value: Value) {
    if MemoryLayout<Value>.size == 0 {
      self.storage = .singleValue(ObjectIdentifier(Value.self))
      return
    }
    let erased = AnyHashable(value)
    // A wrapper such as `AnyHashableSendable` erases to the value it wraps, which is the ID.
    let base = type(of: erased.base)
    self.storage =
      takesNoMemory(base) ? .singleValue(ObjectIdentifier(base)) : .value(erased)
  }
}

private func takesNoMemory<T>(_: T.Type) -> Bool {
  MemoryLayout<T>.size == 0
}

/// The navigation IDs from the root store down to the feature that is currently running.
@usableFromInline
struct NavigationIDPath: Hashable, Sendable {
  /// The last step of the path, linked to the steps before it; `nil` for the empty path. A path
  /// made by appending to another shares that path's steps: paths grow from parent to child one
  /// step at a time, so appending makes one step, and comparing a path with one of its prefixes
  /// usually ends at a step both share.
  private let last: Step?

  private final class Step: Sendable {
    let id: NavigationID
    let parent: Step?
    let count: Int
    /// The hash of the IDs up to this one, computed as the path grows: paths are looked up
    /// whenever cancellable work is registered, and hashing every ID of a deep path each time is
    /// slow.
    let hash: Int

    init(id: NavigationID, parent: Step?) {
      self.id = id
      self.parent = parent
      self.count = (parent?.count ?? 0) + 1
      var hasher = Hasher()
      hasher.combine(parent?.hash ?? 0)
      hasher.combine(id)
      self.hash = hasher.finalize()
    }
  }

  private init(last: Step?) {
    self.last = last
  }

  init(path: [NavigationID] = []) {
    var last: Step?
    for id in path {
      last = Step(id: id, parent: last)
    }
    self.last = last
  }

  /// Whether this path starts with `prefix`.
  func hasPrefix(_ prefix: Self) -> Bool {
    guard prefix.count <= self.count else { return false }
    var step = self.last
    for _ in prefix.count..<self.count {
      step = step?.parent
    }
    return Self.sameSteps(step, prefix.last)
  }

  /// The IDs of the path, from the root store down.
  var ids: [NavigationID] {
    var ids: [NavigationID] = []
    ids.reserveCapacity(self.count)
    var step = self.last
    while let current = step {
      ids.append(current.id)
      step = current.parent
    }
    return ids.reversed()
  }

  /// The last ID of the path, `nil` for the empty path.
  var lastID: NavigationID? { self.last?.id }

  /// The path without its last ID; the empty path for the empty path.
  var parent: Self { Self(last: self.last?.parent) }

  @usableFromInline
  func appending(_ element: NavigationID) -> Self {
    Self(last: Step(id: element, parent: self.last))
  }

  var count: Int { self.last?.count ?? 0 }

  @usableFromInline
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.count == rhs.count && sameSteps(lhs.last, rhs.last)
  }

  /// Whether two chains of steps of the same length hold the same IDs, stopping at the first
  /// step they share.
  private static func sameSteps(_ lhs: Step?, _ rhs: Step?) -> Bool {
    var lhs = lhs
    var rhs = rhs
    while let left = lhs, let right = rhs {
      if left === right { return true }
      guard left.hash == right.hash, left.id == right.id else { return false }
      lhs = left.parent
      rhs = right.parent
    }
    return lhs == nil && rhs == nil
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(self.last?.hash ?? 0)
  }
}

private enum NavigationIDPathKey: DependencyKey {
  static let liveValue = NavigationIDPath()
  static let testValue = NavigationIDPath()
}

extension NavigationIDPath {
  /// The path of the feature that is running now. (Read from the current dependencies directly:
  /// a `@Dependency` declared on the spot would merge the same values into themselves first.)
  @usableFromInline
  static var current: Self {
    DependencyValues._current.navigationIDPath
  }
}

extension DependencyValues {
  @usableFromInline
  var navigationIDPath: NavigationIDPath {
    get { self[NavigationIDPathKey.self] }
    set { self[NavigationIDPathKey.self] = newValue }
  }
}

extension NavigationID {
  /// The ID of child state embedded in a case of its parent's enum state, found through a closure
  /// case path: the parent and child types, the parent's case, and the child's own identity.
  init<Root, Value>(caseOf root: Root, state: Value) {
    self.init(
      kind: CaseKind(
        root: ObjectIdentifier(Root.self),
        value: ObjectIdentifier(Value.self),
        caseName: ChildIdentity(root).caseName
      ),
      identifier: ChildIdentity(state)
    )
  }

  /// The ID of the element with the given ID in the collection at a path.
  init(path: AnyKeyPath, elementID: some Hashable & Sendable) {
    self.init(kind: PathKind(path), identifier: elementID)
  }
}

/// The navigation IDs of the children a reducer finds at one key path of its parent's state, for
/// the reducer to keep. A child's ID is the path, the enum case the child is in, and the child's
/// own `id` when it is `Identifiable`, so that another child at the same place is another child.
/// The key path is erased and hashed once, and children of a type with no identity of its own
/// (neither an enum nor `Identifiable`) share one ID, made once, which also compares by identity
/// with the IDs of paths made from it.
@usableFromInline
final class ChildNavigationIDs<Child>: Sendable {
  private let kind: ErasedID
  /// `nil` until the first child is seen; then the ID every child shares, or `.some(nil)` when
  /// children have identities. (Reducers are values that may be shared across threads.)
  private let shared = LockIsolated<NavigationID??>(nil)

  /// Whether every child is ephemeral: the child type is an `_EphemeralState`.
  private let isEphemeralType: Bool

  @usableFromInline
  init(path: AnyKeyPath) {
    self.kind = ErasedID(PathKind(path))
    self.isEphemeralType = Child.self is any _EphemeralState.Type
  }

  /// Whether a child is dismissed on its first action (see ``isEphemeral(_:)``), answered
  /// without looking at the child once its type is known to have no cases.
  @usableFromInline
  func isEphemeral(_ child: Child) -> Bool {
    if self.isEphemeralType { return true }
    // Children that share an ID have a type that is neither an enum nor `Identifiable`.
    if case .some(.some) = self.shared.value { return false }
    return ComposableArchitecture.isEphemeral(child)
  }

  /// The ID of a child at the key path.
  @usableFromInline
  func id(of child: Child) -> NavigationID {
    if case let .some(shared) = self.shared.value {
      return shared ?? self.makeID(ChildIdentity(child))
    }
    // A type already seen to be neither an enum nor `Identifiable` needs no look at the child.
    let identity =
      EnumTypes.isKnownNotEnum(Child.self) && !(Child.self is any Identifiable.Type)
      ? ChildIdentity.none : ChildIdentity(child)
    // Shared only when the child's type is the static one: children of an existential or class
    // type may be of other types, with identities.
    let isShared = identity.caseName == nil && identity.id == nil
      && ObjectIdentifier(type(of: child as Any)) == ObjectIdentifier(Child.self)
    let id = isShared ? self.makeID(ChildIdentity.erasedNone) : self.makeID(ErasedID(identity))
    self.shared.setValue(.some(isShared ? id : nil))
    return id
  }

  private func makeID(_ identity: ChildIdentity) -> NavigationID {
    self.makeID(ErasedID(identity))
  }

  private func makeID(_ identifier: ErasedID) -> NavigationID {
    NavigationID(erasedKind: self.kind, identifier: identifier)
  }
}

/// A key path as the kind of a navigation ID. Key paths are immutable values, so sharing one
/// across tasks is safe even where the type system can't see it.
private struct PathKind: Hashable, @unchecked Sendable {
  let path: AnyKeyPath
  init(_ path: AnyKeyPath) { self.path = path }

  static func == (lhs: Self, rhs: Self) -> Bool {
    // A key path literal is usually one instance however often it is evaluated: comparing
    // identities first skips comparing the key paths' components.
    lhs.path === rhs.path || lhs.path == rhs.path
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(self.path)
  }
}

/// An enum case of a parent's state, as the kind of a navigation ID.
private struct CaseKind: Hashable, Sendable {
  let root: ObjectIdentifier
  let value: ObjectIdentifier
  let caseName: String?
}

/// What distinguishes one child state from another at the same place in its parent.
struct ChildIdentity: Hashable, Sendable {
  let caseName: String?
  let id: ElementID?

  /// The identity of a child that is neither an enum nor `Identifiable`.
  static let none = ChildIdentity(caseName: nil, id: nil)
  /// ``none``, erased once.
  static let erasedNone = ErasedID(ChildIdentity.none)

  private init(caseName: String?, id: ElementID?) {
    self.caseName = caseName
    self.id = id
  }

  init(_ value: Any) {
    // Reflection is slow: only enums have a case to tell apart, and a payload whose own identity
    // counts (an enum destination's child that is `Identifiable`).
    var payload: Any?
    if EnumTypes.contains(value) {
      let mirror = Mirror(reflecting: value)
      let child = mirror.children.first
      self.caseName = child?.label ?? String(describing: value)
      payload = child?.value
    } else {
      self.caseName = nil
    }
    if let identifiable = value as? any Identifiable {
      self.id = ElementID(Self.id(of: identifiable))
    } else if let identifiable = payload as? any Identifiable {
      self.id = ElementID(Self.id(of: identifiable))
    } else {
      self.id = nil
    }
  }

  private static func id(of value: some Identifiable) -> AnyHashable {
    AnyHashable(value.id)
  }

  /// An element's `Identifiable` ID. IDs are values that identify state, compared and hashed
  /// only, so holding one across tasks is safe even when its type doesn't say so.
  struct ElementID: Hashable, @unchecked Sendable {
    let value: AnyHashable
    init(_ value: AnyHashable) { self.value = value }
  }
}

/// Which types are enums (optionals included), asked of `Mirror` once per type and remembered,
/// since a child's identity is taken on every action that reaches it.
enum EnumTypes {
  private static let known = LockIsolated<[ObjectIdentifier: Bool]>([:])

  /// Whether the type was seen before and is not an enum or an optional.
  static func isKnownNotEnum(_ type: Any.Type) -> Bool {
    self.known.withValue { $0[ObjectIdentifier(type)] } == false
  }

  /// Whether the value's type is an enum or an optional.
  ///
  /// > Note: The answer is the one the type's mirror gives, so an enum with a custom mirror that
  /// > claims another display style counts as what its mirror claims.
  static func contains(_ value: Any) -> Bool {
    let type = ObjectIdentifier(Swift.type(of: value))
    if let answer = self.known.withValue({ $0[type] }) { return answer }
    let style = Mirror(reflecting: value).displayStyle
    let answer = style == .enum || style == .optional
    self.known.withValue { $0[type] = answer }
    return answer
  }
}

/// Whether an action is one of the ephemeral state's own: only those dismiss it. An enum
/// destination holding an alert also receives its other cases' actions (a child feature's, sent
/// while the alert is up), which leave the alert presented.
@usableFromInline
func ephemeralState<State>(_ state: State, accepts action: Any) -> Bool {
  let ephemeralType: any _EphemeralState.Type
  if let type = State.self as? any _EphemeralState.Type {
    ephemeralType = type
  } else {
    let mirror = Mirror(reflecting: state)
    guard mirror.displayStyle == .enum, let payload = mirror.children.first?.value,
      let type = type(of: payload) as? any _EphemeralState.Type
    else { return false }
    ephemeralType = type
  }
  let actionType = ephemeralType.actionType
  if type(of: action) == actionType { return true }
  // An enum destination's action: the case's payload is the alert's action.
  let mirror = Mirror(reflecting: action)
  guard mirror.displayStyle == .enum, let payload = mirror.children.first?.value else {
    return false
  }
  return type(of: payload) == actionType
}

/// Whether a state is dismissed on its first action: `_EphemeralState` itself, or an enum whose
/// current case holds one.
@usableFromInline
func isEphemeral<State>(_ state: State) -> Bool {
  if State.self is any _EphemeralState.Type { return true }
  guard EnumTypes.contains(state) else { return false }
  let mirror = Mirror(reflecting: state)
  guard mirror.displayStyle == .enum, let payload = mirror.children.first?.value else {
    return false
  }
  return type(of: payload) is any _EphemeralState.Type
}
