import CasePaths
import Observation

/// Makes a type a reducer, filling in what a feature usually spells out by hand.
///
/// On a struct, it adds the ``Reducer`` conformance, marks a nested `State` enum and the `Action`
/// enum `@CasePathable` (so `\.child` case key paths work), and applies ``ReducerBuilder`` to
/// `body`:
///
/// ```swift
/// @Reducer
/// struct Counter {
///   @ObservableState
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementButtonTapped }
///
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       state.count += 1
///       return .none
///     }
///   }
/// }
/// ```
///
/// On an enum, it builds an *enum reducer* from cases that each hold a feature:
///
/// ```swift
/// @Reducer
/// enum Destination {
///   case detail(Detail)
///   case alert(AlertState<Alert>)
///   enum Alert { case confirm }
/// }
/// ```
///
/// It generates `State` and `Action` enums with one case per feature, a `body` that runs each
/// feature's reducer on its case, and a `CaseScope` so that `switch store.case { … }` hands out
/// child stores. Alert and confirmation dialog cases are marked ``ReducerCaseEphemeral()``;
/// cases with no or several associated values are plain data, marked ``ReducerCaseIgnored()``.
@attached(
  member,
  names:
    named(State),
    named(Action),
    named(init),
    named(body),
    named(Body),
    named(CaseScope),
    named(scope),
    named(_storeBody)
)
@attached(memberAttribute)
@attached(extension, conformances: Reducer, CaseReducer)
public macro Reducer() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ReducerMacro")

/// The deprecated form of ``Reducer()`` that adds conformances to a generated enum `State` and
/// `Action`.
@available(
  *, deprecated,
  message: "Define your conformances with an extension: 'extension Destination.State: Equatable {}'."
)
@attached(
  member,
  names:
    named(State),
    named(Action),
    named(init),
    named(body),
    named(Body),
    named(CaseScope),
    named(scope),
    named(_storeBody)
)
@attached(memberAttribute)
@attached(extension, conformances: Reducer, CaseReducer)
public macro Reducer(state: _SynthesizedConformance..., action: _SynthesizedConformance...) =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ReducerMacro")

/// A conformance that the deprecated `@Reducer(state:action:)` adds to a generated enum.
public struct _SynthesizedConformance: Sendable {
  private init() {}
}

extension _SynthesizedConformance {
  /// `Codable`.
  public static let codable = Self()
  /// `Decodable`.
  public static let decodable = Self()
  /// `Encodable`.
  public static let encodable = Self()
  /// `Equatable`.
  public static let equatable = Self()
  /// `Hashable`.
  public static let hashable = Self()
  /// `Sendable`.
  public static let sendable = Self()
}

/// Marks a case of an enum reducer as holding ephemeral state, such as an alert, that has no
/// reducer of its own and goes away once one of its actions is sent.
///
/// `@Reducer` adds it by itself to `AlertState` and `ConfirmationDialogState` cases.
///
/// ```swift
/// @Reducer
/// enum Destination {
///   @ReducerCaseEphemeral
///   case alert(AlertState<Alert>)
/// }
/// ```
@attached(peer, names: named(_))
public macro ReducerCaseEphemeral() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ReducerCaseEphemeralMacro")

/// Marks a case of an enum reducer as plain data rather than a feature: its action case is
/// `Never` and no reducer runs for it.
///
/// `@Reducer` adds it by itself to cases with no associated value or more than one.
///
/// ```swift
/// @Reducer
/// enum Destination {
///   case detail(Detail)
///   @ReducerCaseIgnored
///   case meeting(Meeting)
/// }
/// ```
@attached(peer, names: named(_))
public macro ReducerCaseIgnored() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ReducerCaseIgnoredMacro")

/// Makes a state type observable, with changes reported per property and child states compared
/// by identity.
///
/// ```swift
/// @ObservableState
/// struct State {
///   var count = 0
///   var child = Child.State()
/// }
/// ```
///
/// Reading `store.count` inside an observation scope re-runs the observer when `count` changes,
/// and not when something else does. Mutating `child` in place is heard only by readers of the
/// child's properties; replacing `child` with a new value is heard by readers of `child`.
@attached(extension, conformances: Observable, ObservableState)
@attached(
  member,
  names:
    named(_$id),
    named(_$observationRegistrar),
    named(_$willModify),
    named(shouldNotifyObservers),
    named(_$observationStateRegistrar),
    named(_$memberAccessor),
    named(_$memberName),
    named(_$isObservedMember),
    named(_$notifyObservedMembersReplaced)
)
@attached(memberAttribute)
public macro ObservableState() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ObservableStateMacro")

/// Tracks reads and writes of a stored property of an `@ObservableState` type.
///
/// `@ObservableState` adds it to each stored property; you don't write it yourself.
@attached(accessor, names: named(init), named(get), named(set), named(_modify))
@attached(peer, names: prefixed(_))
public macro ObservationStateTracked() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ObservationStateTrackedMacro")

/// Excludes a stored property of an `@ObservableState` type from observation.
///
/// ```swift
/// @ObservableState
/// struct State {
///   @ObservationStateIgnored
///   var cache: [Int: String] = [:]
/// }
/// ```
@attached(accessor, names: named(willSet))
public macro ObservationStateIgnored() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ObservationStateIgnoredMacro")

/// Holds a presented child feature's optional state in an `@ObservableState` type.
///
/// ```swift
/// @ObservableState
/// struct State {
///   @Presents var destination: Destination.State?
/// }
/// ```
///
/// The property reads and writes like an optional; `$destination` is its
/// ``PresentationState``, which `ifLet(\.$destination, action: \.destination)` takes.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(`$`), prefixed(_))
public macro Presents() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "PresentsMacro")

/// Lets a view send its view actions without spelling `.view(…)`.
///
/// ```swift
/// @ViewAction(for: Feature.self)
/// struct FeatureView: View {
///   let store: StoreOf<Feature>
///   var body: some View {
///     Button("Save") { send(.saveButtonTapped) }
///   }
/// }
/// ```
@attached(extension, conformances: ViewActionSending)
public macro ViewAction<R: Reducer>(for: R.Type) =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ViewActionMacro")
where R.Action: ViewAction
