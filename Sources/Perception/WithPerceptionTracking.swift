#if canImport(SwiftUI)
  import SwiftUI

  /// swift-perception's view for tracking perceptible state in a view body on iOS 16 and
  /// earlier.
  ///
  /// SwiftUI tracks observable state by itself from iOS 17, macOS 14, tvOS 17 and watchOS 10 on,
  /// the versions this library requires, so this view only shows its content. It stays so that
  /// views written for older versions compile unchanged:
  ///
  /// ```swift
  /// var body: some View {
  ///   WithPerceptionTracking {
  ///     Text("\(store.count)")
  ///   }
  /// }
  /// ```
  @available(iOS, deprecated: 17, message: "SwiftUI tracks observable state; drop the wrapper.")
  @available(macOS, deprecated: 14, message: "SwiftUI tracks observable state; drop the wrapper.")
  @available(tvOS, deprecated: 17, message: "SwiftUI tracks observable state; drop the wrapper.")
  @available(
    watchOS, deprecated: 10, message: "SwiftUI tracks observable state; drop the wrapper."
  )
  public struct WithPerceptionTracking<Content: View>: View {
    private let content: () -> Content

    /// Shows `content`.
    public init(@ViewBuilder content: @escaping () -> Content) {
      self.content = content
    }

    public var body: Content {
      content()
    }
  }
#endif
