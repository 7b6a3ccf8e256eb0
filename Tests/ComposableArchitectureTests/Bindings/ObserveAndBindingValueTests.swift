import ComposableArchitecture
import ConcurrencyExtras
import Testing

#if !canImport(SwiftUI)
  @Suite("Binding without SwiftUI")
  struct BindingValueTests {
    final class Box<Value> {
      var value: Value
      init(_ value: Value) { self.value = value }
    }

    struct Address: Equatable {
      var city = ""
      var zip = ""
    }

    @Test func readsAndWritesThroughItsClosures() {
      let box = Box(1)
      let binding = Binding(get: { box.value }, set: { box.value = $0 })
      #expect(binding.wrappedValue == 1)
      binding.wrappedValue = 5
      #expect(box.value == 5)
      #expect(binding.projectedValue.wrappedValue == 5)
    }

    @Test func memberBindingsWriteTheWholeValueBack() {
      let box = Box(Address(city: "Paris", zip: "75001"))
      let address = Binding(get: { box.value }, set: { box.value = $0 })
      let city = address.city
      city.wrappedValue = "Lyon"
      #expect(box.value == Address(city: "Lyon", zip: "75001"))
    }

    @Test func constantBindingsIgnoreWrites() {
      let binding = Binding.constant(3)
      binding.wrappedValue = 4
      #expect(binding.wrappedValue == 3)
    }

    @Test func optionalBindingsUnwrapWhileThereIsAValue() {
      let box = Box<Int?>(nil)
      let optional = Binding(get: { box.value }, set: { box.value = $0 })
      #expect(Binding(optional) == nil)
      box.value = 2
      let unwrapped = Binding(optional)
      #expect(unwrapped?.wrappedValue == 2)
      unwrapped?.wrappedValue = 7
      #expect(box.value == 7)
    }
  }
#endif

@MainActor
@Suite("observe { } re-runs on the changes it read")
struct ObserveTests {
  /// Lets scheduled re-runs happen.
  func settle() async {
    for _ in 0..<10 { await Task.yield() }
  }

  @Test func reRunsWhenSomethingItReadChanges() async {
    let store = Store(initialState: BindingSettings.State()) { BindingSettings() }
    let seen = LockIsolated<[String]>([])
    let token = observe {
      let name = store.displayName
      seen.withValue { $0.append(name) }
    }
    #expect(seen.value == [""])
    store.send(.binding(.set(\.displayName, "Blob")))
    await self.settle()
    #expect(seen.value == ["", "Blob"])
    _ = token
  }

  @Test func doesNotReRunForChangesItDidNotRead() async {
    let store = Store(initialState: BindingSettings.State()) { BindingSettings() }
    let runs = LockIsolated(0)
    let token = observe {
      _ = store.displayName
      runs.withValue { $0 += 1 }
    }
    store.protectMyPosts = true
    await self.settle()
    #expect(runs.value == 1)
    store.displayName = "x"
    await self.settle()
    #expect(runs.value == 2)
    _ = token
  }

  @Test func severalChangesBeforeTheReRunCauseOneReRun() async {
    let store = Store(initialState: BindingSettings.State()) { BindingSettings() }
    let runs = LockIsolated(0)
    let token = observe {
      _ = store.displayName
      runs.withValue { $0 += 1 }
    }
    store.displayName = "a"
    store.displayName = "ab"
    store.displayName = "abc"
    await self.settle()
    #expect(runs.value == 2)
    _ = token
  }

  @Test func cancellingStopsTheReRuns() async {
    let store = Store(initialState: BindingSettings.State()) { BindingSettings() }
    let runs = LockIsolated(0)
    var tokens: Set<ObserveToken> = []
    observe {
      _ = store.displayName
      runs.withValue { $0 += 1 }
    }
    .store(in: &tokens)
    tokens.first?.cancel()
    store.displayName = "x"
    await self.settle()
    #expect(runs.value == 1)

    // A token that is let go stops too.
    _ = observe {
      _ = store.displayName
      runs.withValue { $0 += 1 }
    }
    store.displayName = "y"
    await self.settle()
    #expect(runs.value == 2)
  }
}
