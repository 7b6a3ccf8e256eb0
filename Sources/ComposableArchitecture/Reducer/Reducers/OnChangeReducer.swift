extension Reducer {
  /// Runs extra logic when a value derived from the state changes.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .onChange(of: \.query) { oldQuery, state in
  ///     state.results = []
  ///     return .send(.search)
  ///   }
  /// ```
  ///
  /// After this reducer runs an action, `perform` runs if `toValue(state)` differs from what it
  /// was before, and its effect is merged with the reducer's. It sees only changes made by the
  /// reducer it is attached to.
  @inlinable
  public func onChange<V: Equatable>(
    of toValue: @escaping (State) -> V,
    _ perform: @escaping (_ oldValue: V, _ state: inout State) -> Effect<Action>
  ) -> _OnChangeEffectReducer<Self, V> {
    _OnChangeEffectReducer(base: self, toValue: toValue, isDuplicate: ==, perform: perform)
  }

  /// Runs a reducer, built from the old and new values, when a value derived from the state
  /// changes.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .onChange(of: \.userSettings.isHapticFeedbackEnabled) { oldValue, newValue in
  ///     Reduce { state, action in
  ///       .run { send in await self.haptics.setEnabled(newValue) }
  ///     }
  ///   }
  /// ```
  @inlinable
  public func onChange<V: Equatable, R: Reducer<State, Action>>(
    of toValue: @escaping (State) -> V,
    @ReducerBuilder<State, Action> _ reducer: @escaping (_ oldValue: V, _ newValue: V) -> R
  ) -> _OnChangeReducer<Self, V, R> {
    _OnChangeReducer(base: self, toValue: toValue, isDuplicate: ==, reducer: reducer)
  }

  /// Runs a reducer when a value derived from the state changes, with a custom duplicate check.
  @available(*, deprecated, message: "Use 'onChange(of:_:)' with an 'Equatable' value.")
  @inlinable
  public func onChange<V, R: Reducer<State, Action>>(
    of toValue: @escaping (State) -> V,
    removeDuplicates isDuplicate: @escaping (V, V) -> Bool,
    @ReducerBuilder<State, Action> _ reducer: @escaping (_ oldValue: V, _ newValue: V) -> R
  ) -> _OnChangeReducer<Self, V, R> {
    _OnChangeReducer(base: self, toValue: toValue, isDuplicate: isDuplicate, reducer: reducer)
  }
}

/// The reducer ``Reducer/onChange(of:_:)-(_,(V,inout_State)->Effect<Action>)`` returns.
public struct _OnChangeEffectReducer<Base: Reducer, Value>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let toValue: (Base.State) -> Value
  @usableFromInline let isDuplicate: (Value, Value) -> Bool
  @usableFromInline let perform: (Value, inout Base.State) -> Effect<Base.Action>

  @usableFromInline
  init(
    base: Base,
    toValue: @escaping (Base.State) -> Value,
    isDuplicate: @escaping (Value, Value) -> Bool,
    perform: @escaping (Value, inout Base.State) -> Effect<Base.Action>
  ) {
    self.base = base
    self.toValue = toValue
    self.isDuplicate = isDuplicate
    self.perform = perform
  }

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = self.toValue(state)
    let effects = self.base.reduce(into: &state, action: action)
    guard !self.isDuplicate(oldValue, self.toValue(state)) else { return effects }
    return .merge(effects, self.perform(oldValue, &state))
  }
}

/// The reducer ``Reducer/onChange(of:_:)-(_,(V,V)->R)`` returns.
public struct _OnChangeReducer<Base: Reducer, Value, Body: Reducer>: Reducer
where Base.State == Body.State, Base.Action == Body.Action {
  @usableFromInline let base: Base
  @usableFromInline let toValue: (Base.State) -> Value
  @usableFromInline let isDuplicate: (Value, Value) -> Bool
  @usableFromInline let reducer: (Value, Value) -> Body

  @usableFromInline
  init(
    base: Base,
    toValue: @escaping (Base.State) -> Value,
    isDuplicate: @escaping (Value, Value) -> Bool,
    reducer: @escaping (Value, Value) -> Body
  ) {
    self.base = base
    self.toValue = toValue
    self.isDuplicate = isDuplicate
    self.reducer = reducer
  }

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = self.toValue(state)
    let effects = self.base.reduce(into: &state, action: action)
    let newValue = self.toValue(state)
    guard !self.isDuplicate(oldValue, newValue) else { return effects }
    return .merge(effects, self.reducer(oldValue, newValue).reduce(into: &state, action: action))
  }
}
