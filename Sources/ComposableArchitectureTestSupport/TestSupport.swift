// Linking this module into a test target links the two libraries that test support loads at run
// time outside Apple platforms:
//
// - IssueReporting's `IssueReportingTestSupport`, through which `TestStore` failures and
//   `reportIssue` reach Swift Testing;
// - Dependencies' `DependenciesTestObserver`, which empties the cache of test dependencies (and so
//   the storage behind `@Shared`) when each XCTest method starts, as XCTest does on Apple
//   platforms.
//
// ```swift
// .testTarget(name: "MyFeatureTests", dependencies: [
//   "MyFeature",
//   .product(name: "ComposableArchitectureTestSupport", package: "open-composable-architecture"),
// ])
// ```
//
// Its one declaration, `eventually` (behind `@_spi(Testing)`), is the waiting helper of this
// repository's own tests.
