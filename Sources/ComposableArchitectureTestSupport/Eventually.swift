/// Waits until `condition` holds, checking it every few milliseconds for at most `timeout` while
/// other work runs, and returns whether it held: the one waiting helper of this repository's
/// tests (the library's, the web framework's and the demos'), for something that is to happen.
///
/// It runs where its caller runs (an actor's test checks its condition on that actor). Tests wait
/// on wall-clock time rather than a number of yields: when a whole suite runs in
/// parallel on a busy machine, an effect's task can take seconds to get a thread. It is not for
/// showing that something did *not* happen: wait for an event, or advance a test clock, then
/// check.
///
/// ```swift
/// @_spi(Testing) import ComposableArchitectureTestSupport
///
/// #expect(await eventually { events.value == ["cancelled"] })
/// ```
@_spi(Testing)
@discardableResult
nonisolated(nonsending) public func eventually(
  timeout: Duration = .seconds(30),
  _ condition: nonisolated(nonsending) () async throws -> Bool
) async rethrows -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: timeout)
  while clock.now < deadline {
    if try await condition() { return true }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return try await condition()
}
