import CustomDump

/// Marks a field of a feature's state as bindable, in the style that came before
/// `@ObservableState`: bindings reach it through its projected key path, `\.$field`.
///
/// ```swift
/// struct State: Equatable {
///   @BindingState var displayName = ""
///   var isLoading = false   // not bindable
/// }
/// // …
/// case .binding(\.$displayName):
/// ```
///
/// Equality, hashing, coding and dumping see only the wrapped value.
@dynamicMemberLookup
@propertyWrapper
public struct BindingState<Value> {
  /// The wrapped value.
  public var wrappedValue: Value
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  public init(
    wrappedValue: Value,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.wrappedValue = wrappedValue
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// The binding state itself, so that `\.$field` is a key path to it.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// A field of the wrapped value, as binding state.
  public subscript<Subject>(
    dynamicMember keyPath: WritableKeyPath<Value, Subject>
  ) -> BindingState<Subject> {
    get { BindingState<Subject>(wrappedValue: self.wrappedValue[keyPath: keyPath], fileID: self.fileID, filePath: self.filePath, line: self.line, column: self.column) }
    set { self.wrappedValue[keyPath: keyPath] = newValue.wrappedValue }
  }
}

extension BindingState: Equatable where Value: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.wrappedValue == rhs.wrappedValue
  }
}

extension BindingState: Hashable where Value: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.wrappedValue)
  }
}

extension BindingState: Decodable where Value: Decodable {
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try Value(from: decoder))
  }
}

extension BindingState: Encodable where Value: Encodable {
  public func encode(to encoder: any Encoder) throws {
    try self.wrappedValue.encode(to: encoder)
  }
}

extension BindingState: Sendable where Value: Sendable {}

extension BindingState: CustomReflectable {
  public var customMirror: Mirror {
    Mirror(reflecting: self.wrappedValue)
  }
}

extension BindingState: CustomDumpRepresentable {
  public var customDumpValue: Any {
    self.wrappedValue
  }
}

extension BindingState: CustomDebugStringConvertible where Value: CustomDebugStringConvertible {
  public var debugDescription: String {
    self.wrappedValue.debugDescription
  }
}

extension BindingAction {
  /// An action that writes `value` into the `@BindingState` field at `keyPath` (`\.$field`).
  ///
  /// ```swift
  /// store.send(.binding(.set(\.$displayName, "Blob")))
  /// ```
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: _SendableWritableKeyPath<Root, BindingState<Value>>,
    _ value: Value
  ) -> Self {
    Self(keyPath: keyPath, value: value)
  }

  init<Value: Equatable & Sendable>(
    keyPath: _SendableWritableKeyPath<Root, BindingState<Value>>,
    value: Value,
    onSet: (@Sendable () -> Void)? = nil
  ) {
    self.init(
      keyPath: keyPath,
      set: {
        $0[keyPath: keyPath as WritableKeyPath<Root, BindingState<Value>>].wrappedValue = value
        onSet?()
      },
      value: value,
      valueIsEqualTo: { ($0 as? Value) == value }
    )
  }

  /// Matches a binding action by the `@BindingState` field it writes.
  ///
  /// ```swift
  /// case .binding(\.$displayName):
  /// ```
  public static func ~= <Value>(
    keyPath: _SendableWritableKeyPath<Root, BindingState<Value>>,
    bindingAction: Self
  ) -> Bool {
    bindingAction.writes(to: keyPath as AnyKeyPath)
  }
}

extension BindableAction {
  /// The action that writes `value` into the `@BindingState` field at `keyPath` (`\.$field`):
  /// `.binding(.set(keyPath, value))`.
  ///
  /// ```swift
  /// await store.send(.set(\.$displayName, "Blob")) { $0.displayName = "Blob" }
  /// ```
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: _SendableWritableKeyPath<State, BindingState<Value>>,
    _ value: Value
  ) -> Self {
    .binding(.set(keyPath, value))
  }
}

extension BindingAction.AllCasePaths {
  /// The binding actions that write a `@BindingState` field: `\.binding.$displayName`.
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<Root, BindingState<Value>>
  ) -> AnyCasePath<BindingAction, Value> {
    let keyPath = sendableWritableKeyPath(keyPath)
    return Self.casePath(writing: keyPath) { .set(keyPath, $0) }
  }
}
