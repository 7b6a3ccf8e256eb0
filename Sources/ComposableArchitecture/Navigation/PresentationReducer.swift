import ConcurrencyExtras
import Dependencies
import IssueReporting

extension Reducer {
  /// Runs a destination reducer on presented state, for the parent's presentation actions.
  ///
  /// ```swift
  /// @Reducer
  /// struct Inventory {
  ///   @ObservableState
  ///   struct State {
  ///     @Presents var addItem: ItemForm.State?
  ///   }
  ///   enum Action {
  ///     case addItem(PresentationAction<ItemForm.Action>)
  ///   }
  ///   var body: some ReducerOf<Self> {
  ///     Reduce { state, action in … }
  ///       .ifLet(\.$addItem, action: \.addItem) {
  ///         ItemForm()
  ///       }
  ///   }
  /// }
  /// ```
  ///
  /// - The destination runs first on `.presented` actions, then the parent.
  /// - `.dismiss` runs the parent, then sets the state to `nil`.
  /// - When the presented state goes away or is replaced, the effects the destination started
  ///   are cancelled.
  /// - A presented destination can dismiss itself with `@Dependency(\.dismiss)`.
  /// - Ephemeral destinations (alerts, dialogs) are dismissed after any of their actions.
  @inlinable
  @warn_unqualified_access
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, Destination>
  where Destination.State == DestinationState, Destination.Action == DestinationAction {
    _PresentationReducer(
      base: self,
      destination: destination(),
      toPresentationState: toPresentationState,
      toPresentationAction: AnyCasePath(toPresentationAction),
      site: ReducerSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Presents ephemeral state, such as an alert, which is dismissed after any of its actions.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.$alert, action: \.alert)
  /// ```
  @inlinable
  @warn_unqualified_access
  public func ifLet<DestinationState: _EphemeralState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, EmptyReducer<DestinationState, DestinationAction>> {
    self.ifLet(
      toPresentationState,
      action: toPresentationAction,
      destination: { EmptyReducer() },
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }

  /// Presents an enum reducer's destinations, running the enum's own ``CaseReducer/body``.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.$destination, action: \.destination)
  /// ```
  @inlinable
  @warn_unqualified_access
  public func ifLet<DestinationState: CaseReducerState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, DestinationState.StateReducer.Body>
  where DestinationState.StateReducer.Action == DestinationAction {
    self.ifLet(
      toPresentationState,
      action: toPresentationAction,
      destination: { DestinationState.StateReducer.body },
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }
}

/// The reducer that ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)``
/// returns.
public struct _PresentationReducer<Base: Reducer, Destination: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let destination: Destination
  @usableFromInline let toPresentationState: WritableKeyPath<Base.State, PresentationState<Destination.State>>
  @usableFromInline let toPresentationAction: AnyCasePath<Base.Action, PresentationAction<Destination.Action>>
  @usableFromInline let site: ReducerSite
  @usableFromInline let destinationBody: ChildBodyCache<Destination>
  @usableFromInline let destinationIDs: ChildNavigationIDs<Destination.State>
  @usableFromInline let presentation: StateMember<Base.State, PresentationState<Destination.State>>

  @usableFromInline
  init(
    base: Base,
    destination: Destination,
    toPresentationState: WritableKeyPath<Base.State, PresentationState<Destination.State>>,
    toPresentationAction: AnyCasePath<Base.Action, PresentationAction<Destination.Action>>,
    site: ReducerSite
  ) {
    self.base = base
    self.destination = destination
    self.toPresentationState = toPresentationState
    self.toPresentationAction = toPresentationAction
    self.site = site
    self.destinationBody = ChildBodyCache()
    self.destinationIDs = ChildNavigationIDs(path: toPresentationState)
    self.presentation = StateMember(toPresentationState)
  }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    // The presentation state is read as few times as possible: it usually comes from the computed
    // `$destination` property that `@Presents` generates.
    let presentationAction = self.toPresentationAction.extract(from: action)
    // Only what the initial presentation says is kept, not the presentation: a copy of it held
    // while the destination runs would make the destination copy itself (and its collections)
    // when it changes.
    guard
      let (presentedID, initialID, initialIsEphemeral) = self.initialPresentation(of: state)
    else {
      // Nothing is presented, and nothing this reducer saw presented is left to clean up: only
      // the base runs, and what it presents is set up below.
      if presentationAction != nil {
        ChildLifecycle<Base.State, Base.Action>(site: self.site)
          .reportMissingChild(self.missingDestination(action))
      }
      let baseEffects = self.base.reduce(into: &state, action: action)
      let final = self.presentation.get(state)
      guard final.wrappedValue != nil else { return baseEffects }
      return baseEffects.merge(
        with: self.settle(
          &state, final, presentedID: nil, initialPath: nil, initialIsEphemeral: false,
          ChildLifecycle(site: self.site)
        )
      )
    }

    let lifecycle = ChildLifecycle<Base.State, Base.Action>(site: self.site)
    let initialPath = initialID.map(lifecycle.path(for:))

    var destinationEffects = Effect<Base.Action>.none
    let baseEffects: Effect<Base.Action>

    switch (initialPath, presentationAction) {
    case let (path?, .dismiss?):
      baseEffects = self.base.reduce(into: &state, action: action)
      if self.destinationPath(of: self.presentation.get(state), lifecycle) == path {
        state[keyPath: self.toPresentationState].wrappedValue = nil
      }

    case let (path?, .presented(destinationAction)?):
      // An alert or dialog goes away on its own actions only (see `ephemeralState(_:accepts:)`).
      let dismissesEphemeral =
        initialIsEphemeral
        && self.presentation.get(state).wrappedValue.map {
          ephemeralState($0, accepts: destinationAction)
        } == true
      let presentation = self.presentation
      let toPresentationAction = self.toPresentationAction
      destinationEffects = lifecycle.run(
        self.destination, cache: self.destinationBody, action: destinationAction, at: path,
        dismissID: PresentationDismissID(), in: &state,
        access: { state, body in presentation.modify(&state) { body(&$0.wrappedValue!) } },
        embed: { toPresentationAction.embed(.presented($0)) },
        missing: { _ in self.missingDestination(action) }
      )
      baseEffects = self.base.reduce(into: &state, action: action)
      if dismissesEphemeral,
        self.destinationPath(of: self.presentation.get(state), lifecycle) == path
      {
        state[keyPath: self.toPresentationState].wrappedValue = nil
      }

    case (nil, _?):
      lifecycle.reportMissingChild(self.missingDestination(action))
      baseEffects = self.base.reduce(into: &state, action: action)

    case (_, nil):
      baseEffects = self.base.reduce(into: &state, action: action)
    }

    let settleEffects = self.settle(
      &state, self.presentation.get(state), presentedID: presentedID,
      initialPath: initialPath, initialIsEphemeral: initialIsEphemeral, lifecycle
    )
    return .merge(destinationEffects, baseEffects, settleEffects)
  }

  /// What the presentation says before the action: the destination the reducer last saw
  /// presented, the ID and kind of the one presented now; `nil` when nothing is presented and
  /// nothing is left to clean up.
  @inlinable
  func initialPresentation(
    of state: Base.State
  ) -> (presentedID: NavigationIDPath?, id: NavigationID?, isEphemeral: Bool)? {
    let initial = self.presentation.get(state)
    guard let destination = initial.wrappedValue else {
      return initial.presentedID.map { ($0, nil, false) }
    }
    return (
      initial.presentedID, self.destinationIDs.id(of: destination),
      self.destinationIDs.isEphemeral(destination)
    )
  }

  /// After the destination and the base ran: cancels the effects of a destination that went
  /// away, and sets up the one presented now (`current`, as the state holds it) to dismiss
  /// itself.
  ///
  /// The final destination is compared with the one this reducer last saw presented, not with
  /// the state before this action: a destination that a reducer before this one dismissed or
  /// replaced still has its effects cancelled, and one presented where this reducer didn't see
  /// it (in the initial state, or by a reducer after this one) is set up to dismiss itself on the
  /// next action.
  @inlinable
  func settle(
    _ state: inout Base.State,
    _ current: PresentationState<Destination.State>,
    presentedID: NavigationIDPath?,
    initialPath: NavigationIDPath?,
    initialIsEphemeral: Bool,
    _ lifecycle: ChildLifecycle<Base.State, Base.Action>
  ) -> Effect<Base.Action> {
    let finalPath = self.destinationPath(of: current, lifecycle)
    let identityChanged = presentedID != finalPath

    var dismissEffects = Effect<Base.Action>.none
    if identityChanged, let presentedID,
      initialPath.map({ $0 == presentedID && !initialIsEphemeral }) ?? true
    {
      dismissEffects = lifecycle.cancel([presentedID])
    }

    // What the state remembers as presented, written back once if it changes.
    var remembered = current.presentedID
    if identityChanged, current.wrappedValue == nil {
      remembered = nil
    }
    var presentEffects = Effect<Base.Action>.none
    if identityChanged || remembered == nil,
      let presented = current.wrappedValue,
      let finalPath, !self.destinationIDs.isEphemeral(presented)
    {
      remembered = finalPath
      let toPresentationAction = self.toPresentationAction
      presentEffects = lifecycle.awaitDismissal(
        at: finalPath,
        dismissID: PresentationDismissID(),
        then: { toPresentationAction.embed(.dismiss) }
      )
    }
    if remembered != current.presentedID {
      self.presentation.modify(&state) { $0.presentedID = remembered }
    }
    return dismissEffects.merge(with: presentEffects)
  }

  @usableFromInline
  func missingDestination(_ action: Base.Action) -> String {
    """
    An "ifLet" at "\(self.site.fileID):\(self.site.line)" received a presentation action \
    when destination state was absent:

      Action:
        \(debugCaseOutput(action))

    This is generally considered an application logic error, and can happen for a few \
    reasons:

    • A parent reducer set destination state to "nil" before this reducer ran. This reducer \
    must run before any other reducer sets destination state to "nil": put "ifLet" after \
    the parent's "Reduce", as in "Reduce { … }.ifLet(…) { … }".

    • An in-flight effect emitted this action when destination state was "nil". While it's \
    perfectly reasonable to ignore this action, consider cancelling the associated effect \
    before destination state becomes "nil", especially if it is a long-living effect.

    • This action was sent to the store while destination state was "nil". Make sure that \
    actions for this reducer can only be sent from a store when state is present, or from \
    a view that is only visible while it is.
    """
  }

  @inlinable
  func destinationPath(
    of presentation: PresentationState<Destination.State>,
    _ lifecycle: ChildLifecycle<Base.State, Base.Action>
  ) -> NavigationIDPath? {
    presentation.wrappedValue.map { lifecycle.path(for: self.destinationIDs.id(of: $0)) }
  }
}

/// The ID under which a presented destination waits to be dismissed.
@usableFromInline
struct PresentationDismissID: Hashable, Sendable {
  @usableFromInline init() {}
}
