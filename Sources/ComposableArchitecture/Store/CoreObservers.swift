import Dependencies
import Foundation

/// The observers of a core, each held weakly.
@usableFromInline
struct CoreObservers {
  @usableFromInline var observers: [Observer] = []
  private var purgeThreshold = 16

  @usableFromInline
  init() {}

  @usableFromInline
  var isEmpty: Bool { self.observers.isEmpty }

  var count: Int { self.observers.count }

  mutating func add(_ observer: AnyObject, didChange: @escaping () -> Void) {
    // Observers that went away are dropped here too, so a store that receives no actions
    // while views come and go doesn't collect them.
    if self.observers.count >= self.purgeThreshold {
      self.observers.removeAll { $0.object == nil }
      self.purgeThreshold = max(16, self.observers.count * 2)
    }
    self.observers.append(Observer(object: observer, didChange: didChange))
  }

  /// Calls the observers that are still alive, in the order they started observing, and
  /// returns whether some have gone away. Call it on a copy: observers may start observing
  /// meanwhile, and are called from the next change on.
  @usableFromInline
  func notify() -> Bool {
    var hasDeparted = false
    for observer in self.observers {
      if observer.object == nil {
        hasDeparted = true
      } else {
        observer.didChange()
      }
    }
    return hasDeparted
  }

  @usableFromInline
  mutating func removeDeparted() {
    self.observers.removeAll { $0.object == nil }
  }

  @usableFromInline
  struct Observer {
    weak var object: AnyObject?
    let didChange: () -> Void
  }
}
