import ConcurrencyExtras
import Dependencies

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
    // Unchecked: an ID is compared and hashed only (see above).
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
