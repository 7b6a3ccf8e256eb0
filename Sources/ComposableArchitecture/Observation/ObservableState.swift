import Foundation
import Observation

/// A state type whose identity can be observed: stores notify their observers when a state's
/// ``_$id`` changes, while the state's own properties notify their readers when they change.
///
/// The `@ObservableState` macro provides the conformance:
///
/// ```swift
/// @ObservableState
/// struct State {
///   var count = 0
/// }
/// ```
public protocol ObservableState: Observable {
  /// The identity of this value. It is kept when the value is mutated in place and changes when
  /// a new value is created.
  var _$id: ObservableStateID { get }

  /// Called before the value is mutated in place.
  mutating func _$willModify()
}

/// The identity of an ``ObservableState`` value.
public struct ObservableStateID: Equatable, Hashable, Sendable {
  private let location: UUID
  private var tag: Int?

  /// A new, unique identity.
  public init() {
    self.location = UUID()
    self.tag = nil
  }

  /// The identity of any value: its own when it is observable state, otherwise a fresh one.
  public static func _$id<T>(for value: T) -> Self {
    (value as? any ObservableState)?._$id ?? Self()
  }

  /// The identity of an observable state value.
  public static func _$id(for value: some ObservableState) -> Self {
    value._$id
  }

  /// This identity, qualified by an enum case's index, so that two cases holding the same value
  /// still differ.
  public func _$tag(_ tag: Int) -> Self {
    var copy = self
    copy.tag = tag
    return copy
  }

  /// Called before the value that owns this identity is mutated in place.
  public mutating func _$willModify() {}
}

/// Whether two values have the same identity, so that replacing one by the other is not a change
/// observers need to hear about.
func _$isIdentityEqual<T>(_ lhs: T, _ rhs: T) -> Bool {
  guard let lhs = lhs as? any ObservableState, let rhs = rhs as? any ObservableState else {
    return false
  }
  return lhs._$id == rhs._$id
}
