import ComposableArchitecture
import Foundation
import Testing

/// Storage that a test controls: what a load returns, whether it answers at once, and every
/// save it was asked for.
private final class ScriptedStorage: @unchecked Sendable {
  struct Failure: Error, Equatable { let reason: String }

  private let lock = NSLock()
  var stored: Int?
  var loadFailure: Failure?
  var saveFailure: Failure?
  var holdsLoads = false
  private(set) var saves: [(value: Int, context: SaveContext)] = []
  private(set) var heldLoads: [LoadContinuation<Int>] = []
  private(set) var subscriber: SharedSubscriber<Int>?
  private(set) var subscriptionCancelled = false

  func load(_ continuation: LoadContinuation<Int>) {
    let hold = self.lock.withLock { self.holdsLoads }
    if hold {
      self.lock.withLock { self.heldLoads.append(continuation) }
      return
    }
    if let failure = self.lock.withLock({ self.loadFailure }) {
      continuation.resume(throwing: failure)
    } else if let stored = self.lock.withLock({ self.stored }) {
      continuation.resume(returning: stored)
    } else {
      continuation.resumeReturningInitialValue()
    }
  }

  func save(_ value: Int, _ context: SaveContext, _ continuation: SaveContinuation) {
    let failure = self.lock.withLock { () -> Failure? in
      self.saves.append((value, context))
      if self.saveFailure == nil { self.stored = value }
      return self.saveFailure
    }
    if let failure {
      continuation.resume(throwing: failure)
    } else {
      continuation.resume()
    }
  }

  func subscribe(_ subscriber: SharedSubscriber<Int>) -> SharedSubscription {
    self.lock.withLock { self.subscriber = subscriber }
    return SharedSubscription { [self] in
      self.lock.withLock { self.subscriptionCancelled = true }
    }
  }

  /// Answers the loads held so far with `value`.
  func answerHeldLoads(with value: Int) {
    let loads = self.lock.withLock {
      defer { self.heldLoads.removeAll() }
      return self.heldLoads
    }
    for load in loads { load.resume(returning: value) }
  }
}

private struct ScriptedKey: SharedKey {
  let name: String
  let storage: ScriptedStorage
  var id: String { self.name }

  func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
    self.storage.load(continuation)
  }

  func subscribe(context: LoadContext<Int>, subscriber: SharedSubscriber<Int>) -> SharedSubscription {
    self.storage.subscribe(subscriber)
  }

  func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
    self.storage.save(value, context, continuation)
  }
}

extension ScriptedKey: CustomStringConvertible {
  var description: String { ".scripted(\(self.name))" }
}

extension SharedReaderKey where Self == InMemoryKey<Int>.Default {
  fileprivate static var launchCount: Self {
    Self[.inMemory("launchCount"), default: 42]
  }
}

@Suite struct SharedKeyTests {
  @Test func inMemoryValuesAreSharedByName() {
    @Shared(.inMemory("count")) var first = 1
    @Shared(.inMemory("count")) var second = 100
    #expect(second == 1, "the first default wins")
    $second.withLock { $0 = 5 }
    #expect(first == 5)
    @Shared(.inMemory("other")) var other = 0
    #expect(other == 0)
  }

  @Test func inMemoryStorageIsFreshInEachDependencyContext() {
    withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      @Shared(.inMemory("isolated")) var value = 1
      $value.withLock { $0 = 2 }
    }
    withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      @Shared(.inMemory("isolated")) var value = 1
      #expect(value == 1)
    }
  }

  @Test func inMemoryOptionalKeepsItsDefault() {
    // A missing value must not read as a stored `nil` of an Optional value.
    @Shared(.inMemory("optional")) var count: Int? = 5
    #expect(count == 5)
    @Shared(.inMemory("optional")) var other: Int? = nil
    #expect(other == 5, "the first default wins")
    $count.withLock { $0 = nil }
    #expect(other == nil, "a stored nil is a value")
  }

  @Test func requiringAMissingInMemoryOptionalThrows() async {
    await #expect(throws: (any Error).self) {
      _ = try await Shared<Int?>(require: .inMemory("never-stored"))
    }
  }

  @Test func inMemoryValueOutlivesItsProperties() {
    do {
      @Shared(.inMemory("kept")) var value = 0
      $value.withLock { $0 = 9 }
    }
    @Shared(.inMemory("kept")) var value = 0
    #expect(value == 9)
  }

  @Test func keyWithDefaultSuppliesTheDefault() {
    @Shared(.launchCount) var value
    #expect(value == 42)
    @Shared(.launchCount) var overridden = 7
    #expect(overridden == 42, "one value per key")
  }

  @Test func loadsFromTheKeyWhenCreated() {
    let storage = ScriptedStorage()
    storage.stored = 10
    @Shared(ScriptedKey(name: "loads", storage: storage)) var value = 0
    #expect(value == 10)
    #expect(!$value.isLoading)
  }

  @Test func missingStoredValueKeepsTheDefault() {
    @Shared(ScriptedKey(name: "missing", storage: ScriptedStorage())) var value = 3
    #expect(value == 3)
    #expect($value.loadError == nil)
  }

  @Test func isLoadingUntilTheKeyAnswers() {
    let storage = ScriptedStorage()
    storage.holdsLoads = true
    @Shared(ScriptedKey(name: "slow", storage: storage)) var value = 0
    #expect($value.isLoading)
    storage.answerHeldLoads(with: 8)
    #expect(!$value.isLoading)
    #expect(value == 8)
  }

  @Test func failedLoadKeepsTheValueAndReportsTheError() {
    let storage = ScriptedStorage()
    storage.loadFailure = ScriptedStorage.Failure(reason: "offline")
    @Shared(ScriptedKey(name: "failing", storage: storage)) var value = 4
    #expect(value == 4)
    #expect($value.loadError as? ScriptedStorage.Failure == ScriptedStorage.Failure(reason: "offline"))
  }

  @Test func explicitLoadReloadsAndClearsTheError() async throws {
    let storage = ScriptedStorage()
    storage.loadFailure = ScriptedStorage.Failure(reason: "offline")
    @Shared(ScriptedKey(name: "reload", storage: storage)) var value = 0
    storage.loadFailure = nil
    storage.stored = 6
    try await $value.load()
    #expect(value == 6)
    #expect($value.loadError == nil)
  }

  @Test func explicitLoadThrowsTheKeysError() async {
    let storage = ScriptedStorage()
    @Shared(ScriptedKey(name: "throwing", storage: storage)) var value = 0
    storage.loadFailure = ScriptedStorage.Failure(reason: "gone")
    await #expect(throws: ScriptedStorage.Failure(reason: "gone")) { try await $value.load() }
    #expect($value.loadError != nil)
  }

  @Test func everyChangeIsSaved() {
    let storage = ScriptedStorage()
    @Shared(ScriptedKey(name: "saves", storage: storage)) var value = 0
    $value.withLock { $0 = 1 }
    $value.withLock { $0 += 1 }
    #expect(storage.saves.map(\.value) == [1, 2])
    #expect(storage.saves.allSatisfy { $0.context == .didSet })
  }

  @Test func explicitSaveIsUserInitiated() async throws {
    let storage = ScriptedStorage()
    @Shared(ScriptedKey(name: "explicit", storage: storage)) var value = 5
    try await $value.save()
    #expect(storage.saves.map(\.value) == [5])
    #expect(storage.saves.map(\.context) == [.userInitiated])
  }

  @Test func failedSaveSetsSaveError() async {
    let storage = ScriptedStorage()
    storage.saveFailure = ScriptedStorage.Failure(reason: "disk full")
    @Shared(ScriptedKey(name: "saveFails", storage: storage)) var value = 0
    $value.withLock { $0 = 1 }
    #expect($value.saveError as? ScriptedStorage.Failure == ScriptedStorage.Failure(reason: "disk full"))
    #expect(value == 1, "the value in memory keeps the change")
    await #expect(throws: ScriptedStorage.Failure.self) { try await $value.save() }

    storage.saveFailure = nil
    $value.withLock { $0 = 2 }
    #expect($value.saveError == nil)
  }

  @Test func subscriptionUpdatesTheValue() throws {
    let storage = ScriptedStorage()
    @Shared(ScriptedKey(name: "subscribed", storage: storage)) var value = 0
    let subscriber = try #require(storage.subscriber)
    subscriber.yield(12)
    #expect(value == 12)
    subscriber.yield(throwing: ScriptedStorage.Failure(reason: "corrupt"))
    #expect(value == 12)
    #expect($value.loadError != nil)
    subscriber.yieldReturningInitialValue()
    #expect(value == 0, "back to the default")
    #expect($value.loadError == nil)
  }

  @Test func subscriptionIsCancelledWhenTheLastReferenceGoes() {
    let storage = ScriptedStorage()
    do {
      @Shared(ScriptedKey(name: "released", storage: storage)) var value = 0
      let copy = $value
      _ = copy
      #expect(!storage.subscriptionCancelled)
    }
    #expect(storage.subscriptionCancelled)
  }

  @Test func requireLoadsOrThrows() async throws {
    let storage = ScriptedStorage()
    await #expect(throws: (any Error).self) {
      _ = try await Shared(require: ScriptedKey(name: "required", storage: storage))
    }
    storage.stored = 11
    let value = try await Shared(require: ScriptedKey(name: "required", storage: storage))
    #expect(value.wrappedValue == 11)
  }

  @Test func loadingAnotherKeySwitchesTheValue() async throws {
    let first = ScriptedStorage()
    let second = ScriptedStorage()
    second.stored = 50
    @Shared(ScriptedKey(name: "first", storage: first)) var value = 1
    try await $value.load(ScriptedKey(name: "second", storage: second))
    #expect(value == 50)
    $value.withLock { $0 = 51 }
    #expect(second.saves.map(\.value) == [51])
    #expect(first.saves.isEmpty)
  }

  @Test func readerOfAKeySeesItsChanges() {
    @Shared(.inMemory("readable")) var value = 1
    @SharedReader(.inMemory("readable")) var reader = 0
    $value.withLock { $0 = 2 }
    #expect(reader == 2)
  }

  @Test func continuationResumedTwiceIsReported() {
    let continuation = LoadContinuation<Int>("twice") { _ in }
    continuation.resume(returning: 1)
    withKnownIssue {
      continuation.resume(returning: 2)
    } matching: {
      $0.description.contains("'twice' resumed its continuation more than once")
    }
  }

  @Test func continuationDroppedUnresumedIsReportedAndAnswersNoValue() throws {
    let result = LockIsolated<Result<Int?, any Error>?>(nil)
    withKnownIssue {
      _ = LoadContinuation<Int>("forgetful") { result.setValue($0) }
    } matching: {
      $0.description.contains("'forgetful' dropped its continuation without resuming it")
    }
    #expect(try result.value?.get() == .some(nil))
  }
}
