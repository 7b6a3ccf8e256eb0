/// An asynchronous sequence of the values of a closure over perceptible state: the current value
/// first, then a new value each time something the closure read has changed.
///
/// It is the toolchain's `Observations` under the name swift-perception gives it:
///
/// ```swift
/// @MainActor
/// func logScores(_ model: ScoreModel) async {
///   for await points in Perceptions({ model.points }) {
///     print("points:", points)
///   }
/// }
/// ```
///
/// > Note: `Observations` ships with Swift 6.2 on Linux, and with iOS 26, macOS 26, tvOS 26,
/// > watchOS 26 and visionOS 26 on Apple platforms; `Perceptions` is available where it is.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
public typealias Perceptions<Element: Sendable, Failure: Error> = Observations<Element, Failure>
