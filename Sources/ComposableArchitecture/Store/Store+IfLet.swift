#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif
import ConcurrencyExtras
import Sharing

extension Store {
  /// Follows a store of optional state, as UIKit code did before observation: `unwrap` is called
  /// with a store of the unwrapped state each time the state becomes non-`nil` (or right away if
  /// it already is), and `else` each time it becomes `nil` (or right away if it already is).
  ///
  /// ```swift
  /// store.scope(state: \.detail, action: \.detail)
  ///   .ifLet { [weak self] detailStore in
  ///     self?.navigationController?.pushViewController(
  ///       DetailViewController(store: detailStore), animated: true
  ///     )
  ///   } else: { [weak self] in
  ///     self?.navigationController?.popToRootViewController(animated: true)
  ///   }
  ///   .store(in: &cancellables)
  /// ```
  ///
  /// Changes that keep the state non-`nil` don't call `unwrap` again: the store it was given
  /// follows them. The observation lasts until the returned cancellable is cancelled or released.
  @available(
    *, deprecated,
    message: "Observe the optional state instead (with 'observe { }' or an observation tracking view), and unwrap it with 'store.scope(state: \\.child, action: \\.child)'."
  )
  public func ifLet<Wrapped>(
    then unwrap: @escaping (_ store: Store<Wrapped, Action>) -> Void,
    else: @escaping () -> Void = {}
  ) -> any Cancellable where State == Wrapped? {
    let observation = IfLetObservation(store: self, unwrap: unwrap, else: `else`)
    observation.stateDidChange()
    self.core.observe(observation) { [weak observation] in
      observation?.stateDidChange()
    }
    return AnyCancellable { observation.cancel() }
  }
}

/// Calls `unwrap` or `else` when a store's optional state changes between `nil` and non-`nil`.
@MainActor
private final class IfLetObservation<Wrapped, Action> {
  private let store: Store<Wrapped?, Action>
  private let isCancelled = LockIsolated(false)
  private let unwrap: (Store<Wrapped, Action>) -> Void
  private let `else`: () -> Void
  private var wasPresent: Bool?

  init(
    store: Store<Wrapped?, Action>,
    unwrap: @escaping (Store<Wrapped, Action>) -> Void,
    else: @escaping () -> Void
  ) {
    self.store = store
    self.unwrap = unwrap
    self.else = `else`
  }

  func stateDidChange() {
    guard !self.isCancelled.value else { return }
    let store = self.store
    let generation = SharedValueChanges.generation
    let state = store.currentState
    let isPresent = state != nil
    guard isPresent != self.wasPresent else { return }
    self.wasPresent = isPresent
    if let state {
      self.unwrap(
        Store<Wrapped, Action>(
          core: IfLetCore(
            base: store.core,
            cachedState: state,
            generation: generation,
            toState: \Wrapped?.self,
            fromAction: { $0 }
          )
        )
      )
    } else {
      self.else()
    }
  }

  /// Stops the calls. The observation, and the store it holds, go away with the cancellable.
  nonisolated func cancel() {
    self.isCancelled.setValue(true)
  }
}
