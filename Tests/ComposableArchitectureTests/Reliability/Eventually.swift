import ComposableArchitecture
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

/// Waits until a task sleeps on `clock`, checking every few milliseconds for at most `timeout`,
/// and returns whether one did.
///
/// Advancing a test clock before an effect's task has started sleeping on it leaves that sleep
/// waiting for an advance that never comes, and a test that then awaits the effect hangs. On a
/// busy machine an effect's task can take seconds to start.
///
/// ```swift
/// let task = store.send(.wait)
/// #expect(await eventuallySleeping(on: clock))
/// await clock.advance(by: .seconds(1))
/// await task.finish()
/// ```
@discardableResult
func eventuallySleeping(
  on clock: TestClock<Duration>,
  timeout: Duration = .seconds(30)
) async -> Bool {
  let wallClock = ContinuousClock()
  let deadline = wallClock.now.advanced(by: timeout)
  while wallClock.now < deadline {
    do {
      // Throws when something sleeps on the clock.
      try await clock.checkSuspension()
    } catch {
      return true
    }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return false
}
