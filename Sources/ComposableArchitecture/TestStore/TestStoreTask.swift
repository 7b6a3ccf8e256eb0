import ConcurrencyExtras
import IssueReporting

/// A handle to the effects started by one ``TestStore/send(_:assert:fileID:file:line:column:)``.
///
/// ```swift
/// let task = await store.send(.onAppear)
/// // …
/// await task.cancel()   // tear down a long-living effect, as a view disappearing would
/// ```
public struct TestStoreTask: Hashable, Sendable {
  let rawValue: Task<Void, Never>?
  let timeout: Duration

  init(rawValue: Task<Void, Never>?, timeout: Duration) {
    self.rawValue = rawValue
    self.timeout = timeout
  }

  /// Cancels the effects and waits for them to finish.
  public func cancel() async {
    self.rawValue?.cancel()
    await self.rawValue?.cancellableValue
  }

  /// Waits for the effects to finish, and fails the test if they are still running after
  /// `duration` (the store's ``TestStore/timeout`` by default).
  public func finish(
    timeout duration: Duration? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let duration = duration ?? self.timeout
    await Task.megaYield()
    guard let task = self.rawValue else { return }
    let finished = await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        // Cancelling the group at the timeout cancels the effects too, so this returns.
        await task.cancellableValue
        return !Task.isCancelled
      }
      group.addTask {
        try? await Task.sleep(for: duration)
        return false
      }
      let first = await group.next() ?? false
      group.cancelAll()
      return first
    }
    guard !finished else { return }
    reportIssue(
      """
      Expected the task to finish, but it was still running after \(duration.seconds) seconds.

      If an effect waits on a clock or scheduler, advance it in the test, or give \
      "finish(timeout:)" a longer timeout.
      """,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }

  /// Whether the effects were cancelled. A send that started no effects counts as cancelled.
  public var isCancelled: Bool {
    self.rawValue?.isCancelled ?? true
  }
}

extension Duration {
  /// The duration in seconds, as a decimal string such as `1.0` or `0.25`.
  var seconds: String {
    let (seconds, attoseconds) = self.components
    return "\(Double(seconds) + Double(attoseconds) / 1e18)"
  }
}
