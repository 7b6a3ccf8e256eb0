/// A `StaticString` that can be hashed and compared, for APIs that key values by call site.
public struct _HashableStaticString: RawRepresentable, ExpressibleByStringLiteral, Hashable, Sendable {
  public let rawValue: StaticString

  public init(rawValue: StaticString) {
    self.rawValue = rawValue
  }

  public init(stringLiteral value: StaticString) {
    self.init(rawValue: value)
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.rawValue.description == rhs.rawValue.description
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.rawValue.description)
  }
}
