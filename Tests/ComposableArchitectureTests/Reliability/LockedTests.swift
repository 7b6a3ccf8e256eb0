import Dispatch
import Foundation
import Sharing
import Testing

@Suite struct LockedTests {
  final class Token {}

  @Test func theStateIsChangedInPlaceNotCopiedOutAndBack() {
    let locked = Locked(Token())
    // A copy taken out for the change would hold a second reference to the token.
    #expect(locked.withLock { isKnownUniquelyReferenced(&$0) })
    let buffer = Locked([1, 2, 3])
    let before = buffer.withLock { $0.withUnsafeBufferPointer { $0.baseAddress } }
    buffer.withLock { $0[0] = 10 }
    let after = buffer.withLock { $0.withUnsafeBufferPointer { $0.baseAddress } }
    #expect(before == after)
    #expect(buffer.withLock { $0 } == [10, 2, 3])
  }

  @Test func changesFromManyThreadsAreNotLost() {
    let count = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 2_000) { _ in
      count.withLock { count in
        let read = count
        // Gives another thread the chance to come between the read and the write.
        sched_yield()
        count = read + 1
      }
    }
    #expect(count.withLock { $0 } == 2_000)
  }

  @Test func aRecursiveLockHeldWithoutItsStateCanBeTakenAgain() {
    let locked = Locked([Int](), recursive: true)
    let result = locked.withLockHeld {
      locked.withLock { $0.append(1) }
      locked.withLockHeld { locked.withLock { $0.append(2) } }
      return locked.withLock { $0 }
    }
    #expect(result == [1, 2])
  }

  @Test func aLockWithoutStateGuardsAStretchOfWork() {
    let lock = Locked<Void>(recursive: true)
    let total = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 2_000) { _ in
      lock.withLock {
        // Read and written in two steps: only the outer lock keeps them together.
        let value = total.withLock { $0 }
        sched_yield()
        lock.withLock { total.withLock { $0 = value + 1 } }
      }
    }
    #expect(total.withLock { $0 } == 2_000)
  }
}
