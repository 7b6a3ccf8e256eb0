import Dependencies

extension Reducer {
  /// Overrides a dependency for this reducer and for the effects it returns.
  ///
  /// ```swift
  /// Onboarding()
  ///   .dependency(\.apiClient, .mock)
  /// ```
  ///
  /// > Note: When several overrides of the same dependency are chained, the one closest to the
  /// > reducer wins.
  @inlinable
  @warn_unqualified_access
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    _ value: Value
  ) -> _DependencyKeyWritingReducer<Self> {
    _DependencyKeyWritingReducer(base: self) { values in
      values[keyPath: keyPath] = value
    }
  }

  /// Overrides a dependency that is keyed by its own type.
  ///
  /// ```swift
  /// Feature()
  ///   .dependency(AnalyticsClient.noop)
  /// ```
  @inlinable
  @warn_unqualified_access
  public func dependency<Value: TestDependencyKey>(
    _ value: Value
  ) -> _DependencyKeyWritingReducer<Self> where Value.Value == Value {
    _DependencyKeyWritingReducer(base: self) { values in
      values[Value.self] = value
    }
  }

  /// Changes a dependency in place for this reducer and its effects. The closure runs for every
  /// action.
  ///
  /// ```swift
  /// Feature()
  ///   .transformDependency(\.apiClient) { $0.baseURL = stagingURL }
  /// ```
  @inlinable
  @warn_unqualified_access
  public func transformDependency<V>(
    _ keyPath: WritableKeyPath<DependencyValues, V>,
    transform: @escaping (_ dependency: inout V) -> Void
  ) -> _DependencyKeyWritingReducer<Self> {
    _DependencyKeyWritingReducer(base: self) { values in
      transform(&values[keyPath: keyPath])
    }
  }
}

/// A reducer that runs its base with changed dependencies. Chained calls fuse into one reducer.
public struct _DependencyKeyWritingReducer<Base: Reducer>: Reducer {
  @usableFromInline
  let base: Base

  @usableFromInline
  let update: (inout DependencyValues) -> Void

  @usableFromInline
  init(base: Base, update: @escaping (inout DependencyValues) -> Void) {
    self.base = base
    self.update = update
  }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    withDependencies {
      self.update(&$0)
    } operation: {
      self.base._reduce(into: &state, action: action)
    }
  }

  /// Overrides another dependency; the override applied first (closest to the base) wins.
  @inlinable
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    _ value: Value
  ) -> Self {
    Self(base: self.base) { values in
      values[keyPath: keyPath] = value
      self.update(&values)
    }
  }

  /// Overrides another dependency keyed by its type; the override applied first wins.
  @inlinable
  public func dependency<Value: TestDependencyKey>(
    _ value: Value
  ) -> Self where Value.Value == Value {
    Self(base: self.base) { values in
      values[Value.self] = value
      self.update(&values)
    }
  }

  /// Changes another dependency in place; transforms closer to the base run last.
  @inlinable
  public func transformDependency<V>(
    _ keyPath: WritableKeyPath<DependencyValues, V>,
    transform: @escaping (_ dependency: inout V) -> Void
  ) -> Self {
    Self(base: self.base) { values in
      transform(&values[keyPath: keyPath])
      self.update(&values)
    }
  }
}
