import Dependencies

/// Runs `operation` with the current dependencies changed by `update`.
///
/// The library's own form of `withDependencies`, for the hops it makes on every action (a child
/// feature's navigation path and `dismiss`): it sets the dependencies once, without
/// `withDependencies`' bookkeeping for update closures that read dependencies and for objects
/// made by the operation, since `update` reads nothing and the operation returns an effect.
@inlinable
func withCurrentDependencies<R>(
  _ update: (inout DependencyValues) -> Void,
  operation: () -> R
) -> R {
  var dependencies = DependencyValues._current
  update(&dependencies)
  return DependencyValues.$_current.withValue(dependencies, operation: operation)
}
