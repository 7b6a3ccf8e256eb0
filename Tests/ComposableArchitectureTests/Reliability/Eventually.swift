import Foundation

/// Waits until `condition` holds, checking every few milliseconds for at most `timeout`, and
/// returns whether it held.
///
/// Tests wait on wall-clock time rather than a number of yields: when the whole suite runs in
/// parallel on a busy machine, an effect's task can take seconds to get a thread.
///
/// ```swift
/// #expect(await eventually { events.value == ["cancelled"] })
/// ```
@discardableResult
func eventually(
  timeout: Duration = .seconds(30),
  isolation: isolated (any Actor)? = #isolation,
  _ condition: () throws -> Bool
) async rethrows -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: timeout)
  while clock.now < deadline {
    if try condition() { return true }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return try condition()
}
