import ConcurrencyExtras
import Dependencies
import Foundation
import Testing

@testable import ComposableArchitecture
@testable import Sharing
@_spi(Testing) import ComposableArchitectureTestSupport

#if canImport(Combine)
  import Combine
#else
  import OpenCombineShim
#endif

/// App storage against a `UserDefaults` store of each test's own.
@Suite struct AppStorageTests {
  enum Theme: Int, Sendable { case system, light, dark }
  enum Sorting: String, Sendable { case name, date }

  let defaults: UserDefaults

  init() {
    @Dependency(\.defaultAppStorage) var defaults
    self.defaults = defaults
  }

  @Test func eachTestHasAFreshStore() {
    #expect(self.defaults !== UserDefaults.standard)
    #expect(self.defaults.object(forKey: "count") == nil)
  }

  @Test func theDefaultIsStoredWhenTheKeyHoldsNothing() {
    @Shared(.appStorage("count")) var count = 42
    #expect(count == 42)
    #expect(self.defaults.integer(forKey: "count") == 42)
  }

  @Test func aStoredValueIsLoaded() {
    self.defaults.set(7, forKey: "count")
    @Shared(.appStorage("count")) var count = 42
    #expect(count == 7)
  }

  @Test func aChangeIsSaved() {
    @Shared(.appStorage("count")) var count = 0
    $count.withLock { $0 += 5 }
    #expect(self.defaults.integer(forKey: "count") == 5)
  }

  @Test func sharedValuesWithTheSameKeyShareOneValueWhateverTheirDefaults() {
    @Shared(.appStorage("count")) var first = 1
    @Shared(.appStorage("count")) var second = 2
    #expect(second == 1)
    $second.withLock { $0 = 3 }
    #expect(first == 3)
  }

  @Test func aWriteMadeStraightToTheStoreIsPickedUp() async {
    @Shared(.appStorage("count")) var count = 0
    self.defaults.set(99, forKey: "count")
    let sharedCount = $count
    #expect(await eventually { sharedCount.wrappedValue == 99 })
  }

  @Test func aWriteMadeStraightToTheStoreIsReadAtOnce() {
    @Shared(.appStorage("count")) var count = 0
    @SharedReader(.appStorage("count")) var reader = 0
    self.defaults.set(99, forKey: "count")
    #expect(count == 99)
    #expect(reader == 99)
    self.defaults.removeObject(forKey: "count")
    #expect(count == 0)
  }

  @Test func subscribersHearOfAWriteMadeStraightToTheStore() async {
    @Shared(.appStorage("count")) var count = 0
    let values = LockIsolated<[Int]>([])
    let cancellable = $count.publisher.sink { value in values.withValue { $0.append(value) } }
    defer { cancellable.cancel() }
    self.defaults.set(5, forKey: "count")
    #expect(await eventually { values.value == [0, 5] })
  }

  @Test func aTestsStoreAnnouncesAWriteSoSubscribersHearOfItAtOnce() {
    @Shared(.appStorage("count")) var count = 0
    let values = LockIsolated<[Int]>([])
    let cancellable = $count.publisher.sink { value in values.withValue { $0.append(value) } }
    defer { cancellable.cancel() }
    self.defaults.set(5, forKey: "count")
    self.defaults.set(6, forKey: "count")
    #expect(values.value == [0, 5, 6])
    self.defaults.removeObject(forKey: "count")
    #expect(values.value == [0, 5, 6, 0])
  }

  @Test func aStoreThatAnnouncesNothingIsStillHeardFromWithinAPoll() async {
    let plain = UserDefaults(suiteName: NSTemporaryDirectory() + "plain.\(UUID().uuidString)")!
    @Shared(.appStorage("count", store: plain)) var count = 0
    let values = LockIsolated<[Int]>([])
    let cancellable = $count.publisher.sink { value in values.withValue { $0.append(value) } }
    defer { cancellable.cancel() }
    plain.set(5, forKey: "count")
    #expect(await eventually { values.value == [0, 5] })
  }

  @Test func aURLIsStoredAsFoundationStoresURLs() {
    // A file URL: other code reading the store with `url(forKey:)` gets it back.
    @Shared(.appStorage("url")) var url = URL(fileURLWithPath: "/dev")
    #expect(self.defaults.url(forKey: "url") == URL(fileURLWithPath: "/dev"))
    // Written by other code with Foundation's own setter, and read at once.
    self.defaults.set(URL(fileURLWithPath: "/tmp"), forKey: "url")
    #expect(url == URL(fileURLWithPath: "/tmp/"))
    // Any other URL keeps its scheme, query and all.
    let remote = URL(string: "https://example.com/a?b=c#d")!
    $url.withLock { $0 = remote }
    #expect(self.defaults.url(forKey: "url") == remote)
    withDependencies { $0.defaultAppStorage = self.defaults } operation: {
      #expect(self.loaded(.appStorage("url"), default: URL(fileURLWithPath: "/")) == remote)
    }
  }

  @Test func anOptionalURLIsRemovedWhenNil() {
    @Shared(.appStorage("url")) var url: URL? = nil
    #expect(url == nil)
    self.defaults.set(URL(fileURLWithPath: "/tmp"), forKey: "url")
    #expect(url == URL(fileURLWithPath: "/tmp/"))
    $url.withLock { $0 = nil }
    #expect(self.defaults.object(forKey: "url") == nil)
  }

  @Test func aURLStoredAsAWholeStringIsStillRead() {
    // How this library stored URLs on Linux before it stored them as Foundation does.
    self.defaults.set("https://example.com/old", forKey: "url")
    @Shared(.appStorage("url")) var url = URL(fileURLWithPath: "/")
    #expect(url == URL(string: "https://example.com/old"))
  }

  @Test func removingTheKeyBringsBackTheDefault() async {
    @Shared(.appStorage("name")) var name = "Blob"
    $name.withLock { $0 = "Blob Jr." }
    self.defaults.removeObject(forKey: "name")
    let sharedName = $name
    #expect(await eventually { sharedName.wrappedValue == "Blob" })
  }

  @Test func aSaveIsSeenAtOnceByAValueFromAnotherContextOnTheSameStore() {
    let defaults = self.defaults
    @Shared(.appStorage("count")) var count = 0
    // The live context keeps references of its own, so this is a second value for the key.
    let other = withDependencies {
      $0.context = .live
      $0.defaultAppStorage = defaults
    } operation: {
      Shared(wrappedValue: 0, .appStorage("count"))
    }
    $count.withLock { $0 = 8 }
    #expect(other.wrappedValue == 8)
    other.withLock { $0 = 9 }
    #expect(count == 9)
  }

  @Test func theOwnSavesOfAKeyAreNotReportedBackAsChanges() async throws {
    @Shared(.appStorage("count")) var count = 0
    let received = LockIsolated<[Int]>([])
    let cancellable = $count.publisher.sink { value in received.withValue { $0.append(value) } }
    $count.withLock { $0 = 1 }
    $count.withLock { $0 = 2 }
    if !UserDefaultsChangeMonitor.platformPostsChanges {
      // Where the store is polled, a probe heard twice means a whole poll of every observer,
      // the key's included, ran after the saves.
      let polls = LockIsolated(0)
      let probe = UserDefaultsChangeMonitor.shared.observe(defaults) { polls.withValue { $0 += 1 } }
      #expect(await eventually(timeout: .seconds(5)) { polls.value >= 2 })
      probe.cancel()
    }
    #expect(received.value == [0, 1, 2])
    cancellable.cancel()
  }

  @Test func loadingAnotherKeyPublishesWhatItLoadsAndNothingElse() async throws {
    @Shared(.appStorage("count")) var value = 0
    let received = LockIsolated<[Int]>([])
    let cancellable = $value.publisher.sink { value in received.withValue { $0.append(value) } }
    $value.withLock { $0 = 42 }
    // A key that holds nothing keeps the value: nothing new to publish.
    try await $value.load(.appStorage("anotherCount"))
    #expect(received.value == [0, 42])
    $value.withLock { $0 = 1729 }
    #expect(received.value == [0, 42, 1729])
    // A key that holds a value publishes it, once.
    self.defaults.set(7, forKey: "third")
    try await $value.load(.appStorage("third"))
    #expect(received.value == [0, 42, 1729, 7])
    cancellable.cancel()
  }

  @Test func anArrayOfStringsIsStoredAsOne() {
    self.defaults.set(["a", "b"], forKey: "tags")
    @Shared(.appStorage("tags")) var tags: [String] = []
    #expect(tags == ["a", "b"])
    $tags.withLock { $0.append("c") }
    #expect(self.defaults.stringArray(forKey: "tags") == ["a", "b", "c"])
    @Shared(.appStorage("pinned")) var pinned: [String]? = nil
    #expect(pinned == nil)
    $pinned.withLock { $0 = ["x"] }
    #expect(self.defaults.stringArray(forKey: "pinned") == ["x"])
    $pinned.withLock { $0 = nil }
    #expect(self.defaults.object(forKey: "pinned") == nil)
  }

  @Test func aKeyWithADotIsWatchedLikeAnyOther() async throws {
    // Key-value observing can't watch such a key; this library doesn't use it, so there is
    // nothing to warn about, and the warning's switch is there for code that sets it.
    @Dependency(\.appStorageKeyFormatWarningEnabled) var warns
    #expect(warns)
    @Shared(.appStorage("co.example.isEnabled")) var isEnabled = false
    self.defaults.set(true, forKey: "co.example.isEnabled")
    // Another writer's change reaches the shared value (the store is watched, not the key).
    for _ in 0..<100 where !isEnabled { try await Task.sleep(for: .milliseconds(10)) }
    #expect(isEnabled)
    withDependencies {
      $0.appStorageKeyFormatWarningEnabled = false
    } operation: {
      @Dependency(\.appStorageKeyFormatWarningEnabled) var warns
      #expect(!warns)
    }
  }

  @Test func aCodableValueIsStoredAsJSON() throws {
    struct Layout: Codable, Equatable, Sendable {
      var columns = 2
      var title = "Inbox"
    }
    @Shared(.appStorage("layout")) var layout = Layout()
    $layout.withLock { $0.columns = 3 }
    let data = try #require(self.defaults.data(forKey: "layout"))
    #expect(try JSONDecoder().decode(Layout.self, from: data) == Layout(columns: 3))
    // What another writer stores is read back; what doesn't decode reads as the default.
    self.defaults.set(try JSONEncoder().encode(Layout(columns: 5, title: "Later")), forKey: "other")
    @Shared(.appStorage("other")) var other = Layout()
    #expect(other == Layout(columns: 5, title: "Later"))
    self.defaults.set(Data("not json".utf8), forKey: "broken")
    @Shared(.appStorage("broken")) var broken = Layout(columns: 9)
    #expect(broken == Layout(columns: 9))
    // A RawRepresentable Codable type keeps its raw-value overload.
    self.defaults.set("dark", forKey: "theme")
    @Shared(.appStorage("theme")) var theme = CodableTheme.light
    #expect(theme == .dark)
  }

  @Test func anExplicitStoreIsUsed() {
    let store = UserDefaults(suiteName: NSTemporaryDirectory() + "app-storage-\(UUID().uuidString)")!
    @Shared(.appStorage("flag", store: store)) var flag = false
    $flag.withLock { $0 = true }
    #expect(store.bool(forKey: "flag"))
    #expect(self.defaults.object(forKey: "flag") == nil)
  }

  @Test func everySupportedTypeRoundTrips() {
    let url = URL(string: "https://example.com/a?b=c")!
    let date = Date(timeIntervalSince1970: 1_000_000)
    let data = Data([0, 1, 2, 255])

    @Shared(.appStorage("bool")) var bool = false
    @Shared(.appStorage("int")) var int = 0
    @Shared(.appStorage("double")) var double = 0.0
    @Shared(.appStorage("string")) var string = ""
    @Shared(.appStorage("url")) var storedURL = URL(string: "https://example.org")!
    @Shared(.appStorage("data")) var storedData = Data()
    @Shared(.appStorage("date")) var storedDate = Date.distantPast
    @Shared(.appStorage("theme")) var theme = Theme.system
    @Shared(.appStorage("sorting")) var sorting = Sorting.name

    $bool.withLock { $0 = true }
    $int.withLock { $0 = 12 }
    $double.withLock { $0 = 1.5 }
    $string.withLock { $0 = "hi" }
    $storedURL.withLock { $0 = url }
    $storedData.withLock { $0 = data }
    $storedDate.withLock { $0 = date }
    $theme.withLock { $0 = .dark }
    $sorting.withLock { $0 = .date }

    #expect(self.defaults.bool(forKey: "bool"))
    #expect(self.defaults.integer(forKey: "int") == 12)
    #expect(self.defaults.double(forKey: "double") == 1.5)
    #expect(self.defaults.string(forKey: "string") == "hi")
    #expect(self.defaults.url(forKey: "url") == url)
    #expect(self.defaults.data(forKey: "data") == data)
    #expect(self.defaults.object(forKey: "date") as? Date == date)
    #expect(self.defaults.integer(forKey: "theme") == Theme.dark.rawValue)
    #expect(self.defaults.string(forKey: "sorting") == Sorting.date.rawValue)

    // Read back by keys created afresh.
    withDependencies { $0.defaultAppStorage = self.defaults } operation: {
      #expect(self.loaded(.appStorage("bool"), default: false) == true)
      #expect(self.loaded(.appStorage("int"), default: 0) == 12)
      #expect(self.loaded(.appStorage("double"), default: 0.0) == 1.5)
      #expect(self.loaded(.appStorage("string"), default: "") == "hi")
      #expect(self.loaded(.appStorage("url"), default: URL(string: "https://example.org")!) == url)
      #expect(self.loaded(.appStorage("data"), default: Data()) == data)
      #expect(self.loaded(.appStorage("date"), default: Date.distantPast) == date)
      #expect(self.loaded(.appStorage("theme"), default: Theme.system) == .dark)
      #expect(self.loaded(.appStorage("sorting"), default: Sorting.name) == .date)
    }
  }

  @Test func optionalValuesAreRemovedWhenNil() {
    @Shared(.appStorage("name")) var name: String?
    @Shared(.appStorage("theme")) var theme: Theme?
    @Shared(.appStorage("sorting")) var sorting: Sorting?
    @Shared(.appStorage("count")) var count: Int?
    #expect(name == nil && theme == nil && sorting == nil && count == nil)

    $name.withLock { $0 = "Blob" }
    $theme.withLock { $0 = .light }
    $sorting.withLock { $0 = .name }
    $count.withLock { $0 = 3 }
    #expect(self.defaults.string(forKey: "name") == "Blob")
    #expect(self.defaults.integer(forKey: "theme") == Theme.light.rawValue)
    #expect(self.defaults.string(forKey: "sorting") == "name")
    #expect(self.defaults.integer(forKey: "count") == 3)

    $name.withLock { $0 = nil }
    $theme.withLock { $0 = nil }
    #expect(self.defaults.object(forKey: "name") == nil)
    #expect(self.defaults.object(forKey: "theme") == nil)
  }

  @Test func aRawValueNoCaseMatchesReadsAsTheDefault() {
    self.defaults.set(77, forKey: "theme")
    @Shared(.appStorage("theme")) var theme = Theme.light
    #expect(theme == .light)
  }

  @Test func keysAreIdentifiedByNameAndStore() {
    let other = UserDefaults(suiteName: NSTemporaryDirectory() + "app-storage-\(UUID().uuidString)")!
    let key = AppStorageKey<Int>.appStorage("count")
    #expect(key.id == AppStorageKey<Int>.appStorage("count").id)
    #expect(key.id != AppStorageKey<Int>.appStorage("other").id)
    #expect(key.id != AppStorageKey<Int>.appStorage("count", store: other).id)
    #expect(key.description == #".appStorage("count")"#)
  }

  /// The value a new shared value with `key` starts with, in a context with no live references.
  private func loaded<Value: Sendable>(_ key: AppStorageKey<Value>, default value: Value) -> Value {
    let continuation = LockIsolated<Value?>(nil)
    key.load(
      context: .userInitiated,
      continuation: LoadContinuation { result in
        continuation.setValue((try? result.get()).flatMap { $0 } ?? value)
      }
    )
    return continuation.value ?? value
  }
}

private enum CodableTheme: String, Codable, Sendable { case light, dark }
