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
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, Value>
  ) -> Value {
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
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, Value>
  ) -> Value {
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
    let debugger = BindingActionDebugger(
      fileID: fileID, filePath: filePath, line: line, column: column
    )
    let keyPath = sendableWritableKeyPath(keyPath)
    self.sendWatchedBinding(value, debugger: debugger) { onSet in
      embed(BindingAction<State>(keyPath: keyPath, value: value, onSet: onSet))
    }
  }

  /// Sends the binding action `makeAction` builds around the write's `onSet`, so that
  /// `debugger` reports the action if no reducer applies it.
  func sendWatchedBinding(
    _ value: Any,
    debugger: BindingActionDebugger,
    describedAs description: ((Action) -> Any)? = nil,
    makeAction: (_ onSet: @escaping @Sendable () -> Void) -> Action
  ) {
    let action = makeAction { debugger.wasApplied.setValue(true) }
    debugger.describe(description?(action) ?? action, writing: value)
    // A write to state that is gone (a text field committing as its sheet is dismissed) is
    // dropped, and is not a missing BindingReducer; any other action is for the reducer to report.
    guard self.core.isPresent else {
      debugger.wasApplied.setValue(true)
      return
    }
    _ = self.send(action)
  }
}
