import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#endif

/// State that only one thread at a time may read or change: the package's one lock type.
///
/// Every type in this package that is shared between threads and has mutable state keeps that
/// state in a `Locked`, and is then `Sendable` without `@unchecked`. The state is changed in
/// place (a collection in it is not copied on each change, as it would be if it were copied out
/// and back in):
///
/// ```swift
/// final class Registry: Sendable {
///   private let entries = Locked<[String: Int]>([:])
///
///   func add(_ name: String) -> Int {
///     self.entries.withLock { entries in
///       let id = entries.count
///       entries[name] = id
///       return id
///     }
///   }
/// }
/// ```
///
/// A recursive lock may be taken again by the thread that holds it, for state whose changes
/// call out to code that can come back (a file system that announces its own writes, an
/// observer that reads what it observes). Otherwise taking it again deadlocks.
@usableFromInline
package final class Locked<State>: @unchecked Sendable {
  // Unchecked: `state` is only read and written inside `withLock`, while `mutex` is held.
  // (Inlinable, so that the engine's hot paths in other modules of the package call the lock
  // directly, specialized for their state.)
  @usableFromInline var state: State
  #if os(Windows)
    @usableFromInline let mutex = NSRecursiveLock()
  #else
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
  #endif

  /// - Parameters:
  ///   - state: The state to guard.
  ///   - recursive: Whether the thread holding the lock may take it again.
  @usableFromInline
  package init(_ state: State, recursive: Bool = false) {
    self.state = state
    #if !os(Windows)
      self.mutex = .allocate(capacity: 1)
      var attributes = pthread_mutexattr_t()
      pthread_mutexattr_init(&attributes)
      pthread_mutexattr_settype(
        &attributes, Int32(recursive ? PTHREAD_MUTEX_RECURSIVE : PTHREAD_MUTEX_NORMAL)
      )
      pthread_mutex_init(self.mutex, &attributes)
      pthread_mutexattr_destroy(&attributes)
    #endif
  }

  deinit {
    #if !os(Windows)
      pthread_mutex_destroy(self.mutex)
      self.mutex.deallocate()
    #endif
  }

  /// Runs `body` with the state, holding the lock.
  ///
  /// The state is lent to `body` for the whole call: taking the lock again from inside `body`,
  /// even where the lock is recursive, breaks Swift's exclusive access to the state and stops the
  /// program. Code that calls out, to code that may come back, holds the lock with
  /// ``withLockHeld(_:)`` instead and reads and writes the state in short `withLock` calls.
  @inlinable
  package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try self.withLockHeld { try body(&self.state) }
  }

  /// Runs `body` holding the lock, without lending it the state: with a recursive lock, `body`
  /// may take the lock again, for instance through code it calls out to.
  ///
  /// ```swift
  /// try self.state.withLockHeld {
  ///   var value = self.state.withLock { $0.value }
  ///   let result = try body(&value)  // may read `self.state` again
  ///   self.state.withLock { $0.value = value }
  ///   return result
  /// }
  /// ```
  @inlinable
  package func withLockHeld<Result>(_ body: () throws -> Result) rethrows -> Result {
    #if os(Windows)
      self.mutex.lock()
      defer { self.mutex.unlock() }
    #else
      pthread_mutex_lock(self.mutex)
      defer { pthread_mutex_unlock(self.mutex) }
    #endif
    return try body()
  }
}

extension Locked where State == Void {
  /// A lock that guards no state of its own, only a stretch of work.
  package convenience init(recursive: Bool = false) {
    self.init((), recursive: recursive)
  }

  /// Runs `body` holding the lock (``withLockHeld(_:)``).
  @inlinable
  package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    try self.withLockHeld(body)
  }
}
