import ComposableArchitecture


/// Whether `task`'s effects end within a few seconds of real time, so that an effect that keeps
/// running fails the test instead of hanging it.
@MainActor
func finishes(_ task: StoreTask) async -> Bool {
  await withTaskGroup(of: Bool.self) { group in
    group.addTask {
      await task.finish()
      return true
    }
    group.addTask {
      try? await Task.sleep(for: .seconds(5))
      return false
    }
    let first = await group.next() ?? false
    group.cancelAll()
    return first
  }
}

/// Advances `clock` a step at a time until `condition` holds, giving a live store's effects real
/// time to start and to deliver their actions between steps; false if it never holds.
@MainActor
func advance(
  _ clock: TestClock<Duration>,
  until condition: () -> Bool,
  step: Duration = .seconds(1),
  attempts: Int = 200
) async -> Bool {
  for _ in 0..<attempts {
    if condition() { return true }
    await clock.advance(by: step)
    try? await Task.sleep(for: .milliseconds(10))
  }
  return condition()
}
