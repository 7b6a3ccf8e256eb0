// swift-tools-version: 6.1

import PackageDescription

// An example app built on ComposableWeb: shared to-do lists with sign-in, served by a Hummingbird
// app with routes of its own.
let package = Package(
  name: "TodoListsApp",
  platforms: [
    .macOS(.v15)
  ],
  products: [
    .executable(name: "TodoListsServer", targets: ["TodoListsServer"])
  ],
  dependencies: [
    .package(name: "open-composable-architecture", path: ".."),
    .package(name: "Web", path: "../Web"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.0.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
  ],
  targets: [
    // The lists feature, its page, the sign-in and the app that serves them.
    .target(
      name: "TodoLists",
      dependencies: [
        .product(name: "ComposableArchitecture", package: "open-composable-architecture"),
        .product(name: "ComposableWeb", package: "Web"),
        .product(name: "ComposableWebHummingbird", package: "Web"),
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
        "TodoLists",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .testTarget(
      name: "TodoListsTests",
      dependencies: [
        "TodoLists",
        .product(name: "ComposableArchitecture", package: "open-composable-architecture"),
        .product(name: "ComposableArchitectureTestSupport", package: "open-composable-architecture"),
        .product(name: "ComposableWeb", package: "Web"),
        .product(name: "ComposableWebTesting", package: "Web"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
