/// Counts the changes of shared values in the process, so that what keeps a copy of state that
/// may hold shared values can tell that its copy may be out of date: a store of optional child
/// state keeps the child's state until its root's state changes or a shared value does, since
/// a `@Shared` value in the state changes without the root store running.
///
/// ```swift
/// let generation = SharedValueChanges.generation
/// let state = readState()
/// // ... later: the copy is current while no shared value changed since
/// if SharedValueChanges.generation == generation { return state }
/// ```
package enum SharedValueChanges {
  private static let count = Locked<UInt>(0)

  /// A number that changes after every change of a shared value.
  package static var generation: UInt {
    Self.count.withLock { $0 }
  }

  /// Records a change, once the new value is stored.
  static func record() {
    Self.count.withLock { $0 &+= 1 }
  }
}
