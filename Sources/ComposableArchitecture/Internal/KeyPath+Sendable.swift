/// Key paths that are known to be sendable; they appear in signatures that store key paths in
/// values crossing concurrency domains.
public typealias _SendableAnyKeyPath = any AnyKeyPath & Sendable
public typealias _SendablePartialKeyPath<Root> = any PartialKeyPath<Root> & Sendable
public typealias _SendableKeyPath<Root, Value> = any KeyPath<Root, Value> & Sendable
public typealias _SendableWritableKeyPath<Root, Value> = any WritableKeyPath<Root, Value> & Sendable
public typealias _SendableReferenceWritableKeyPath<Root, Value> = any ReferenceWritableKeyPath<
  Root, Value
> & Sendable
public typealias _SendablePartialCaseKeyPath<Root> = any PartialCaseKeyPath<Root> & Sendable
public typealias _SendableCaseKeyPath<Root, Value> = any CaseKeyPath<Root, Value> & Sendable

@usableFromInline
func sendableKeyPath(_ keyPath: AnyKeyPath) -> _SendableAnyKeyPath {
  unsafeBitCast(keyPath, to: _SendableAnyKeyPath.self)
}

@usableFromInline
func sendablePartialKeyPath<Root>(_ keyPath: PartialKeyPath<Root>) -> _SendablePartialKeyPath<Root> {
  unsafeBitCast(keyPath, to: _SendablePartialKeyPath<Root>.self)
}

@usableFromInline
func sendableWritableKeyPath<Root, Value>(
  _ keyPath: WritableKeyPath<Root, Value>
) -> _SendableWritableKeyPath<Root, Value> {
  unsafeBitCast(keyPath, to: _SendableWritableKeyPath<Root, Value>.self)
}
