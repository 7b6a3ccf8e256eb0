import ComposableArchitecture
import Foundation
import Testing
@_spi(Testing) import ComposableArchitectureTestSupport

private struct LongLivingFeature: Reducer {
  struct State: Equatable {
    var lateActions = 0
  }

  @CasePathable
  enum Action: Equatable {
    case start(count: Int)
    case cancelEven(count: Int)
    case late
  }

  let ended: LockIsolated<Int>
  let started: LockIsolated<Int>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .start(count):
      return .merge(
        (0..<count).map { id in
          Effect<Action>.run { [ended, started] send in
            started.withValue { $0 += 1 }
            defer { ended.withValue { $0 += 1 } }
            try? await Task.never()
            // Cancelled by now: a cancelled effect's send must deliver nothing.
            await send(.late)
          }
          .cancellable(id: id)
        }
      )
    case let .cancelEven(count):
      return .merge(stride(from: 0, to: count, by: 2).map { Effect<Action>.cancel(id: $0) })
    case .late:
      state.lateActions += 1
      return .none
    }
  }
}

private final class Weak<T: AnyObject> {
  weak var value: T?
  init(_ value: T) { self.value = value }
}

/// Resident memory of this process in bytes, where the platform tells it.
private func residentMemory() -> Int? {
  #if os(Linux)
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return nil
    }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  #else
    return nil
  #endif
}

/// Sends a million actions and returns how much resident memory grew over the last 900,000.
@MainActor
private func memoryGrowthOverAMillionSends() -> Int {
  let store = Store(initialState: FoldCounter.State()) { FoldCounter() }
  for _ in 0..<100_000 { store.send(.increment) }
  let afterWarmUp = residentMemory() ?? 0
  for _ in 0..<900_000 { store.send(.increment) }
  precondition(store.withState(\.count) == 1_000_000)
  return (residentMemory() ?? 0) - afterWarmUp
}

@MainActor
struct StoreStressTests {
  @Test func tenThousandLongLivingEffectsEndWhenCancelledByIDOrByStoreDeinit() async {
    let count = 10_000
    let ended = LockIsolated(0)
    let started = LockIsolated(0)
    var weakStore: Weak<Store<LongLivingFeature.State, LongLivingFeature.Action>>?
    do {
      let store = Store(initialState: LongLivingFeature.State()) {
        LongLivingFeature(ended: ended, started: started)
      }
      weakStore = Weak(store)
      store.send(.start(count: count))
      #expect(await eventually(timeout: .seconds(60)) { started.value == count })

      store.send(.cancelEven(count: count))
      #expect(await eventually(timeout: .seconds(60)) { ended.value == count / 2 })
      #expect(store.withState(\.lateActions) == 0)
    }
    // The root store is gone: its remaining effects are cancelled.
    #expect(weakStore?.value == nil)
    #expect(await eventually(timeout: .seconds(60)) { ended.value == count })
  }

  @Test func aMillionSendsLeaveMemoryFlat() async {
    // Measured in a process of its own, so that tests running in parallel don't blur it. A leak of
    // even 16 bytes per send would add over 14 MB.
    await #expect(processExitsWith: .success) {
      let growth = await memoryGrowthOverAMillionSends()
      if growth >= 8_000_000 {
        print("Resident memory grew by \(growth) bytes over 900,000 sends.")
        exit(1)
      }
    }
  }

  @Test func storesAndScopedStoresAreFreedAfterTenThousandLifecycles() async {
    var weakStores: [Weak<AnyObject>] = []
    for _ in 0..<10_000 {
      let store = Store(initialState: FoldParent.State()) { FoldParent() }
      let child = store.scope(state: \.child, action: \.child)
      child.send(.increment)
      await store.send(.child(.incrementLater)).finish()
      weakStores.append(Weak<AnyObject>(store))
      weakStores.append(Weak<AnyObject>(child))
    }
    #expect(await eventually(timeout: .seconds(60)) { weakStores.allSatisfy { $0.value == nil } })
  }
}

private struct FoldCounter: Reducer {
  struct State: Equatable { var count = 0 }
  @CasePathable
  enum Action: Equatable {
    case increment
    case incrementLater
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .incrementLater:
      return .run { send in await send(.increment) }
    }
  }
}

private struct FoldParent: Reducer {
  struct State: Equatable { var child = FoldCounter.State() }
  @CasePathable
  enum Action: Equatable { case child(FoldCounter.Action) }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { FoldCounter() }
  }
}
