// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Guide",
  platforms: [.macOS(.v14)],
  dependencies: [
    // The web framework comes with the library, behind a trait: Hummingbird brings
    // ComposableWeb, ComposableWebTesting and ComposableWebHummingbird.
    .package(
      url: "https://github.com/OWNER/open-composable-architecture", from: "0.1.0",
      traits: ["Hummingbird"]),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.0.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
  ],
  targets: [
    // The feature and its page.
    .target(
      name: "GuideFeature",
      dependencies: [
        .product(name: "ComposableArchitecture", package: "open-composable-architecture"),
        .product(name: "ComposableWeb", package: "open-composable-architecture"),
      ]),
    // The app that serves it.
    .executableTarget(
      name: "GuideExample",
      dependencies: [
        "GuideFeature",
        .product(name: "ComposableArchitecture", package: "open-composable-architecture"),
        .product(name: "ComposableWeb", package: "open-composable-architecture"),
        .product(name: "ComposableWebHummingbird", package: "open-composable-architecture"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
      ]),
    // Its page tests. ComposableWebTesting reports failures to Swift Testing and XCTest.
    .testTarget(
      name: "GuideFeatureTests",
      dependencies: [
        "GuideFeature",
        .product(name: "ComposableArchitecture", package: "open-composable-architecture"),
        .product(name: "ComposableWeb", package: "open-composable-architecture"),
        .product(name: "ComposableWebTesting", package: "open-composable-architecture"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
