import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#elseif os(Windows)
  import WinSDK
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
package struct Locked<State>: @unchecked Sendable {
  // Unchecked: the state is only reached inside `withLock`, while the mutex is held. (The
  // storage is a `ManagedBuffer`, which the standard library declares never `Sendable`.)
  @usableFromInline let storage: LockedStorage<State>

  /// - Parameters:
  ///   - state: The state to guard.
  ///   - recursive: Whether the thread holding the lock may take it again.
  @inlinable
  package init(_ state: State, recursive: Bool = false) {
    self.storage = LockedStorage.make(state, recursive: recursive)
  }

  /// Runs `body` with the state, holding the lock.
  ///
  /// The state is lent to `body` for the whole call: `body` must not take this lock again, even
  /// where the lock is recursive, since that would reach the state while it is lent. Code that
  /// calls out, to code that may come back, holds the lock with ``withLockHeld(_:)`` instead and
  /// reads and writes the state in short `withLock` calls.
  @inlinable
  package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try self.storage.withUnsafeMutablePointers { state, mutex in
      LockedStorage<State>.lock(mutex)
      defer { LockedStorage<State>.unlock(mutex) }
      return try body(&state.pointee)
    }
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
    try self.storage.withUnsafeMutablePointerToElements { mutex in
      LockedStorage<State>.lock(mutex)
      defer { LockedStorage<State>.unlock(mutex) }
      return try body()
    }
  }
}

#if os(Windows)
  @usableFromInline typealias LockPrimitive = CRITICAL_SECTION
#else
  @usableFromInline typealias LockPrimitive = pthread_mutex_t
#endif

/// A ``Locked``'s state and its mutex, in one allocation.
@usableFromInline
final class LockedStorage<State>: ManagedBuffer<State, LockPrimitive> {

  @inlinable
  static func make(_ state: State, recursive: Bool) -> LockedStorage<State> {
    let buffer = Self.create(minimumCapacity: 1) { _ in state }
    buffer.withUnsafeMutablePointerToElements { mutex in
      #if os(Windows)
        // Critical sections are always recursive.
        InitializeCriticalSection(mutex)
      #else
        if recursive {
          var attributes = pthread_mutexattr_t()
          pthread_mutexattr_init(&attributes)
          pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
          pthread_mutex_init(mutex, &attributes)
          pthread_mutexattr_destroy(&attributes)
        } else {
          // The default attributes: a plain mutex, made without setting attributes up.
          pthread_mutex_init(mutex, nil)
        }
      #endif
    }
    return unsafeDowncast(buffer, to: LockedStorage<State>.self)
  }

  @inlinable
  static func lock(_ mutex: UnsafeMutablePointer<LockPrimitive>) {
    #if os(Windows)
      EnterCriticalSection(mutex)
    #else
      pthread_mutex_lock(mutex)
    #endif
  }

  @inlinable
  static func unlock(_ mutex: UnsafeMutablePointer<LockPrimitive>) {
    #if os(Windows)
      LeaveCriticalSection(mutex)
    #else
      pthread_mutex_unlock(mutex)
    #endif
  }

  // (The state, the buffer's header, is destroyed with the buffer.)
  deinit {
    self.withUnsafeMutablePointerToElements { mutex in
      #if os(Windows)
        DeleteCriticalSection(mutex)
      #else
        pthread_mutex_destroy(mutex)
      #endif
    }
  }
}

extension Locked where State == Void {
  /// A lock that guards no state of its own, only a stretch of work.
  @inlinable
  package init(recursive: Bool = false) {
    self.init((), recursive: recursive)
  }

  /// Runs `body` holding the lock (``withLockHeld(_:)``).
  @inlinable
  package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    try self.withLockHeld(body)
  }
}
