import ConcurrencyExtras
import Dependencies
import Sharing

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
  private let shared = Locked<NavigationID??>(nil)

  /// Whether every child is ephemeral: the child type is an `_EphemeralState`.
  private let isEphemeralType: Bool

  @usableFromInline
  init(path: AnyKeyPath) {
    self.kind = ErasedID(path: PathKind(path))
    self.isEphemeralType = Child.self is any _EphemeralState.Type
  }

  /// Whether a child is dismissed on its first action (see ``isEphemeral(_:)``), answered
  /// without looking at the child once its type is known to have no cases.
  @usableFromInline
  func isEphemeral(_ child: Child) -> Bool {
    if self.isEphemeralType { return true }
    // Children that share an ID have a type that is neither an enum nor `Identifiable`.
    if case .some(.some) = self.shared.withLock({ $0 }) { return false }
    return ComposableArchitecture.isEphemeral(child)
  }

  /// The ID of a child at the key path.
  @usableFromInline
  func id(of child: Child) -> NavigationID {
    if case let .some(shared) = self.shared.withLock({ $0 }) {
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
    self.shared.withLock { $0 = .some(isShared ? id : nil) }
    return id
  }

  private func makeID(_ identity: ChildIdentity) -> NavigationID {
    self.makeID(ErasedID(identity))
  }

  private func makeID(_ identifier: ErasedID) -> NavigationID {
    NavigationID(erasedKind: self.kind, identifier: identifier)
  }
}
