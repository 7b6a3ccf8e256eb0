import CustomDump

extension Store where State: ObservableState, Action: BindableAction, Action.State == State {
  /// Reads a field of the state, and writes it by sending a binding action, which
  /// ``BindingReducer`` applies.
  ///
  /// ```swift
  /// store.displayName = "Blob"   // sends .binding(.set(\.displayName, "Blob"))
  /// ```
  ///
  /// A write that no reducer applies is reported: add `BindingReducer()` to the feature's `body`.
  @_disfavoredOverload
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, Value>
  ) -> Value {
    // Disfavored so that a read takes the read-only subscript: this one's key path names the
    // property's setter, which for a `@Shared` property is deprecated (and warns at every read).
    get { self.state[keyPath: keyPath] }
    set {
      self.sendBinding(keyPath, newValue) { Action.binding($0) }
    }
  }
}

extension Store
where
  State: ObservableState,
  Action: ViewAction,
  Action.ViewAction: BindableAction,
  Action.ViewAction.State == State
{
  /// Reads a field of the state, and writes it by sending a view action holding a binding
  /// action: `.view(.binding(.set(\.field, value)))`.
  ///
  /// ```swift
  /// store.displayName = "Blob"
  /// ```
  @_disfavoredOverload
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, Value>
  ) -> Value {
    // Disfavored so that a read takes the read-only subscript: this one's key path names the
    // property's setter, which for a `@Shared` property is deprecated (and warns at every read).
    get { self.state[keyPath: keyPath] }
    set {
      self.sendBinding(keyPath, newValue) { Action.view(.binding($0)) }
    }
  }
}

extension Store {
  /// Sends the binding action that writes `value` at `keyPath`, watched so that an action no
  /// reducer applies is reported.
  func sendBinding<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value>,
    _ value: Value,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    embed: (BindingAction<State>) -> Action
  ) {
    ComposableArchitecture.sendBinding(
      keyPath, value, to: self.core, send: { _ = self.send($0) },
      fileID: fileID, filePath: filePath, line: line, column: column, embed: embed
    )
  }

  /// Sends the binding action `makeAction` builds around the write's `onSet`, so that
  /// `debugger` reports the action if no reducer applies it.
  func sendWatchedBinding(
    _ value: Any,
    debugger: BindingActionDebugger,
    describedAs description: ((Action) -> Any)? = nil,
    makeAction: (_ onSet: @escaping @Sendable () -> Void) -> Action
  ) {
    ComposableArchitecture.sendWatchedBinding(
      value, to: self.core, send: { _ = self.send($0) }, debugger: debugger,
      describedAs: description, makeAction: makeAction
    )
  }
}

/// Sends, through `send`, the binding action that writes `value` at `keyPath` to the store of
/// `core`, watched so that an action no reducer applies is reported: `Store`'s and
/// `StoreActor`'s bindings.
func sendBinding<State, Action, Value: Equatable & Sendable>(
  _ keyPath: WritableKeyPath<State, Value>,
  _ value: Value,
  to core: any Core<State, Action>,
  send: (Action) -> Void,
  fileID: StaticString,
  filePath: StaticString,
  line: UInt,
  column: UInt,
  embed: (BindingAction<State>) -> Action
) {
  let debugger = BindingActionDebugger(
    fileID: fileID, filePath: filePath, line: line, column: column
  )
  let keyPath = sendableWritableKeyPath(keyPath)
  sendWatchedBinding(value, to: core, send: send, debugger: debugger) { onSet in
    embed(BindingAction<State>(keyPath: keyPath, value: value, onSet: onSet))
  }
}

/// Sends, through `send`, the binding action `makeAction` builds around the write's `onSet`, so
/// that `debugger` reports the action if no reducer applies it.
func sendWatchedBinding<State, Action>(
  _ value: Any,
  to core: any Core<State, Action>,
  send: (Action) -> Void,
  debugger: BindingActionDebugger,
  describedAs description: ((Action) -> Any)? = nil,
  makeAction: (_ onSet: @escaping @Sendable () -> Void) -> Action
) {
  let action = makeAction { debugger.wasApplied.setValue(true) }
  // A write to state that is gone (a text field committing as its sheet is dismissed) is
  // dropped, and is not a missing BindingReducer; any other action is for the reducer to report.
  guard core.stateExists else {
    debugger.wasApplied.setValue(true)
    return
  }
  send(action)
  // Described only when no reducer applied it during the send (describing costs a reflection
  // of the action): the debugger reports it when the action is gone, which can't be before
  // this function lets go of it.
  if !debugger.wasApplied.value {
    debugger.describe(description?(action) ?? action, writing: value)
  }
}
