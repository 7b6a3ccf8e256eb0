import ComposableArchitecture

#if !canImport(SwiftUI)
  /// Bindings to a store's state, written `$store.field`, where SwiftUI's `Bindable` is not
  /// available.
  ///
  /// Declare it over a store inside a view function, then pass `$store.field` to a control:
  ///
  /// ```swift
  /// func settingsView(_ store: LiveStoreOf<Settings>) -> Node<Settings.Action> {
  ///   @Bindable var store = store
  ///   return form(onSubmit: .saveButtonTapped) {
  ///     textField($store.displayName)
  ///     toggle($store.sendsNotifications, "Send notifications")
  ///   }
  /// }
  /// ```
  ///
  /// Reading a binding reads the store's state (observed); writing it sends
  /// `.binding(.set(\.field, value))`, which the feature's `BindingReducer` applies.
  @propertyWrapper
  @dynamicMemberLookup
  public struct Bindable<Value> {
    /// The wrapped value, usually a store.
    public var wrappedValue: Value

    /// Wraps `wrappedValue`.
    public init(wrappedValue: Value) {
      self.wrappedValue = wrappedValue
    }

    /// Wraps `wrappedValue`.
    ///
    /// ```swift
    /// let bindable = Bindable(store)
    /// ```
    public init(_ wrappedValue: Value) {
      self.wrappedValue = wrappedValue
    }

    /// The bindings, `$store`.
    public var projectedValue: Bindable<Value> { self }
  }

#endif

/// A field of a store's state that ``Bindable`` makes from `$store.field`; ``sending(_:)``
/// turns it into a binding that writes by sending an action.
public struct _StoreBindableField<State: ObservableState, Action, Value> {
  let store: LiveStore<State, Action>
  let keyPath: KeyPath<State, Value>

  /// A binding that reads the field (observed) and writes by sending the action the case key
  /// path embeds the new value in.
  ///
  /// ```swift
  /// textField($store.query.sending(\.queryChanged))
  /// ```
  public func sending(_ action: CaseKeyPath<Action, Value>) -> Binding<Value> {
    let store = self.store
    let keyPath = self.keyPath
    return Binding(
      get: { store.state[keyPath: keyPath] },
      set: { store.send(action($0)) }
    )
  }
}

extension LiveStore where State: ObservableState {
  /// A binding to the store of a presented child feature, for ``sheet(item:key:_:)`` and
  /// ``alert(_:)``: it reads the child store (`nil` while nothing is presented) and, set to `nil`,
  /// sends `.dismiss`.
  ///
  /// ```swift
  /// sheet(item: store.presentation(state: \.destination?.editor, action: \.destination.editor)) {
  ///   editorView($0)
  /// }
  /// ```
  ///
  /// `$store.scope(state:action:)` spells the same thing.
  public func presentation<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, PresentationAction<ChildAction>>
  ) -> Binding<LiveStore<ChildState, ChildAction>?> {
    let presented: CaseKeyPath<PresentationAction<ChildAction>, ChildAction> = \.presented
    let childAction = action.appending(path: presented)
    return Binding(
      get: { self.scope(state: state, action: childAction) },
      set: { newValue in
        guard newValue == nil, self.withState({ $0[keyPath: state] }) != nil else { return }
        self.send(action(.dismiss))
      }
    )
  }

  /// A binding to the store of a navigation stack, for
  /// ``navigationStack(path:root:destination:)``. Reading it observes which screens the stack
  /// holds (not what they hold).
  ///
  /// ```swift
  /// navigationStack(path: store.stack(state: \.path, action: \.path)) { … } destination: { … }
  /// ```
  ///
  /// `$store.scope(state:action:)` spells the same thing.
  public func stack<ElementState, ElementAction>(
    state: KeyPath<State, StackState<ElementState>>,
    action: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>
  ) -> Binding<LiveStore<StackState<ElementState>, StackAction<ElementState, ElementAction>>> {
    Binding(
      get: {
        _ = self.state[keyPath: state]
        let pathStore = self.scope(state: state, action: action)
        pathStore.stackElement = { [self] id in
          let elementState = state.appending(
            path: \StackState<ElementState>.[
              id: id, fileID: "ComposableWeb/Bindable.swift", filePath: "Bindable.swift",
              line: 0, column: 0])
          return self.scope(state: elementState, action: action.appending(path: \.[id: id]))
        }
        return pathStore
      },
      set: { _ in }
    )
  }
}

#if !canImport(SwiftUI)
  extension Bindable {
    /// A field of a live store's state, to be bound with ``_StoreBindableField/sending(_:)``.
    ///
    /// ```swift
    /// textField($store.query.sending(\.queryChanged))
    /// ```
    public subscript<State: ObservableState, Action, Member>(
      dynamicMember keyPath: KeyPath<State, Member>
    ) -> _StoreBindableField<State, Action, Member> where Value == LiveStore<State, Action> {
      _StoreBindableField(store: wrappedValue, keyPath: keyPath)
    }

    /// A binding to a field of a live store's state whose action is a `BindableAction`.
    ///
    /// ```swift
    /// textField($store.displayName)
    /// ```
    public subscript<State: ObservableState, Action: BindableAction, Member: Equatable & Sendable>(
      dynamicMember keyPath: WritableKeyPath<State, Member>
    ) -> Binding<Member> where Value == LiveStore<State, Action>, Action.State == State {
      let store = wrappedValue
      return Binding(
        get: { store.state[keyPath: keyPath] },
        set: { store[dynamicMember: keyPath] = $0 }
      )
    }

    /// A binding to a field of a live store's state whose action is a `ViewAction` holding a
    /// `BindableAction`.
    ///
    /// ```swift
    /// textField($store.query)
    /// ```
    public subscript<State: ObservableState, Action: ViewAction, Member: Equatable & Sendable>(
      dynamicMember keyPath: WritableKeyPath<State, Member>
    ) -> Binding<Member>
    where
      Value == LiveStore<State, Action>, Action.ViewAction: BindableAction,
      Action.ViewAction.State == State
    {
      let store = wrappedValue
      return Binding(
        get: { store.state[keyPath: keyPath] },
        set: { store[dynamicMember: keyPath] = $0 }
      )
    }
  }

  extension Bindable {
    /// A binding to the store of a presented child feature: `nil` while nothing is presented;
    /// set to `nil` it sends `.dismiss`.
    ///
    /// ```swift
    /// sheet(item: $store.scope(\.destination?.editor, action: \.destination.editor)) {
    ///   editorView($0)
    /// }
    /// alert($store.scope(\.alert, action: \.alert))
    /// ```
    public func scope<State: ObservableState, Action, ChildState, ChildAction>(
      _ state: KeyPath<State, ChildState?>,
      action: CaseKeyPath<Action, PresentationAction<ChildAction>>
    ) -> Binding<LiveStore<ChildState, ChildAction>?> where Value == LiveStore<State, Action> {
      wrappedValue.presentation(state: state, action: action)
    }

    /// The same as ``scope(_:action:)-(KeyPath<State,ChildState?>,_)``, in the spelling from
    /// before TCA 1.26.
    public func scope<State: ObservableState, Action, ChildState, ChildAction>(
      state: KeyPath<State, ChildState?>,
      action: CaseKeyPath<Action, PresentationAction<ChildAction>>
    ) -> Binding<LiveStore<ChildState, ChildAction>?> where Value == LiveStore<State, Action> {
      self.scope(state, action: action)
    }

    /// A binding to the store of a navigation stack.
    ///
    /// ```swift
    /// navigationStack(path: $store.scope(\.path, action: \.path)) {
    ///   rootView(store)
    /// } destination: { store in
    ///   if let detail = store.scope(\.detail, action: \.detail) { component(detail, detailView) }
    /// }
    /// ```
    public func scope<State: ObservableState, Action, ElementState, ElementAction>(
      _ state: KeyPath<State, StackState<ElementState>>,
      action: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>
    ) -> Binding<LiveStore<StackState<ElementState>, StackAction<ElementState, ElementAction>>>
    where Value == LiveStore<State, Action> {
      wrappedValue.stack(state: state, action: action)
    }

    /// The same as ``scope(_:action:)-(KeyPath<State,StackState<ElementState>>,_)``, in the
    /// spelling from before TCA 1.26.
    public func scope<State: ObservableState, Action, ElementState, ElementAction>(
      state: KeyPath<State, StackState<ElementState>>,
      action: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>
    ) -> Binding<LiveStore<StackState<ElementState>, StackAction<ElementState, ElementAction>>>
    where Value == LiveStore<State, Action> {
      self.scope(state, action: action)
    }
  }
#endif
