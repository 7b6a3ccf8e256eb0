/// Makes a class perceptible: its stored `var` properties notify
/// ``withPerceptionTracking(_:onChange:)`` (and `withObservationTracking(_:onChange:)`) when they
/// change.
///
/// ```swift
/// @Perceptible
/// final class PlayerModel {
///   var score = 0
///   var name: String
///   @PerceptionIgnored var lastSavedAt: Date?
///
///   init(name: String) {
///     self.name = name
///   }
/// }
///
/// let player = PlayerModel(name: "Blob")
/// withPerceptionTracking {
///   _ = player.score
/// } onChange: {
///   print("score will change")
/// }
/// player.score += 1  // prints "score will change"
/// ```
///
/// It conforms the class to ``Perceptible`` (and so to `Observable`), stores a
/// ``PerceptionRegistrar`` in it, and marks every stored `var` ``PerceptionTracked()`` unless it
/// is marked ``PerceptionIgnored()``. Constants, computed and `lazy` properties aren't tracked.
/// Assigning a property a value equal to its current one (`==` for `Equatable` values, `===` for
/// objects) notifies nobody.
///
/// > Note: Like `@Observable`, it applies to classes only. State in a TCA feature uses
/// > `@ObservableState` instead.
@available(iOS, deprecated: 26, renamed: "Observable")
@available(macOS, deprecated: 26, renamed: "Observable")
@available(tvOS, deprecated: 26, renamed: "Observable")
@available(watchOS, deprecated: 26, renamed: "Observable")
@attached(
  member,
  names: named(_$perceptionRegistrar), named(access), named(withMutation),
  named(shouldNotifyObservers)
)
@attached(memberAttribute)
@attached(extension, conformances: Perceptible, Observable)
public macro Perceptible() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "PerceptibleMacro")

/// Routes a stored property of a ``Perceptible()`` class through the class's registrar.
///
/// ``Perceptible()`` adds it to every stored `var`; there is no need to write it. The property's
/// value moves to a private `_name` property, and `name` gets accessors that record reads and
/// announce writes.
@available(iOS, deprecated: 26, renamed: "ObservationTracked")
@available(macOS, deprecated: 26, renamed: "ObservationTracked")
@available(tvOS, deprecated: 26, renamed: "ObservationTracked")
@available(watchOS, deprecated: 26, renamed: "ObservationTracked")
@attached(accessor, names: named(init), named(get), named(set), named(_modify))
@attached(peer, names: prefixed(_))
public macro PerceptionTracked() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "PerceptionTrackedMacro")

/// Leaves a stored property of a ``Perceptible()`` class out of perception: reading it tracks
/// nothing and changing it notifies nobody.
///
/// ```swift
/// @Perceptible
/// final class SearchModel {
///   var query = ""
///   @PerceptionIgnored var requestCount = 0
/// }
/// ```
@available(iOS, deprecated: 26, renamed: "ObservationIgnored")
@available(macOS, deprecated: 26, renamed: "ObservationIgnored")
@available(tvOS, deprecated: 26, renamed: "ObservationIgnored")
@available(watchOS, deprecated: 26, renamed: "ObservationIgnored")
@attached(accessor, names: named(willSet))
public macro PerceptionIgnored() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "PerceptionIgnoredMacro")
