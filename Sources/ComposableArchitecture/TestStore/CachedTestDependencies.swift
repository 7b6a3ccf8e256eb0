import IssueReporting
import Sharing

/// Whether the cached test dependencies (the ``StackElementIDGenerator`` among them, and the
/// storage behind `@Shared(.inMemory)`, `.appStorage` and `.fileStorage`) start afresh for each
/// test, so that nothing a test method sets up reaches the next one:
///
/// - on Apple platforms, Dependencies resets its cache when an XCTest method starts;
/// - in Swift Testing, the cache is kept per test;
/// - with XCTest elsewhere, the cache is reset only when the test binary links Dependencies'
///   `DependenciesTestObserver` library, which Dependencies loads at run time. The
///   `ComposableArchitectureTestSupport` product links it (see `TestSupportCheck`).
func cachedTestDependenciesStartAfreshPerTest() -> Bool {
  #if canImport(Darwin)
    return true
  #else
    switch TestContext.current {
    case .swiftTesting(.some):
      return true
    case .xcTest:
      return TestSupportCheck.dependenciesTestObserverIsLinked
    default:
      return false
    }
  #endif
}
