import Observation
import Perception

/// What a store keeps to tell the readers of its state of changes: the identity and registrar of
/// the state it last saw, and which key paths register their readers by themselves. ``Store`` and
/// ``StoreActor`` each keep one, confined to their isolation, with the `StateObservation` of
/// their state type.
///
/// Not generic, so that a store reaching it from code not specialized for its state (any read
/// from another module) looks up no type metadata.
struct StoreStateTracking {
  private var observedID: ObservableStateID?
  /// The registrar of the state the store last saw, with which readers of the state's identity
  /// are registered (see ``ObservableState/_$observationStateRegistrar``).
  private var observedRegistrar: ObservationStateRegistrar?
  /// Whether reading a key path registers the reader with the state's registrar by itself (see
  /// ``ObservableState/_$isObservedMember(_:)``), for the key paths the store was read through
  /// (a view reads the same few, through key paths Swift makes once per place in the code).
  private var observedMembers: [(keyPath: AnyKeyPath, isObserved: Bool)] = []
  /// Registers the readers of a state without a registrar of its own.
  private let registrar = ObservationRegistrar()

  /// Starts tracking `state`, read only if `observation` (which exists for an observable state)
  /// does.
  init<State>(_ state: () -> State, observation: StateObservation<State>?) {
    if let observation {
      let state = state()
      self.observedID = observation.identity(state)
      self.observedRegistrar = observation.registrar(state)
    }
  }

  /// Tells readers that the state they read was replaced by `state`, unless it is the same value
  /// changed in place.
  mutating func stateDidChange<State>(to state: State, observation: StateObservation<State>?) {
    guard let observation else { return }
    let id = observation.identity(state)
    // A state mutated in place keeps its registrar, which tells the readers of its properties
    // itself; only a different value (a replacement, another enum case) must be read again.
    if let observedID = self.observedID, id.isSameValue(as: observedID) { return }
    let previousRegistrar = self.observedRegistrar
    self.observedID = id
    self.observedRegistrar = observation.registrar(state)
    if let previousRegistrar {
      // Readers of the state's own properties through this store registered those alone.
      observation.notifyObservedMembersReplaced(state, previousRegistrar)
      previousRegistrar.registrar.withMutation(of: StoreStateObservation.shared, keyPath: \.state) {}
    }
    self.registrar.withMutation(of: StoreStateObservation.shared, keyPath: \.state) {}
  }
}

extension StoreStateTracking {
  /// Registers a reader of the state's identity. (`mutating` only so that a store calls it on
  /// its own tracking in place, rather than on a copy.)
  mutating func registerIdentityReader(of state: some ObservableState) {
    if let registrar = state._$observationStateRegistrar {
      registrar.access(StoreStateObservation.shared, keyPath: \.state)
    } else {
      self.registrar.access(StoreStateObservation.shared, keyPath: \.state)
    }
  }

  /// Registers a reader of `keyPath` of `state`, unless reading it registers the reader itself.
  mutating func registerReader<State: ObservableState>(of keyPath: AnyKeyPath, in state: State) {
    if !self.readRegistersItself(keyPath, of: State.self) {
      self.registerIdentityReader(of: state)
    }
  }

  private mutating func readRegistersItself<State: ObservableState>(
    _ keyPath: AnyKeyPath, of _: State.Type
  ) -> Bool {
    for member in self.observedMembers where member.keyPath === keyPath {
      return member.isObserved
    }
    let isObserved = State._$isObservedMember(keyPath)
    // A few key paths are kept; more (key paths made on the fly) are looked up each time.
    if self.observedMembers.count < 16 {
      self.observedMembers.append((keyPath, isObserved))
    }
    return isObserved
  }
}

final class StoreStateObservation: Observable, Sendable {
  static let shared = StoreStateObservation()
  // Stored, so that its key path, hashed at every registration, hashes an offset.
  let state: Void = ()
}

/// Reads the identity and the registrar of an observable state, and tells the readers of a
/// replaced state's properties; found once per store (and made once per state type), so that
/// notifying observers doesn't ask the runtime again whether the state is observable.
final class StateObservation<State>: Sendable {
  let identity: @Sendable (State) -> ObservableStateID
  let registrar: @Sendable (State) -> ObservationStateRegistrar?
  let notifyObservedMembersReplaced: @Sendable (State, ObservationStateRegistrar) -> Void

  private init<Observable: ObservableState>(of _: Observable.Type) {
    // `State` is `Observable`: the functions are cast once, here, rather than each value on
    // every change.
    let identity: @Sendable (Observable) -> ObservableStateID = { $0._$id }
    let registrar: @Sendable (Observable) -> ObservationStateRegistrar? = {
      $0._$observationStateRegistrar
    }
    let notify: @Sendable (Observable, ObservationStateRegistrar) -> Void = {
      $0._$notifyObservedMembersReplaced(in: $1)
    }
    self.identity = identity as! @Sendable (State) -> ObservableStateID
    self.registrar = registrar as! @Sendable (State) -> ObservationStateRegistrar?
    self.notifyObservedMembersReplaced =
      notify as! @Sendable (State, ObservationStateRegistrar) -> Void
  }

  /// The observation of `State`, or `nil` when it is not observable.
  static func shared() -> StateObservation<State>? {
    guard let observable = State.self as? any ObservableState.Type else { return nil }
    return Self.shared(of: observable)
  }

  static func shared(of observable: any ObservableState.Type) -> StateObservation<State> {
    let key = ObjectIdentifier(State.self)
    if let observation = stateObservations.withValue({ $0[key] }) as? StateObservation<State> {
      return observation
    }
    let observation = StateObservation(of: observable)
    stateObservations.withValue { $0[key] = observation }
    return observation
  }
}

private let stateObservations = LockIsolated<[ObjectIdentifier: any Sendable]>([:])
