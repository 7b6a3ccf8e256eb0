extension SharedReaderKey {
  /// A key together with its default value, for type-safe keys used in many places:
  ///
  /// ```swift
  /// extension SharedReaderKey where Self == FileStorageKey<User?>.Default {
  ///   static var currentUser: Self {
  ///     Self[.fileStorage(.currentUserURL), default: nil]
  ///   }
  /// }
  ///
  /// @Shared(.currentUser) var currentUser
  /// ```
  public typealias Default = _SharedKeyDefault<Self>
}

/// A key with its default value. Spelled `Key.Default` (see ``SharedReaderKey/Default``).
public struct _SharedKeyDefault<Base: SharedReaderKey>: SharedReaderKey {
  let base: Base
  let defaultValue: @Sendable () -> Base.Value

  /// The key `key` with the default `value`.
  public static subscript(
    _ key: Base, default value: @autoclosure @escaping @Sendable () -> Base.Value
  ) -> Self {
    Self(base: key, defaultValue: value)
  }

  /// The default value.
  public var initialValue: Base.Value { self.defaultValue() }

  public var id: Base.ID { self.base.id }

  public func load(context: LoadContext<Base.Value>, continuation: LoadContinuation<Base.Value>) {
    self.base.load(context: context, continuation: continuation)
  }

  public func subscribe(
    context: LoadContext<Base.Value>, subscriber: SharedSubscriber<Base.Value>
  ) -> SharedSubscription {
    self.base.subscribe(context: context, subscriber: subscriber)
  }
}

extension _SharedKeyDefault: SharedKey where Base: SharedKey {
  public func save(_ value: Base.Value, context: SaveContext, continuation: SaveContinuation) {
    self.base.save(value, context: context, continuation: continuation)
  }
}

extension _SharedKeyDefault: CustomStringConvertible {
  public var description: String {
    "\(self.base)"
  }
}
