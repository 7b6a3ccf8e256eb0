#if Web
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
  /// `.binding(.set(\.field, value))`, which the feature's `BindingReducer` applies (for a
  /// `ViewAction` feature, `.view(.binding(…))`). A feature whose actions are not binding
  /// actions binds a field to an action of its own with
  /// `$store.field.sending(\.fieldChanged)`. `$store.scope(…)` makes the bindings that
  /// ``sheet(item:key:_:)``, ``alert(_:)``, ``confirmationDialog(_:)`` and
  /// ``navigationStack(path:root:destination:)`` take.
  ///
  /// (This is the package's own `Bindable`, for platforms without SwiftUI, where the web
  /// framework runs.)
  @propertyWrapper
  @dynamicMemberLookup
  public struct Bindable<Value> {
    /// The wrapped value, usually a store: what `store` reads after `@Bindable var store = store`.
    ///
    /// ```swift
    /// @Bindable var store = store
    /// span("\(store.count)")   // reads `wrappedValue`
    /// ```
    public var wrappedValue: Value

    /// Wraps `wrappedValue`: what `@Bindable var store = store` calls.
    ///
    /// ```swift
    /// @Bindable var store = store
    /// ```
    public init(wrappedValue: Value) {
      self.wrappedValue = wrappedValue
    }

    /// Wraps `wrappedValue`, for bindings without declaring a property wrapper.
    ///
    /// ```swift
    /// textField(Bindable(store).displayName)
    /// ```
    public init(_ wrappedValue: Value) {
      self.wrappedValue = wrappedValue
    }

    /// The bindings, `$store`: `$store.field` is a binding to a field of the store's state.
    ///
    /// ```swift
    /// @Bindable var store = store
    /// toggle($store.sendNotifications, "Send notifications")
    /// ```
    public var projectedValue: Bindable<Value> { self }
  }

#endif

/// A field of a store's state that ``Bindable`` makes from `$store.field`; ``sending(_:)``
/// turns it into a binding that writes by sending an action. You never name this type: it is
/// what `$store.field` is when the feature's actions are not binding actions.
///
/// ```swift
/// @Bindable var store = store
/// textField($store.searchQuery.sending(\.searchQueryChanged), placeholder: "Search")
/// ```
public struct _StoreBindableField<State: ObservableState, Action, Value> {
  let store: LiveStore<State, Action>
  let keyPath: KeyPath<State, Value>

  /// A binding that reads the field (observed) and writes by sending the action the case key
  /// path embeds the new value in: typing "Par" sends `.searchQueryChanged("Par")`.
  ///
  /// ```swift
  /// textField($store.searchQuery.sending(\.searchQueryChanged))
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
  /// holds (not what they hold); writing it does nothing.
  ///
  /// ```swift
  /// navigationStack(path: store.stack(state: \.path, action: \.path)) {
  ///   p("Screens on the stack: \(store.path.count)")
  /// } destination: { store in
  ///   if let counter = store.scope(\.counter, action: \.counter) {
  ///     component(counter, counterScreenView)
  ///   } else {
  ///     .fragment([])
  ///   }
  /// }
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
    /// A field of a live store's state, to be bound with `sending(_:)`: what `$store.field` is
    /// for a feature whose actions are not binding actions.
    ///
    /// ```swift
    /// textField($store.searchQuery.sending(\.searchQueryChanged))
    /// ```
    public subscript<State: ObservableState, Action, Member>(
      dynamicMember keyPath: KeyPath<State, Member>
    ) -> _StoreBindableField<State, Action, Member> where Value == LiveStore<State, Action> {
      _StoreBindableField(store: wrappedValue, keyPath: keyPath)
    }

    /// A binding to a field of a live store's state whose action is a `BindableAction`: it reads
    /// the field (observed), and writing it sends `.binding(.set(\.field, value))`.
    ///
    /// ```swift
    /// textField($store.displayName)   // typing "Blob" sends .binding(.set(\.displayName, "Blob"))
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
    /// `BindableAction`: writing it sends `.view(.binding(.set(\.field, value)))`.
    ///
    /// ```swift
    /// textField($store.searchQuery)
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
    ///
    /// ```swift
    /// sheet(item: $store.scope(state: \.destination?.editor, action: \.destination.editor)) {
    ///   editorView($0)
    /// }
    /// ```
    public func scope<State: ObservableState, Action, ChildState, ChildAction>(
      state: KeyPath<State, ChildState?>,
      action: CaseKeyPath<Action, PresentationAction<ChildAction>>
    ) -> Binding<LiveStore<ChildState, ChildAction>?> where Value == LiveStore<State, Action> {
      self.scope(state, action: action)
    }

    /// A binding to the store of a navigation stack, for
    /// ``navigationStack(path:root:destination:)``.
    ///
    /// ```swift
    /// navigationStack(path: $store.scope(\.path, action: \.path)) {
    ///   rootView(store)
    /// } destination: { store in
    ///   if let detail = store.scope(\.detail, action: \.detail) {
    ///     component(detail, detailView)
    ///   } else {
    ///     .fragment([])
    ///   }
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
    ///
    /// ```swift
    /// navigationStack(path: $store.scope(state: \.path, action: \.path)) {
    ///   rootView(store)
    /// } destination: { store in
    ///   if let detail = store.scope(state: \.detail, action: \.detail) {
    ///     component(detail, detailView)
    ///   } else {
    ///     .fragment([])
    ///   }
    /// }
    /// ```
    public func scope<State: ObservableState, Action, ElementState, ElementAction>(
      state: KeyPath<State, StackState<ElementState>>,
      action: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>
    ) -> Binding<LiveStore<StackState<ElementState>, StackAction<ElementState, ElementAction>>>
    where Value == LiveStore<State, Action> {
      self.scope(state, action: action)
    }
  }
#endif
#endif  // Web
