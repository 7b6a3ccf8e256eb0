import ComposableArchitecture
@_spi(Testing) import ComposableArchitectureTestSupport
import Foundation

/// Waits until a task sleeps on `clock`, for at most `timeout`, and returns whether one did.
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
  await eventually(timeout: timeout) {
    do {
      // Throws when something sleeps on the clock.
      try await clock.checkSuspension()
      return false
    } catch {
      return true
    }
  }
}
