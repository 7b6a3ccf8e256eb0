#if !canImport(SwiftUI)
  /// A read-write reference to a value owned elsewhere: a getter and a setter.
  ///
  /// Where SwiftUI is not available, this stands in for `SwiftUI.Binding`, so that code that
  /// builds bindings from stores (`viewStore.binding(get:send:)`) compiles and can be tested, and
  /// so that any renderer can read and write through them.
  ///
  /// ```swift
  /// let name = viewStore.binding(get: \.name, send: { .nameChanged($0) })
  /// name.wrappedValue = "Blob"   // sends .nameChanged("Blob")
  /// ```
  @propertyWrapper
  @dynamicMemberLookup
  public struct Binding<Value> {
    private let getValue: () -> Value
    private let setValue: (Value) -> Void

    /// A binding that reads with `get` and writes with `set`.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
      self.getValue = get
      self.setValue = set
    }

    /// A binding to the same value as another.
    public init(projectedValue: Binding<Value>) {
      self = projectedValue
    }

    /// A binding to a value that never changes; writes are ignored.
    ///
    /// ```swift
    /// let disabled = Binding.constant(false)
    /// ```
    public static func constant(_ value: Value) -> Self {
      Self(get: { value }, set: { _ in })
    }

    /// The value: reading calls the getter, writing the setter.
    public var wrappedValue: Value {
      get { self.getValue() }
      nonmutating set { self.setValue(newValue) }
    }

    /// The binding itself, as `$name` in a property declared `@Binding var name`.
    public var projectedValue: Binding<Value> { self }

    /// A binding to a property of the value: writing it writes the whole value back.
    ///
    /// ```swift
    /// let city = $address.city
    /// ```
    public subscript<Subject>(
      dynamicMember keyPath: WritableKeyPath<Value, Subject>
    ) -> Binding<Subject> {
      Binding<Subject>(
        get: { self.wrappedValue[keyPath: keyPath] },
        set: { newValue in
          var value = self.wrappedValue
          value[keyPath: keyPath] = newValue
          self.wrappedValue = value
        }
      )
    }
  }

  extension Binding {
    /// A binding to an optional value's wrapped value, or `nil` while it is `nil`.
    ///
    /// ```swift
    /// if let child = Binding($optionalChild) { … }
    /// ```
    public init?(_ base: Binding<Value?>) {
      guard let value = base.wrappedValue else { return nil }
      var last = value
      self.init(
        get: {
          if let current = base.wrappedValue { last = current }
          return last
        },
        set: { base.wrappedValue = $0 }
      )
    }
  }
#endif
