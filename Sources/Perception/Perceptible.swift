/// A type whose changes can be perceived: reads of its properties inside
/// ``withPerceptionTracking(_:onChange:)`` are tracked, and a later change to one of them calls the
/// tracking's `onChange` closure.
///
/// Perception is the name swift-perception gives to Swift's Observation on platforms that predate
/// it. Here it is Observation itself: `Perceptible` refines `Observable`, so a perceptible type
/// works everywhere an observable one does (`withObservationTracking`, SwiftUI's `@Bindable`), and
/// a perceptible type's properties are tracked by an `ObservationRegistrar`.
///
/// Conforming by hand adds no tracking. Apply the ``Perceptible()`` macro instead:
///
/// ```swift
/// @Perceptible
/// final class SettingsModel {
///   var isDarkModeOn = false
/// }
///
/// func render<Model: Perceptible>(_ model: Model) { … }
/// ```
///
/// `@ObservableState` types and `Store` are perceptible, as they are in TCA.
@available(iOS, deprecated: 26, renamed: "Observable")
@available(macOS, deprecated: 26, renamed: "Observable")
@available(tvOS, deprecated: 26, renamed: "Observable")
@available(watchOS, deprecated: 26, renamed: "Observable")
public protocol Perceptible: Observable {}
