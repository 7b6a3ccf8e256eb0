#if Web
import ComposableArchitecture

extension LiveStore where State: ObservableState {
  /// A binding that reads `get` of the state (observed) and writes by sending the action
  /// `send` makes from the new value: the store counterpart of `ViewStore.binding(get:send:)`,
  /// for features whose actions are not `BindableAction`s.
  ///
  /// ```swift
  /// textField(
  ///   store.binding(get: \.searchQuery, send: { .searchQueryChanged($0) }),
  ///   placeholder: "Amsterdam, Japan…")
  /// ```
  public func binding<Value>(
    get: @escaping (_ state: State) -> Value,
    send makeAction: @escaping (_ value: Value) -> Action
  ) -> Binding<Value> {
    Binding(
      get: { get(self.state) },
      set: { self.send(makeAction($0)) }
    )
  }

  /// A binding that reads `get` of the state (observed) and sends the fixed `action` when
  /// written, whatever the value: e.g. a checkbox whose click the feature handles as a tap.
  ///
  /// ```swift
  /// for item in store.shownItems {
  ///   toggle(store.binding(get: { _ in item.isDone }, send: .itemToggled(item.id)), item.title)
  /// }
  /// ```
  public func binding<Value>(
    get: @escaping (_ state: State) -> Value, send action: Action
  ) -> Binding<Value> {
    binding(get: get, send: { _ in action })
  }
}
#endif  // Web
