// swift-tools-version: 6.1

import PackageDescription

// The web front end lives in its own package so that users of the library never resolve a
// server's dependencies.
let package = Package(
  name: "Web",
  // macOS 15 for the standard library's `Mutex` (the sockets' queues).
  platforms: [
    .macOS(.v15)
  ],
  products: [
    .library(name: "ComposableWeb", targets: ["ComposableWeb"]),
    .library(name: "ComposableWebHummingbird", targets: ["ComposableWebHummingbird"]),
    .library(name: "ComposableWebTesting", targets: ["ComposableWebTesting"]),
    // The case-study pages, for servers other than this package's (the Vapor one).
    .library(name: "CaseStudies", targets: ["CaseStudies"]),
    .executable(name: "CaseStudiesServer", targets: ["CaseStudiesServer"]),
    .executable(name: "LoadBenchmark", targets: ["LoadBenchmark"]),
  ],
  dependencies: [
    .package(name: "open-composable-architecture", path: ".."),
    .package(name: "Examples", path: "../Examples"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.0.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.0"),
  ],
  targets: [
    // The engine: views, sessions, pages, limits. It knows no HTTP server.
    .target(
      name: "ComposableWeb",
      dependencies: [
        .product(name: "ComposableArchitecture", package: "open-composable-architecture"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        // Sessions run on their connection's event loop (`SessionActor`).
        .product(name: "NIOCore", package: "swift-nio"),
      ],
      // The page script, unit-tested under Node by `node --test ScriptTests`.
      resources: [.copy("Resources/ocaf.js")]
    ),
    // Page tests without a browser (`LivePage`), in the spirit of Phoenix's LiveViewTest.
    .target(
      name: "ComposableWebTesting",
      dependencies: [
        "ComposableWeb",
        .product(name: "ComposableArchitecture", package: "open-composable-architecture"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // Serving the engine's pages with Hummingbird.
    .target(
      name: "ComposableWebHummingbird",
      dependencies: [
        "ComposableWeb",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOWebSocket", package: "swift-nio"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "UnixSignals", package: "swift-service-lifecycle"),
      ]
    ),
    .target(
      name: "CaseStudies",
      dependencies: [
        "ComposableWeb",
        .product(name: "CaseStudyFeatures", package: "Examples"),
        .product(name: "ComposableArchitecture", package: "open-composable-architecture"),
      ]
    ),
    .executableTarget(
      name: "CaseStudiesServer",
      dependencies: [
        "CaseStudies",
        "ComposableWeb",
        "ComposableWebHummingbird",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // The Web README's "Serve your own feature", compiled (its snippets are checked against it):
    // the feature, the app that serves it, and its page tests.
    .target(
      name: "GuideFeature",
      dependencies: [
        "ComposableWeb",
        .product(name: "ComposableArchitecture", package: "open-composable-architecture"),
      ]
    ),
    .executableTarget(
      name: "GuideExample",
      dependencies: [
        "GuideFeature",
        "ComposableWeb",
        "ComposableWebHummingbird",
        .product(name: "ComposableArchitecture", package: "open-composable-architecture"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
      ]
    ),
    .executableTarget(
      name: "LoadBenchmark",
      dependencies: [
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        "CaseStudies",
        "ComposableWeb",
        "ComposableWebHummingbird",
        .product(name: "CaseStudyFeatures", package: "Examples"),
        .product(name: "ComposableArchitecture", package: "open-composable-architecture"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOWebSocket", package: "swift-nio"),
      ]
    ),
    .testTarget(
      name: "ComposableWebTests",
      dependencies: [
        "ComposableWeb",
        "ComposableWebHummingbird",
        "ComposableWebTesting",
        .product(name: "ComposableArchitecture", package: "open-composable-architecture"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
        .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "ComposableArchitectureTestSupport", package: "open-composable-architecture"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOEmbedded", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOWebSocket", package: "swift-nio"),
      ]
    ),
    .testTarget(
      name: "GuideFeatureTests",
      dependencies: [
        "GuideFeature",
        "ComposableWeb",
        "ComposableWebTesting",
        .product(name: "ComposableArchitecture", package: "open-composable-architecture"),
        .product(name: "ComposableArchitectureTestSupport", package: "open-composable-architecture"),
      ]
    ),
    .testTarget(
      name: "CaseStudiesTests",
      dependencies: [
        "CaseStudies",
        "ComposableWeb",
        "ComposableWebTesting",
        .product(name: "CaseStudyFeatures", package: "Examples"),
        .product(name: "ComposableArchitecture", package: "open-composable-architecture"),
        .product(name: "ComposableArchitectureTestSupport", package: "open-composable-architecture"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
