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
    self.init(erasedKind: ErasedID(unique: UniqueIdentity()), identifier: nil)
  }

  /// An ID derived from where a child lives in its parent and, when it has one, its own identity.
  init(kind: some Hashable & Sendable, identifier: (some Hashable & Sendable)? = Int?.none, tag: UInt32? = nil) {
    self.init(erasedKind: ErasedID(kind), identifier: identifier.map { ErasedID($0) }, tag: tag)
  }

  /// An ID from a kind already erased, so that a kind used for many IDs is erased and hashed once.
  init(erasedKind kind: ErasedID, identifier: ErasedID?, tag: UInt32? = nil) {
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
}

/// An identity equal only to itself: what tells a root store's navigation ID from every other.
final class UniqueIdentity: Hashable, Sendable {
  static func == (lhs: UniqueIdentity, rhs: UniqueIdentity) -> Bool { lhs === rhs }
  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
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
  // Unchecked: `AnyHashable` is not `Sendable`, but it is only made from `Sendable` values.
  private enum Storage: Hashable {
    // Only made from `Sendable` values, so holding the erased value across tasks is safe.
    case value(AnyHashable)
    case singleValue(ObjectIdentifier)
    // A root store's identity and the key path of a child reducer, held as they are: erasing
    // them to `AnyHashable` costs more than the rest of making the ID.
    case unique(UniqueIdentity)
    case path(PathKind)
  }
  private let storage: Storage

  /// The ID of a unique identity.
  init(unique identity: UniqueIdentity) {
    self.storage = .unique(identity)
  }

  /// The ID of a key path.
  init(path: PathKind) {
    self.storage = .path(path)
  }

  /// The ID of any other value. (A `PathKind` or `UniqueIdentity` is erased with the
  /// initializers above: IDs of one kind are held one way, or they would not be equal.)
  init<Value: Hashable & Sendable>(_ value: Value) {
    assert(
      !(value is PathKind) && !(value is UniqueIdentity),
      "Erase a PathKind with ErasedID(path:) and a UniqueIdentity with ErasedID(unique:)"
    )
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
    self.init(erasedKind: ErasedID(path: PathKind(path)), identifier: ErasedID(elementID))
  }
}

/// A key path as the kind of a navigation ID. Key paths are immutable values, so sharing one
/// across tasks is safe even where the type system can't see it.
struct PathKind: Hashable, @unchecked Sendable {
  // Unchecked: `AnyKeyPath` is immutable but not declared `Sendable`.
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
struct CaseKind: Hashable, Sendable {
  let root: ObjectIdentifier
  let value: ObjectIdentifier
  let caseName: String?
}
