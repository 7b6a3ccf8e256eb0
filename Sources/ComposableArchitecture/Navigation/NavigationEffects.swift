import ConcurrencyExtras
import Dependencies

/// The cancellation ID under which a presented child's effects run, so that the parent can
/// cancel all of them when the child goes away.
public struct _PresentedID: Hashable, Sendable {
  /// The ID.
  public init() {}
}

extension Effect {
  /// This effect, cancellable as a whole by ``_cancel(id:navigationIDPath:)`` with the same path.
  func _cancellable(
    id: some Hashable & Sendable = _PresentedID(),
    navigationIDPath: NavigationIDPath
  ) -> Self {
    withDependencies {
      $0.navigationIDPath = navigationIDPath
    } operation: {
      self.cancellable(id: id)
    }
  }

  /// Cancels the effects that ``_cancellable(id:navigationIDPath:)`` registered under the path,
  /// including those of the features presented below it.
  static func _cancel(
    id: some Hashable & Sendable = _PresentedID(),
    navigationIDPath: NavigationIDPath
  ) -> Self {
    withDependencies {
      $0.navigationIDPath = navigationIDPath
    } operation: {
      .cancel(id: id)
    }
  }
}

extension Effect {
  /// A run that lasts as long as a presented feature or stack element is shown: when the feature
  /// dismisses itself, its `dismiss()` cancels the wait registered under `dismissID` and the run
  /// sends `action`; when the parent removes the feature, the whole run is cancelled under
  /// `navigationIDPath` and sends nothing.
  ///
  /// Test stores don't wait for it: it only ends with its feature.
  static func _waitForDismissal(
    navigationIDPath path: NavigationIDPath,
    dismissID: some Hashable & Sendable,
    then action: Action
  ) -> Self {
    // Registered now, while the reducer runs, so that a `dismiss()` made before the effect's
    // task has started is not lost: the token remembers it and cancels the wait once it exists.
    let dismissal = CancellationRegistration(id: dismissID, navigationIDPath: path)
    let token = CancelToken()
    dismissal.register(token)
    let action = UncheckedSendable(action)
    let effect = Self.run { send in
      defer { dismissal.unregister(token) }
      let wait = Task<Void, any Error> { try await Task.never() }
      token.attach(wait)
      do {
        try await wait.cancellableValue
      } catch {
        // Either `dismiss()` cancelled the wait, and the parent is told; or the parent cancelled
        // this whole effect, and `send` does nothing.
        await send(action.value)
      }
    }
    ._cancellable(navigationIDPath: path)
    return Self(
      steps: effect.steps,
      runs: effect.runs.map { run in
        var run = run
        run.isTrackedByTestStore = false
        return run
      }
    )
  }
}

extension NavigationID {
  /// The ID of the child state found at a path of its parent: the path, the enum case the state
  /// is in, and the state's own `id` when it is `Identifiable`, so that another child at the same
  /// place is another child.
  init(path: AnyKeyPath, state: Any) {
    self.init(kind: PathKind(path), identifier: ChildIdentity(state))
  }

  /// The ID of child state embedded in a case of its parent's enum state, found through a closure
  /// case path: the parent and child types, the parent's case, and the child's own identity.
  init<Root, Value>(caseOf root: Root, state: Value) {
    self.init(
      kind: CaseKind(
        root: ObjectIdentifier(Root.self),
        value: ObjectIdentifier(Value.self),
        caseName: ChildIdentity(root).caseName
      ),
      identifier: ChildIdentity(state)
    )
  }

  /// The ID of the element with the given ID in the collection at a path.
  init(path: AnyKeyPath, elementID: some Hashable & Sendable) {
    self.init(kind: PathKind(path), identifier: elementID)
  }
}

/// A key path as the kind of a navigation ID. Key paths are immutable values, so sharing one
/// across tasks is safe even where the type system can't see it.
private struct PathKind: Hashable, @unchecked Sendable {
  let path: AnyKeyPath
  init(_ path: AnyKeyPath) { self.path = path }
}

/// An enum case of a parent's state, as the kind of a navigation ID.
private struct CaseKind: Hashable, Sendable {
  let root: ObjectIdentifier
  let value: ObjectIdentifier
  let caseName: String?
}

/// What distinguishes one child state from another at the same place in its parent.
struct ChildIdentity: Hashable, Sendable {
  let caseName: String?
  let id: ElementID?

  init(_ value: Any) {
    // Reflection is slow: only enums have a case to tell apart.
    var payload: Any?
    if isEnum(type(of: value)) {
      let mirror = Mirror(reflecting: value)
      self.caseName = mirror.children.first?.label ?? String(describing: value)
      payload = mirror.children.first?.value
    } else {
      self.caseName = nil
    }
    // An enum destination that isn't `Identifiable` itself takes the identity of the state in its
    // case, so a child whose `id` changes is another child even though the case stays the same.
    if let identifiable = (value as? any Identifiable) ?? (payload as? any Identifiable) {
      self.id = ElementID(Self.id(of: identifiable))
    } else {
      self.id = nil
    }
  }

  private static func id(of value: some Identifiable) -> AnyHashable {
    AnyHashable(value.id)
  }

  /// An element's `Identifiable` ID. IDs are values that identify state, compared and hashed
  /// only, so holding one across tasks is safe even when its type doesn't say so.
  struct ElementID: Hashable, @unchecked Sendable {
    let value: AnyHashable
    init(_ value: AnyHashable) { self.value = value }
  }
}

/// Whether a type is an enum (optionals included), read from its runtime metadata: the first word
/// of a value type's metadata is its kind, and enums are kind 0x201 (optionals 0x202).
func isEnum(_ type: Any.Type) -> Bool {
  let kind = unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: Int.self)
  return kind == 0x201 || kind == 0x202
}
