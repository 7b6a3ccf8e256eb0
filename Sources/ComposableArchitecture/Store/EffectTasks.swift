import ConcurrencyExtras
import Dependencies
import Foundation

/// The tasks of the effects that one send started, directly or through the actions its effects
/// sent back: the task a send returns waits for all of them. Made only when an effect starts.
@usableFromInline
final class EffectTasks: Sendable {
  private let tasks = LockIsolated<[Task<Void, Never>]>([])

  @usableFromInline
  init() {}

  /// A task that waits for every task of the list, including those added while it waits, and
  /// cancels them all when cancelled; `nil` when there is none to wait for. It starts on the main
  /// actor for a core that runs there, as TCA's store's does.
  @usableFromInline
  func awaitingAll(onMainActor: Bool) -> Task<Void, Never>? {
    guard !self.isEmpty else { return nil }
    if onMainActor {
      return Task { @MainActor in await self.waitForAll() }
    }
    return Task { await self.waitForAll() }
  }

  private func waitForAll() async {
    await withTaskCancellationHandler {
      var index = 0
      while let task = self.task(at: index) {
        await task.value
        index += 1
      }
    } onCancel: {
      self.cancelAll()
    }
  }

  func append(_ task: Task<Void, Never>) {
    self.tasks.withValue { $0.append(task) }
  }

  var isEmpty: Bool {
    self.tasks.withValue { $0.isEmpty }
  }

  func task(at index: Int) -> Task<Void, Never>? {
    self.tasks.withValue { index < $0.count ? $0[index] : nil }
  }

  func cancelAll() {
    for task in self.tasks.value { task.cancel() }
  }
}
