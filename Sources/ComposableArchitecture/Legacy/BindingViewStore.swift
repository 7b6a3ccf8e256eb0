#if canImport(SwiftUI)
  import SwiftUI
#endif
import CustomDump

/// A store's state for building a legacy view state: its `@BindingState` fields come out as
/// ``BindingViewState`` values whose writes send binding actions.
///
/// ```swift
/// struct ViewState: Equatable {
///   @BindingViewState var nickname: String
///   var isSaving: Bool
///   init(store: BindingViewStore<Feature.State>) {
///     self._nickname = store.$nickname
///     self.isSaving = store.isSaving
///   }
/// }
/// let viewStore = ViewStore(store, observe: ViewState.init)
/// viewStore.$nickname.wrappedValue = "Blob"   // sends .binding(.set(\.$nickname, "Blob"))
/// ```
@MainActor
@dynamicMemberLookup
public struct BindingViewStore<State> {
  let store: Store<State, BindingAction<State>>
  /// The bindable action a binding action is sent as, to describe it.
  let bindableAction: (BindingAction<State>) -> Any

  /// The binding view store of a store whose actions are bindable.
  public init<Action: BindableAction>(_ store: Store<State, Action>) where Action.State == State {
    self.store = Store(
      core: ClosureScopedCore(base: store.core, toState: { $0 }, fromAction: { Action.binding($0) })
    )
    self.bindableAction = { Action.binding($0) }
  }

  /// Reads a field of the state.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    self.store.withState { $0[keyPath: keyPath] }
  }

  /// A `@BindingState` field, readable and writable through binding actions.
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, BindingState<Value>>
  ) -> BindingViewState<Value> {
    let store = self.store
    let keyPath = sendableWritableKeyPath(keyPath)
    return BindingViewState(
      binding: Binding(
        get: {
          store.withState { $0[keyPath: keyPath as WritableKeyPath<State, BindingState<Value>>] }
            .wrappedValue
        },
        set: { [bindableAction] newValue in
          let debugger = BindingActionDebugger(
            bindingState: store.withState {
              $0[keyPath: keyPath as WritableKeyPath<State, BindingState<Value>>]
            }
          )
          store.sendWatchedBinding(
            newValue, debugger: debugger, describedAs: bindableAction
          ) { onSet in
            BindingAction(keyPath: keyPath, value: newValue, onSet: onSet)
          }
        }
      ),
      value: store.withState { $0[keyPath: keyPath as WritableKeyPath<State, BindingState<Value>>] }
        .wrappedValue
    )
  }
}

/// A `@BindingState` field inside a legacy view state: its value, as it was when the view state
/// was made, and a binding whose writes send binding actions.
///
/// Equality, hashing and dumping see only the value, so a view store de-duplicates view states
/// by their values.
@propertyWrapper
@dynamicMemberLookup
public struct BindingViewState<Value> {
  let binding: Binding<Value>
  let initialValue: Value

  init(binding: Binding<Value>, value: Value) {
    self.binding = binding
    self.initialValue = value
  }

  /// The current value; writing it sends a binding action. Equality still compares the value
  /// the view state was made with.
  public var wrappedValue: Value {
    get { self.binding.wrappedValue }
    nonmutating set { self.binding.wrappedValue = newValue }
  }

  /// The binding, whose writes send binding actions.
  public var projectedValue: Binding<Value> {
    self.binding
  }

  /// A field of the value, as binding view state.
  public subscript<Subject>(
    dynamicMember keyPath: WritableKeyPath<Value, Subject>
  ) -> BindingViewState<Subject> {
    let binding = self.binding
    return BindingViewState<Subject>(
      binding: Binding(
        get: { binding.wrappedValue[keyPath: keyPath] },
        set: { newValue in
          var value = binding.wrappedValue
          value[keyPath: keyPath] = newValue
          binding.wrappedValue = value
        }
      ),
      value: self.initialValue[keyPath: keyPath]
    )
  }
}

extension BindingViewState: Equatable where Value: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.initialValue == rhs.initialValue
  }
}

extension BindingViewState: Hashable where Value: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.initialValue)
  }
}

extension BindingViewState: CustomReflectable {
  public var customMirror: Mirror {
    Mirror(reflecting: self.initialValue)
  }
}

extension BindingViewState: CustomDumpRepresentable {
  public var customDumpValue: Any {
    self.initialValue
  }
}

extension ViewStore where ViewAction: BindableAction {
  /// A view store whose view state is built from a ``BindingViewStore``, so that it can hold
  /// ``BindingViewState`` fields.
  ///
  /// ```swift
  /// let viewStore = ViewStore(store, observe: ViewState.init, removeDuplicates: ==)
  /// ```
  public convenience init<State>(
    _ store: Store<State, ViewAction>,
    observe toViewState: @escaping (_ state: BindingViewStore<State>) -> ViewState,
    removeDuplicates isDuplicate: @escaping (_ lhs: ViewState, _ rhs: ViewState) -> Bool
  ) where ViewAction.State == State {
    let bindingViewStore = BindingViewStore(store)
    let observe: (State) -> ViewState = { _ in toViewState(bindingViewStore) }
    self.init(store, observe: observe, send: { $0 }, removeDuplicates: isDuplicate)
  }
}

extension ViewStore where ViewAction: BindableAction, ViewState: Equatable {
  /// A view store whose equatable view state is built from a ``BindingViewStore``.
  ///
  /// ```swift
  /// let viewStore = ViewStore(store, observe: ViewState.init)
  /// ```
  public convenience init<State>(
    _ store: Store<State, ViewAction>,
    observe toViewState: @escaping (_ state: BindingViewStore<State>) -> ViewState
  ) where ViewAction.State == State {
    self.init(store, observe: toViewState, removeDuplicates: { $0 == $1 })
  }
}

extension ViewStore {
  /// The binding of a ``BindingViewState`` field of the view state.
  ///
  /// ```swift
  /// viewStore.$nickname.wrappedValue = "Blob"
  /// ```
  public subscript<Value>(
    dynamicMember keyPath: KeyPath<ViewState, BindingViewState<Value>>
  ) -> Binding<Value> {
    self.state[keyPath: keyPath].projectedValue
  }
}

extension ViewStore where ViewAction: BindableAction, ViewAction.State == ViewState {
  /// A binding to a `@BindingState` field of the view state, whose writes send binding actions.
  ///
  /// ```swift
  /// let nickname = viewStore.$nickname   // Binding<String>
  /// ```
  ///
  /// A write that no reducer applies is reported at the field's declaration: add
  /// `BindingReducer()` to the feature's `body`.
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<ViewState, BindingState<Value>>
  ) -> Binding<Value> {
    let keyPath = sendableWritableKeyPath(keyPath)
    let field = keyPath as WritableKeyPath<ViewState, BindingState<Value>>
    let store = self.store
    return Binding(
      get: { self.state[keyPath: field].wrappedValue },
      set: { newValue in
        let debugger = BindingActionDebugger(bindingState: store.withState { $0[keyPath: field] })
        store.sendWatchedBinding(newValue, debugger: debugger) { onSet in
          .binding(BindingAction(keyPath: keyPath, value: newValue, onSet: onSet))
        }
      }
    )
  }
}

extension TestStore where Action: BindableAction, Action.State == State {
  /// A binding view store of the test store's current state, for building a legacy view state
  /// in a test. It is detached from the test store: writes through it change only its own copy.
  ///
  /// ```swift
  /// let viewState = Feature.ViewState(store: store.bindings)
  /// ```
  public var bindings: BindingViewStore<State> {
    BindingViewStore(Store(initialState: self.state) { BindingReducer<State, Action, Action>() })
  }
}
