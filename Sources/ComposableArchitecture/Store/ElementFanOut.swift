import IdentifiedCollections
import OrderedCollections

/// How the stores of an identified array's elements hear of the array's changes, when all they
/// need to hear of is their element being replaced (see
/// ``Core/observeReplacements(_:didChange:)``): the array's store keeps one, which observes the
/// array once for all of them.
///
/// A change that keeps the array's IDs in place (an element mutated in place, as a row's action
/// does) is told only to the stores of the elements whose identity changed: one pass over the
/// elements comparing identities, instead of every element's store reading its element (in the
/// web benchmark's list, about 24 instructions per row instead of 3,450). Any other change
/// (elements added, removed or moved) is told to every element's store.
///
/// Confined, like the cores, to the isolation of the store that owns it.
final class ElementFanOut<ID: Hashable & Sendable, Element, ElementAction> {
  typealias Elements = IdentifiedArray<ID, Element>
  typealias ElementCoreType = ElementCore<ID, Element, ElementAction>

  private let base: any Core<Elements, IdentifiedAction<ID, ElementAction>>
  private let identities: Identities?
  /// The element cores that observe replacements through this, by their element's ID (one per
  /// ID: the array's store caches its element stores and never drops them).
  @exclusivity(unchecked) private var cores: [ID: Registered] = [:]
  @exclusivity(unchecked) private var isObservingBase = false
  /// The IDs and the elements' identities as of the last change.
  @exclusivity(unchecked) private var seenIDs: OrderedSet<ID> = []
  @exclusivity(unchecked) private var seenIdentities: [ObservableStateID] = []

  private struct Registered {
    weak var core: ElementCoreType?
  }

  /// How the identities of the elements are read (`Element` is an observable state).
  private struct Identities {
    /// Every element's identity, in order.
    let read: ([Element]) -> [ObservableStateID]
    /// The positions of the elements whose identity differs from `seen`'s, which is updated.
    let replaced: ([Element], inout [ObservableStateID]) -> [Int]
  }

  init(base: any Core<Elements, IdentifiedAction<ID, ElementAction>>) {
    self.base = base
    self.identities = (Element.self as? any ObservableState.Type).map {
      Self.identities(of: $0)
    }
  }

  /// Reads the identities of elements of an observable type, into `seen` or compared with it:
  /// in code generic over the opened type, so that each element's identity is one witness call
  /// (a function cast to `Element` would add thunks around every element's).
  private static func identities<Observable: ObservableState>(
    of _: Observable.Type
  ) -> Identities {
    // `Observable` is `Element` itself, opened: the elements' memory is bound to it already.
    // Each identity is read through the element's address.
    Identities(
      read: { elements in
        elements.withUnsafeBufferPointer { buffer in
          guard let raw = UnsafeRawPointer(buffer.baseAddress) else { return [] }
          let first = raw.assumingMemoryBound(to: Observable.self)
          return (0..<buffer.count).map { (first + $0).pointee._$id }
        }
      },
      replaced: { elements, seen in
        elements.withUnsafeBufferPointer { buffer in
          guard let raw = UnsafeRawPointer(buffer.baseAddress) else { return [] }
          let values = UnsafeBufferPointer(
            start: raw.assumingMemoryBound(to: Observable.self), count: buffer.count
          )
          // Compiled for the element's own type by its conformance, which reads each identity
          // in place.
          return seen.withUnsafeMutableBufferPointer { seen in
            Observable._$replacedValues(in: values, seen: seen)
          }
        }
      })
  }

  /// The fan-out a store of an identified array keeps in `storage` for its element stores,
  /// made the first time.
  static func shared(
    in storage: inout AnyObject?,
    base: any Core<Elements, IdentifiedAction<ID, ElementAction>>
  ) -> ElementFanOut {
    if let fanOut = storage as? ElementFanOut { return fanOut }
    let fanOut = ElementFanOut(base: base)
    storage = fanOut
    return fanOut
  }

  /// Tells `core` of its element's replacements from now on.
  func register(_ core: ElementCoreType) {
    if self.cores.count >= 16, self.cores.count % 16 == 0 {
      self.cores = self.cores.filter { $0.value.core != nil }
    }
    self.cores[core.id] = Registered(core: core)
    if !self.isObservingBase {
      self.isObservingBase = true
      self.base.observe(self) { [weak self] in self?.baseDidChange() }
      self.remember(self.base.state)
    }
  }

  private func remember(_ elements: Elements) {
    self.seenIDs = elements.ids
    if let identities = self.identities {
      self.seenIdentities = identities.read(elements.elements)
    }
  }

  private func baseDidChange() {
    let elements = self.base.state
    // Same IDs in the same places (the same storage, when the array was changed in place):
    // only elements whose identity changed were replaced.
    guard let identities = self.identities, elements.ids == self.seenIDs,
      self.seenIdentities.count == elements.count
    else {
      self.remember(elements)
      self.notifyAll()
      return
    }
    for index in identities.replaced(elements.elements, &self.seenIdentities) {
      if let core = self.cores[elements.ids[index]]?.core { core.replacementMayHaveHappened() }
    }
  }

  private func notifyAll() {
    var departed = false
    for registered in self.cores.values {
      if let core = registered.core {
        core.replacementMayHaveHappened()
      } else {
        departed = true
      }
    }
    if departed { self.cores = self.cores.filter { $0.value.core != nil } }
  }
}
