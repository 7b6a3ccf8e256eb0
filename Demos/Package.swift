// swift-tools-version: 6.1

import PackageDescription

// Everything built on the library that is not the library: the console demos, the case studies
// and their Hummingbird and Vapor servers, the web guide's example, the to-do lists app and the
// web load benchmark. A package of its own, on the root by path, so that no product a user adds
// depends on demo code, and one package so that CI builds the servers' dependencies once.
let package = Package(
  name: "Demos",
  // macOS 15 for the standard library's `Mutex` (the to-do lists app's users).
  platforms: [
    .macOS(.v15)
  ],
  products: [
    .library(name: "CaseStudyFeatures", targets: ["CaseStudyFeatures"]),
    .library(name: "CaseStudies", targets: ["CaseStudies"]),
    .executable(name: "CaseStudiesServer", targets: ["CaseStudiesServer"]),
    .executable(name: "CaseStudiesVapor", targets: ["CaseStudiesVapor"]),
    .executable(name: "LoadBenchmark", targets: ["LoadBenchmark"]),
    .executable(name: "DatabaseBenchmark", targets: ["DatabaseBenchmark"]),
    .executable(name: "TodoListsServer", targets: ["TodoListsServer"]),
  ],
  dependencies: [
    .package(
      name: "open-composable-architecture", path: "..",
      traits: ["Hummingbird", "Vapor", "SQLite", "PostgreSQL"]),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.0.0"),
    .package(url: "https://github.com/vapor/vapor", from: "4.100.0"),
  ],
  targets: [
    // MARK: Console demos and the features of the case studies

    .executableTarget(name: "CounterDemo", dependencies: [tca]),
    .target(name: "TodosFeature", dependencies: [tca]),
    .executableTarget(name: "TodosDemo", dependencies: ["TodosFeature"]),
    .target(name: "CaseStudyFeatures", dependencies: [tca]),
    .testTarget(name: "CaseStudyFeaturesTests", dependencies: ["CaseStudyFeatures", testSupport]),
    .testTarget(name: "TodosFeatureTests", dependencies: ["TodosFeature", testSupport]),

    // MARK: The case studies in the browser

    // Their pages: one view and route per case study, over `CaseStudyFeatures`.
    .target(name: "CaseStudies", dependencies: ["CaseStudyFeatures", tca, web]),
    .executableTarget(
      name: "CaseStudiesServer",
      dependencies: [
        "CaseStudies", web, hummingbirdAdapter,
        // `--database`: session snapshots that several servers share.
        .product(name: "ComposableDatabase", package: "open-composable-architecture"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // The same pages served by Vapor.
    .executableTarget(
      name: "CaseStudiesVapor",
      dependencies: [
        "CaseStudies", web,
        .product(name: "ComposableWebVapor", package: "open-composable-architecture"),
        .product(name: "Vapor", package: "vapor"),
      ]
    ),
    .testTarget(
      name: "CaseStudiesTests",
      dependencies: ["CaseStudies", "CaseStudyFeatures", tca, web, webTesting]
    ),
    // The web load benchmark: many browsers' sessions against one server.
    .executableTarget(
      name: "LoadBenchmark",
      dependencies: [
        "CaseStudies", "CaseStudyFeatures", tca, web, hummingbirdAdapter,
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOWebSocket", package: "swift-nio"),
      ]
    ),

    // MARK: The web guide's example

    // "Serve your own feature" in Web/README.md, compiled: the feature, the app that serves it
    // and its page tests. (CI also builds them as an outside package, by URL.)
    .target(name: "GuideFeature", dependencies: [tca, web]),
    .executableTarget(
      name: "GuideExample",
      dependencies: [
        "GuideFeature", tca, web, hummingbirdAdapter,
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
      ]
    ),
    .testTarget(name: "GuideFeatureTests", dependencies: ["GuideFeature", tca, web, webTesting]),
    // Every snippet of the guide is in the example above.
    .testTarget(name: "GuideSnippetTests"),

    // Writes per second and write-to-patch latency of database-backed shared state.
    .executableTarget(
      name: "DatabaseBenchmark",
      dependencies: [
        tca, web,
        .product(name: "ComposableDatabase", package: "open-composable-architecture"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),

    // MARK: The to-do lists app

    // The lists feature, its page, the sign-in and the app that serves them.
    .target(
      name: "TodoLists",
      dependencies: [
        tca, web, hummingbirdAdapter,
        .product(name: "ComposableDatabase", package: "open-composable-architecture"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
      ],
      resources: [.copy("Resources/assets")]
    ),
    .executableTarget(
      name: "TodoListsServer",
      dependencies: [
        "TodoLists", web, hummingbirdAdapter,
        .product(name: "ComposableDatabase", package: "open-composable-architecture"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .testTarget(
      name: "TodoListsTests",
      dependencies: [
        "TodoLists", tca, web, webTesting,
        .product(name: "ComposableDatabase", package: "open-composable-architecture"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

var tca: Target.Dependency {
  .product(name: "ComposableArchitecture", package: "open-composable-architecture")
}
var testSupport: Target.Dependency {
  .product(name: "ComposableArchitectureTestSupport", package: "open-composable-architecture")
}
var web: Target.Dependency {
  .product(name: "ComposableWeb", package: "open-composable-architecture")
}
var webTesting: Target.Dependency {
  .product(name: "ComposableWebTesting", package: "open-composable-architecture")
}
var hummingbirdAdapter: Target.Dependency {
  .product(name: "ComposableWebHummingbird", package: "open-composable-architecture")
}
