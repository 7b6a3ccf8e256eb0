import ConcurrencyExtras
import Observation

/// Runs `apply` now, and again whenever observable state it read changes: the hook a renderer
/// uses to keep what it shows in step with a store.
///
/// ```swift
/// let token = observe { [weak label] in
///   label?.text = "\(store.count)"
/// }
/// ```
///
/// A change schedules one re-run on the main actor, however many changes happen before it runs;
/// each run tracks what that run reads. Runs stop when the token is cancelled or deallocated.
@MainActor
public func observe(_ apply: @escaping @MainActor @Sendable () -> Void) -> ObserveToken {
  let token = ObserveToken()
  token.track(apply)
  return token
}

/// Keeps an ``observe(_:)`` running: cancel it, or let it go, to stop.
///
/// ```swift
/// var tokens: Set<ObserveToken> = []
/// observe { render() }.store(in: &tokens)
/// ```
public final class ObserveToken: Hashable, Sendable {
  private let isCancelled = LockIsolated(false)

  init() {}

  deinit {
    self.cancel()
  }

  /// Stops re-running the observation.
  public func cancel() {
    self.isCancelled.setValue(true)
  }

  /// Keeps the token alive as long as the collection.
  public func store(in collection: inout some RangeReplaceableCollection<ObserveToken>) {
    collection.append(self)
  }

  /// Keeps the token alive as long as the set.
  public func store(in set: inout Set<ObserveToken>) {
    set.insert(self)
  }

  public static func == (lhs: ObserveToken, rhs: ObserveToken) -> Bool {
    lhs === rhs
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }

  @MainActor
  fileprivate func track(_ apply: @escaping @MainActor @Sendable () -> Void) {
    guard !self.isCancelled.value else { return }
    withObservationTracking {
      apply()
    } onChange: { [weak self] in
      // Called as the change begins; the re-run reads the changed state once it is in place.
      Task { @MainActor [weak self] in
        self?.track(apply)
      }
    }
  }
}
