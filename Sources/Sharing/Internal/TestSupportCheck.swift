import ConcurrencyExtras
import Dependencies
import IssueReporting

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#elseif os(Windows)
  import WinSDK
#endif

/// Reports, once per test process, a test binary that runs XCTest on Linux, Android or Windows
/// without this package's `ComposableArchitectureTestSupport` product.
///
/// On Apple platforms XCTest tells Dependencies when each test method starts, and Dependencies
/// then empties its cache of test values. Elsewhere it can only learn that from
/// `DependenciesTestObserver`, a library the test binary must link. Without it, whatever one test
/// method cached — an incrementing UUID generator, `@Shared(.inMemory)` values, app storage —
/// carries over into the next, and a test that passes alone fails after its neighbour. Nothing
/// can link it on the user's behalf (the library would otherwise pull XCTest into every app), so
/// the first `TestStore` made under XCTest without it reports the line to add, and so does the
/// first test value of this package's own dependencies (the references behind persisted
/// `@Shared` values, stack element IDs), so that a suite with no `TestStore`, using `@Shared`
/// under `withDependencies`, hears of it too. A plain `Store` doesn't check: the check would cost
/// every store made in an app, where test values are never made. A suite that touches nothing of
/// this package's (only swift-dependencies' own values under `withDependencies`) can't be
/// reached from here:
///
/// ```swift
/// .testTarget(name: "MyFeatureTests", dependencies: [
///   "MyFeature",
///   .product(name: "ComposableArchitectureTestSupport", package: "open-composable-architecture"),
/// ])
/// ```
package struct TestSupportCheck: Sendable {
  private let reported = LockIsolated(false)
  private let context: @Sendable () -> TestContext?
  private let observerIsLinked: @Sendable () -> Bool

  /// A check of its own (tests pass the context and the answer they need).
  package init(
    context: @escaping @Sendable () -> TestContext? = { TestContext.current },
    observerIsLinked: @escaping @Sendable () -> Bool = { Self.dependenciesTestObserverIsLinked }
  ) {
    self.context = context
    self.observerIsLinked = observerIsLinked
  }

  /// The process's check, which reports at most once; tests bind one of their own.
  @TaskLocal package static var current = TestSupportCheck()

  /// Whether the test binary links `DependenciesTestObserver` (always `true` on Apple platforms,
  /// which don't need it). The linker leaves the library out of the binary's needed libraries
  /// (nothing calls it directly), so it is looked for as Dependencies looks for it, by name beside
  /// the binary, and found exactly when Dependencies finds it.
  package static let dependenciesTestObserverIsLinked: Bool = {
    #if canImport(Darwin)
      return true
    #elseif canImport(Glibc) || canImport(Musl) || canImport(Android)
      // Left open: a Swift library must never be unloaded. The runtime keeps pointers into the
      // type and conformance records it registered when the library was loaded, and a later
      // conformance lookup on another thread would read unmapped memory.
      return dlopen("libDependenciesTestObserver.so", RTLD_NOW) != nil
    #elseif os(Windows)
      return LoadLibraryA("DependenciesTestObserver.dll") != nil
    #else
      return true
    #endif
  }()

  package static let message = """
    This test runs under XCTest (or under Swift Testing, unrecognised because test support is \
    missing) without "ComposableArchitectureTestSupport" linked, so the \
    dependencies and "@Shared" values one test method sets up carry over into the next one. \
    (On Apple platforms XCTest resets them for each method; elsewhere the test binary must link \
    the library that does it.) Add this line to the test target's dependencies in Package.swift:

      .product(name: "ComposableArchitectureTestSupport", package: "open-composable-architecture"),
    """

  /// Reports the missing test support if this runs under XCTest without it, the first time only.
  ///
  /// - Returns: Whether it reported.
  @discardableResult
  package func check(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Bool {
    guard isTesting, !self.reported.value, self.context() == .xcTest, !self.observerIsLinked()
    else { return false }
    // Two stores made at once both got here: only the first to flip the flag reports.
    let isFirst = self.reported.withValue { reported in
      defer { reported = true }
      return !reported
    }
    guard isFirst else { return false }
    reportIssue(Self.message, fileID: fileID, filePath: filePath, line: line, column: column)
    return true
  }
}
