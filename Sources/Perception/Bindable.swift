#if canImport(SwiftUI)
  /// swift-perception's stand-in for SwiftUI's `Bindable` on iOS 16 and earlier.
  ///
  /// This library requires iOS 17, macOS 14, tvOS 17 or watchOS 10, where SwiftUI's own
  /// `Bindable` works with perceptible types and stores, so this one is unavailable, as it is in
  /// swift-perception for those versions. Write `@Bindable` instead of `@Perception.Bindable`:
  ///
  /// ```swift
  /// @Bindable var store: StoreOf<Settings>
  /// ```
  @available(iOS, introduced: 13, obsoleted: 17, message: "Use '@Bindable' without 'Perception.'")
  @available(
    macOS, introduced: 10.15, obsoleted: 14, message: "Use '@Bindable' without 'Perception.'"
  )
  @available(tvOS, introduced: 13, obsoleted: 17, message: "Use '@Bindable' without 'Perception.'")
  @available(
    watchOS, introduced: 6, obsoleted: 10, message: "Use '@Bindable' without 'Perception.'"
  )
  @available(visionOS, unavailable)
  @propertyWrapper
  public struct Bindable<Value> {
    /// The wrapped perceptible object.
    public var wrappedValue: Value

    /// Wraps `wrappedValue`.
    public init(wrappedValue: Value) {
      self.wrappedValue = wrappedValue
    }
  }
#endif
